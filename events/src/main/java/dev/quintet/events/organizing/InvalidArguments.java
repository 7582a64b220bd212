package dev.quintet.events.organizing;

import dev.quintet.platform.errors.ApiException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A 400 {@code ARGUMENTS_ERROR} naming every field that broke a rule, as Eventbrite's
 * {@code error_detail.ARGUMENTS_ERROR{field: [messages]}}; the description lists them too.
 */
public final class InvalidArguments extends ApiException {

    private final Map<String, List<String>> fields;

    InvalidArguments(String prefix, Map<String, List<String>> fields) {
        super(400, "arguments_error", prefix + fields.entrySet().stream()
                .map(f -> f.getKey() + ": " + String.join("; ", f.getValue())).collect(Collectors.joining("; ")),
                fields.keySet().iterator().next());
        this.fields = new LinkedHashMap<>(fields);
    }

    /** Each failing field with what is wrong with it. */
    public Map<String, List<String>> fields() {
        return Map.copyOf(fields);
    }
}
