package dev.quintet.router.providers;

import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.catalog.Pricing;
import java.io.IOException;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Parses the router's config file; see {@link RouterConfig}. */
final class RouterConfigFile {

    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    private final Path file;

    private RouterConfigFile(Path file) {
        this.file = file;
    }

    static RouterConfig read(Path file) {
        return new RouterConfigFile(file).parse();
    }

    private RouterConfig parse() {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readString(file));
        } catch (IOException e) {
            throw fail("cannot be read: " + e.getMessage());
        } catch (JacksonException e) {
            throw fail("is not valid JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isObject()) {
            throw fail("must hold a JSON object with \"providers\" and \"models\"");
        }
        List<RouterConfig.ConfiguredProvider> providers = new ArrayList<>();
        Set<String> slugs = new HashSet<>();
        int i = 0;
        for (JsonNode p : root.path("providers")) {
            RouterConfig.ConfiguredProvider provider = provider(p, "providers[" + i++ + "]");
            slugs.add(provider.info().slug());
            providers.add(provider);
        }
        List<ConfiguredModel> models = new ArrayList<>();
        i = 0;
        for (JsonNode m : root.path("models")) {
            models.add(model(m, "models[" + i++ + "]", slugs));
        }
        return new RouterConfig(providers, models);
    }

    private RouterConfig.ConfiguredProvider provider(JsonNode p, String where) {
        String slug = required(p, "slug", where);
        ProviderInfo known = KnownProviders.bySlug(slug).orElse(null);
        String url = p.path("base_url").asString(null);
        if (url == null && known == null) {
            throw fail(where + ".base_url is required for the new provider " + slug);
        }
        try {
            String api = p.path("api").asString(null);
            WireFormat format = api != null ? WireFormat.ofConfigName(api)
                    : known == null ? WireFormat.OPENAI : known.wireFormat();
            ProviderInfo info = new ProviderInfo(slug, p.path("name").asString(known == null ? slug : known.name()),
                    url == null ? known.baseUrl() : URI.create(url), known == null ? null : known.apiKeyVariable(),
                    format, p.has("data_policy") ? dataPolicy(p.get("data_policy"), where + ".data_policy")
                            : known == null ? null : known.dataPolicy());
            return new RouterConfig.ConfiguredProvider(info, p.path("api_key").asString(null),
                    p.path("api_key_env").asString(null));
        } catch (IllegalArgumentException e) {
            throw fail(where + ": " + e.getMessage());
        }
    }

    /** {@code {"training": bool, "retains_prompts": bool, "retention_days": n}}, the operator's statement. */
    private DataPolicy dataPolicy(JsonNode policy, String where) {
        if (!policy.isObject()) {
            throw fail(where + " must be an object {training, retains_prompts, retention_days}");
        }
        for (String field : policy.propertyNames()) {
            if (!Set.of("training", "retains_prompts", "retention_days").contains(field)) {
                throw fail(where + "." + field + " is not a data policy field; known: training, retains_prompts, "
                        + "retention_days");
            }
        }
        for (String field : List.of("training", "retains_prompts")) {
            if (!policy.path(field).isBoolean()) {
                throw fail(where + "." + field + " is required: true or false");
            }
        }
        JsonNode days = policy.get("retention_days");
        if (days != null && !days.isNull() && !(days.isIntegralNumber() && days.canConvertToInt())) {
            throw fail(where + ".retention_days must be a whole number of days");
        }
        return new DataPolicy(true, policy.get("training").asBoolean(), policy.get("retains_prompts").asBoolean(),
                days == null || days.isNull() ? null : days.asInt());
    }

    private ConfiguredModel model(JsonNode m, String where, Set<String> slugs) {
        String id = required(m, "id", where);
        String provider = required(m, "provider", where);
        if (!slugs.contains(provider) && KnownProviders.bySlug(provider).isEmpty()) {
            throw fail(where + ".provider '" + provider + "' is neither a known provider nor defined under providers");
        }
        try {
            JsonNode params = m.get("supported_parameters");
            List<String> supported = null;
            if (params != null && params.isArray()) {
                supported = new ArrayList<>();
                for (JsonNode s : params) {
                    supported.add(s.asString());
                }
            }
            Endpoint endpoint = new Endpoint(provider, m.path("model").asString(id), pricing(m.path("pricing"), where),
                    integer(m, "context_length", where), integer(m, "max_completion_tokens", where), supported);
            return new ConfiguredModel(id, m.path("name").asString(null), endpoint);
        } catch (IllegalArgumentException e) {
            throw fail(where + ": " + e.getMessage());
        }
    }

    private Pricing pricing(JsonNode p, String where) {
        return new Pricing(decimal(p, "prompt", where), decimal(p, "completion", where),
                p.has("input_cache_read") ? decimal(p, "input_cache_read", where) : null,
                p.has("input_cache_write") ? decimal(p, "input_cache_write", where) : null,
                p.has("input_cache_write_1h") ? decimal(p, "input_cache_write_1h", where) : null,
                p.has("internal_reasoning") ? decimal(p, "internal_reasoning", where) : null,
                decimal(p, "request", where));
    }

    private BigDecimal decimal(JsonNode p, String field, String where) {
        JsonNode v = p.get(field);
        if (v == null || v.isNull()) {
            return BigDecimal.ZERO;
        }
        try {
            return v.isNumber() ? v.decimalValue() : new BigDecimal(v.asString());
        } catch (NumberFormatException e) {
            throw fail(where + ".pricing." + field + " must be a decimal (US dollars per token), got " + v);
        }
    }

    private Integer integer(JsonNode m, String field, String where) {
        JsonNode v = m.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.canConvertToInt() || v.asInt() < 1) {
            throw fail(where + "." + field + " must be a positive integer, got " + v);
        }
        return v.asInt();
    }

    private String required(JsonNode node, String field, String where) {
        String value = node.path(field).asString(null);
        if (value == null || value.isBlank()) {
            throw fail(where + "." + field + " is required");
        }
        return value;
    }

    private IllegalArgumentException fail(String problem) {
        return new IllegalArgumentException("router config file " + file + " (QUINTET_ROUTER_CONFIG): " + problem);
    }
}
