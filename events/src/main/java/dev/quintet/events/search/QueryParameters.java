package dev.quintet.events.search;

import static dev.quintet.events.search.SearchQuery.error;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Query parameters read one by one, each refused with a message naming it and its rule. */
record QueryParameters(Map<String, String[]> all) {

    String text(String name) {
        String[] values = all.get(name);
        if (values == null || values.length == 0 || values[0].isBlank()) {
            return null;
        }
        if (values.length > 1) {
            throw error(name, name + " must be given once");
        }
        return values[0].strip();
    }

    /** {@code expand}: which related resources to put inside each event. */
    Set<String> expand() {
        Set<String> expand = Set.copyOf(list("expand"));
        expand.stream().filter(e -> !SearchQuery.EXPANSIONS.contains(e)).findFirst().ifPresent(e -> {
            throw error("expand", "expand takes " + String.join(",", SearchQuery.EXPANSIONS.stream().sorted().toList())
                    + ", got '" + e + "'");
        });
        return expand;
    }

    List<String> list(String name) {
        String value = text(name);
        return value == null ? List.of() : Arrays.stream(value.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
    }

    Double decimal(String name, double min, double max) {
        String value = text(name);
        if (value == null) {
            return null;
        }
        try {
            double d = Double.parseDouble(value);
            if (d >= min && d <= max) {
                return d;
            }
        } catch (NumberFormatException ignored) {
            // falls through to the refusal below
        }
        throw error(name, name + " must be a number from " + (int) min + " to " + (int) max + ", got '" + value + "'");
    }

    Long whole(String name, long min, long max) {
        String value = text(name);
        if (value == null) {
            return null;
        }
        try {
            long n = Long.parseLong(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException ignored) {
            // falls through to the refusal below
        }
        throw error(name, name + " must be a whole number from " + min + " to " + max + ", got '" + value + "'");
    }

    boolean bool(String name) {
        String value = text(name);
        if (value == null || value.equals("false")) {
            return false;
        }
        if (value.equals("true")) {
            return true;
        }
        throw error(name, name + " must be true or false, got '" + value + "'");
    }
}
