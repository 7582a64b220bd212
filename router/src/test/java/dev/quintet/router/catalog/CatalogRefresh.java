package dev.quintet.router.catalog;

import dev.quintet.router.providers.KnownProviders;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Rebuilds the shipped catalog from the LLM price data set (Portkey-AI/models layout: {@code general/} and
 * {@code pricing/}, prices in US cents per token). Models keep the {@code created} time they had in the old file;
 * new ones get the time of the refresh. Run: {@code ./mvnw -pl router test-compile exec:java}.
 */
public final class CatalogRefresh {

    static final JsonMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();
    static final String SOURCE = "Portkey-AI/models (MIT licence), https://github.com/Portkey-AI/models";

    /** Data-set file stem, catalog provider slug, and the model author of first-party providers (else null). */
    record Source(String file, String provider, String author) {
    }

    static final List<Source> SOURCES = List.of(
            new Source("openrouter", "openrouter", null),
            new Source("openai", "openai", "openai"),
            new Source("anthropic", "anthropic", "anthropic"),
            new Source("google", "google", "google"),
            new Source("groq", "groq", null),
            new Source("together-ai", "together", null),
            new Source("fireworks-ai", "fireworks", null),
            new Source("deepseek", "deepseek", "deepseek"),
            new Source("mistral-ai", "mistral", "mistralai"),
            new Source("x-ai", "xai", "x-ai"),
            new Source("deepinfra", "deepinfra", null),
            new Source("cerebras", "cerebras", null),
            new Source("perplexity-ai", "perplexity", "perplexity"),
            new Source("novita-ai", "novita", null),
            new Source("nebius", "nebius", null),
            new Source("moonshot", "moonshot", "moonshotai"),
            new Source("dashscope", "alibaba", "qwen"),
            new Source("z-ai", "z-ai", "z-ai"),
            new Source("minimax", "minimax", "minimax"),
            new Source("cohere", "cohere", "cohere"));

    /**
     * Output limits Anthropic documents for models whose limit the data overstates (Claude 3.7 Sonnet's 128,000 needs
     * a beta header the router does not send). The Anthropic adapter fills {@code max_tokens} with the endpoint's
     * limit when a request sets none, and Anthropic refuses a {@code max_tokens} above the model's.
     */
    static final Map<String, Integer> ANTHROPIC_OUTPUT_LIMITS = Map.of(
            "claude-opus-4-20250514", 32_000, "claude-opus-4-0", 32_000, "claude-4-opus-20250514", 32_000,
            "claude-sonnet-4-20250514", 64_000, "claude-sonnet-4-0", 64_000, "claude-4-sonnet-20250514", 64_000,
            "claude-3-7-sonnet-20250219", 64_000, "claude-3-7-sonnet-latest", 64_000, "claude-3-opus-latest", 4_096);

    /**
     * Anthropic's models that take structured output ({@code output_config.format} and strict tools, which the
     * Anthropic adapter makes of a JSON schema {@code response_format} and of strict function tools), as Anthropic's
     * documentation lists them: Claude Haiku 4.5, Sonnet 4.5 and 4.6, Opus 4.5 to 4.8 (not Claude Fable 5, which
     * sources disagree on). The data lists no {@code response_format} for Anthropic.
     */
    static final Pattern ANTHROPIC_STRUCTURED_OUTPUT = Pattern.compile(
            "claude-(haiku-4-5|sonnet-4-[56]|opus-4-[5-8])(-\\d{8})?");

    /**
     * Names of models that transcribe, translate, read text off images, caption, embed, classify or talk in real time
     * rather than converse, which no tool support is assumed for.
     */
    static final Pattern NOT_CONVERSATIONAL = Pattern.compile(
            "asr|-mt-|realtime|ocr|captioner|embed|uae-large|guard|tts|whisper|rerank");

