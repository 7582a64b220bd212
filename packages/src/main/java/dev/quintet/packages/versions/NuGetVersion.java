package dev.quintet.packages.versions;

import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A NuGet version: two to four numeric parts (missing ones are 0), an optional SemVer 2.0 pre-release compared
 * without regard to case, and build metadata that is never ordered on.
 */
record NuGetVersion(List<BigInteger> release, List<String> pre) implements Comparable<NuGetVersion> {

    private static final Pattern FORM = Pattern.compile(
            "(\\d+)\\.(\\d+)(?:\\.(\\d+))?(?:\\.(\\d+))?(?:-([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))?(?:\\+[0-9A-Za-z-.]*)?");

    static Optional<NuGetVersion> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        String t = text.strip();
        Matcher m = FORM.matcher(t.matches("\\d+") ? t + ".0" : t);
        if (!m.matches()) {
            return Optional.empty();
        }
        List<BigInteger> release = java.util.stream.IntStream.rangeClosed(1, 4)
                .mapToObj(i -> m.group(i) == null ? BigInteger.ZERO : new BigInteger(m.group(i))).toList();
        List<String> pre = m.group(5) == null ? List.of() : List.of(m.group(5).toLowerCase(Locale.ROOT).split("\\."));
        return Optional.of(new NuGetVersion(release, pre));
    }

    boolean isPrerelease() {
        return !pre.isEmpty();
    }

    /** The first {@code parts} numeric parts equal those of the other version. */
    boolean samePrefix(NuGetVersion other, int parts) {
        return release.subList(0, parts).equals(other.release.subList(0, parts));
    }

    @Override
    public int compareTo(NuGetVersion o) {
        for (int i = 0; i < 4; i++) {
            int c = release.get(i).compareTo(o.release.get(i));
            if (c != 0) {
                return c;
            }
        }
        if (pre.isEmpty() || o.pre.isEmpty()) {
            return Boolean.compare(pre.isEmpty(), o.pre.isEmpty());
        }
        for (int i = 0; i < Math.min(pre.size(), o.pre.size()); i++) {
            String a = pre.get(i);
            String b = o.pre.get(i);
            boolean an = SemanticVersion.isNumeric(a);
            boolean bn = SemanticVersion.isNumeric(b);
            int c = an && bn ? new BigInteger(a).compareTo(new BigInteger(b)) : an != bn ? (an ? -1 : 1) : a.compareTo(b);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(pre.size(), o.pre.size());
    }
}
