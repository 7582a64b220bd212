package dev.quintet.devices.templates;

import java.math.BigDecimal;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * How values meet datastreams: apps must send the right type inside the range (else {@link ValueRejected}); devices
 * send text, parsed per type, with numbers clamped into the range. Values travel as JSON: numbers, booleans,
 * strings, and {@code [lon, lat]} for locations.
 */
public final class ValueRules {

    public static final int MAX_STRING_LENGTH = 1024;
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A device's value after parsing, and whether it had to be clamped into the range. */
    public record Reading(JsonNode value, boolean clamped) {
    }

    private ValueRules() {
    }

    /** Checks a value written by an app; returns it in stored form. */
    public static JsonNode fromApp(Datastream ds, JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            throw wrongType(ds, "a value is required");
        }
        return switch (ds.type()) {
            case INTEGER -> {
                if (!value.isNumber() || !isIntegral(value.decimalValue())) {
                    throw wrongType(ds, "must be an integer, got " + value);
                }
                yield inRange(ds, NODES.numberNode(value.decimalValue().longValueExact()));
            }
            case DOUBLE -> {
                if (!value.isNumber()) {
                    throw wrongType(ds, "must be a number, got " + value);
                }
                yield inRange(ds, NODES.numberNode(value.doubleValue()));
            }
            case BOOLEAN -> {
                if (!value.isBoolean()) {
                    throw wrongType(ds, "must be true or false, got " + value);
                }
                yield value;
            }
            case STRING, ENUM -> {
                if (!value.isString()) {
                    throw wrongType(ds, "must be a string, got " + value);
                }
                yield fromDevice(ds, value.stringValue()).value();
            }
            case LOCATION -> {
                if (!value.isArray() || value.size() != 2 || !value.get(0).isNumber() || !value.get(1).isNumber()) {
                    throw wrongType(ds, "must be [longitude, latitude], got " + value);
                }
                yield location(ds, value.get(0).doubleValue(), value.get(1).doubleValue());
            }
        };
    }

    /** Parses a value a device sent as text; numbers outside the range are clamped. */
    public static Reading fromDevice(Datastream ds, String text) {
        String t = text == null ? "" : text.strip();
        switch (ds.type()) {
            case INTEGER, DOUBLE -> {
                BigDecimal number = parseNumber(ds, t);
                if (ds.type() == DatastreamType.INTEGER && !isIntegral(number)) {
                    throw wrongType(ds, "must be an integer, got '" + t + "'");
                }
                double v = number.doubleValue();
                double clamped = clamp(ds, v);
                JsonNode node = ds.type() == DatastreamType.INTEGER
                        ? NODES.numberNode((long) clamped) : NODES.numberNode(clamped);
                return new Reading(node, clamped != v);
            }
            case BOOLEAN -> {
                return new Reading(NODES.booleanNode(parseBoolean(ds, t)), false);
            }
            case STRING -> {
                if (text == null || text.length() > MAX_STRING_LENGTH) {
                    throw wrongType(ds, "must be at most " + MAX_STRING_LENGTH + " characters long");
                }
                return new Reading(NODES.stringNode(text), false);
            }
            case ENUM -> {
                if (!ds.options().contains(t)) {
                    throw wrongType(ds, "must be one of " + ds.options() + ", got '" + t + "'");
                }
                return new Reading(NODES.stringNode(t), false);
            }
            default -> {
                String[] parts = t.split("[,\u0000]");
                if (parts.length != 2) {
                    throw wrongType(ds, "must be 'longitude,latitude', got '" + t + "'");
                }
                return new Reading(location(ds, parseNumber(ds, parts[0].strip()).doubleValue(),
                        parseNumber(ds, parts[1].strip()).doubleValue()), false);
            }
        }
    }

    /** The plain-text form devices receive and Blynk-style answers carry. */
    public static String toText(JsonNode value) {
        if (value.isBoolean()) {
            return value.booleanValue() ? "1" : "0";
        }
        if (value.isArray()) {
            return toText(value.get(0)) + "," + toText(value.get(1));
        }
        if (value.isNumber()) {
            return plain(value.decimalValue());
        }
        return value.stringValue();
    }

    /** The value as a number for aggregation, or null when it has none (strings, locations). */
    public static Double number(JsonNode value) {
        if (value.isNumber()) {
            return value.doubleValue();
        }
        if (value.isBoolean()) {
            return value.booleanValue() ? 1.0 : 0.0;
        }
        return null;
    }

    static String plain(BigDecimal number) {
        BigDecimal stripped = number.stripTrailingZeros();
        return (stripped.scale() < 0 ? stripped.setScale(0) : stripped).toPlainString();
    }

    private static JsonNode inRange(Datastream ds, JsonNode number) {
        double v = number.doubleValue();
        if ((ds.min() != null && v < ds.min()) || (ds.max() != null && v > ds.max())) {
            throw new ValueRejected(ds.pinName() + " (" + ds.name() + ") must be between " + bound(ds.min())
                    + " and " + bound(ds.max()) + ", got " + toText(number), false);
        }
        return number;
    }

    private static double clamp(Datastream ds, double v) {
        double result = v;
        if (ds.min() != null && result < ds.min()) {
            result = ds.type() == DatastreamType.INTEGER ? Math.ceil(ds.min()) : ds.min();
        }
        if (ds.max() != null && result > ds.max()) {
            result = ds.type() == DatastreamType.INTEGER ? Math.floor(ds.max()) : ds.max();
        }
        return result;
    }

    private static JsonNode location(Datastream ds, double lon, double lat) {
        if (lon < -180 || lon > 180 || lat < -90 || lat > 90) {
            throw wrongType(ds, "longitude must be -180..180 and latitude -90..90, got " + lon + "," + lat);
        }
        return NODES.arrayNode().add(lon).add(lat);
    }

    private static BigDecimal parseNumber(Datastream ds, String t) {
        BigDecimal number = decimal(t);
        if (number == null) {
            throw wrongType(ds, "must be a number, got '" + t + "'");
        }
        if (Double.isInfinite(number.doubleValue())) {
            throw wrongType(ds, "must be a finite number, got '" + t + "'");
        }
        return number;
    }

    /** A device's text as a decimal number, as values from devices are read; null when it is none. */
    public static BigDecimal decimal(String text) {
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static boolean parseBoolean(Datastream ds, String t) {
        return switch (t) {
            case "1", "true", "on" -> true;
            case "0", "false", "off" -> false;
            default -> throw wrongType(ds, "must be 1, 0, true or false, got '" + t + "'");
        };
    }

    private static boolean isIntegral(BigDecimal number) {
        return number.stripTrailingZeros().scale() <= 0 && number.abs().compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) <= 0;
    }

    private static String bound(Double bound) {
        return bound == null ? "unbounded" : plain(BigDecimal.valueOf(bound));
    }

    private static ValueRejected wrongType(Datastream ds, String rule) {
        return new ValueRejected(ds.pinName() + " (" + ds.name() + ") " + rule, true);
    }
}
