package dev.quintet.server;

/** The server could not start; the message says why and what to change. */
final class StartupFailure extends RuntimeException {

    StartupFailure(String message, Throwable cause) {
        super(message, cause);
    }

    StartupFailure(String message) {
        super(message);
    }
}
