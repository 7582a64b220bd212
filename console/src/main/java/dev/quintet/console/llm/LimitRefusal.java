package dev.quintet.console.llm;

import java.io.Serializable;

/**
 * A limit form that was refused, carried to the next page only: which key, the field at fault (or null when the
 * router refused the whole), the reason, and what was typed so the form shows it again.
 */
public record LimitRefusal(String keyId, String field, String message, String limit, String reset)
        implements Serializable {

    /** What was typed is kept cut short: it goes into the session and back into the form. */
    public LimitRefusal {
        limit = limit == null ? null : LimitInput.shown(limit);
        reset = reset == null ? null : LimitInput.shown(reset);
    }

    /** Whether the refusal is about field {@code name} of key {@code key}. */
    public boolean about(String key, String name) {
        return keyId.equals(key) && name.equals(field);
    }

    /** What the page says: {@code The limit was not saved: } and the reason. */
    public String text() {
        return "The limit was not saved: " + message;
    }
}
