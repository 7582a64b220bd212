package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.catalog.Catalog;
import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.catalog.Model;
import dev.quintet.router.providers.Connection;
import dev.quintet.router.providers.DataPolicy;
import dev.quintet.router.providers.Provider;
import dev.quintet.router.providers.ProviderConnections;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a request into the ordered endpoints to try: per model in {@code model}/{@code models} order, the
 * configured endpoints that meet the caller's provider preferences and can take the request whole
 * ({@link RequestFit}), ranked by {@link EndpointRanking}. An endpoint
 * named again (by {@code x:nitro} and {@code x}, say) keeps its first place; a {@code :free} model the catalog lists
 * is a model of its own, with endpoints of its own. Endpoints of every model that meet the preferred latency and
 * throughput go before those not measured yet, and those before the ones that miss them. Endpoints cooling down
 * after failures go last, soonest recovered first, so they are tried only when every other has failed. The id
 * {@link FreeModels#ID} stands for every free model configured here.
 */
public final class EndpointSelector {

    /**
     * The most free endpoints one {@link FreeModels#ID} request tries: enough to get past a few refusing at once
     * (free endpoints are often rate-limited), few enough that one request of the free allowance cannot become
     * dozens of upstream calls.
     */
    static final int FREE_ATTEMPTS = 5;

    /** Seconds a caller is asked to wait after a 503 for a model without a configured endpoint. */
    private static final String NO_ENDPOINT_RETRY = "60";

    private final Catalog catalog;
    private final ProviderConnections connections;
    private final EndpointHealth health;
    private final EndpointRanking ranking;
    private final Provider provider;
    private final List<Model> freeModels;

    /**
     * {@code provider} tells which endpoints' formats have no place for a part of a request; {@code freeModels} are
     * what {@link FreeModels#ID} stands for.
     */
    public EndpointSelector(Catalog catalog, ProviderConnections connections, EndpointHealth health,
                            EndpointDraw draw, Provider provider, FreeModels freeModels) {
        this.catalog = catalog;
        this.provider = provider;
        this.connections = connections;
        this.health = health;
        this.ranking = new EndpointRanking(health, draw);
        this.freeModels = freeModels.models();
    }

    public List<Candidate> candidates(ChatRequest request) {
        // every id resolved before any is tried, so that an unknown one is a 404 first; null: the free models router
        List<ModelVariant> models = request.models().stream()
                .map(id -> id.equals(FreeModels.ID) ? null : resolve(id)).toList();
        List<Candidate> all = new ArrayList<>();
        List<ApiException> reasons = new ArrayList<>();
        Set<String> listed = new HashSet<>();
        RequestFit fit = new RequestFit(request, provider);
        for (ModelVariant m : models) {
            ProviderPreferences prefs = request.preferences().sortedBy(m == null ? null : m.sort());
            List<Candidate> kept = m == null ? freeModels(request, prefs, fit, reasons)
                    : forModel(m.model(), request, prefs, fit, reasons);
            List<Candidate> ranked = kept.isEmpty() ? kept : ranking.rank(kept, prefs);
            for (Candidate c : m == null ? ranked.subList(0, Math.min(FREE_ATTEMPTS, ranked.size())) : ranked) {
                if (listed.add(EndpointHealth.key(c.model(), c.endpoint()))) {
                    all.add(c);
                }
            }
        }
        if (all.isEmpty()) {
            throw noEndpoint(reasons);
        }
        if (request.preferences().sortAcrossModels() && request.preferences().sort() != null) {
            all = ranking.rank(all, request.preferences());
        }
        all = ranking.preferred(all, request.preferences());
        List<Candidate> ready = new ArrayList<>();
        Map<Candidate, Instant> cooling = new LinkedHashMap<>();
        for (Candidate c : all) {
            health.coolingUntil(c.model(), c.endpoint()).ifPresentOrElse(until -> cooling.put(c, until),
                    () -> ready.add(c));
        }
        cooling.entrySet().stream().sorted(Map.Entry.comparingByValue()).forEach(e -> ready.add(e.getKey()));
        return ready;
    }

    private ModelVariant resolve(String id) {
        return ModelVariant.resolve(id, catalog).orElseThrow(() -> new ApiException(404, "model_not_found", "model '"
                + id + "' is not in the catalog; GET /api/v1/models lists the models", "model"));
    }

    /**
     * The free endpoints of every free model configured here that meet the request, for {@link FreeModels#ID}; when
     * there are none, none, with one reason added: that no free model is configured (a 503), or one free model's
     * reason (one that the request cannot go whole, if any: see {@link #noEndpoint}), saying that the others cannot
     * take the request either.
     */
    private List<Candidate> freeModels(ChatRequest request, ProviderPreferences prefs, RequestFit fit,
                                       List<ApiException> reasons) {
        List<Candidate> free = new ArrayList<>();
        List<ApiException> own = new ArrayList<>();
        for (Model model : freeModels) {
            free.addAll(forModel(model, request, prefs, fit, own));
        }
        if (free.isEmpty()) {
            ApiException first = own.stream().min(Comparator.comparing((ApiException r) -> !RequestFit.isUnfit(r)))
                    .orElse(null);
            reasons.add(first == null ? unavailable(FreeModels.ID + " found no free model configured here")
                    : new ApiException(first.toError().status(), first.toError().code(), first.getMessage()
                    + (freeModels.size() > 1 ? "; nor can the other " + (freeModels.size() - 1)
                    + " free models configured here" : ""), first.toError().param()));
        }
        return free;
    }

    /** {@code model}'s configured endpoints that meet the request. */
    private List<Candidate> forModel(Model model, ChatRequest request, ProviderPreferences prefs, RequestFit fit,
                                     List<ApiException> reasons) {
        List<Candidate> configured = new ArrayList<>();
        for (Endpoint e : model.endpoints()) {
            connections.connection(e.provider()).ifPresent(c -> configured.add(new Candidate(model, e, c)));
        }
        if (configured.isEmpty()) {
            reasons.add(unavailable("model " + model.id() + " has no configured provider (" + String.join(", ",
                    model.endpoints().stream().map(e -> e.provider() + ": " + connections.howToConfigure(e.provider()))
                            .toList()) + ")"));
            return List.of();
        }
        List<Candidate> kept = configured.stream()
                .filter(c -> prefs.only().isEmpty() || named(prefs.only(), c.connection()))
                .filter(c -> !named(prefs.ignore(), c.connection()))
                .toList();
        if (kept.isEmpty()) {
            reasons.add(new ApiException(404, "no_allowed_provider", "no configured provider of model " + model.id()
                    + " meets provider.only/provider.ignore (configured: " + String.join(", ", configured.stream()
                    .map(c -> c.connection().provider().slug()).toList()) + ")",
                    prefs.only().isEmpty() ? "provider.ignore" : "provider.only"));
            return List.of();
        }
        kept = onOrderedProviders(model, kept, prefs, reasons);
        if (kept.isEmpty()) {
            return List.of();
        }
        kept = withinDataPolicy(model, kept, prefs, reasons);
        if (kept.isEmpty()) {
            return List.of();
        }
        kept = fit.filter(model, configured, kept, reasons);
        if (kept.isEmpty()) {
            return List.of();
        }
        if (prefs.requireParameters()) {
            List<Candidate> capable = kept.stream()
                    .filter(c -> ForwardedParameters.unsupported(request.body(), c).isEmpty()).toList();
            if (capable.isEmpty()) {
                reasons.add(new ApiException(404, "no_endpoint_with_parameters", "no configured provider of model "
                        + model.id() + " supports all of " + ForwardedParameters.unsupported(request.body(),
                        kept.getFirst()) + " (provider.require_parameters is true)",
                        "provider.require_parameters"));
                return List.of();
            }
            kept = capable;
        }
        if (prefs.maxPrice().limits()) {
            List<Candidate> affordable = kept.stream().filter(c -> prefs.maxPrice().allows(c.endpoint().pricing()))
                    .toList();
            if (affordable.isEmpty()) {
                reasons.add(new ApiException(404, "no_endpoint_within_max_price", "no endpoint of model " + model.id()
                        + " is within provider.max_price (" + prefs.maxPrice().describe() + "); the cheapest asks "
                        + cheapest(kept), "provider.max_price"));
                return List.of();
            }
            kept = affordable;
        }
        return kept;
    }

    /**
     * With {@code provider.order} and {@code allow_fallbacks: false}, the candidates on the ordered providers; when
     * none is, none, with the reason added. Otherwise all of them.
     */
    private static List<Candidate> onOrderedProviders(Model model, List<Candidate> candidates,
                                                      ProviderPreferences prefs, List<ApiException> reasons) {
        if (prefs.allowFallbacks() || prefs.order().isEmpty()) {
            return candidates;
        }
        List<Candidate> kept = candidates.stream().filter(c -> named(prefs.order(), c.connection())).toList();
        if (kept.isEmpty()) {
            reasons.add(new ApiException(404, "no_ordered_provider", "no provider in provider.order ("
                    + String.join(", ", prefs.order()) + ") serves model " + model.id()
                    + " and provider.allow_fallbacks is false (configured: " + String.join(", ", candidates.stream()
                    .map(c -> c.connection().provider().slug()).toList()) + ")", "provider.order"));
        }
        return kept;
    }

    /**
     * The candidates whose provider's data policy meets {@code provider.data_collection: deny} (does not train on
     * prompts) and {@code provider.zdr} (keeps nothing); when none does, none, with the reason added.
     */
    private static List<Candidate> withinDataPolicy(Model model, List<Candidate> candidates, ProviderPreferences prefs,
                                                    List<ApiException> reasons) {
        List<Candidate> kept = candidates.stream()
                .filter(c -> !prefs.denyDataCollection() || !policy(c).training())
                .filter(c -> !prefs.zeroRetention() || !policy(c).retainsPrompts())
                .toList();
        if (kept.isEmpty()) {
            String param = prefs.zeroRetention() ? "provider.zdr" : "provider.data_collection";
            reasons.add(new ApiException(404, "no_endpoint_matching_data_policy", "no endpoint of model " + model.id()
                    + " meets " + (prefs.zeroRetention() ? "provider.zdr (keeps nothing)"
                    : "provider.data_collection: deny (does not train on prompts)") + ": " + String.join(", ",
                    candidates.stream().map(c -> c.connection().provider().name() + " " + policy(c).describe())
                            .toList()), param));
        }
        return kept;
    }

    private static DataPolicy policy(Candidate c) {
        return c.connection().provider().dataPolicy();
    }

    /** A 503: the model has no configured endpoint (a retry helps once the operator configures one). */
    private static ApiException unavailable(String reason) {
        return new ApiException(503, "no_endpoint", reason).withHeader("Retry-After", NO_ENDPOINT_RETRY);
    }

    /**
     * The first reason when there is one. Several (one per model of {@code models}, each told once) are joined: with
     * those saying the request cannot go whole to a model ({@link RequestFit}) first, and as theirs when there are
     * such, since no retry helps and agents read their words; else as a 503 when one is a 503 (a model without a
     * configured provider, which a retry may find configured); else with their status and code when all share them;
     * else as a 400 when one is a 400 and a 404 otherwise, without {@code Retry-After}, since asking again cannot help.
     */
    private static ApiException noEndpoint(List<ApiException> given) {
        List<ApiException> reasons = new ArrayList<>();
        Set<String> told = new HashSet<>();
        given.stream().sorted(Comparator.comparing(r -> !RequestFit.isUnfit(r)))
                .filter(r -> told.add(r.getMessage())).forEach(reasons::add);
        ApiException first = reasons.getFirst();
        if (reasons.size() == 1) {
            return first;
        }
        String joined = String.join("; ", reasons.stream().map(Throwable::getMessage).toList());
        if (RequestFit.isUnfit(first)) {
            return new ApiException(404, first.toError().code(), joined, first.toError().param());
        }
        if (reasons.stream().anyMatch(r -> r.toError().status() == 503)) {
            return unavailable(joined);
        }
        boolean alike = reasons.stream().allMatch(r -> r.toError().status() == first.toError().status()
                && r.toError().code().equals(first.toError().code()));
        if (alike) {
            return new ApiException(first.toError().status(), first.toError().code(), joined, first.toError().param());
        }
        boolean invalid = reasons.stream().anyMatch(r -> r.toError().status() == 400);
        return new ApiException(invalid ? 400 : 404, "no_endpoint", joined);
    }

    private static String cheapest(List<Candidate> candidates) {
        Endpoint e = candidates.stream().map(Candidate::endpoint)
                .min(Comparator.comparing(x -> x.pricing().tokenPrice())).orElseThrow();
        return MaxPrice.asked(e.pricing()) + " (" + e.provider() + ")";
    }

    private static boolean named(List<String> names, Connection c) {
        return names.stream().anyMatch(n -> c.provider().matches(n));
    }
}
