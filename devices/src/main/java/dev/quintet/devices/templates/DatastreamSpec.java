package dev.quintet.devices.templates;

import dev.quintet.platform.errors.ApiException;
import java.util.List;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * A datastream as a caller defines it. {@code pin} is {@code V0}..{@code V255} or the number; the name becomes part
 * of MQTT topics, so it is 1..64 letters, digits, {@code _ . -}.
 */
public record DatastreamSpec(JsonNode pin, String name, String type, String unit, Double min, Double max,
                             List<String> options, JsonNode defaultValue) {

    static final Pattern NAME = Pattern.compile("[A-Za-z0-9_.-]{1,64}");

    /** Checks every field and returns the datastream; {@code at} prefixes parameter names, e.g. {@code datastreams[2].}. */
    public Datastream validated(String at) {
        int number = pinNumber(at);
        if (name == null || !NAME.matcher(name).matches()) {
            throw ApiException.invalidParameter(at + "name",
                    at + "name must be 1..64 letters, digits, '_', '.' or '-', got " + quoted(name));
        }
        DatastreamType kind = type == null ? null : DatastreamType.named(type).orElse(null);
        if (kind == null) {
            throw ApiException.invalidParameter(at + "type",
                    at + "type must be one of " + DatastreamType.names() + ", got " + quoted(type));
        }
        if ((min != null || max != null) && !kind.numeric()) {
            throw ApiException.invalidParameter(at + "min", at + "min and max apply to integer and double only");
        }
        if (min != null && max != null && min > max) {
            throw ApiException.invalidParameter(at + "min", at + "min must not exceed max, got " + min + " > " + max);
        }
        if (unit != null && unit.length() > 32) {
            throw ApiException.invalidParameter(at + "unit", at + "unit must be at most 32 characters");
        }
        List<String> choices = options(at, kind);
        Datastream ds = new Datastream(number, name, kind, unit, min, max, choices, null);
        if (defaultValue == null || defaultValue.isNull() || defaultValue.isMissingNode()) {
            return ds;
        }
        try {
            return new Datastream(number, name, kind, unit, min, max, choices, ValueRules.fromApp(ds, defaultValue));
        } catch (ValueRejected e) {
            throw ApiException.invalidParameter(at + "default_value", at + "default_value: " + e.getMessage());
        }
    }

    private int pinNumber(String at) {
        int number = -1;
        if (pin != null && pin.isIntegralNumber() && pin.canConvertToInt()) {
            number = pin.intValue();
        } else if (pin != null && pin.isString()) {
            number = Datastream.parsePin(pin.stringValue());
        }
        if (number < 0 || number > Datastream.MAX_PIN) {
            throw ApiException.invalidParameter(at + "pin",
                    at + "pin must be V0..V255 (or 0..255), got " + (pin == null ? "nothing" : pin.toString()));
        }
        return number;
    }

    private List<String> options(String at, DatastreamType kind) {
        if (kind != DatastreamType.ENUM) {
            if (options != null && !options.isEmpty()) {
                throw ApiException.invalidParameter(at + "options", at + "options apply to enum datastreams only");
            }
            return List.of();
        }
        if (options == null || options.isEmpty() || options.size() > 64
                || options.stream().anyMatch(o -> o == null || o.isBlank() || o.length() > 64)) {
            throw ApiException.invalidParameter(at + "options",
                    at + "options must list 1..64 non-blank choices of at most 64 characters for an enum");
        }
        if (options.stream().distinct().count() != options.size()) {
            throw ApiException.invalidParameter(at + "options", at + "options must not repeat a choice");
        }
        return List.copyOf(options);
    }

    private static String quoted(String s) {
        return s == null ? "nothing" : "'" + s + "'";
    }
}
