package dev.quintet.packages.registry;

import java.net.http.HttpHeaders;

/** A usable upstream answer: 200 with a body, 304, or 404. */
public record UpstreamResponse(int status, String body, Validators validators, HttpHeaders headers) {

    public boolean notModified() {
        return status == 304;
    }

    public boolean missing() {
        return status == 404 || status == 410;
    }
}
