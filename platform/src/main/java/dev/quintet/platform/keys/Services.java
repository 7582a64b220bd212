package dev.quintet.platform.keys;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The API-key services a key can be enabled for. */
public final class Services {

    public static final List<String> KEYED = List.of("router", "devices", "capture", "packages");

    private Services() {
    }

    /** Parses {@code router,devices}; every name must be one of {@link #KEYED}. */
    public static List<String> parse(String csv) {
        if (csv == null || csv.isBlank()) {
            throw new IllegalArgumentException("services must name at least one of " + String.join(",", KEYED));
        }
        return check(Arrays.asList(csv.split(",")));
    }

    public static List<String> check(List<String> names) {
        Set<String> out = new LinkedHashSet<>();
        for (String raw : names) {
            String name = raw.strip().toLowerCase(Locale.ROOT);
            if (!KEYED.contains(name)) {
                throw new IllegalArgumentException(
                        "services must be among " + String.join(",", KEYED) + ", got '" + raw.strip() + "'");
            }
            out.add(name);
        }
        if (out.isEmpty()) {
            throw new IllegalArgumentException("services must name at least one of " + String.join(",", KEYED));
        }
        return new ArrayList<>(out);
    }
}
