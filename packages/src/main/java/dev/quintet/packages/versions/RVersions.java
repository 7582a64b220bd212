package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * CRAN (R): {@code package_version} order: two or more non-negative integers separated by {@code .} or {@code -}
 * ({@code 0.1-1}, {@code 1.2.3}), compared part by part, a shorter version below a longer one it starts. R has no
 * pre-releases (a development version is just a higher number such as {@code 1.2.3.9000}). A requirement is one
 * comparison as {@code DESCRIPTION} files write it: {@code >= 3.5.0}, {@code (> 1.0)}, {@code == 2.1}, or empty
 * (any version).
 */
public final class RVersions extends ParsedScheme<RVersions.RVersion> {

    private static final Pattern FORM = Pattern.compile("\\d{1,18}([.-]\\d{1,18})+");
    private static final Pattern CLAUSE = Pattern.compile("\\(?\\s*(>=|<=|==|!=|>|<)\\s*([^\\s)]+)\\s*\\)?");

    /** The integer parts of a version. */
    record RVersion(List<Long> parts) implements Comparable<RVersion> {

        @Override
        public int compareTo(RVersion o) {
            for (int i = 0; i < Math.min(parts.size(), o.parts.size()); i++) {
                int c = Long.compare(parts.get(i), o.parts.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return Integer.compare(parts.size(), o.parts.size());
        }
    }

    @Override
    Optional<RVersion> parse(String version) {
        if (version == null || !FORM.matcher(version.strip()).matches()) {
            return Optional.empty();
        }
        List<Long> parts = new ArrayList<>();
        for (String p : version.strip().split("[.-]")) {
            parts.add(Long.parseLong(p));
        }
        return Optional.of(new RVersion(List.copyOf(parts)));
    }

    @Override
    public boolean isPrerelease(String version) {
        return false;
    }

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip();
        if (spec.isEmpty() || spec.equals("*")) {
            return version -> parse(version).isPresent();
        }
        Matcher m = CLAUSE.matcher(spec);
        if (!m.matches()) {
            throw invalid("CRAN", text, "is not a comparison like >= 1.2.3");
        }
        RVersion r = parse(m.group(2)).orElseThrow(() ->
                invalid("CRAN", text, "names '" + m.group(2) + "', which is not an R version like 1.2-3"));
        String op = m.group(1);
        return version -> parse(version).map(v -> {
            int c = v.compareTo(r);
            return switch (op) {
                case ">=" -> c >= 0;
                case ">" -> c > 0;
                case "<=" -> c <= 0;
                case "<" -> c < 0;
                case "==" -> c == 0;
                default -> c != 0;
            };
        }).orElse(false);
    }
}
