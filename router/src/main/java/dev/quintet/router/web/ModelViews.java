package dev.quintet.router.web;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.catalog.Model;
import dev.quintet.router.catalog.Pricing;
import dev.quintet.router.providers.DataPolicy;
import dev.quintet.router.providers.ProviderConnections;
import dev.quintet.router.providers.ProviderInfo;
import dev.quintet.router.routing.EndpointHealth;
import dev.quintet.router.routing.EndpointStats;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/** The OpenRouter-shaped JSON views of models, endpoints and providers (snake_case, nulls left out). */
final class ModelViews {

    /**
     * The model list: OpenRouter's envelope ({@code total_count} the models matching the filters, on all pages;
     * {@code links.next} the next page, null on the last) with OpenAI's {@code object: "list"}, so that clients of
     * either read it.
     */
    record ModelList(String object, List<ModelView> data, int totalCount, Page links) {

        ModelList(List<ModelView> data, int totalCount, String next) {
            this("list", data, totalCount, new Page(next));
        }
    }

    record Page(@JsonInclude(JsonInclude.Include.ALWAYS) String next) {
    }

    /**
     * One model, in OpenRouter's fields plus OpenAI's {@code object: "model"} and {@code owned_by} (its author).
     * {@code context_length} (unknown: the catalog's source has none), {@code per_request_limits} and
     * {@code default_parameters} are sent even when null, because OpenRouter's SDKs require them; a model without a
     * description has an empty one.
     */
    record ModelView(String id, String object, String ownedBy, String canonicalSlug, String name, long created,
                     String description, @JsonInclude(JsonInclude.Include.ALWAYS) Integer contextLength,
                     Architecture architecture, PricingView pricing, TopProvider topProvider,
                     @JsonInclude(JsonInclude.Include.ALWAYS) Object perRequestLimits, List<String> supportedParameters,
                     @JsonInclude(JsonInclude.Include.ALWAYS) Object defaultParameters, boolean available,
                     ModelLinks links) {
    }

    /** Where a model's endpoints are listed. */
    record ModelLinks(String details) {
    }

    record Architecture(List<String> inputModalities, List<String> outputModalities, String modality) {
    }

    record PricingView(String prompt, String completion, String inputCacheRead, String inputCacheWrite,
                       @JsonProperty("input_cache_write_1h") String inputCacheWrite1h, String internalReasoning,
                       String request) {
    }

    /** The cheapest configured endpoint's limits; the router moderates nothing ({@code is_moderated} false). */
    record TopProvider(String provider, Integer contextLength, Integer maxCompletionTokens, boolean isModerated) {
    }

    record ModelEndpoints(String id, String name, long created, String description, Architecture architecture,
                          List<EndpointView> endpoints) {
    }

    /**
     * One endpoint; the figures come from the router's own recent calls: {@code uptime_*} in percent of calls
     * that succeeded, {@code latency_last_30m} in milliseconds to the first content, {@code throughput_last_30m}
     * in completion tokens per second, {@code cooling_down_until} while failures keep it out of the rotation.
     * The fields OpenRouter's SDKs require are sent even when null: figures not measured yet, limits and a
     * quantization the catalog does not know, and a day's uptime, which is not kept.
     */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record EndpointView(String name, String modelId, String modelName, String providerName, String tag,
                        Integer contextLength, Integer maxCompletionTokens, Integer maxPromptTokens,
                        String quantization, PricingView pricing, List<String> supportedParameters,
                        boolean supportsImplicitCaching, boolean available, int status,
                        @JsonProperty("uptime_last_5m") Double uptimeLast5m,
                        @JsonProperty("uptime_last_30m") Double uptimeLast30m,
                        @JsonProperty("uptime_last_1d") Double uptimeLast1d,
                        @JsonProperty("latency_last_30m") EndpointStats.Percentiles latencyLast30m,
                        @JsonProperty("throughput_last_30m") EndpointStats.Percentiles throughputLast30m,
                        @JsonProperty("requests_last_30m") int requestsLast30m,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Instant coolingDownUntil) {
    }

