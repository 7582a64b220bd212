package dev.quintet.console.calls;

/** A service the console called did not answer, or answered with something other than JSON. */
public final class ServiceUnavailable extends RuntimeException {

    private final String service;

    ServiceUnavailable(String service, String message, Throwable cause) {
        super(message, cause);
        this.service = service;
    }

    public String service() {
        return service;
    }
}
