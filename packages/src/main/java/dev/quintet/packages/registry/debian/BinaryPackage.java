package dev.quintet.packages.registry.debian;

import dev.quintet.packages.registry.UpstreamDependency;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One paragraph of a {@code Packages} index: a binary package at one version.
 *
 * @param source the source package it was built from ({@code Source}, else the package itself)
 * @param sourceVersion the source's version when it differs ({@code Source: perl (5.40.1-6)}), else null
 * @param description the first line of {@code Description} (the synopsis)
 * @param dependencies {@code Pre-Depends} and {@code Depends} (runtime), {@code Recommends} (runtime, optional) and
 *                     {@code Suggests} (kind optional), one row per alternative, each carrying its whole relation as
 *                     declared; alternatives restricted to other architectures are left out
 * @param provides the virtual packages it declares in {@code Provides}, in order (entries restricted to other
 *                 architectures left out)
 * @param relationsDigest a digest of the relation fields and {@code Provides} as written, to tell whether a version's
 *                        dependencies or what it provides changed
 */
public record BinaryPackage(String name, String version, String architecture, String source, String sourceVersion,
                            String homepage, String section, String maintainer, String description,
                            List<UpstreamDependency> dependencies, List<Provided> provides, String relationsDigest) {

    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9+.-]+");
    private static final Pattern SOURCE = Pattern.compile("([^\\s(]+)\\s*(?:\\(\\s*([^\\s)]+)\\s*\\))?");
    private static final String DIGEST_FORMAT = "relations-2\n";

    /** The relation fields read, in order, with the kind and optionality of their dependencies. */
    private enum Field {
        PRE_DEPENDS("Pre-Depends", "runtime", false),
        DEPENDS("Depends", "runtime", false),
        RECOMMENDS("Recommends", "runtime", true),
        SUGGESTS("Suggests", "optional", true);

        private final String name;
        private final String kind;
        private final boolean optional;

        Field(String name, String kind, boolean optional) {
            this.name = name;
            this.kind = kind;
            this.optional = optional;
        }
    }

    /**
     * A virtual package the package provides: its name (an architecture qualifier dropped) and, for a versioned
     * {@code Provides} ({@code libcurl4 (= 8.14.1-2)}), the version provided, else null. dpkg takes only {@code =}
     * there and merely warns about other relations: such an entry still provides the name, with no version.
     */
    public record Provided(String name, String version) {
    }

    public BinaryPackage {
        dependencies = List.copyOf(dependencies);
        provides = List.copyOf(provides);
    }

    /**
     * Reads a paragraph of the index of {@code indexArchitecture}.
     *
     * @throws IllegalArgumentException naming what makes the paragraph unusable: no {@code Package} or {@code Version},
     *                                  a name Debian does not allow, a relation that cannot be read
     */
    public static BinaryPackage of(ControlParagraph paragraph, String indexArchitecture) {
        String name = paragraph.get("Package");
        String version = paragraph.get("Version");
        if (name == null || version == null) {
            throw new IllegalArgumentException("paragraph at line " + paragraph.line() + " has no "
                    + (name == null ? "Package" : "Version"));
        }
        if (!NAME.matcher(name).matches() || version.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("paragraph at line " + paragraph.line() + " names package '" + name
                    + "' version '" + version + "', which Debian does not allow");
        }
        String source = paragraph.get("Source");
        Matcher sourceParts = SOURCE.matcher(source == null ? name : source.strip());
        if (!sourceParts.matches()) {
            throw new IllegalArgumentException("paragraph of " + name + " " + version + " has Source '" + source
                    + "', which is not 'name' or 'name (version)'");
        }
        String description = paragraph.get("Description");
        List<UpstreamDependency> dependencies = new ArrayList<>();
        StringBuilder relations = new StringBuilder(DIGEST_FORMAT);
        for (Field field : Field.values()) {
            String value = paragraph.get(field.name);
            relations.append(value == null ? "" : value).append('\n');
            try {
                dependencies.addAll(dependencies(value, field, indexArchitecture));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("paragraph of " + name + " " + version + ": " + field.name + ": "
                        + e.getMessage());
            }
        }
        String providesField = paragraph.get("Provides");
        relations.append(providesField == null ? "" : providesField).append('\n');
        List<Provided> provides;
        try {
            provides = provides(providesField, indexArchitecture);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("paragraph of " + name + " " + version + ": Provides: "
                    + e.getMessage());
        }
        return new BinaryPackage(name, version, paragraph.get("Architecture"), sourceParts.group(1), sourceParts.group(2),
                paragraph.get("Homepage"), paragraph.get("Section"), paragraph.get("Maintainer"),
                description == null ? null : description.lines().findFirst().map(String::strip).orElse(null),
                dependencies, provides, digest(relations.toString()));
    }

    private static List<Provided> provides(String value, String architecture) {
        List<Provided> out = new ArrayList<>();
        for (PackageRelations.Alternative entry : PackageRelations.provides(value)) {
            if (entry.appliesOn(architecture)) {
                out.add(new Provided(entry.name(), "=".equals(entry.operator()) ? entry.version() : null));
            }
        }
        return out;
    }

    private static List<UpstreamDependency> dependencies(String value, Field field, String architecture) {
        List<UpstreamDependency> out = new ArrayList<>();
        for (PackageRelations.Relation relation : PackageRelations.parse(value)) {
            for (PackageRelations.Alternative alternative : relation.alternatives()) {
                if (alternative.appliesOn(architecture)) {
                    out.add(new UpstreamDependency(alternative.name(), alternative.requirement(), field.kind,
                            field.optional, relation.text()));
                }
            }
        }
        return out;
    }

    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK has no SHA-256", e);
        }
    }
}
