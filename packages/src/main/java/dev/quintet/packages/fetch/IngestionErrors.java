package dev.quintet.packages.fetch;

import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.registry.IngestionStatus;
import dev.quintet.platform.errors.ApiException;
import java.util.List;
import java.util.function.Supplier;

/**
 * The API error for a name missing from an ingested index: unknown once ingested (or a virtual package, when packages
 * of the index provide it), else not known yet (503).
 */
final class IngestionErrors {

    /** At most this many providers are named in the answer for a virtual package. */
    static final int PROVIDERS_NAMED = 50;

    private IngestionErrors() {
    }

    /**
     * @param providers the packages of the ingested indexes that provide the name as a virtual package, read only once
     *                  every index was ingested
     */
    static ApiException unknown(Ecosystem ecosystem, String name, IngestionStatus status,
                                Supplier<List<String>> providers) {
        if (status.complete()) {
            List<String> provided = providers.get();
            if (!provided.isEmpty()) {
                return virtual(ecosystem, name, status, provided);
            }
            return ApiException.notFound("no " + ecosystem.displayName() + " package named '" + name + "' is in "
                    + status.indexes());
        }
        long seconds = Math.max(1, status.retryAfter().toSeconds());
        return new ApiException(503, "ingestion_pending", ecosystem.displayName() + " packages are served from "
                + status.indexes() + ", whose first ingestion has not finished (" + status.progress()
                + "); '" + name + "' may be there: try again in " + seconds + " seconds")
                .withHeader("Retry-After", Long.toString(seconds));
    }

    private static ApiException virtual(Ecosystem ecosystem, String name, IngestionStatus status,
                                        List<String> providers) {
        String named = String.join(", ", providers.subList(0, Math.min(providers.size(), PROVIDERS_NAMED)))
                + (providers.size() > PROVIDERS_NAMED ? " and " + (providers.size() - PROVIDERS_NAMED) + " more" : "");
        return new ApiException(404, "virtual_package", "'" + name + "' is a virtual " + ecosystem.displayName()
                + " package in " + status.indexes() + ": no package has that name, but "
                + (providers.size() == 1 ? "one package provides" : providers.size() + " packages provide") + " it: "
                + named + "; look those up by name (their dependents include the packages that depend on '" + name
                + "')");
    }
}
