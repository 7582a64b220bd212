package dev.quintet.packages.ingest;

import dev.quintet.packages.registry.debian.DebianIndex;
import java.time.Duration;

/**
 * What one ingestion of one index did.
 *
 * @param paragraphs packages read from the index (skipped ones not counted)
 * @param skipped paragraphs left out as unusable (malformed, or a package and version listed twice)
 * @param removed packages the index listed before and no longer does
 * @param detail why it failed or was skipped, or the first reasons paragraphs were skipped; empty otherwise
 */
public record IngestionOutcome(DebianIndex index, Result result, int paragraphs, int skipped, int removed,
                               Duration took, String detail) {

    /** How an ingestion ended. */
    public enum Result {
        /** The index was read and stored. */
        INGESTED,
        /** The index had not changed since it was last read (HTTP 304, or the same SHA256 in the Release file). */
        UNCHANGED,
        /** Another node (or thread) was ingesting; nothing was done. */
        BUSY,
        /** The download, its checksum or the store failed; nothing of it was stored. */
        FAILED
    }
}
