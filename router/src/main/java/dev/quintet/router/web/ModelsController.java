package dev.quintet.router.web;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.catalog.Catalog;
import dev.quintet.router.catalog.Model;
import dev.quintet.router.providers.ProviderConnections;
import dev.quintet.router.routing.EndpointHealth;
import dev.quintet.router.routing.FreeModels;
import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /models} (filtered by {@link ModelFilter}, sorted by {@link ModelSort}, paged by {@link ModelPage}),
 * {@code /models/count}, {@code /model/{author}/{slug}}, {@code /models/{author}/{slug}/endpoints} and
 * {@code /providers}, OpenRouter-shaped; the free models router ({@link FreeModels#ID}) is listed as a model.
 */
@RestController
final class ModelsController {

    private final Catalog catalog;
    /** The catalog's models and, when free models are configured, the free models router as one more. */
    private final List<Model> listed;
    private final ProviderConnections connections;
    private final ModelViews views;
    private final ModelFigures figures;

    ModelsController(Catalog catalog, ProviderConnections connections, EndpointHealth health, FreeModels free) {
        this.catalog = catalog;
        this.listed = Stream.concat(catalog.models().stream(), free.asModel().stream()).toList();
        this.connections = connections;
        this.views = new ModelViews(connections, health);
        this.figures = new ModelFigures(views, connections, health);
    }

    @GetMapping({"/api/v1/models", "/v1/models"})
    ModelViews.ModelList models(ModelFilter filter, @RequestParam(name = "sort", required = false) String sort,
                                @RequestParam(name = "offset", required = false) String offset,
                                @RequestParam(name = "limit", required = false) String limit,
                                HttpServletRequest request) {
        Predicate<Model> matches = filter.predicate();
        ModelSort order = ModelSort.parse(sort);
        ModelPage page = ModelPage.parse(offset, limit);
        List<Model> models = listed.stream().filter(matches).toList();
        if (order != null) {
            models = order.sort(models, figures);
        }
        return new ModelViews.ModelList(page.of(models).stream().map(views::model).toList(), models.size(),
                page.next(request, models.size()));
    }

    /** How many models {@code GET /models} lists with the same filters, on all its pages. */
    @GetMapping({"/api/v1/models/count", "/v1/models/count"})
    Map<String, Map<String, Long>> count(ModelFilter filter) {
        Predicate<Model> matches = filter.predicate();
        return Map.of("data", Map.of("count", listed.stream().filter(matches).count()));
    }

    /** One model in the view of the list; an id the catalog lists with a variant suffix ({@code :free}) is its own. */
    @GetMapping({"/api/v1/model/{author}/{slug}", "/v1/model/{author}/{slug}"})
    Map<String, ModelViews.ModelView> model(@PathVariable String author, @PathVariable String slug) {
        return Map.of("data", views.model(find(author, slug)));
    }

    /**
     * One model, unwrapped, as OpenAI's {@code GET /models/{model}} answers ({@code id}, {@code object: "model"},
     * {@code created}, {@code owned_by}, and the list's other fields): what OpenAI's clients' {@code retrieve} reads.
     */
    @GetMapping({"/api/v1/models/{author}/{slug}", "/v1/models/{author}/{slug}"})
    ModelViews.ModelView retrieve(@PathVariable String author, @PathVariable String slug) {
        return views.model(find(author, slug));
    }

    @GetMapping({"/api/v1/models/{author}/{slug}/endpoints", "/v1/models/{author}/{slug}/endpoints"})
    Map<String, ModelViews.ModelEndpoints> endpoints(@PathVariable String author, @PathVariable String slug) {
        return Map.of("data", views.endpoints(find(author, slug)));
    }

    @GetMapping({"/api/v1/providers", "/v1/providers"})
    Map<String, List<ModelViews.ProviderView>> providers() {
        return Map.of("data", connections.providers().stream().map(views::provider).toList());
    }

    private Model find(String author, String slug) {
        String id = author + "/" + slug;
        return catalog.model(id).or(() -> listed.stream().filter(m -> m.id().equals(id)).findFirst())
                .orElseThrow(() -> ApiException.notFound("model '" + id
                        + "' is not in the catalog; GET /api/v1/models lists the models"));
    }
}
