package dev.quintet.console.calls;

import java.io.Serializable;
import java.time.Instant;

/** A console key kept in the person's session; the secret never reaches their browser. */
record ConsoleKey(String secret, Instant expiresAt) implements Serializable {

    @Override
    public String toString() {
        return "ConsoleKey[expires " + expiresAt + "]";
    }
}
