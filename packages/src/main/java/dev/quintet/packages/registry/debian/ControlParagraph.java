package dev.quintet.packages.registry.debian;

import java.util.Locale;
import java.util.Map;

/**
 * One paragraph of a Debian control file: its fields by lower-case name (field names are case-insensitive), each value
 * with its continuation lines joined by {@code \n}, and the line it starts on.
 */
public record ControlParagraph(long line, Map<String, String> fields) {

    public ControlParagraph {
        fields = Map.copyOf(fields);
    }

    /** The value of a field in any letter case, or null when the paragraph lacks it or leaves it empty. */
    public String get(String name) {
        String value = fields.get(name.toLowerCase(Locale.ROOT));
        return value == null || value.isBlank() ? null : value;
    }
}