    /**
     * A provider; {@code data_policy} as its terms state it, or as assumed when they do not ({@code stated} false).
     * Its policy pages are not recorded: {@code privacy_policy_url}, which OpenRouter's SDKs require, is null.
     */
    record ProviderView(String name, String slug, boolean available, DataPolicy dataPolicy,
                        @JsonInclude(JsonInclude.Include.ALWAYS) String privacyPolicyUrl) {
    }

    /** What an endpoint that takes any parameter lists: every one whose support differs, sorted. */
    private static final List<String> ALL_PARAMETERS = Endpoint.PARAMETERS.stream().sorted().toList();

    private final ProviderConnections connections;
    private final EndpointHealth health;

    ModelViews(ProviderConnections connections, EndpointHealth health) {
        this.connections = connections;
        this.health = health;
    }

    ModelView model(Model m) {
        Endpoint top = top(m);
        return new ModelView(m.id(), "model", m.id().substring(0, m.id().indexOf('/')), m.canonicalSlug(), m.name(),
                m.created(), description(m), contextLength(m), architecture(m), pricing(top.pricing()),
                new TopProvider(top.provider(), top.contextLength(), top.maxCompletionTokens(), false), null,
                m.supportedParameters(), null, isAvailable(m),
                new ModelLinks("/api/v1/models/" + m.id() + "/endpoints"));
    }

    ModelEndpoints endpoints(Model m) {
        List<EndpointView> views = m.endpoints().stream()
                .sorted(Comparator.comparing((Endpoint e) -> !connections.isConfigured(e.provider()))
                        .thenComparing(e -> e.pricing().tokenPrice()))
                .map(e -> endpoint(m, e)).toList();
        return new ModelEndpoints(m.id(), m.name(), m.created(), description(m), architecture(m), views);
    }

    ProviderView provider(ProviderInfo p) {
        return new ProviderView(p.name(), p.slug(), connections.isConfigured(p.slug()), p.dataPolicy(), null);
    }

    boolean isAvailable(Model m) {
        return m.endpoints().stream().anyMatch(e -> connections.isConfigured(e.provider()));
    }

    private EndpointView endpoint(Model m, Endpoint e) {
        String providerName = connections.provider(e.provider()).map(ProviderInfo::name).orElse(e.provider());
        EndpointStats stats = health.stats(m, e);
        List<String> parameters = e.supportedParameters() == null ? ALL_PARAMETERS : e.supportedParameters();
        return new EndpointView(providerName + " | " + m.id(), m.id(), m.name(), providerName, e.provider(),
                e.contextLength(), e.maxCompletionTokens(), null, null, pricing(e.pricing()), parameters,
                false, connections.isConfigured(e.provider()), stats.coolingUntil() == null ? 0 : -1,
                stats.uptimeLast5m(), stats.uptimeLastWindow(), null, stats.latency(), stats.throughput(),
                stats.calls(), stats.coolingUntil());
    }

    /** The endpoint whose prices the model shows: the cheapest configured one, else the cheapest. */
    Endpoint top(Model m) {
        Comparator<Endpoint> byPrice = Comparator.comparing(e -> e.pricing().tokenPrice());
        return m.endpoints().stream().filter(e -> connections.isConfigured(e.provider())).min(byPrice)
                .orElseGet(() -> m.endpoints().stream().min(byPrice).orElseThrow());
    }

    private static String description(Model m) {
        return m.description() == null ? "" : m.description();
    }

    /** The model's context window, else the largest of its endpoints'; null where none is known. */
    static Integer contextLength(Model m) {
        return m.contextLength() != null ? m.contextLength() : m.endpoints().stream()
                .map(Endpoint::contextLength).filter(c -> c != null).max(Integer::compare).orElse(null);
    }

    private static Architecture architecture(Model m) {
        return new Architecture(m.inputModalities(), m.outputModalities(),
                String.join("+", m.inputModalities()) + "->" + String.join("+", m.outputModalities()));
    }

    private static PricingView pricing(Pricing p) {
        return new PricingView(decimal(p.prompt()), decimal(p.completion()), decimal(p.inputCacheRead()),
                decimal(p.inputCacheWrite()), decimal(p.inputCacheWrite1h()), decimal(p.internalReasoning()),
                decimal(p.request()));
    }

    private static String decimal(BigDecimal d) {
        return d == null ? null : d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }
}
