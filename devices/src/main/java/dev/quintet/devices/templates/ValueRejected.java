package dev.quintet.devices.templates;

/** A value that does not fit its datastream; the message says which rule it broke. */
public final class ValueRejected extends RuntimeException {

    private final boolean wrongType;

    ValueRejected(String message, boolean wrongType) {
        super(message, null, false, false);
        this.wrongType = wrongType;
    }

    /** True when the value is of the wrong type, false when it is of the right type but out of range. */
    public boolean wrongType() {
        return wrongType;
    }
}
