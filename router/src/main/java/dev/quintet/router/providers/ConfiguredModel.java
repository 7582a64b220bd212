package dev.quintet.router.providers;

import dev.quintet.router.catalog.Endpoint;

/** A model endpoint added by the config file: a catalog id (or a new one) served by a provider. */
public record ConfiguredModel(String id, String name, Endpoint endpoint) {
}
