package dev.quintet.router.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.providers.KnownProviders;
import dev.quintet.router.testing.Json;
import java.io.InputStream;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

class ShippedCatalogTest {

    private final Catalog catalog = Catalog.bundled();

    @Test
    void shipsAtLeast300ModelsFromAtLeast15ProvidersAndAuthors() {
        Set<String> providers = catalog.models().stream().flatMap(m -> m.endpoints().stream())
                .map(Endpoint::provider).collect(Collectors.toSet());
        Set<String> authors = catalog.models().stream().map(m -> m.id().substring(0, m.id().indexOf('/')))
                .collect(Collectors.toSet());

        assertThat(catalog.models()).hasSizeGreaterThanOrEqualTo(300);
        assertThat(providers).hasSizeGreaterThanOrEqualTo(15);
        assertThat(authors).hasSizeGreaterThanOrEqualTo(15);
    }

    @Test
    void everyEndpointNamesAKnownProviderAndEveryModelHasOne() {
        Set<String> known = KnownProviders.ALL.stream().map(p -> p.slug()).collect(Collectors.toSet());

        assertThat(catalog.models()).allSatisfy(m -> assertThat(m.endpoints()).isNotEmpty()
                .allSatisfy(e -> assertThat(known).contains(e.provider())));
    }

    @Test
    void pricesInTheFileAreDecimalStringsAtLeastZeroAndIdsAreUnique() throws Exception {
        JsonNode root;
        try (InputStream in = Catalog.class.getResourceAsStream(Catalog.RESOURCE)) {
            root = CatalogRefresh.JSON.readTree(in);
        }
        Set<String> ids = new HashSet<>();
        for (JsonNode model : root.path("models")) {
            assertThat(ids.add(model.path("id").asString())).as("unique id %s", model.path("id")).isTrue();
            for (JsonNode endpoint : model.path("endpoints")) {
                for (var price : endpoint.path("pricing").properties()) {
                    assertThat(price.getValue().isString()).as("%s of %s", price.getKey(), model.path("id")).isTrue();
                    assertThat(new BigDecimal(price.getValue().asString())).isGreaterThanOrEqualTo(BigDecimal.ZERO);
                }
            }
        }
        assertThat(ids).hasSize(catalog.models().size());
    }

    @Test
    void convertsCentsPerTokenToDollarsPerTokenWithoutFloatNoise() {
        BigDecimal gpt4oPrompt = catalog.model("openai/gpt-4o").orElseThrow().endpoints().stream()
                .filter(e -> e.provider().equals("openai")).findFirst().orElseThrow().pricing().prompt();

        assertThat(gpt4oPrompt).isEqualByComparingTo("0.0000025");
        assertThat(CatalogRefresh.usd(CatalogRefresh.JSON.readTree("0.00006600000000000001"))).isEqualTo("0.00000066");
    }

    @Test
    void servesNothingOfOpenRoutersAsFreeButItsFreeVariants() {
        assertThat(catalog.models()).flatMap(m -> m.endpoints().stream()
                        .filter(e -> e.provider().equals("openrouter") && e.pricing().free())
                        .map(e -> m.id()).toList())
                .isNotEmpty().allSatisfy(id -> assertThat(id).endsWith(":free"));
    }

    @Test
    void limitsAnthropicsAnswersToWhatAnthropicAccepts() {
        assertThat(endpoint("anthropic/claude-sonnet-4-20250514", "anthropic").maxCompletionTokens()).isEqualTo(64_000);
        assertThat(endpoint("anthropic/claude-opus-4-0", "anthropic").maxCompletionTokens()).isEqualTo(32_000);
        assertThat(endpoint("anthropic/claude-3-7-sonnet-latest", "anthropic").maxCompletionTokens()).isEqualTo(64_000);
    }

    @Test
    void listsNoStopSequencesForOpenAisReasoningModelsWhichRefuseThem() {
        Endpoint o3 = catalog.model("openai/o3").orElseThrow().endpoints().stream()
                .filter(e -> e.provider().equals("openai")).findFirst().orElseThrow();

        assertThat(o3.supports("reasoning")).isTrue();
        assertThat(o3.supports("stop")).isFalse();
    }

    @Test
    void carriesAnthropicsPriceOfCacheWritesKeptForAnHour() {
        Pricing sonnet = endpoint("anthropic/claude-sonnet-4.5", "anthropic").pricing();

        // twice the prompt price for an hour, 1.25 times for five minutes, as Anthropic prices them
        assertThat(sonnet.inputCacheWrite1h()).isEqualByComparingTo(sonnet.prompt().multiply(BigDecimal.TWO));
        assertThat(sonnet.inputCacheWrite()).isEqualByComparingTo(sonnet.prompt().multiply(new BigDecimal("1.25")));
    }

    @Test
    void chargesTheSearchOfModelsThatSearchOnEveryRequestAsARequestFee() {
        assertThat(fee("perplexity/sonar", "perplexity")).isEqualByComparingTo("0.005");
        assertThat(fee("perplexity/sonar-pro", "perplexity")).isEqualByComparingTo("0.006");
        assertThat(fee("perplexity/sonar", "openrouter")).isEqualByComparingTo("0.005");
        assertThat(fee("openai/gpt-4o-search-preview", "openai")).isEqualByComparingTo("0.025");
        assertThat(fee("openai/gpt-4o", "openai")).isZero();
        assertThat(fee("x-ai/grok-4", "xai")).isZero();
    }

