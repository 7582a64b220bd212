package dev.quintet.devices.templates;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** The type of a datastream's values. */
public enum DatastreamType {
    INTEGER, DOUBLE, BOOLEAN, STRING, ENUM, LOCATION;

    public static Optional<DatastreamType> named(String name) {
        return Arrays.stream(values()).filter(t -> t.key().equals(name)).findFirst();
    }

    public static String names() {
        return Arrays.stream(values()).map(DatastreamType::key).collect(Collectors.joining(", "));
    }

    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean numeric() {
        return this == INTEGER || this == DOUBLE;
    }
}
