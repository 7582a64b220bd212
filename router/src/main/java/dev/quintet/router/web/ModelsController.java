package dev.quintet.router.web;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.catalog.Catalog;
import dev.quintet.router.catalog.Model;
import dev.quintet.router.providers.ProviderConnections;
import dev.quintet.router.routing.EndpointHealth;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /models}, {@code /models/{author}/{slug}/endpoints} and {@code /providers}, OpenRouter-shaped. */
@RestController
final class ModelsController {

    static final Set<String> MODALITIES = Set.of("text", "image", "audio", "video", "file");

    private final Catalog catalog;
    private final ProviderConnections connections;
    private final ModelViews views;

    ModelsController(Catalog catalog, ProviderConnections connections, EndpointHealth health) {
        this.catalog = catalog;
        this.connections = connections;
        this.views = new ModelViews(connections, health);
    }

    @GetMapping({"/api/v1/models", "/v1/models"})
    ModelViews.ModelList models(
            @RequestParam(name = "supported_parameters", required = false) String parameters,
            @RequestParam(name = "output_modalities", required = false) String outputs) {
        Predicate<Model> filter = outputFilter(outputs).and(parameterFilter(parameters));
        return new ModelViews.ModelList(catalog.models().stream().filter(filter).map(views::model).toList());
    }

    @GetMapping({"/api/v1/models/{author}/{slug}/endpoints", "/v1/models/{author}/{slug}/endpoints"})
    Map<String, ModelViews.ModelEndpoints> endpoints(@PathVariable String author, @PathVariable String slug) {
        String id = author + "/" + slug;
        Model model = catalog.model(id).orElseThrow(() -> ApiException.notFound("model '" + id
                + "' is not in the catalog; GET /api/v1/models lists the models"));
        return Map.of("data", views.endpoints(model));
    }

    @GetMapping({"/api/v1/providers", "/v1/providers"})
    Map<String, List<ModelViews.ProviderView>> providers() {
        return Map.of("data", connections.providers().stream().map(views::provider).toList());
    }

    private static Predicate<Model> outputFilter(String outputs) {
        if (outputs != null && outputs.equals("all")) {
            return m -> true;
        }
        List<String> wanted = list(outputs == null ? "text" : outputs);
        for (String w : wanted) {
            if (!MODALITIES.contains(w)) {
                throw ApiException.invalidParameter("output_modalities", "output_modalities must be 'all' or a "
                        + "comma-separated list of " + String.join(", ", MODALITIES.stream().sorted().toList())
                        + ", got '" + w + "'");
            }
        }
        return m -> m.outputModalities().stream().anyMatch(wanted::contains);
    }

    private static Predicate<Model> parameterFilter(String parameters) {
        if (parameters == null || parameters.isBlank()) {
            return m -> true;
        }
        List<String> wanted = list(parameters);
        return m -> m.supportsAll(wanted);
    }

    private static List<String> list(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
