package dev.quintet.console.keys;

import java.io.Serializable;

/** A key just created, carried to the next page only, where it is shown once. */
public record NewKey(String secret, String label, String masked) implements Serializable {

    @Override
    public String toString() {
        return "NewKey[" + masked + "]";
    }
}
