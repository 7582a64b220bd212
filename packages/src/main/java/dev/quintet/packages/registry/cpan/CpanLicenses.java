package dev.quintet.packages.registry.cpan;

import java.util.List;
import java.util.Map;

/** CPAN::Meta licence keys as SPDX ids; several keys mean a choice (dual licensing), so they join with OR. */
final class CpanLicenses {

    private static final Map<String, String> SPDX = Map.ofEntries(
            Map.entry("perl_5", "Artistic-1.0-Perl OR GPL-1.0-or-later"), Map.entry("apache_1_1", "Apache-1.1"),
            Map.entry("apache_2_0", "Apache-2.0"), Map.entry("artistic_1", "Artistic-1.0"),
            Map.entry("artistic_2", "Artistic-2.0"), Map.entry("bsd", "BSD-3-Clause"), Map.entry("freebsd", "BSD-2-Clause"),
            Map.entry("gfdl_1_2", "GFDL-1.2-or-later"), Map.entry("gfdl_1_3", "GFDL-1.3-or-later"),
            Map.entry("gpl_1", "GPL-1.0-only"), Map.entry("gpl_2", "GPL-2.0-only"), Map.entry("gpl_3", "GPL-3.0-only"),
            Map.entry("lgpl_2_1", "LGPL-2.1-only"), Map.entry("lgpl_3_0", "LGPL-3.0-only"), Map.entry("mit", "MIT"),
            Map.entry("mozilla_1_0", "MPL-1.0"), Map.entry("mozilla_1_1", "MPL-1.1"), Map.entry("mozilla_2_0", "MPL-2.0"),
            Map.entry("openssl", "OpenSSL"), Map.entry("qpl_1_0", "QPL-1.0"), Map.entry("sun", "SISSL"),
            Map.entry("zlib", "Zlib"));

    private CpanLicenses() {
    }

    /** The expression for a release's keys; unknown keys ({@code open_source}, {@code unknown}) stay as written. */
    static String expression(List<String> keys) {
        if (keys.isEmpty()) {
            return null;
        }
        List<String> ids = keys.stream().map(k -> SPDX.getOrDefault(k, k)).toList();
        return ids.size() == 1 ? ids.getFirst()
                : String.join(" OR ", ids.stream().map(id -> id.contains(" ") ? "(" + id + ")" : id).toList());
    }
}
