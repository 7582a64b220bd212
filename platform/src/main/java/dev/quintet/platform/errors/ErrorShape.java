package dev.quintet.platform.errors;

import org.springframework.http.MediaType;

/** How one service writes its errors on the wire. */
public interface ErrorShape {

    MediaType contentType();

    /** The body to serialise as JSON; must not contain nulls the service's format forbids. */
    Object body(ApiError error);
}
