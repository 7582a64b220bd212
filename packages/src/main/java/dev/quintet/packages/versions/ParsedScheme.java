package dev.quintet.packages.versions;

import java.util.Optional;

/** A scheme whose numbers parse to a comparable value; unparsable numbers sort first, then by text. */
abstract class ParsedScheme<V extends Comparable<V>> implements VersionScheme {

    abstract Optional<V> parse(String version);

    @Override
    public final int compare(String left, String right) {
        Optional<V> l = parse(left);
        Optional<V> r = parse(right);
        if (l.isPresent() && r.isPresent()) {
            int c = l.get().compareTo(r.get());
            return c != 0 ? c : left.compareTo(right);
        }
        if (l.isPresent() != r.isPresent()) {
            return l.isPresent() ? 1 : -1;
        }
        return left.compareTo(right);
    }

    @Override
    public final boolean isEquivalent(String left, String right) {
        Optional<V> l = parse(left);
        Optional<V> r = parse(right);
        return l.isPresent() && r.isPresent() ? l.get().compareTo(r.get()) == 0 : left.equals(right);
    }

    @Override
    public final boolean isValid(String version) {
        return version != null && parse(version).isPresent();
    }

    static IllegalArgumentException invalid(String ecosystem, String text, String rule) {
        return new IllegalArgumentException(ecosystem + " requirement '" + text + "' " + rule);
    }
}
