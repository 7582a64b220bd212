package dev.quintet.packages.versions;

/** A parsed dependency requirement of one ecosystem. */
@FunctionalInterface
public interface VersionRequirement {

    /** Whether the version number satisfies the requirement; numbers the scheme cannot read never do. */
    boolean isSatisfiedBy(String version);
}
