package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hackage (Haskell, PVP): versions are non-negative integers joined by dots, compared part by part, a shorter one
 * below a longer one it starts ({@code 1.0 < 1.0.0}); there are no pre-releases. Ranges are Cabal's:
 * {@code -any}, {@code -none}, {@code == > >= < <=} a version, {@code ==1.2.*} (every 1.2.x),
 * {@code ^>=1.2.3} ({@code >=1.2.3 && <1.3}), sets {@code ^>= {1.2, 2.0}}, joined by
 * {@code &&} (binding tighter) and {@code ||}, with parentheses only around whole alternatives.
 */
public final class PvpVersions extends ParsedScheme<PvpVersions.Pvp> {

    private static final Pattern FORM = Pattern.compile("\\d{1,18}(\\.\\d{1,18})*");
    private static final Pattern CLAUSE = Pattern.compile("(\\^>=|==|>=|<=|>|<)\\s*(\\{[^}]*}|[0-9.*]+)");

    /** The integer parts of a version. */
    record Pvp(List<Long> parts) implements Comparable<Pvp> {

        @Override
        public int compareTo(Pvp o) {
            for (int i = 0; i < Math.min(parts.size(), o.parts.size()); i++) {
                int c = Long.compare(parts.get(i), o.parts.get(i));
                if (c != 0) {
                    return c;
                }
            }
            return Integer.compare(parts.size(), o.parts.size());
        }

        boolean startsWith(Pvp prefix) {
            return parts.size() >= prefix.parts.size() && parts.subList(0, prefix.parts.size()).equals(prefix.parts);
        }

        Pvp majorBump() {
            List<Long> next = new ArrayList<>(parts.subList(0, Math.min(2, parts.size())));
            while (next.size() < 2) {
                next.add(0L);
            }
            next.set(1, next.get(1) + 1);
            return new Pvp(List.copyOf(next));
        }
    }

    @Override
    Optional<Pvp> parse(String version) {
        if (version == null || !FORM.matcher(version.strip()).matches()) {
            return Optional.empty();
        }
        List<Long> parts = new ArrayList<>();
        for (String p : version.strip().split("\\.")) {
            parts.add(Long.parseLong(p));
        }
        return Optional.of(new Pvp(List.copyOf(parts)));
    }

    @Override
    public boolean isPrerelease(String version) {
        return false;
    }

    @Override
    public VersionRequirement requirement(String text) {
        String spec = text == null ? "" : text.strip();
        if (spec.isEmpty() || spec.equals("-any")) {
            return version -> parse(version).isPresent();
        }
        if (spec.equals("-none")) {
            return version -> false;
        }
        List<List<Predicate<Pvp>>> alternatives = new ArrayList<>();
        for (String alternative : spec.split("\\|\\|")) {
            List<Predicate<Pvp>> all = new ArrayList<>();
            for (String clause : alternative.replaceAll("[()]", " ").split("&&")) {
                all.add(clause(clause.strip(), text));
            }
            alternatives.add(all);
        }
        return version -> parse(version)
                .map(v -> alternatives.stream().anyMatch(all -> all.stream().allMatch(p -> p.test(v)))).orElse(false);
    }

    private Predicate<Pvp> clause(String clause, String whole) {
        Matcher m = CLAUSE.matcher(clause);
        if (!m.matches()) {
            throw invalid("Hackage", whole, "has a clause '" + clause + "' that is not an operator and a version");
        }
        String op = m.group(1);
        String operand = m.group(2);
        if (operand.startsWith("{")) {
            List<Predicate<Pvp>> any = new ArrayList<>();
            for (String v : operand.substring(1, operand.length() - 1).split(",")) {
                any.add(clause(op + v.strip(), whole));
            }
            return v -> any.stream().anyMatch(p -> p.test(v));
        }
        boolean wildcard = operand.endsWith(".*");
        if (wildcard && !op.equals("==")) {
            throw invalid("Hackage", whole, "uses a wildcard with '" + op + "'; only == allows one");
        }
        Pvp r = parse(wildcard ? operand.substring(0, operand.length() - 2) : operand).orElseThrow(() ->
                invalid("Hackage", whole, "names '" + operand + "', which is not a version like 1.2.3"));
        if (wildcard) {
            return v -> v.startsWith(r);
        }
        return switch (op) {
            case "^>=" -> v -> v.compareTo(r) >= 0 && v.compareTo(r.majorBump()) < 0;
            case ">=" -> v -> v.compareTo(r) >= 0;
            case ">" -> v -> v.compareTo(r) > 0;
            case "<=" -> v -> v.compareTo(r) <= 0;
            case "<" -> v -> v.compareTo(r) < 0;
            default -> v -> v.compareTo(r) == 0;
        };
    }
}
