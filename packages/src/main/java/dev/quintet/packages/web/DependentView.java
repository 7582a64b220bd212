package dev.quintet.packages.web;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.StoredDependent;

/**
 * One dependent project: its name and platform, its current version (latest stable, else latest: what
 * {@code /{version}/dependencies} resolves {@code latest} to) and how that version depends on the project;
 * {@code virtualName} (omitted when null) is the virtual package the dependency names when the project is a dependency
 * target by providing it (Debian).
 */
record DependentView(String name, String platform, String version, String requirements, String kind,
                     boolean optional, String declared, String virtualName) {

    static DependentView of(Ecosystem ecosystem, StoredDependent d) {
        return new DependentView(d.name(), ecosystem.displayName(), d.version(), d.requirements(), d.kind(),
                d.optional(), d.declared(), d.virtualName());
    }
}
