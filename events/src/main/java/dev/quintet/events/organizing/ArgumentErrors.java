package dev.quintet.events.organizing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Collects what is wrong with a request's fields, so one answer names them all. */
public final class ArgumentErrors {

    private final Map<String, List<String>> fields = new LinkedHashMap<>();

    public void add(String field, String message) {
        fields.computeIfAbsent(field, f -> new ArrayList<>()).add(message);
    }

    public boolean has(String field) {
        return fields.containsKey(field);
    }

    /** Throws {@link InvalidArguments} when anything was added; {@code prefix} opens its description. */
    public void throwIfAny(String prefix) {
        if (!fields.isEmpty()) {
            throw new InvalidArguments(prefix, fields);
        }
    }
}
