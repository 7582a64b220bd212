package dev.quintet.packages.fetch;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.IngestionStatus;
import dev.quintet.platform.errors.ApiException;

/** The API error for a name missing from an ingested index: unknown once ingested, else not known yet (503). */
final class IngestionErrors {

    private IngestionErrors() {
    }

    static ApiException unknown(Ecosystem ecosystem, String name, IngestionStatus status) {
        if (status.complete()) {
            return ApiException.notFound("no " + ecosystem.displayName() + " package named '" + name + "' is in "
                    + status.indexes());
        }
        long seconds = Math.max(1, status.retryAfter().toSeconds());
        return new ApiException(503, "ingestion_pending", ecosystem.displayName() + " packages are served from "
                + status.indexes() + ", whose first ingestion has not finished (" + status.progress()
                + "); '" + name + "' may be there: try again in " + seconds + " seconds")
                .withHeader("Retry-After", Long.toString(seconds));
    }
}
