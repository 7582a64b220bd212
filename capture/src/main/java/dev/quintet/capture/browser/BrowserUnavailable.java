package dev.quintet.capture.browser;

/** The browser could not be started or reached. */
final class BrowserUnavailable extends RuntimeException {

    BrowserUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
