package dev.quintet.router.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The models the router knows, keyed by id. Immutable; {@link #withEndpoint} returns a new catalog.
 */
public final class Catalog {

    /** Where the shipped catalog lives on the class path. */
    public static final String RESOURCE = "/dev/quintet/router/catalog/catalog.json";

    private final String version;
    private final Map<String, Model> models;

    Catalog(String version, Collection<Model> models) {
        this.version = version;
        Map<String, Model> byId = new LinkedHashMap<>();
        for (Model m : models) {
            if (byId.put(m.id(), m) != null) {
                throw new IllegalArgumentException("model id " + m.id() + " appears twice in the catalog");
            }
        }
        this.models = Collections.unmodifiableMap(byId);
    }

    /** The catalog shipped in this module. */
    public static Catalog bundled() {
        try (InputStream in = Catalog.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the catalog resource " + RESOURCE + " is missing from the class path");
            }
            return read(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Catalog read(InputStream json) {
        return CatalogFile.read(json);
    }

    /** The date of the data the catalog was built from. */
    public String version() {
        return version;
    }

    public List<Model> models() {
        return List.copyOf(models.values());
    }

    public Optional<Model> model(String id) {
        return Optional.ofNullable(models.get(id));
    }

    /**
     * This catalog with {@code endpoint} serving {@code modelId}; a model not yet known is added with the given
     * name, text in and out.
     */
    public Catalog withEndpoint(String modelId, String name, long created, Endpoint endpoint) {
        Map<String, Model> next = new LinkedHashMap<>(models);
        Model model = models.get(modelId);
        if (model == null) {
            model = new Model(modelId, name, created, null, endpoint.contextLength(), List.of("text"), List.of("text"),
                    List.of());
        }
        next.put(modelId, model.withEndpoint(endpoint));
        return new Catalog(version, next.values());
    }
}
