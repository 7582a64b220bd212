package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Composer (Packagist): {@link ComposerVersion} order and Composer constraints: {@code ||} (or {@code |}) between
 * alternatives, comma or space between constraints that must all hold; {@code ^1.2} ({@code >=1.2 <2.0}, and
 * {@code ^0.3} = {@code >=0.3 <0.4}), {@code ~1.2} ({@code >=1.2 <2.0}), {@code ~1.2.3} ({@code >=1.2.3 <1.3}),
 * wildcards {@code 1.2.*}, hyphen ranges {@code 1.0 - 2.0} ({@code >=1.0 <2.1}), {@code = == != <> > >= < <=}
 * and stability flags ({@code @dev}, ignored). As in Composer, {@code >=1.2} admits 1.2's pre-releases and
 * {@code <2.0} excludes 2.0's. Branch constraints ({@code dev-main}) cannot be evaluated.
 */
public final class ComposerVersions extends ParsedScheme<ComposerVersion> {

    private static final Pattern HYPHEN = Pattern.compile("(\\S+)\\s+-\\s+(\\S+)");
    private static final Pattern ATOM = Pattern.compile("(\\^|~|>=|<=|<>|!=|==|=|>|<)?(.+)");
    private static final Pattern WILDCARD = Pattern.compile("v?(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?\\.[*xX](?:-dev)?");

    @Override
    Optional<ComposerVersion> parse(String version) {
        return ComposerVersion.parse(version);
    }

    @Override
    public boolean isPrerelease(String version) {
        return parse(version).map(ComposerVersion::isPrerelease).orElse(false);
    }

    @Override
    public VersionRequirement requirement(String text) {
        String spec = (text == null ? "" : text).replaceAll("(?i)@(dev|alpha|beta|rc|stable)", "").strip();
        if (spec.contains(" as ") || spec.matches("(?s).*(^|[\\s,|])dev-.*") || spec.contains("#")) {
            throw invalid("Composer", text, "names a branch or alias, which has no version order");
        }
        List<Predicate<ComposerVersion>> alternatives = new ArrayList<>();
        for (String alternative : spec.split("\\s*\\|\\|?\\s*", -1)) {
            alternatives.add(allOf(alternative.strip(), text));
        }
        return version -> parse(version).map(v -> alternatives.stream().anyMatch(a -> a.test(v))).orElse(false);
    }

    private Predicate<ComposerVersion> allOf(String alternative, String whole) {
        if (alternative.isEmpty()) {
            if (whole.strip().isEmpty() || whole.strip().startsWith("@")) {
                return v -> true;
            }
            throw invalid("Composer", whole, "has an empty alternative");
        }
        Matcher h = HYPHEN.matcher(alternative);
        if (h.matches()) {
            ComposerVersion low = version(h.group(1), whole);
            ComposerVersion high = version(h.group(2), whole);
            return v -> v.compareTo(low.isPrerelease() ? low : low.lowest()) >= 0
                    && (high.given() < 3 ? v.compareTo(high.bump(high.given())) < 0 : v.compareTo(high) <= 0);
        }
        List<Predicate<ComposerVersion>> all = new ArrayList<>();
        for (String atom : alternative.replaceAll("(\\^|~|>=|<=|<>|!=|==|=|>|<)\\s+", "$1").split("\\s*,\\s*|\\s+")) {
            all.add(atom(atom, whole));
        }
        return v -> all.stream().allMatch(p -> p.test(v));
    }

    private Predicate<ComposerVersion> atom(String atom, String whole) {
        if (atom.matches("[*xX]|v?[*xX]\\.[*xX](\\.[*xX])*")) {
            return v -> true;
        }
        Matcher w = WILDCARD.matcher(atom);
        if (w.matches()) {
            ComposerVersion prefix = version(atom.replaceFirst("\\.[*xX](-dev)?$", ""), whole);
            ComposerVersion low = prefix.lowest();
            ComposerVersion high = prefix.bump(prefix.given());
            return v -> v.compareTo(low) >= 0 && v.compareTo(high) < 0;
        }
        Matcher m = ATOM.matcher(atom);
        if (!m.matches()) {
            throw invalid("Composer", whole, "has a constraint '" + atom + "' that is not an operator and a version");
        }
        String op = m.group(1) == null ? "=" : m.group(1);
        ComposerVersion r = version(m.group(2), whole);
        ComposerVersion floor = r.isPrerelease() ? r : r.lowest();
        return switch (op) {
            case "^" -> {
                int position = r.parts().get(0).signum() != 0 || r.given() == 1 ? 1
                        : r.parts().get(1).signum() != 0 || r.given() == 2 ? 2 : 3;
                ComposerVersion high = r.bump(position);
                yield v -> v.compareTo(floor) >= 0 && v.compareTo(high) < 0;
            }
            case "~" -> {
                ComposerVersion high = r.bump(Math.max(1, r.given() - 1));
                yield v -> v.compareTo(floor) >= 0 && v.compareTo(high) < 0;
            }
            case ">=" -> v -> v.compareTo(floor) >= 0;
            case ">" -> v -> v.compareTo(r) > 0;
            case "<" -> v -> v.compareTo(floor) < 0;
            case "<=" -> v -> v.compareTo(r) <= 0;
            case "!=", "<>" -> v -> v.compareTo(r) != 0;
            default -> v -> v.compareTo(r) == 0;
        };
    }

    private ComposerVersion version(String text, String whole) {
        return parse(text).orElseThrow(() ->
                invalid("Composer", whole, "names '" + text + "', which is not a Composer version"));
    }
}