    /**
     * Providers whose data marks tool support model by model, so that its silence is a fact: OpenAI's (o1-mini, the
     * search models and GPT-4 32k are without), Anthropic's (Claude 2.1) and Google's.
     */
    static final Set<String> TOOL_FACTS = Set.of("openai", "anthropic", "google");

    /** Providers whose API calls no tools (Perplexity's Sonar models search the web instead). */
    static final Set<String> NO_TOOL_CALLING = Set.of("perplexity");

    private CatalogRefresh() {
    }

    /**
     * Adds {@code tools} and {@code tool_choice} to the endpoints of {@code model} that lack them where the data leaves
     * tool support out. The data marks it for OpenRouter's models, reliably, but for other providers on few models or
     * none (6 of 130 at Together, 29 of 146 at DeepInfra, none of Moonshot's Kimi, Z.AI's GLM or Alibaba's Qwen
     * models), though their APIs call tools with most of them: there its silence says nothing. An endpoint of a
     * provider that calls tools gains them when the model's OpenRouter endpoint lists them, or, for a model OpenRouter
     * does not carry, unless the model's name says it does not converse ({@link #NOT_CONVERSATIONAL}) or the provider's
     * data marks tools model by model ({@link #TOOL_FACTS}): the provider then decides, and answers a model that cannot
     * call tools with its own error rather than the router refusing a model that can. Since the router sends tools only
     * to endpoints that take them, an endpoint left unmarked could never be given tools.
     */
    static void addToolSupport(ObjectNode model) {
        JsonNode openRouter = model.path("endpoints").valueStream()
                .filter(e -> e.path("provider").asString().equals("openrouter")).findFirst().orElse(null);
        boolean unknown = openRouter == null && !NOT_CONVERSATIONAL.matcher(model.path("id").asString()).find();
        for (JsonNode e : model.path("endpoints")) {
            String provider = e.path("provider").asString();
            boolean gains = openRouter != null ? hasTools(openRouter) : unknown && !TOOL_FACTS.contains(provider);
            if (gains && !hasTools(e) && !NO_TOOL_CALLING.contains(provider)
                    && e.path("supported_parameters") instanceof ArrayNode params) {
                TreeSet<String> names = new TreeSet<>(params.valueStream().map(JsonNode::asString).toList());
                names.addAll(List.of("tools", "tool_choice"));
                params.removeAll();
                names.forEach(params::add);
            }
        }
    }

