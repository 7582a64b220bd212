package dev.quintet.packages.versions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A conda version as {@code VersionOrder} reads it: an optional epoch ({@code 1!}), the version and an optional
 * local part ({@code +local}), each split at {@code .} and {@code _} ({@code -} reads as {@code _}) into components,
 * each component into runs of digits (integers) and letters (lower-cased strings), with a 0 put first when a
 * component starts with a letter. Strings sort below integers, {@code dev} below every other string and
 * {@code post} above everything; a missing component or sub-component counts as 0, so {@code 1.1 == 1.1.0}.
 */
record CondaVersion(long epoch, List<List<Object>> version, List<List<Object>> local) implements Comparable<CondaVersion> {

    private static final Pattern FORM = Pattern.compile("(?:(\\d{1,9})!)?([A-Za-z0-9._-]+?)(?:\\+([A-Za-z0-9._-]+))?");
    private static final Pattern RUN = Pattern.compile("\\d+|[a-z]+|_");
    private static final List<Object> ZERO = List.of(0L);

    static Optional<CondaVersion> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = FORM.matcher(text.strip().toLowerCase(Locale.ROOT));
        if (!m.matches() || m.group(2).startsWith(".") || m.group(2).contains("..")) {
            return Optional.empty();
        }
        long epoch = m.group(1) == null ? 0 : Long.parseLong(m.group(1));
        return Optional.of(new CondaVersion(epoch, components(m.group(2)),
                m.group(3) == null ? List.of() : components(m.group(3))));
    }

    private static List<List<Object>> components(String text) {
        String t = text.replace('-', '_');
        boolean trailingUnderscore = t.endsWith("_") && t.length() > 1;
        t = trailingUnderscore ? t.substring(0, t.length() - 1) : t;
        List<List<Object>> out = new ArrayList<>();
        for (String component : t.split("[._]")) {
            List<Object> runs = new ArrayList<>();
            Matcher m = RUN.matcher(component);
            while (m.find()) {
                String run = m.group();
                runs.add(Character.isDigit(run.charAt(0)) ? (Object) digits(run) : run);
            }
            if (runs.isEmpty() || runs.getFirst() instanceof String) {
                runs.addFirst(0L);
            }
            out.add(runs);
        }
        if (trailingUnderscore) {
            out.getLast().add("_");
        }
        return out;
    }

    private static long digits(String run) {
        return run.length() > 18 ? Long.MAX_VALUE : Long.parseLong(run);
    }

    /** Whether a string part names a pre-release: dev, alpha, beta, rc, pre, or a/b/c followed by a number. */
    boolean isPrerelease() {
        for (List<Object> component : version) {
            for (int i = 0; i < component.size(); i++) {
                if (component.get(i) instanceof String s && (s.matches("dev|alpha|beta|rc|pre|preview")
                        || (s.matches("[abc]") && i + 1 < component.size() && component.get(i + 1) instanceof Long))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Whether the first components equal those of a prefix ({@code 1.2.*} holds 1.2, 1.2.0 and 1.2.5, not 1.20). */
    boolean startsWith(CondaVersion prefix) {
        if (epoch != prefix.epoch) {
            return false;
        }
        for (int i = 0; i < prefix.version.size(); i++) {
            List<Object> mine = i < version.size() ? version.get(i) : ZERO;
            if (compareComponent(mine, prefix.version.get(i)) != 0) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int compareTo(CondaVersion o) {
        int c = Long.compare(epoch, o.epoch);
        if (c == 0) {
            c = compareComponents(version, o.version);
        }
        return c != 0 ? c : compareComponents(local, o.local);
    }

    private static int compareComponents(List<List<Object>> a, List<List<Object>> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            int c = compareComponent(i < a.size() ? a.get(i) : ZERO, i < b.size() ? b.get(i) : ZERO);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static int compareComponent(List<Object> a, List<Object> b) {
        for (int i = 0; i < Math.max(a.size(), b.size()); i++) {
            int c = compareRun(i < a.size() ? a.get(i) : 0L, i < b.size() ? b.get(i) : 0L);
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static int compareRun(Object x, Object y) {
        if (x instanceof Long lx && y instanceof Long ly) {
            return Long.compare(lx, ly);
        }
        int rx = rank(x);
        int ry = rank(y);
        if (rx != ry) {
            return Integer.compare(rx, ry);
        }
        return x instanceof String sx && y instanceof String sy ? sx.compareTo(sy) : 0;
    }

    /** dev < other strings < integers < post. */
    private static int rank(Object run) {
        if (run instanceof Long) {
            return 2;
        }
        return switch ((String) run) {
            case "dev" -> 0;
            case "post" -> 3;
            default -> 1;
        };
    }
}
