package dev.quintet.packages.versions;

import dev.quintet.packages.versions.CargoVersions.Bounds;

/** Turns one Cargo comparator (operator plus a possibly partial version) into bounds, as the Cargo book tabulates. */
final class CargoBounds {

    private CargoBounds() {
    }

    static Bounds of(String op, SemanticVersion low, Long minor, Long patch, SemanticVersion anchor) {
        long major = low.major();
        return switch (op) {
            case "^" -> new Bounds(low, true, caretUpper(major, minor, patch), false, anchor);
            case "~" -> new Bounds(low, true, minor == null ? next(major + 1, 0, 0) : next(major, minor + 1, 0), false, anchor);
            case "=" -> exact(low, minor, patch, anchor);
            case ">" -> minor == null ? new Bounds(next(major + 1, 0, 0), true, null, false, anchor)
                    : patch == null ? new Bounds(next(major, minor + 1, 0), true, null, false, anchor)
                    : new Bounds(low, false, null, false, anchor);
            case ">=" -> new Bounds(low, true, null, false, anchor);
            case "<" -> new Bounds(null, false, low, false, anchor);
            case "<=" -> minor == null ? new Bounds(null, false, next(major + 1, 0, 0), false, anchor)
                    : patch == null ? new Bounds(null, false, next(major, minor + 1, 0), false, anchor)
                    : new Bounds(null, false, low, true, anchor);
            default -> throw new IllegalArgumentException("Cargo operator " + op + " is not known");
        };
    }

    private static Bounds exact(SemanticVersion low, Long minor, Long patch, SemanticVersion anchor) {
        long major = low.major();
        if (minor == null) {
            return new Bounds(low, true, next(major + 1, 0, 0), false, anchor);
        }
        if (patch == null) {
            return new Bounds(low, true, next(major, minor + 1, 0), false, anchor);
        }
        return new Bounds(low, true, low, true, anchor);
    }

    private static SemanticVersion caretUpper(long major, Long minor, Long patch) {
        if (major > 0 || minor == null) {
            return next(major + 1, 0, 0);
        }
        if (minor > 0 || patch == null) {
            return next(0, minor + 1, 0);
        }
        return next(0, 0, patch + 1);
    }

    private static SemanticVersion next(long major, long minor, long patch) {
        return SemanticVersion.of(major, minor, patch);
    }
}