    @Test
    void leavesOutModelsWhoseSearchesARequestCannotBoundAndRetiredPerplexityModels() {
        assertThat(catalog.models()).extracting(Model::id)
                .noneMatch(id -> id.contains("deep-research"))
                .noneMatch(id -> id.startsWith("perplexity/") && !id.startsWith("perplexity/sonar"));
    }

    @Test
    void marksToolUseWhereTheDataLeavesItOutButTheModelAndProviderCallTools() {
        // the data marks tools on no Moonshot or Z.AI model, and on Kimi K2 Thinking only at OpenRouter
        assertThat(endpoint("moonshotai/kimi-k2-thinking", "moonshot").supports("tools")).isTrue();
        assertThat(endpoint("moonshotai/kimi-k2-thinking", "together").supports("tool_choice")).isTrue();
        assertThat(endpoint("z-ai/glm-4.6", "z-ai").supports("tools")).isTrue();
        // Perplexity calls no tools; Claude 2.1 calls none, so its Anthropic endpoint gains nothing
        assertThat(endpoint("perplexity/sonar", "perplexity").supports("tools")).isFalse();
        assertThat(endpoint("anthropic/claude-2.1", "anthropic").supports("tools")).isFalse();
        // OpenRouter says Gemma 3 calls no tools, whatever Nebius's lack of tool facts
        assertThat(endpoint("google/gemma-3-27b-it", "nebius").supports("tools")).isFalse();
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "OpenRouter lists tools|openrouter:tools,moonshot,together|true,true,true",
            "OpenRouter lists none|openrouter,moonshot|false,false",
            "not at OpenRouter|moonshot,together:tools|true,true",
            "not at OpenRouter, a provider whose data is model by model|openai,together|false,true",
            "Perplexity calls none|openrouter:tools,perplexity|true,false"})
    void infersToolSupportFromOpenRoutersEndpointElseLetsTheProviderDecide(String name, String endpoints,
                                                                          String tools) {
        ObjectNode model = (ObjectNode) Json.read("{\"id\":\"a/chat-model\",\"endpoints\":[]}");
        for (String e : endpoints.split(",")) {
            ArrayNode params = ((ArrayNode) model.get("endpoints")).addObject().put("provider", e.split(":")[0])
                    .putArray("supported_parameters").add("temperature");
            if (e.endsWith(":tools")) {
                params.add("tools");
            }
        }

        CatalogRefresh.addToolSupport(model);

        assertThat(model.get("endpoints").valueStream().map(e -> e.path("supported_parameters").valueStream()
                .anyMatch(p -> p.asString().equals("tools"))).map(String::valueOf).toList())
                .containsExactly(tools.split(","));
    }

    @Test
    void assumesNoToolSupportForModelsThatDoNotConverse() {
        ObjectNode model = (ObjectNode) Json.read("{\"id\":\"qwen/qwen-mt-turbo\",\"endpoints\":[{\"provider\":"
                + "\"alibaba\",\"supported_parameters\":[]}]}");

        CatalogRefresh.addToolSupport(model);

        assertThat(model.at("/endpoints/0/supported_parameters").isEmpty()).isTrue();
    }

    @Test
    void listsStructuredOutputForTheClaudeModelsAnthropicTakesItOn() {
        assertThat(endpoint("anthropic/claude-sonnet-4.5", "anthropic").supports("response_format")).isTrue();
        assertThat(endpoint("anthropic/claude-haiku-4-5-20251001", "anthropic").supports("response_format")).isTrue();
        assertThat(endpoint("anthropic/claude-opus-4.8", "anthropic").supports("structured_outputs")).isTrue();
        assertThat(endpoint("anthropic/claude-sonnet-4-20250514", "anthropic").supports("response_format")).isFalse();
    }

    private Endpoint endpoint(String model, String provider) {
        return catalog.model(model).orElseThrow().endpoints().stream().filter(e -> e.provider().equals(provider))
                .findFirst().orElseThrow();
    }

    private BigDecimal fee(String model, String provider) {
        return endpoint(model, provider).pricing().request();
    }

    @Test
    void matchesProviderModelNamesOntoOpenRouterIds() {
        ModelMatcher matcher = new ModelMatcher();
        List.of("meta-llama/llama-3.3-70b-instruct", "openai/gpt-4o", "google/gemma-2-9b-it").forEach(matcher::add);

        assertThat(matcher.idFor("meta-llama/Llama-3.3-70B-Instruct", null)).isEqualTo("meta-llama/llama-3.3-70b-instruct");
        assertThat(matcher.idFor("gemma2-9b-it", null)).isEqualTo("google/gemma-2-9b-it");
        assertThat(matcher.idFor("gpt-4o", "openai")).isEqualTo("openai/gpt-4o");
        assertThat(matcher.idFor("gpt-9", "openai")).isEqualTo("openai/gpt-9");
        assertThat(matcher.idFor("llama-3.3-70b-versatile", null)).isNull();
    }
}
