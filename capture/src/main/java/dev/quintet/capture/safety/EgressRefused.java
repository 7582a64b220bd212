package dev.quintet.capture.safety;

/** A URL or address the egress policy refuses; the message names the rule. */
public final class EgressRefused extends RuntimeException {

    public EgressRefused(String message) {
        super(message, null, false, false);
    }
}
