package dev.quintet.router.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * A model as callers name it ({@code author/slug}), with the endpoints that serve it.
 *
 * @param created when the model entered the catalog, in Unix seconds
 * @param description null where the source has none
 * @param contextLength the context window in tokens, null where unknown
 */
public record Model(String id, String name, long created, String description, Integer contextLength,
                    List<String> inputModalities, List<String> outputModalities, List<Endpoint> endpoints) {

    public Model {
        if (id == null || !id.matches("[^/\\s]+/[^\\s]+")) {
            throw new IllegalArgumentException("model id must look like author/slug, got '" + id + "'");
        }
        name = name == null || name.isBlank() ? id : name;
        inputModalities = List.copyOf(inputModalities);
        outputModalities = List.copyOf(outputModalities);
        endpoints = List.copyOf(endpoints);
    }

    /** The id without a variant suffix such as {@code :free}. */
    public String canonicalSlug() {
        int colon = id.indexOf(':');
        return colon < 0 ? id : id.substring(0, colon);
    }

    /** Parameters at least one endpoint honours; all of {@link Endpoint#PARAMETERS} when one takes any. */
    public List<String> supportedParameters() {
        TreeSet<String> all = new TreeSet<>();
        for (Endpoint e : endpoints) {
            all.addAll(e.supportedParameters() == null ? Endpoint.PARAMETERS : e.supportedParameters());
        }
        return List.copyOf(all);
    }

    public boolean supportsAll(List<String> parameters) {
        return endpoints.stream().anyMatch(e -> parameters.stream().allMatch(e::supports));
    }

    /** This model with {@code endpoint} added, replacing an endpoint of the same provider. */
    public Model withEndpoint(Endpoint endpoint) {
        List<Endpoint> next = new ArrayList<>(endpoints);
        next.removeIf(e -> Objects.equals(e.provider(), endpoint.provider()));
        next.add(endpoint);
        Integer context = contextLength != null ? contextLength : endpoint.contextLength();
        return new Model(id, name, created, description, context, inputModalities, outputModalities, next);
    }
}
