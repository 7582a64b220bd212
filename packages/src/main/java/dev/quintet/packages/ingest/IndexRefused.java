package dev.quintet.packages.ingest;

/** A downloaded index does not match its Release file; thrown inside the ingestion transaction to roll it back. */
final class IndexRefused extends RuntimeException {

    IndexRefused(String detail) {
        super(detail);
    }
}
