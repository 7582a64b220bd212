package dev.quintet.packages.registry.debian;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.IndexedRegistry;
import dev.quintet.packages.registry.IngestionStatus;
import java.util.function.Supplier;

/** Debian, served from its ingested {@code Packages} indexes: look-ups read the store, ingestion reports progress. */
public final class DebianAdapter implements IndexedRegistry {

    private final Supplier<IngestionStatus> status;

    public DebianAdapter(Supplier<IngestionStatus> status) {
        this.status = status;
    }

    @Override
    public Ecosystem ecosystem() {
        return Ecosystem.DEBIAN;
    }

    @Override
    public IngestionStatus status() {
        return status.get();
    }
}
