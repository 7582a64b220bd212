package dev.quintet.router.routing;

import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.catalog.Model;
import dev.quintet.router.providers.Connection;

/** One endpoint to try for a request: the model, the provider's offer of it, and how to reach the provider. */
public record Candidate(Model model, Endpoint endpoint, Connection connection) {

    public String providerName() {
        return connection.provider().name();
    }
}
