package dev.quintet.packages.registry.cran;

import dev.quintet.packages.registry.UpstreamDependency;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Reads CRAN's HTML: the {@code Field:} rows of a package page and the {@code name_version.tar.gz} rows of its
 * archive listing. {@code Depends} and {@code Imports} are runtime, {@code LinkingTo} build, {@code Suggests}
 * optional; {@code R} itself is left out. R licence shorthands map to SPDX ({@code GPL-3}, {@code GPL (>= 2)},
 * {@code MIT + file LICENSE}, {@code |} as OR).
 */
final class CranPage {

    private static final Pattern DEPENDENCY = Pattern.compile("([A-Za-z][A-Za-z0-9.]*)\\s*(?:\\(([^)]*)\\))?");
    private static final Map<String, String> KINDS = Map.of("Depends", "runtime", "Imports", "runtime",
            "LinkingTo", "build", "Suggests", "optional");
    private static final Map<String, String> LICENSES = Map.ofEntries(Map.entry("GPL-2", "GPL-2.0-only"),
            Map.entry("GPL-3", "GPL-3.0-only"), Map.entry("GPL (>= 2)", "GPL-2.0-or-later"),
            Map.entry("GPL (>= 3)", "GPL-3.0-or-later"), Map.entry("GPL (>= 2.0)", "GPL-2.0-or-later"),
            Map.entry("LGPL-2", "LGPL-2.0-only"), Map.entry("LGPL-2.1", "LGPL-2.1-only"), Map.entry("LGPL-3", "LGPL-3.0-only"),
            Map.entry("LGPL (>= 2)", "LGPL-2.0-or-later"), Map.entry("LGPL (>= 2.1)", "LGPL-2.1-or-later"),
            Map.entry("LGPL (>= 3)", "LGPL-3.0-or-later"), Map.entry("AGPL-3", "AGPL-3.0-only"), Map.entry("MIT", "MIT"),
            Map.entry("BSD_2_clause", "BSD-2-Clause"), Map.entry("BSD_3_clause", "BSD-3-Clause"), Map.entry("CC0", "CC0-1.0"),
            Map.entry("Apache License 2.0", "Apache-2.0"), Map.entry("Apache License (== 2.0)", "Apache-2.0"),
            Map.entry("Apache License (>= 2)", "Apache-2.0"), Map.entry("MPL-2.0", "MPL-2.0"), Map.entry("Artistic-2.0", "Artistic-2.0"));
    private static final DateTimeFormatter LISTING = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private CranPage() {
    }

    /** The package page's {@code Field:} → text rows. */
    static Map<String, String> fields(Document page) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Element row : page.select("table tr")) {
            List<Element> cells = row.select("> td");
            if (cells.size() == 2 && cells.get(0).text().endsWith(":")) {
                String key = cells.get(0).text().replace('\u00a0', ' ').replaceFirst(":$", "").strip();
                out.putIfAbsent(key, cells.get(1).text().replace('\u00a0', ' ').strip());
            }
        }
        return out;
    }

    static List<UpstreamDependency> dependencies(Map<String, String> fields) {
        List<UpstreamDependency> deps = new ArrayList<>();
        for (String field : List.of("Depends", "Imports", "LinkingTo", "Suggests")) {
            String text = fields.get(field);
            if (text == null) {
                continue;
            }
            for (String item : text.split(",(?![^(]*\\))")) {
                Matcher m = DEPENDENCY.matcher(item.strip());
                if (m.matches() && !m.group(1).equals("R")) {
                    String requirement = m.group(2) == null ? "*"
                            : m.group(2).replace("≥", ">=").replace("≤", "<=").replaceAll("\\s+", " ").strip();
                    String kind = KINDS.get(field);
                    deps.add(new UpstreamDependency(m.group(1), requirement, kind, kind.equals("optional")));
                }
            }
        }
        return deps;
    }

    /** Version → date of each {@code name_version.tar.gz} row of an archive listing. */
    static Map<String, Instant> archive(Document listing, String name) {
        Map<String, Instant> out = new LinkedHashMap<>();
        String prefix = name + "_";
        for (Element link : listing.select("a[href]")) {
            String file = link.attr("href");
            if (file.startsWith(prefix) && file.endsWith(".tar.gz")) {
                String version = file.substring(prefix.length(), file.length() - ".tar.gz".length());
                Element cell = link.parent() == null ? null : link.parent().nextElementSibling();
                out.put(version, cell == null ? null : listingTime(cell.text().strip()));
            }
        }
        return out;
    }

    static Instant day(String text) {
        try {
            return text == null ? null : LocalDate.parse(text.strip()).atStartOfDay().toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static Instant listingTime(String text) {
        try {
            return LocalDateTime.parse(text, LISTING).toInstant(ZoneOffset.UTC);
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** An R licence field as an SPDX expression where each alternative is known; else the text as written. */
    static String license(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        List<String> ids = new ArrayList<>();
        for (String alternative : text.split("\\|")) {
            String id = LICENSES.get(alternative.replaceAll("\\+\\s*file\\s+LICEN[CS]E", "").strip());
            if (id == null) {
                return text.strip();
            }
            ids.add(id);
        }
        return String.join(" OR ", ids);
    }
}
