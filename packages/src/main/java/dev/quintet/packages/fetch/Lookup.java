package dev.quintet.packages.fetch;

import dev.quintet.packages.store.StoredProject;

/**
 * A project as served: fresh, or stale because the upstream failed.
 *
 * @param staleReason what went wrong upstream, when stale
 */
public record Lookup(StoredProject project, boolean stale, String staleReason) {

    static Lookup fresh(StoredProject project) {
        return new Lookup(project, false, null);
    }
}
