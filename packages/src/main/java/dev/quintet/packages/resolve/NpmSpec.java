package dev.quintet.packages.resolve;

import dev.quintet.packages.versions.NpmVersions;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * An npm requirement as read: the package it names (an {@code npm:} alias names another one) and its range, which
 * may be a dist-tag.
 */
record NpmSpec(String name, String range) {

    private static final NpmVersions NPM = new NpmVersions();
    private static final Pattern TAG = Pattern.compile("(?![xX](\\.|$))(?!v\\d)[A-Za-z][A-Za-z0-9._-]*");

    static NpmSpec of(String declaredName, String requirement) {
        String text = requirement == null ? "" : requirement.strip();
        if (text.startsWith("npm:")) {
            String aliased = text.substring(4);
            int at = aliased.indexOf('@', 1);
            return at < 0 ? new NpmSpec(aliased, "*") : new NpmSpec(aliased.substring(0, at), aliased.substring(at + 1));
        }
        return new NpmSpec(declaredName, text.isEmpty() ? "*" : text);
    }

    /** Why the range cannot be resolved from the registry (a git, URL or path dependency, or garbage), if it cannot. */
    Optional<String> problem() {
        if (isTag()) {
            return Optional.empty();
        }
        try {
            NPM.requirement(range);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    boolean isTag() {
        return TAG.matcher(range).matches();
    }

    boolean isAny() {
        return range.equals("*") || range.equals("x") || range.equals("X");
    }
}
