package dev.quintet.router.routing;

import dev.quintet.router.catalog.Catalog;
import dev.quintet.router.catalog.Model;
import java.util.Optional;

/**
 * A requested model id resolved against the catalog: an id the catalog lists (such as a {@code :free} variant) is
 * that model; otherwise {@code :nitro} is the base model sorted by throughput and {@code :floor} the base model
 * sorted by price.
 *
 * @param sort the variant's sort, null for none
 */
record ModelVariant(Model model, ProviderSort sort) {

    static Optional<ModelVariant> resolve(String id, Catalog catalog) {
        Optional<Model> exact = catalog.model(id);
        if (exact.isPresent()) {
            return exact.map(m -> new ModelVariant(m, null));
        }
        int colon = id.lastIndexOf(':');
        if (colon < 0) {
            return Optional.empty();
        }
        ProviderSort sort = switch (id.substring(colon + 1)) {
            case "nitro" -> ProviderSort.THROUGHPUT;
            case "floor" -> ProviderSort.PRICE;
            default -> null;
        };
        return sort == null ? Optional.empty()
                : catalog.model(id.substring(0, colon)).map(m -> new ModelVariant(m, sort));
    }
}
