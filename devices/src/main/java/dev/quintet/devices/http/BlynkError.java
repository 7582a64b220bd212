package dev.quintet.devices.http;

/**
 * A device API failure, answered as Blynk does: HTTP 400 with {@code {"error":{"message":"..."}}}; 429 in the same
 * shape when the device is over its message rate limit.
 */
final class BlynkError extends RuntimeException {

    static final String INVALID_TOKEN = "Invalid token.";
    static final String NO_TOKEN = "No token provided.";
    static final String WRONG_PIN = "Wrong pin format.";
    static final String NO_DATASTREAM = "No datastream setup for that pin.";
    static final String WRONG_TYPE = "Value doesn't match the Datastream data type.";

    private final int status;

    BlynkError(String message) {
        this(400, message);
    }

    BlynkError(int status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    int status() {
        return status;
    }
}
