package dev.quintet.router.routing;

import dev.quintet.router.billing.FreeTier;
import dev.quintet.router.catalog.Catalog;
import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.catalog.Model;
import dev.quintet.router.providers.ProviderConnections;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * OpenRouter's free models router, {@value #ID}: every model with a free endpoint configured here (a {@code :free}
 * id or an endpoint priced 0), each holding only those endpoints, found once, since the catalog and the configured
 * providers do not change while the router runs. {@link EndpointSelector} tries them; {@code GET /models} lists the
 * router as a model of its own ({@link #asModel}), so that clients picking from the list can pick it.
 */
public final class FreeModels {

    public static final String ID = "openrouter/free";
    private static final String DESCRIPTION = "Any free model configured here that can take the request, the first "
            + "drawn at random, up to five tried in turn; no credit needed, the free-model allowance applies.";

    private final List<Model> models;
    private final Optional<Model> asModel;

    public FreeModels(Catalog catalog, ProviderConnections connections) {
        List<Model> free = new ArrayList<>();
        for (Model m : catalog.models()) {
            List<Endpoint> endpoints = m.endpoints().stream()
                    .filter(e -> FreeTier.isFree(m, e) && connections.isConfigured(e.provider())).toList();
            if (!endpoints.isEmpty()) {
                free.add(new Model(m.id(), m.name(), m.created(), m.description(), m.contextLength(),
                        m.inputModalities(), m.outputModalities(), endpoints));
            }
        }
        this.models = List.copyOf(free);
        this.asModel = models.isEmpty() ? Optional.empty() : Optional.of(routerModel(models));
    }

    /** The free models configured here, each with only its free configured endpoints. */
    public List<Model> models() {
        return models;
    }

    /**
     * The router as a model: the free endpoints of all free models, the input and output modalities any of them
     * takes, created when the newest of them entered the catalog; empty when no free model is configured.
     */
    public Optional<Model> asModel() {
        return asModel;
    }

    private static Model routerModel(List<Model> models) {
        Set<String> inputs = new LinkedHashSet<>();
        Set<String> outputs = new LinkedHashSet<>();
        List<Endpoint> endpoints = new ArrayList<>();
        long created = 0;
        for (Model m : models) {
            inputs.addAll(m.inputModalities());
            outputs.addAll(m.outputModalities());
            endpoints.addAll(m.endpoints());
            created = Math.max(created, m.created());
        }
        return new Model(ID, "Free Models Router", created, DESCRIPTION, null, List.copyOf(inputs),
                List.copyOf(outputs), endpoints);
    }
}
