package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The caller's {@code provider} object: which providers to try first, to use only, or to avoid, whether to fall
 * back at all, whether an endpoint must honour every parameter sent, a strict sort of the endpoints (null: the
 * default price-weighted choice), whether that sort spans the models of {@code models} ({@code partition: "none"}),
 * price limits, what providers may do with the request: not train on it ({@code data_collection: "deny"}), not
 * keep it at all ({@code zdr: true}), and the latency and throughput that make an endpoint preferred.
 */
public record ProviderPreferences(List<String> order, List<String> only, List<String> ignore, boolean allowFallbacks,
                                  boolean requireParameters, ProviderSort sort, boolean sortAcrossModels,
                                  MaxPrice maxPrice, boolean denyDataCollection, boolean zeroRetention,
                                  PerformanceCutoffs maxLatency, PerformanceCutoffs minThroughput) {

    /**
     * Fields OpenRouter defines that are accepted; those not in the record ({@code enforce_distillable_text},
     * {@code quantizations}) have no effect.
     */
    static final Set<String> FIELDS = Set.of("order", "only", "ignore", "allow_fallbacks", "require_parameters",
            "data_collection", "zdr", "enforce_distillable_text", "quantizations", "sort", "max_price",
            "preferred_min_throughput", "preferred_max_latency");

    public static final ProviderPreferences NONE = new ProviderPreferences(List.of(), List.of(), List.of(), true, false,
            null, false, MaxPrice.NONE, false, false, PerformanceCutoffs.NONE, PerformanceCutoffs.NONE);

    static ProviderPreferences parse(JsonNode provider) {
        if (provider == null || provider.isNull()) {
            return NONE;
        }
        if (!provider.isObject()) {
            throw ApiException.invalidParameter("provider", "provider must be an object, got " + provider.getNodeType());
        }
        for (String field : provider.propertyNames()) {
            if (!FIELDS.contains(field)) {
                throw ApiException.invalidParameter("provider." + field, "provider." + field
                        + " is not a provider preference; known: " + String.join(", ", FIELDS.stream().sorted().toList()));
            }
        }
        JsonNode sort = provider.get("sort");
        return new ProviderPreferences(names(provider, "order"), names(provider, "only"), names(provider, "ignore"),
                bool(provider, "allow_fallbacks", true), bool(provider, "require_parameters", false), sort(sort),
                sort != null && sort.isObject() && "none".equals(sort.path("partition").asString(null)),
                MaxPrice.parse(provider.get("max_price")), denies(provider.get("data_collection")),
                bool(provider, "zdr", false),
                PerformanceCutoffs.parse(provider.get("preferred_max_latency"), "preferred_max_latency", true, 1000),
                PerformanceCutoffs.parse(provider.get("preferred_min_throughput"), "preferred_min_throughput", false,
                        1));
    }

    /** {@code data_collection}: {@code "allow"} (the default) or {@code "deny"}; true for deny. */
    private static boolean denies(JsonNode dataCollection) {
        if (dataCollection == null || dataCollection.isNull()) {
            return false;
        }
        if (!dataCollection.isString() || !Set.of("allow", "deny").contains(dataCollection.asString())) {
            throw ApiException.invalidParameter("provider.data_collection",
                    "provider.data_collection must be allow or deny, got " + dataCollection);
        }
        return dataCollection.asString().equals("deny");
    }

    /** {@code "price"}, or {@code {"by": "price", "partition": "model"|"none"}}. */
    private static ProviderSort sort(JsonNode sort) {
        if (sort == null || sort.isNull()) {
            return null;
        }
        if (sort.isString()) {
            return ProviderSort.parse("provider.sort", sort.asString());
        }
        if (!sort.isObject()) {
            throw ApiException.invalidParameter("provider.sort", "provider.sort must be price, throughput, latency or "
                    + "an object {by, partition}, got " + sort);
        }
        for (String field : sort.propertyNames()) {
            if (!field.equals("by") && !field.equals("partition")) {
                throw ApiException.invalidParameter("provider.sort." + field, "provider.sort." + field
                        + " is not a sort field; known: by, partition");
            }
        }
        JsonNode partition = sort.get("partition");
        if (partition != null && !partition.isNull()
                && !(partition.isString() && Set.of("model", "none").contains(partition.asString()))) {
            throw ApiException.invalidParameter("provider.sort.partition",
                    "provider.sort.partition must be model or none, got " + partition);
        }
        JsonNode by = sort.get("by");
        if (by == null || !by.isString()) {
            throw ApiException.invalidParameter("provider.sort.by",
                    "provider.sort.by is required: price, throughput or latency");
        }
        return ProviderSort.parse("provider.sort.by", by.asString());
    }

    /** This preference with {@code sort} when it names none: how a {@code :nitro} or {@code :floor} variant sorts. */
    ProviderPreferences sortedBy(ProviderSort variantSort) {
        return sort != null || variantSort == null ? this : new ProviderPreferences(order, only, ignore,
                allowFallbacks, requireParameters, variantSort, sortAcrossModels, maxPrice, denyDataCollection,
                zeroRetention, maxLatency, minThroughput);
    }

    private static List<String> names(JsonNode provider, String field) {
        JsonNode value = provider.get(field);
        if (value == null || value.isNull()) {
            return List.of();
        }
        if (!value.isArray()) {
            throw ApiException.invalidParameter("provider." + field, "provider." + field + " must be an array of provider names");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode name : value) {
            if (!name.isString() || name.asString().isBlank()) {
                throw ApiException.invalidParameter("provider." + field,
                        "provider." + field + " must hold non-empty strings, got " + name);
            }
            out.add(name.asString());
        }
        return List.copyOf(out);
    }

    private static boolean bool(JsonNode provider, String field, boolean absent) {
        JsonNode value = provider.get(field);
        if (value == null || value.isNull()) {
            return absent;
        }
        if (!value.isBoolean()) {
            throw ApiException.invalidParameter("provider." + field, "provider." + field + " must be true or false, got " + value);
        }
        return value.asBoolean();
    }
}
