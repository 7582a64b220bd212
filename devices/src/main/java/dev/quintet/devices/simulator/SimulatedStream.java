package dev.quintet.devices.simulator;

import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * A datastream the simulator reports, from {@code name:type[:min:max]} ({@code temp:double:-20:60},
 * {@code level:integer:0:10}, {@code on:boolean}, {@code label:string}, {@code mode:enum:off|eco|boost}).
 * Numbers take a random walk inside their range.
 */
public record SimulatedStream(String name, String type, double min, double max, List<String> options) {

    private static final List<String> TYPES = List.of("integer", "double", "boolean", "string", "enum");

    /** Parses one stream; throws {@link IllegalArgumentException} naming the rule broken. */
    public static SimulatedStream parse(String spec) {
        String[] parts = spec.strip().split(":");
        if (parts.length < 2 || !parts[0].matches("[A-Za-z0-9_.-]{1,64}")) {
            throw new IllegalArgumentException("a datastream is name:type[:min:max], got '" + spec + "'");
        }
        String type = parts[1].toLowerCase(Locale.ROOT);
        if (!TYPES.contains(type)) {
            throw new IllegalArgumentException("datastream " + parts[0] + ": type must be one of " + String.join(", ", TYPES)
                    + ", got '" + parts[1] + "'");
        }
        if (type.equals("enum")) {
            if (parts.length != 3 || parts[2].isBlank()) {
                throw new IllegalArgumentException("datastream " + parts[0] + ": an enum is name:enum:a|b|c, got '" + spec + "'");
            }
            return new SimulatedStream(parts[0], type, 0, 0, List.of(parts[2].split("\\|")));
        }
        if (parts.length == 2) {
            return new SimulatedStream(parts[0], type, 0, 100, List.of());
        }
        if (parts.length != 4 || !(type.equals("integer") || type.equals("double"))) {
            throw new IllegalArgumentException("datastream " + parts[0] + ": only numbers take :min:max, got '" + spec + "'");
        }
        try {
            double min = Double.parseDouble(parts[2]);
            double max = Double.parseDouble(parts[3]);
            if (!(min < max)) {
                throw new IllegalArgumentException("datastream " + parts[0] + ": min must be below max, got " + min + ".." + max);
            }
            return new SimulatedStream(parts[0], type, min, max, List.of());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("datastream " + parts[0] + ": min and max must be numbers, got '" + spec + "'");
        }
    }

    /** The next value after {@code previous} (null at first), as JSON text. */
    String next(String previous, RandomGenerator random) {
        return switch (type) {
            case "boolean" -> random.nextBoolean() ? "true" : "false";
            case "string" -> "\"sim-" + random.nextInt(1000) + "\"";
            case "enum" -> "\"" + options.get(random.nextInt(options.size())) + "\"";
            default -> number(previous, random);
        };
    }

    private String number(String previous, RandomGenerator random) {
        double last = previous == null ? min + (max - min) / 2 : Double.parseDouble(previous);
        double next = Math.clamp(last + (random.nextDouble() - 0.5) * (max - min) / 10, min, max);
        return type.equals("integer") ? Long.toString(Math.round(next))
                : Double.toString(Math.round(next * 100) / 100.0);
    }
}
