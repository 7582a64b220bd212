package dev.quintet.packages.versions;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A RubyGems version: dot-separated numeric and letter segments; any letter makes it a pre-release. */
record RubyGemsVersion(List<Object> segments) implements Comparable<RubyGemsVersion> {

    private static final Pattern FORM = Pattern.compile("[0-9]+(?:\\.[0-9a-zA-Z]+)*(?:-[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?");
    private static final Pattern SEGMENT = Pattern.compile("[0-9]+|[a-zA-Z]+");

    static Optional<RubyGemsVersion> parse(String text) {
        if (text == null || !FORM.matcher(text.strip()).matches()) {
            return Optional.empty();
        }
        String normal = text.strip().replace("-", ".pre.");
        List<Object> segments = new ArrayList<>();
        Matcher m = SEGMENT.matcher(normal);
        while (m.find()) {
            String s = m.group();
            segments.add(Character.isDigit(s.charAt(0)) ? (Object) new BigInteger(s) : s);
        }
        return Optional.of(new RubyGemsVersion(List.copyOf(segments)));
    }

    boolean isPrerelease() {
        return segments.stream().anyMatch(String.class::isInstance);
    }

    /** The version without its letter segments and what follows them. */
    RubyGemsVersion release() {
        List<Object> out = new ArrayList<>();
        for (Object s : segments) {
            if (s instanceof String) {
                break;
            }
            out.add(s);
        }
        return new RubyGemsVersion(List.copyOf(out));
    }

    /** The upper bound {@code ~>} uses: drop the last release segment and increment the one before. */
    RubyGemsVersion bump() {
        List<Object> out = new ArrayList<>(release().segments);
        if (out.size() > 1) {
            out.removeLast();
        }
        out.set(out.size() - 1, ((BigInteger) out.getLast()).add(BigInteger.ONE));
        return new RubyGemsVersion(List.copyOf(out));
    }

    private List<Object> canonical() {
        int split = 0;
        while (split < segments.size() && !(segments.get(split) instanceof String)) {
            split++;
        }
        List<Object> out = new ArrayList<>(trimZeros(segments.subList(0, split)));
        out.addAll(trimZeros(segments.subList(split, segments.size())));
        return out;
    }

    private static List<Object> trimZeros(List<Object> part) {
        int end = part.size();
        while (end > 0 && BigInteger.ZERO.equals(part.get(end - 1))) {
            end--;
        }
        return part.subList(0, end);
    }

    @Override
    public int compareTo(RubyGemsVersion o) {
        List<Object> a = canonical();
        List<Object> b = o.canonical();
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            Object x = i < a.size() ? a.get(i) : BigInteger.ZERO;
            Object y = i < b.size() ? b.get(i) : BigInteger.ZERO;
            if (x.equals(y)) {
                continue;
            }
            if (x instanceof String && y instanceof BigInteger) {
                return -1;
            }
            if (x instanceof BigInteger && y instanceof String) {
                return 1;
            }
            return x instanceof BigInteger bx ? bx.compareTo((BigInteger) y) : ((String) x).compareTo((String) y);
        }
        return 0;
    }
}
