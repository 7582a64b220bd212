package dev.quintet.packages.versions;

import java.util.List;
import java.util.Locale;

/** One PEP 440 clause, such as {@code >=1.0} or {@code ==2.1.*}. */
record Pep440Specifier(String operator, String raw, Pep440Version version, boolean prefix) {

    static Pep440Specifier of(String operator, String raw, String whole) {
        if (operator.equals("===")) {
            return new Pep440Specifier(operator, raw, null, false);
        }
        boolean prefix = raw.endsWith(".*");
        if (prefix && !(operator.equals("==") || operator.equals("!="))) {
            throw ParsedScheme.invalid("PEP 440", whole, "uses '.*' with " + operator + "; only == and != take it");
        }
        String number = prefix ? raw.substring(0, raw.length() - 2) : raw;
        Pep440Version v = Pep440Version.parse(number).orElseThrow(() ->
                ParsedScheme.invalid("PEP 440", whole, "names '" + raw + "', which is not a PEP 440 version"));
        if (operator.equals("~=") && v.release().size() < 2) {
            throw ParsedScheme.invalid("PEP 440", whole, "uses ~= with a single release segment; it needs at least two");
        }
        if (!v.local().isEmpty() && !(operator.equals("==") || operator.equals("!=")) || (prefix && !v.local().isEmpty())) {
            throw ParsedScheme.invalid("PEP 440", whole, "puts a local label in a clause that does not allow one");
        }
        return new Pep440Specifier(operator, raw, v, prefix);
    }

    boolean namesPrerelease() {
        return version != null && version.isPrerelease() && !operator.equals("!=");
    }

    boolean matchesText(String candidate) {
        return candidate != null && candidate.strip().toLowerCase(Locale.ROOT).equals(raw.toLowerCase(Locale.ROOT));
    }

    boolean test(Pep440Version candidate, String text) {
        return switch (operator) {
            case "===" -> matchesText(text);
            case "==" -> equal(candidate);
            case "!=" -> !equal(candidate);
            case "~=" -> compatible(candidate);
            case "<=" -> candidate.publicVersion().compareTo(version) <= 0;
            case ">=" -> candidate.publicVersion().compareTo(version) >= 0;
            case "<" -> less(candidate);
            case ">" -> greater(candidate);
            default -> false;
        };
    }

    private boolean equal(Pep440Version candidate) {
        if (prefix) {
            List<String> want = version.prefixTokens(version.release().size());
            List<String> have = candidate.prefixTokens(version.release().size());
            return have.size() >= want.size() && have.subList(0, want.size()).equals(want);
        }
        Pep440Version c = version.local().isEmpty() ? candidate.publicVersion() : candidate;
        return c.compareTo(version) == 0;
    }

    private boolean compatible(Pep440Version candidate) {
        if (candidate.publicVersion().compareTo(version) < 0) {
            return false;
        }
        List<java.math.BigInteger> stem = version.release().subList(0, version.release().size() - 1);
        List<java.math.BigInteger> have = candidate.release();
        for (int i = 0; i < stem.size(); i++) {
            java.math.BigInteger part = i < have.size() ? have.get(i) : java.math.BigInteger.ZERO;
            if (!part.equals(stem.get(i))) {
                return false;
            }
        }
        return candidate.epoch() == version.epoch();
    }

    private boolean less(Pep440Version candidate) {
        Pep440Version c = candidate.publicVersion();
        if (c.compareTo(version) >= 0) {
            return false;
        }
        return version.isPrerelease() || !c.isPrerelease()
                || c.baseVersion().compareTo(version.baseVersion()) != 0;
    }

    private boolean greater(Pep440Version candidate) {
        Pep440Version c = candidate.publicVersion();
        if (c.compareTo(version) <= 0) {
            return false;
        }
        if (!version.isPostRelease() && c.isPostRelease() && c.baseVersion().compareTo(version.baseVersion()) == 0) {
            return false;
        }
        return candidate.local().isEmpty() || c.compareTo(version) != 0;
    }
}
