package dev.quintet.packages.licenses;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Normalises licence text to an SPDX expression: SPDX ids in any case, deprecated ids ({@code GPL-2.0}), common
 * names ({@code Apache License, Version 2.0}), PyPI classifiers, licence URLs and {@code AND/OR/WITH}
 * expressions (also Cargo's old {@code MIT/Apache-2.0}). Anything it cannot map yields empty.
 */
public final class SpdxLicenses {

    private static final Map<String, String> IDS = new HashMap<>();
    private static final Map<String, String> ALIASES = new HashMap<>();

    static {
        for (String id : SpdxTable.IDS) {
            IDS.put(id.toLowerCase(Locale.ROOT), id);
        }
        SpdxTable.DEPRECATED.forEach((old, id) -> IDS.put(old.toLowerCase(Locale.ROOT), id));
        SpdxTable.ALIASES.forEach((alias, id) -> ALIASES.put(key(alias), id));
    }

    private SpdxLicenses() {
    }

    /** The SPDX expression for one licence text, if it can be mapped. */
    public static Optional<String> normalize(String raw) {
        if (raw == null || raw.isBlank()) {
            return Optional.empty();
        }
        String text = raw.strip();
        if (text.startsWith("License :: ")) {
            text = text.substring(text.lastIndexOf("::") + 2).strip();
        }
        String id = IDS.get(text.toLowerCase(Locale.ROOT));
        if (id != null) {
            return Optional.of(id);
        }
        String alias = ALIASES.get(key(text));
        if (alias != null) {
            return Optional.of(alias);
        }
        return expression(text);
    }

    /** Normalised ids of several licence texts, unmappable ones dropped, duplicates removed. */
    public static List<String> normalizeAll(List<String> raw) {
        List<String> out = new ArrayList<>();
        for (String r : raw) {
            normalize(r).filter(s -> !out.contains(s)).ifPresent(out::add);
        }
        return out;
    }

    private static Optional<String> expression(String text) {
        String spaced = text.replace("(", " ( ").replace(")", " ) ").replace("/", " OR ");
        StringBuilder out = new StringBuilder();
        boolean sawOperator = false;
        for (String token : spaced.trim().split("\\s+")) {
            String upper = token.toUpperCase(Locale.ROOT);
            String mapped;
            if (upper.equals("AND") || upper.equals("OR") || upper.equals("WITH")) {
                mapped = upper;
                sawOperator = true;
            } else if (token.equals("(") || token.equals(")")) {
                mapped = token;
            } else {
                mapped = IDS.get(token.toLowerCase(Locale.ROOT));
                if (mapped == null && !token.contains(" ")) {
                    mapped = ALIASES.get(key(token));
                }
                if (mapped == null) {
                    mapped = SpdxTable.exception(token);
                }
                if (mapped == null) {
                    return Optional.empty();
                }
            }
            out.append(out.isEmpty() || mapped.equals(")") || out.toString().endsWith("(") ? "" : " ").append(mapped);
        }
        return sawOperator ? Optional.of(out.toString()) : Optional.empty();
    }

    static String key(String text) {
        String k = text.toLowerCase(Locale.ROOT).replace("licence", "license").strip();
        if (k.startsWith("http://") || k.startsWith("https://")) {
            k = k.replaceFirst("^https?://(www\\.)?", "").replaceFirst("\\.(txt|html|php|md)$", "").replaceFirst("/$", "");
            return "url:" + k;
        }
        k = k.replaceAll("[,\"]", " ").replaceAll("\\s+", " ").strip();
        k = k.replaceFirst("^the ", "").replaceFirst(" license$", "").replaceFirst("^license ", "");
        return k.replace(" version ", " ").replace(" v ", " ").replace(" - ", " ");
    }
}
