package dev.quintet.events.organizing;

import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Set;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * Reads one JSON object of a request body, field by field; a field that breaks its rule is recorded under its
 * full name ({@code event.start.utc}) and read as absent. Unknown fields are refused rather than ignored.
 */
public final class Fields {

    private final JsonNode node;
    private final String path;
    private final ArgumentErrors errors;

    private Fields(JsonNode node, String path, ArgumentErrors errors) {
        this.node = node;
        this.path = path;
        this.errors = errors;
    }

    /** The object under {@code key} of a body that must be {@code {"key": {...}}}; null (and an error) otherwise. */
    public static Fields body(JsonNode body, String key, Set<String> known, ArgumentErrors errors) {
        if (body == null || !body.isObject() || !body.has(key) || !body.get(key).isObject()) {
            errors.add(key, "the body must be a JSON object {\"" + key + "\": {...}}");
            return null;
        }
        new Fields(body, "", errors).only(Set.of(key));
        Fields fields = new Fields(body.get(key), key, errors);
        fields.only(known);
        return fields;
    }

    String name(String field) {
        return path.isEmpty() ? field : path + "." + field;
    }

    boolean has(String field) {
        return node.has(field);
    }

    boolean isString(String field) {
        return node.has(field) && node.get(field).isString();
    }

    /** Present and JSON {@code null}: the caller asks for the value to be cleared. */
    boolean isNull(String field) {
        return node.has(field) && node.get(field).isNull();
    }

    /** A nested object, or null when absent or not an object (then an error). */
    Fields object(String field, Set<String> known) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isObject()) {
            errors.add(name(field), "must be an object");
            return null;
        }
        Fields fields = new Fields(value, name(field), errors);
        fields.only(known);
        return fields;
    }

    public String text(String field, int maxLength) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isString() || value.stringValue().isBlank()) {
            errors.add(name(field), "must be a non-empty string");
            return null;
        }
        String text = value.stringValue().strip();
        if (text.length() > maxLength) {
            errors.add(name(field), "must be at most " + maxLength + " characters, got " + text.length());
            return null;
        }
        return text;
    }

    Instant instant(String field) {
        String text = text(field, 40);
        if (text == null) {
            return null;
        }
        try {
            if (text.endsWith("Z")) {
                return Instant.parse(text);
            }
        } catch (DateTimeParseException e) {
            // refused below
        }
        errors.add(name(field), "must be a UTC time such as 2026-06-11T19:00:00Z, got '" + text + "'");
        return null;
    }

    Boolean bool(String field) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isBoolean()) {
            errors.add(name(field), "must be true or false");
            return null;
        }
        return value.booleanValue();
    }

    /** A whole number, given as a JSON number or a string of digits (Eventbrite's ids are strings). */
    Long whole(String field, long min, long max) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        try {
            long n = value.isIntegralNumber() && value.canConvertToLong() ? value.longValue()
                    : value.isString() ? Long.parseLong(value.stringValue().strip()) : Long.MIN_VALUE;
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        errors.add(name(field), "must be a whole number from " + min + " to " + max + ", got " + value);
        return null;
    }

    /** A decimal number, given as a JSON number or a string (Eventbrite sends coordinates as strings). */
    Double decimal(String field, double min, double max) {
        JsonNode value = node.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        try {
            double d = value.isNumber() ? value.doubleValue() : value.isString() ? Double.parseDouble(value.stringValue().strip()) : Double.NaN;
            if (d >= min && d <= max) {
                return d;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        errors.add(name(field), "must be a number from " + (long) min + " to " + (long) max + ", got " + value);
        return null;
    }

    void required(String field, Object value) {
        if (value == null && !errors.has(name(field))) {
            errors.add(name(field), "is required");
        }
    }

    void refuse(String field, String message) {
        errors.add(name(field), message);
    }

    private void only(Set<String> known) {
        for (String field : node.propertyNames()) {
            if (!known.contains(field)) {
                errors.add(name(field), "is not a field here; known: " + String.join(", ", new TreeSet<>(known)));
            }
        }
    }
}
