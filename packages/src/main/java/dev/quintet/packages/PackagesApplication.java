package dev.quintet.packages;

import dev.quintet.platform.web.QuintetApiApplication;
import dev.quintet.platform.web.ServiceRealm;
import org.springframework.context.annotation.Bean;

/** The package metadata app (S5): callable from browsers; errors as problem+json. */
@QuintetApiApplication
public class PackagesApplication {

    @Bean
    ServiceRealm serviceRealm() {
        return ServiceRealm.of("packages", true);
    }
}
