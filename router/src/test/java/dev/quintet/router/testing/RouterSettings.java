package dev.quintet.router.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Settings a {@link RouterTest} class starts its router with, such as {@code --quintet.router.free.per-day=5}. */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface RouterSettings {

    String[] value();
}
