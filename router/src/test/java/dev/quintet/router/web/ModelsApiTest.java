package dev.quintet.router.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.RouterFixture;
import dev.quintet.router.testing.RouterTest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ModelsApiTest extends RouterTest {

    private HttpResponse<String> get(String path) {
        return Http.get(router.url() + path, router.auth());
    }

    @Test
    void listsCatalogModelsInOpenRouterShapeWithDecimalStringPrices() {
        HttpResponse<String> response = get("/api/v1/models");

        assertThat(response.statusCode()).isEqualTo(200);
        List<Map<String, Object>> data = JsonPath.read(response.body(), "$.data");
        assertThat(data).hasSizeGreaterThan(300);
        Map<String, Object> gpt4o = JsonPath.<List<Map<String, Object>>>read(response.body(),
                "$.data[?(@.id == 'openai/gpt-4o')]").getFirst();
        assertThat(gpt4o).containsEntry("canonical_slug", "openai/gpt-4o").containsKeys("name", "created",
                "architecture", "pricing", "top_provider", "supported_parameters");
        assertThat(gpt4o.get("created")).isInstanceOf(Integer.class);
        Map<String, Object> pricing = (Map<String, Object>) gpt4o.get("pricing");
        assertThat(pricing).containsEntry("prompt", "0.0000025").containsEntry("completion", "0.00001")
                .containsEntry("request", "0");
        assertThat((Map<String, Object>) gpt4o.get("architecture"))
                .containsEntry("modality", "text+image->text")
                .containsEntry("input_modalities", List.of("text", "image"));
        // what OpenRouter's SDKs require is sent, null or not; nothing else is null
        assertThat(gpt4o).containsEntry("context_length", null).containsEntry("per_request_limits", null)
                .containsEntry("default_parameters", null).containsEntry("description", "")
                .containsEntry("links", Map.of("details", "/api/v1/models/openai/gpt-4o/endpoints"))
                .containsEntry("object", "model").containsEntry("owned_by", "openai");
        assertThat((Map<String, Object>) gpt4o.get("top_provider")).containsEntry("is_moderated", false);
        assertThat(response.body().replace("\"context_length\":null", "").replace("\"per_request_limits\":null", "")
                .replace("\"default_parameters\":null", "").replace("\"next\":null", "")).doesNotContain("null");
        assertThat((String) JsonPath.read(response.body(), "$.object")).isEqualTo("list");
        assertThat((Integer) JsonPath.read(response.body(), "$.total_count")).isEqualTo(data.size());
        assertThat(JsonPath.<Map<String, Object>>read(response.body(), "$.links")).containsEntry("next", null);
    }

    @Test
    void marksModelsWithoutConfiguredProviderUnavailable() {
        String body = get("/api/v1/models").body();

        assertThat(JsonPath.<List<Boolean>>read(body, "$.data[?(@.id == 'openai/gpt-4o')].available")).containsExactly(true);
        assertThat(JsonPath.<List<Boolean>>read(body, "$.data[?(@.id == 'x-ai/grok-2-1212')].available"))
                .containsExactly(false);
        assertThat(JsonPath.<List<Boolean>>read(body, "$.data[?(@.id == 'test/ok')].available")).containsExactly(true);
    }

    @Test
    void filtersBySupportedParameters() {
        List<String> all = JsonPath.read(get("/api/v1/models").body(), "$.data[*].id");
        List<String> withTools = JsonPath.read(get("/api/v1/models?supported_parameters=tools").body(), "$.data[*].id");
        List<List<String>> both = JsonPath.read(get("/api/v1/models?supported_parameters=tools,top_k").body(),
                "$.data[*].supported_parameters");

        assertThat(withTools).hasSizeLessThan(all.size()).contains("openai/gpt-4o");
        assertThat(both).isNotEmpty().allSatisfy(p -> assertThat(p).containsAll(List.of("tools", "top_k")));
        // an endpoint that takes any parameter lists every one the router filters
        assertThat(JsonPath.<List<List<String>>>read(get("/api/v1/models").body(),
                "$.data[?(@.id == 'test/ok')].supported_parameters").getFirst()).contains("tools", "reasoning", "seed");
    }

    @Test
    void filtersByOutputModalitiesAndRejectsUnknownOnes() {
        List<String> text = JsonPath.read(get("/api/v1/models").body(), "$.data[*].id");
        List<String> all = JsonPath.read(get("/v1/models?output_modalities=all").body(), "$.data[*].id");
        List<List<String>> images = JsonPath.read(get("/api/v1/models?output_modalities=image").body(),
                "$.data[*].architecture.output_modalities");
        HttpResponse<String> bad = get("/api/v1/models?output_modalities=smell");

        assertThat(all.size()).isGreaterThanOrEqualTo(text.size());
        assertThat(images).allSatisfy(o -> assertThat(o).contains("image"));
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat((String) JsonPath.read(bad.body(), "$.error.message")).contains("output_modalities", "smell");
        assertThat((String) JsonPath.read(bad.body(), "$.error.param")).isEqualTo("output_modalities");
    }

    @Test
    void listsEndpointsOfOneModelWithAvailability() {
        HttpResponse<String> response = get("/api/v1/models/openai/gpt-4o/endpoints");

        assertThat(response.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(response.body(), "$.data.id")).isEqualTo("openai/gpt-4o");
        assertThat((String) JsonPath.read(response.body(), "$.data.description")).isEmpty();
        assertThat(JsonPath.<List<String>>read(response.body(), "$.data.endpoints[*].tag")).contains("openai", "openrouter");
        assertThat(JsonPath.<List<Boolean>>read(response.body(), "$.data.endpoints[?(@.tag == 'openai')].available"))
                .containsExactly(true);
        assertThat(JsonPath.<List<Boolean>>read(response.body(), "$.data.endpoints[?(@.tag == 'openrouter')].available"))
                .containsExactly(false);
        assertThat(JsonPath.<List<String>>read(response.body(), "$.data.endpoints[?(@.tag == 'openai')].pricing.prompt"))
                .containsExactly("0.0000025");
        assertThat(JsonPath.<List<String>>read(get("/api/v1/models/anthropic/claude-sonnet-4.5/endpoints").body(),
                "$.data.endpoints[?(@.tag == 'anthropic')].pricing.input_cache_write_1h")).containsExactly("0.000006");
        Map<String, Object> unmeasured = JsonPath.<List<Map<String, Object>>>read(response.body(),
                "$.data.endpoints[?(@.tag == 'openrouter')]").getFirst();
        assertThat(unmeasured).containsEntry("model_name", JsonPath.read(response.body(), "$.data.name"))
                .containsEntry("quantization", null).containsEntry("max_prompt_tokens", null)
                .containsEntry("supports_implicit_caching", false).containsEntry("uptime_last_1d", null)
                .containsEntry("uptime_last_30m", null).containsEntry("latency_last_30m", null)
                .containsKey("context_length").doesNotContainKey("cooling_down_until");
    }

    @Test
    void answers404ForEndpointsOfUnknownModel() {
        HttpResponse<String> response = get("/v1/models/nobody/nothing/endpoints");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat((String) JsonPath.read(response.body(), "$.error.message")).contains("nobody/nothing");
    }

    @Test
    void listsProvidersWithWhichAreConfigured() {
        String body = get("/api/v1/providers").body();

        assertThat(JsonPath.<List<Boolean>>read(body, "$.data[?(@.slug == 'openai')].available")).containsExactly(true);
        assertThat(JsonPath.<List<Boolean>>read(body, "$.data[?(@.slug == 'groq')].available")).containsExactly(false);
        assertThat(JsonPath.<List<String>>read(body, "$.data[?(@.slug == 'fake-a')].name")).containsExactly("Fake A");
        assertThat(JsonPath.<List<String>>read(body, "$.data[*].slug")).hasSizeGreaterThanOrEqualTo(15);
        assertThat(body).contains("\"privacy_policy_url\":null");
    }

    @Test
    void listsEachProvidersDataPolicyStatedOrAssumed() {
        String body = get("/api/v1/providers").body();

        assertThat(JsonPath.<List<Object>>read(body, "$.data[?(@.slug == 'fake-a')].data_policy")).containsExactly(
                Map.of("stated", true, "training", false, "retains_prompts", true, "retention_days", 30));
        assertThat(JsonPath.<List<Object>>read(body, "$.data[?(@.slug == 'fake-b')].data_policy")).containsExactly(
                Map.of("stated", true, "training", false, "retains_prompts", false));
        assertThat(JsonPath.<List<Object>>read(body, "$.data[?(@.slug == 'dead')].data_policy")).containsExactly(
                Map.of("stated", false, "training", true, "retains_prompts", true));
        assertThat(JsonPath.<List<Boolean>>read(body, "$.data[?(@.slug == 'deepseek')].data_policy.training"))
                .containsExactly(true);
    }

    @Test
    void requiresAKey() {
        HttpResponse<String> response = Http.get(router.url() + "/api/v1/models");

        assertThat(response.statusCode()).isEqualTo(401);
        assertThat(response.body()).contains("\"param\":null", "\"type\":\"authentication_error\"");
    }
}
