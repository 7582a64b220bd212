package dev.quintet.packages.registry.debian;

import java.util.regex.Pattern;

/** One {@code Packages} index of the archive: a suite ({@code stable}, {@code trixie}), a component and an architecture. */
public record DebianIndex(String suite, String component, String architecture) {

    private static final Pattern PART = Pattern.compile("[a-z0-9][a-z0-9._-]*");

    public DebianIndex {
        for (String part : new String[] {suite, component, architecture}) {
            if (part == null || !PART.matcher(part).matches()) {
                throw new IllegalArgumentException("Debian suites, components and architectures are lower-case words"
                        + " such as stable, main, amd64; got '" + part + "'");
            }
        }
    }

    /** The index file's path as the suite's Release file lists it, e.g. {@code main/binary-amd64/Packages.xz}. */
    public String releasePath(String file) {
        return component + "/binary-" + architecture + "/" + file;
    }

    /** The index file's path under the archive root, e.g. {@code /dists/stable/main/binary-amd64/Packages.xz}. */
    public String archivePath(String file) {
        return "/dists/" + suite + "/" + releasePath(file);
    }

    @Override
    public String toString() {
        return suite + "/" + component + "/" + architecture;
    }
}
