package dev.quintet.console.web;

import dev.quintet.platform.accounts.InvalidAccountInput;
import java.util.LinkedHashMap;
import java.util.Map;

/** The first message for each form field that was refused, in the order found. */
public final class FieldErrors {

    private final Map<String, String> messages = new LinkedHashMap<>();

    public void add(String field, String message) {
        messages.putIfAbsent(field, message);
    }

    /** Runs {@code check}; an {@link InvalidAccountInput} it throws becomes the message of its field. */
    public void check(Runnable check) {
        try {
            check.run();
        } catch (InvalidAccountInput e) {
            add(e.field(), e.getMessage());
        }
    }

    public boolean has(String field) {
        return messages.containsKey(field);
    }

    /** The message for {@code field}, or null. */
    public String of(String field) {
        return messages.get(field);
    }

    public boolean isEmpty() {
        return messages.isEmpty();
    }
}