    private static boolean hasTools(JsonNode endpoint) {
        return endpoint.path("supported_parameters").valueStream().anyMatch(p -> p.asString().equals("tools"));
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            throw new IllegalArgumentException("usage: CatalogRefresh <llm-models data dir> <catalog.json to write>");
        }
        Path data = Path.of(args[0]);
        Path out = Path.of(args[1]);
        if (!Files.isDirectory(data.resolve("general")) || !Files.isDirectory(data.resolve("pricing"))) {
            throw new IllegalArgumentException(data + " must contain general/ and pricing/ (the llm-models data set)");
        }
        ObjectNode catalog = build(data, previousCreated(out), Instant.now().getEpochSecond());
        Files.createDirectories(out.toAbsolutePath().getParent());
        Files.writeString(out, JSON.writeValueAsString(catalog) + "\n");
        System.out.println("wrote " + catalog.path("models").size() + " models to " + out);
    }

    static ObjectNode build(Path data, Map<String, Long> created, long now) throws IOException {
        Map<String, ObjectNode> models = new TreeMap<>();
        ModelMatcher matcher = new ModelMatcher();
        for (Source source : SOURCES) {
            if (KnownProviders.bySlug(source.provider()).isEmpty()) {
                throw new IllegalStateException("provider " + source.provider() + " is not in KnownProviders");
            }
            JsonNode general = readIfPresent(data.resolve("general/" + source.file() + ".json"));
            JsonNode pricing = readIfPresent(data.resolve("pricing/" + source.file() + ".json"));
            for (var entry : general.properties()) {
                String upstream = entry.getKey();
                if (upstream.equals("default")) {
                    continue;
                }
                JsonNode price = pricing.path(upstream).path("pricing_config").path("pay_as_you_go");
                if (!isChat(entry.getValue()) || !price.path("request_token").path("price").isNumber()
                        || !price.path("response_token").path("price").isNumber()) {
                    continue;
                }
                String id = source.author() == null && source.provider().equals("openrouter")
                        ? upstream : matcher.idFor(upstream, source.author());
                if (id == null || !id.matches("[^/\\s]+/[^\\s]+")
                        || isUnknownToolOfHost(source, models.containsKey(id), price)
                        || isUnpricedOnOpenRouter(source, upstream, price) || id.contains("deep-research")
                        || isRetiredOnPerplexity(source, price)) {
                    continue;
                }
                ObjectNode model = models.computeIfAbsent(id,
                        k -> newModel(k, entry.getValue(), general.path("default"), created, now));
                ArrayNode endpoints = (ArrayNode) model.get("endpoints");
                if (endpoints.valueStream().noneMatch(e -> e.path("provider").asString().equals(source.provider()))) {
                    endpoints.add(endpoint(source.provider(), id, upstream, entry.getValue(), general.path("default"),
                            price));
                }
                if (source.provider().equals("openrouter")) {
                    matcher.add(id);
                }
            }
        }
        models.values().forEach(CatalogRefresh::addToolSupport);
        ObjectNode root = JSON.createObjectNode();
        root.put("version", LocalDate.ofInstant(Instant.ofEpochSecond(now), ZoneOffset.UTC).toString());
        root.put("source", SOURCE);
        root.put("prices", "US dollars per token, as decimal strings");
        ArrayNode list = root.putArray("models");
        models.values().forEach(list::add);
        return root;
    }

    private static ObjectNode newModel(String id, JsonNode general, JsonNode defaults, Map<String, Long> created,
                                       long now) {
        ObjectNode m = JSON.createObjectNode();
        m.put("id", id);
        m.put("name", general.path("name").asString(id));
        m.put("created", created.getOrDefault(id, now));
        List<String> supported = ModelFacts.typeSupported(general, defaults);
        ArrayNode in = m.putArray("input_modalities");
        ModelFacts.inputModalities(supported).forEach(in::add);
        ArrayNode outputs = m.putArray("output_modalities");
        ModelFacts.outputModalities(supported).forEach(outputs::add);
        m.putArray("endpoints");
        return m;
    }

    private static ObjectNode endpoint(String provider, String id, String upstream, JsonNode general,
                                       JsonNode defaults, JsonNode price) {
        ObjectNode e = JSON.createObjectNode();
        e.put("provider", provider);
        e.put("model", upstream);
        ObjectNode p = e.putObject("pricing");
        p.put("prompt", usd(price.path("request_token").path("price")));
        p.put("completion", usd(price.path("response_token").path("price")));
        if (price.path("cache_read_input_token").path("price").isNumber()) {
            p.put("input_cache_read", usd(price.path("cache_read_input_token").path("price")));
        }
        if (price.path("cache_write_input_token").path("price").isNumber()) {
            p.put("input_cache_write", usd(price.path("cache_write_input_token").path("price")));
        }
        JsonNode hourWrite = price.path("additional_units").path("cache_write_1h").path("price");
        if (hourWrite.isNumber()) {
            p.put("input_cache_write_1h", usd(hourWrite));
        }
        p.put("request", searchFee(id, price));
        Integer max = provider.equals("anthropic") && ANTHROPIC_OUTPUT_LIMITS.containsKey(upstream)
                ? ANTHROPIC_OUTPUT_LIMITS.get(upstream) : ModelFacts.maxCompletionTokens(general);
        if (max != null) {
            e.put("max_completion_tokens", max);
        }
        ArrayNode params = e.putArray("supported_parameters");
        List<String> supported = ModelFacts.supportedParameters(general, defaults);
        // OpenAI's reasoning models refuse stop sequences (the data lists them)
        boolean openAiReasoning = provider.equals("openai") && supported.contains("reasoning");
        TreeSet<String> names = new TreeSet<>(supported);
        names.removeIf(name -> openAiReasoning && name.equals("stop"));
        if (provider.equals("anthropic") && ANTHROPIC_STRUCTURED_OUTPUT.matcher(upstream).matches()) {
            names.addAll(List.of("response_format", "structured_outputs"));
        }
        names.forEach(params::add);
        return e;
    }

    /** US cents per token to US dollars per token, rounded to 12 significant digits (the data carries float noise). */
    static String usd(JsonNode cents) {
        BigDecimal dollars = cents.decimalValue().round(new MathContext(12)).movePointLeft(2);
        return dollars.signum() == 0 ? "0" : dollars.stripTrailingZeros().toPlainString();
    }

    /**
     * The fee per request of a model that searches the web on every request, in US dollars: Perplexity's Sonar
     * models at the default (low) search context, which the router keeps (no Perplexity endpoint lists
     * {@code web_search_options}), and OpenAI's search models; "0" for the others, whose search fees are those of a
     * tool they may not use, and where the data gives none.
     */
    static String searchFee(String id, JsonNode price) {
        JsonNode units = price.path("additional_units");
        JsonNode fee = units.has("web_search_low_context") ? units.get("web_search_low_context")
                : units.path("web_search");
        boolean everyRequest = id.startsWith("perplexity/") || id.matches("[^/]+/.*-search(-.*)?");
        return everyRequest && fee.path("price").isNumber() ? usd(fee.get("price")) : "0";
    }

    /**
     * Perplexity's API serves its Sonar models, which all search and carry a search fee in the data; its older
     * entries there (Llama, Mixtral, the {@code -online} models with a fixed fee) have been retired.
     */
    private static boolean isRetiredOnPerplexity(Source source, JsonNode price) {
        return source.provider().equals("perplexity")
                && price.path("additional_units").propertyStream().noneMatch(u -> u.getKey().startsWith("web_search"));
    }

    /** Hosts label embedding and image models "chat" too; their completion tokens cost nothing. */
    private static boolean isUnknownToolOfHost(Source source, boolean known, JsonNode price) {
        return source.author() == null && !source.provider().equals("openrouter") && !known
                && price.path("response_token").path("price").decimalValue().signum() == 0;
    }

    /**
     * OpenRouter marks its free models {@code :free}; the data lists its routers that bill the model they pick
     * ({@code openrouter/pareto-code}, {@code fusion}), its time-limited trials and models priced other than per
     * token at zero as well. Served as free, they would cost the operator what OpenRouter charges for them.
     */
    private static boolean isUnpricedOnOpenRouter(Source source, String upstream, JsonNode price) {
        return source.provider().equals("openrouter") && !upstream.endsWith(":free")
                && price.path("request_token").path("price").decimalValue().signum() == 0
                && price.path("response_token").path("price").decimalValue().signum() == 0;
    }

    private static boolean isChat(JsonNode general) {
        JsonNode type = general.path("type");
        return (type.isObject() ? type.path("primary").asString("") : type.asString("")).equals("chat");
    }

    private static JsonNode readIfPresent(Path file) throws IOException {
        return Files.exists(file) ? JSON.readTree(file.toFile()) : JSON.createObjectNode();
    }

    private static Map<String, Long> previousCreated(Path out) throws IOException {
        Map<String, Long> created = new HashMap<>();
        if (Files.exists(out)) {
            for (JsonNode m : JSON.readTree(out.toFile()).path("models")) {
                created.put(m.path("id").asString(), m.path("created").asLong());
            }
        }
        return created;
    }
}
