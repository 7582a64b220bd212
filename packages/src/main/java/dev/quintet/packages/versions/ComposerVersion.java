package dev.quintet.packages.versions;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Composer version: up to four numeric parts (missing ones are 0), then a stability ({@code dev < alpha < beta <
 * RC < stable < patch}) with optional numbers, as Composer's version parser normalises it ({@code v1.2},
 * {@code 1.0.0-beta2}, {@code 1.0-RC1}, {@code 2.1.0-pl1}, {@code 1.2.3-dev}). Branch names ({@code dev-main}) are
 * not versions.
 *
 * @param given how many numeric parts the text named
 */
record ComposerVersion(List<BigInteger> parts, int given, int stability, List<BigInteger> numbers)
        implements Comparable<ComposerVersion> {

    static final int DEV = 0;
    static final int STABLE = 4;

    private static final Pattern FORM = Pattern.compile(
            "v?(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?(?:\\.(\\d+))?"
                    + "(?:[._-]?(stable|beta|b|rc|alpha|a|patch|pl|p)((?:[.-]?\\d+)*))?([.-]?dev)?(?:\\+[0-9a-z.-]+)?");

    static Optional<ComposerVersion> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = FORM.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return Optional.empty();
        }
        List<BigInteger> parts = new ArrayList<>();
        int given = 0;
        for (int i = 1; i <= 4; i++) {
            given += m.group(i) == null ? 0 : 1;
            parts.add(m.group(i) == null ? BigInteger.ZERO : new BigInteger(m.group(i)));
        }
        int stability = m.group(5) == null ? STABLE : switch (m.group(5)) {
            case "alpha", "a" -> 1;
            case "beta", "b" -> 2;
            case "rc" -> 3;
            case "stable" -> STABLE;
            default -> 5;
        };
        List<BigInteger> numbers = new ArrayList<>();
        if (m.group(6) != null) {
            for (String n : m.group(6).split("[.-]")) {
                if (!n.isEmpty()) {
                    numbers.add(new BigInteger(n));
                }
            }
        }
        if (m.group(7) != null && stability == STABLE) {
            stability = DEV;
        }
        return Optional.of(new ComposerVersion(List.copyOf(parts), given, stability, List.copyOf(numbers)));
    }

    boolean isPrerelease() {
        return stability < STABLE;
    }

    /** The lowest version of this release: its {@code -dev}. */
    ComposerVersion lowest() {
        return new ComposerVersion(parts, given, DEV, List.of());
    }

    /** The {@code -dev} of the release after this one at a 1-based position (2 bumps the minor). */
    ComposerVersion bump(int position) {
        List<BigInteger> out = new ArrayList<>(parts.subList(0, position));
        out.set(position - 1, out.get(position - 1).add(BigInteger.ONE));
        while (out.size() < 4) {
            out.add(BigInteger.ZERO);
        }
        return new ComposerVersion(List.copyOf(out), position, DEV, List.of());
    }

    @Override
    public int compareTo(ComposerVersion o) {
        for (int i = 0; i < 4; i++) {
            int c = parts.get(i).compareTo(o.parts.get(i));
            if (c != 0) {
                return c;
            }
        }
        int c = Integer.compare(stability, o.stability);
        for (int i = 0; c == 0 && i < Math.min(numbers.size(), o.numbers.size()); i++) {
            c = numbers.get(i).compareTo(o.numbers.get(i));
        }
        return c != 0 ? c : Integer.compare(numbers.size(), o.numbers.size());
    }
}
