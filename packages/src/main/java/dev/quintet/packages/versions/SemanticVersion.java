package dev.quintet.packages.versions;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A SemVer 2.0 number; build metadata is kept but never ordered on. */
record SemanticVersion(long major, long minor, long patch, List<String> pre, String build)
        implements Comparable<SemanticVersion> {

    private static final Pattern FORM = Pattern.compile(
            "(0|[1-9]\\d{0,17})\\.(0|[1-9]\\d{0,17})\\.(0|[1-9]\\d{0,17})"
                    + "(?:-([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))?(?:\\+([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))?");

    static Optional<SemanticVersion> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = FORM.matcher(text.strip());
        if (!m.matches()) {
            return Optional.empty();
        }
        List<String> pre = m.group(4) == null ? List.of() : List.of(m.group(4).split("\\."));
        if (pre.stream().anyMatch(id -> id.length() > 1 && id.startsWith("0") && isNumeric(id))) {
            return Optional.empty();
        }
        return Optional.of(new SemanticVersion(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)),
                Long.parseLong(m.group(3)), pre, m.group(5)));
    }

    static SemanticVersion of(long major, long minor, long patch) {
        return new SemanticVersion(major, minor, patch, List.of(), null);
    }

    boolean isPrerelease() {
        return !pre.isEmpty();
    }

    boolean sameRelease(SemanticVersion other) {
        return major == other.major && minor == other.minor && patch == other.patch;
    }

    @Override
    public int compareTo(SemanticVersion o) {
        int c = Long.compare(major, o.major);
        if (c == 0) {
            c = Long.compare(minor, o.minor);
        }
        if (c == 0) {
            c = Long.compare(patch, o.patch);
        }
        return c != 0 ? c : comparePre(pre, o.pre);
    }

    private static int comparePre(List<String> a, List<String> b) {
        if (a.isEmpty() || b.isEmpty()) {
            return Boolean.compare(a.isEmpty(), b.isEmpty());
        }
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            int c = compareIdentifier(a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    private static int compareIdentifier(String a, String b) {
        boolean an = isNumeric(a);
        boolean bn = isNumeric(b);
        if (an && bn) {
            return a.length() != b.length() ? Integer.compare(a.length(), b.length()) : a.compareTo(b);
        }
        if (an != bn) {
            return an ? -1 : 1;
        }
        return a.compareTo(b);
    }

    static boolean isNumeric(String s) {
        return !s.isEmpty() && s.chars().allMatch(ch -> ch >= '0' && ch <= '9');
    }
}
