package dev.quintet.packages.versions;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PEP 440 version: epoch, release, pre-release (a/b/rc), post-release, dev-release and local label, normalised
 * ({@code 1.0-ALPHA.1} equals {@code 1.0a1}) and ordered as the PEP specifies.
 */
record Pep440Version(long epoch, List<BigInteger> release, String preLabel, BigInteger pre, BigInteger post,
                     BigInteger dev, List<String> local) implements Comparable<Pep440Version> {

    private static final Pattern FORM = Pattern.compile(
            "v?(?:(\\d+)!)?(\\d+(?:\\.\\d+)*)"
                    + "(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\\d+)?)?"
                    + "(?:-(\\d+)|[-_.]?(post|rev|r)[-_.]?(\\d+)?)?"
                    + "(?:[-_.]?(dev)[-_.]?(\\d+)?)?"
                    + "(?:\\+([a-z0-9]+(?:[-_.][a-z0-9]+)*))?",
            Pattern.CASE_INSENSITIVE);

    static Optional<Pep440Version> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = FORM.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return Optional.empty();
        }
        List<BigInteger> release = new ArrayList<>();
        for (String part : m.group(2).split("\\.")) {
            release.add(new BigInteger(part));
        }
        String preLabel = m.group(3) == null ? null : switch (m.group(3)) {
            case "alpha", "a" -> "a";
            case "beta", "b" -> "b";
            default -> "rc";
        };
        BigInteger pre = preLabel == null ? null : number(m.group(4));
        BigInteger post = m.group(5) != null ? new BigInteger(m.group(5)) : m.group(6) != null ? number(m.group(7)) : null;
        BigInteger dev = m.group(8) == null ? null : number(m.group(9));
        List<String> local = m.group(10) == null ? List.of() : List.of(m.group(10).split("[-_.]"));
        long epoch = m.group(1) == null ? 0 : Long.parseLong(m.group(1));
        return Optional.of(new Pep440Version(epoch, List.copyOf(release), preLabel, pre, post, dev, local));
    }

    private static BigInteger number(String digits) {
        return digits == null ? BigInteger.ZERO : new BigInteger(digits);
    }

    boolean isPrerelease() {
        return preLabel != null || dev != null;
    }

    boolean isPostRelease() {
        return post != null;
    }

    Pep440Version publicVersion() {
        return new Pep440Version(epoch, release, preLabel, pre, post, dev, List.of());
    }

    Pep440Version baseVersion() {
        return new Pep440Version(epoch, release, null, null, null, null, List.of());
    }

    @Override
    public int compareTo(Pep440Version o) {
        int c = Long.compare(epoch, o.epoch);
        if (c == 0) {
            c = compareRelease(release, o.release);
        }
        if (c == 0) {
            c = Integer.compare(preRank(), o.preRank());
        }
        if (c == 0 && preLabel != null) {
            c = preLabel.compareTo(o.preLabel) != 0 ? preLabel.compareTo(o.preLabel) : pre.compareTo(o.pre);
        }
        if (c == 0) {
            c = compareOptional(post, o.post, -1);
        }
        if (c == 0) {
            c = compareOptional(dev, o.dev, 1);
        }
        return c != 0 ? c : compareLocal(local, o.local);
    }

    private int preRank() {
        if (preLabel == null && post == null && dev != null) {
            return -1;
        }
        return preLabel == null ? 1 : 0;
    }

    static int compareRelease(List<BigInteger> a, List<BigInteger> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            BigInteger x = i < a.size() ? a.get(i) : BigInteger.ZERO;
            BigInteger y = i < b.size() ? b.get(i) : BigInteger.ZERO;
            int c = x.compareTo(y);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static int compareOptional(BigInteger a, BigInteger b, int absentSign) {
        if (a == null || b == null) {
            return a == b ? 0 : (a == null ? absentSign : -absentSign);
        }
        return a.compareTo(b);
    }

    private static int compareLocal(List<String> a, List<String> b) {
        for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
            boolean an = SemanticVersion.isNumeric(a.get(i));
            boolean bn = SemanticVersion.isNumeric(b.get(i));
            int c = an && bn ? new BigInteger(a.get(i)).compareTo(new BigInteger(b.get(i)))
                    : an != bn ? (an ? 1 : -1) : a.get(i).compareTo(b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(a.size(), b.size());
    }

    /** The segments prefix matching ({@code ==1.1.*}) compares: epoch, release, then pre, post and dev tokens. */
    List<String> prefixTokens(int releaseLength) {
        List<String> tokens = new ArrayList<>();
        tokens.add(epoch + "!");
        for (int i = 0; i < Math.max(releaseLength, release.size()); i++) {
            tokens.add(i < release.size() ? release.get(i).toString() : "0");
        }
        if (preLabel != null) {
            tokens.add(preLabel + pre);
        }
        if (post != null) {
            tokens.add("post" + post);
        }
        if (dev != null) {
            tokens.add("dev" + dev);
        }
        return tokens;
    }
}
