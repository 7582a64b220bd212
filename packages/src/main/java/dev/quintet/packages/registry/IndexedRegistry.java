package dev.quintet.packages.registry;

/**
 * A registry served from its whole published index, ingested in bulk on a schedule, instead of fetched package by
 * package: look-ups read the store only, and none of its packages is fetched on demand or refreshed in the background.
 */
public interface IndexedRegistry extends RegistryAdapter {

    /** How far ingestion has come; names missing from the store are unknown only once every index was ingested. */
    IngestionStatus status();

    /** Never called: packages come from the ingested index, not from a per-package fetch. */
    @Override
    default ProjectFetch fetch(String name, Validators known) {
        throw new UnsupportedOperationException(ecosystem().displayName() + " packages are read from the ingested index");
    }
}
