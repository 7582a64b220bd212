package dev.quintet.console.calls;

import tools.jackson.databind.JsonNode;

/** A service's answer to the console: its status and JSON body (a missing node when it sent none). */
public record ServiceAnswer(int status, JsonNode body) {

    public boolean ok() {
        return status >= 200 && status < 300;
    }

    /** The service's own words for a refusal: a problem's {@code detail}, or the router's {@code error.message}. */
    public String message() {
        String detail = body.path("detail").asString("");
        if (!detail.isEmpty()) {
            return detail;
        }
        String routerMessage = body.path("error").path("message").asString("");
        return routerMessage.isEmpty() ? "the service answered " + status : routerMessage;
    }
}
