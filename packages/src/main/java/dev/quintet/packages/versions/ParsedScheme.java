package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** A scheme whose numbers parse to a comparable value; unparsable numbers sort first, then by text. */
abstract class ParsedScheme<V extends Comparable<V>> implements VersionScheme {

    abstract Optional<V> parse(String version);

    @Override
    public final int compare(String left, String right) {
        return compare(parse(left), left, parse(right), right);
    }

    /** As the default, but each number is parsed once rather than once per comparison. */
    @Override
    public final <T> List<T> sort(Collection<T> items, Function<T, String> number) {
        record Read<T, V>(T item, String text, Optional<V> parsed) {
        }
        List<Read<T, V>> read = new ArrayList<>(items.size());
        for (T item : items) {
            String text = number.apply(item);
            read.add(new Read<>(item, text, parse(text)));
        }
        read.sort((l, r) -> compare(l.parsed(), l.text(), r.parsed(), r.text()));
        return read.stream().map(Read::item).toList();
    }

    private int compare(Optional<V> l, String left, Optional<V> r, String right) {
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
