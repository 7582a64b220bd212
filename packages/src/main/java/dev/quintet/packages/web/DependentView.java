package dev.quintet.packages.web;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.StoredDependent;

/**
 * One dependent project: its name and platform, its current version (latest stable, else latest: what
 * {@code /{version}/dependencies} resolves {@code latest} to) and how that version depends on the project.
 */
record DependentView(String name, String platform, String version, String requirements, String kind,
                     boolean optional, String declared) {

    static DependentView of(Ecosystem ecosystem, StoredDependent d) {
        return new DependentView(d.name(), ecosystem.displayName(), d.version(), d.requirements(), d.kind(),
                d.optional(), d.declared());
    }
}
