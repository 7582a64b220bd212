package dev.quintet.router.web;

import static dev.quintet.router.testing.RouterFixture.HI;
import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.platform.testing.Http;
import dev.quintet.router.testing.RouterTest;
import java.math.BigDecimal;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@code GET /models} searched, sorted and paged; {@code /models/count} and {@code /model/{author}/{slug}}. Apart from
 * {@link ModelsApiTest} because every request of a class spends the fixture key's quota of 60 a minute.
 */
class ModelListingTest extends RouterTest {

    private static HttpResponse<String> get(String path) {
        return Http.get(router.url() + path, router.auth());
    }

    private static List<Map<String, Object>> data(String path) {
        HttpResponse<String> response = get(path);
        assertThat(response.statusCode()).as(path).isEqualTo(200);
        return JsonPath.read(response.body(), "$.data");
    }

    private static List<String> ids(List<Map<String, Object>> models) {
        return models.stream().map(m -> (String) m.get("id")).toList();
    }

    private static List<String> pageIds(HttpResponse<String> page) {
        return ids(JsonPath.<List<Map<String, Object>>>read(page.body(), "$.data"));
    }

    private static List<String> ids(String path) {
        return ids(data(path));
    }

    /** The ids of {@code models} stably sorted by {@code key}: the catalog's order among equal keys. */
    private static <K extends Comparable<K>> List<String> sortedIds(List<Map<String, Object>> models,
                                                                    Function<Map<String, Object>, K> key,
                                                                    Comparator<K> order) {
        return ids(models.stream().sorted(Comparator.comparing(key, Comparator.nullsLast(order))).toList());
    }

    private static BigDecimal shownPrice(Map<String, Object> model) {
        Map<String, String> pricing = (Map<String, String>) model.get("pricing");
        return new BigDecimal(pricing.get("prompt")).add(new BigDecimal(pricing.get("completion")));
    }

    private static void assertRefused(HttpResponse<String> response, String param, String... inMessage) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat((String) JsonPath.read(response.body(), "$.error.param")).isEqualTo(param);
        assertThat(message(response)).contains(param).contains(inMessage);
    }

    @Test
    void searchesIdsAndNamesIgnoringCaseAndSurroundingBlanks() {
        List<String> all = ids("/api/v1/models");
        List<String> jamba = ids("/api/v1/models?q=%20JaMbA%20");
        List<String> byName = ids("/v1/models?q=wide%20WINDOW");
        List<String> blank = ids("/api/v1/models?q=%20%20");

        assertThat(jamba).contains("ai21/jamba-large-1.7", "ai21/jamba-mini-1.7")
                .isEqualTo(all.stream().filter(id -> id.toLowerCase(Locale.ROOT).contains("jamba")).toList());
        assertThat(byName).as("named Test: Wide Window").containsExactly("test/wide");
        assertThat(blank).isEqualTo(all);
    }

    @Test
    void refusesCategoryAsTheCatalogHasNone() {
        assertRefused(get("/api/v1/models?category=programming"), "category", "no categories");
        assertRefused(get("/api/v1/models/count?category=programming"), "category", "no categories");
    }

    @Test
    void sortsByTheShownTokenPriceBothWaysKeepingTheCatalogOrderOfEqualPrices() {
        List<Map<String, Object>> all = data("/api/v1/models");
        List<String> low = ids("/api/v1/models?sort=pricing-low-to-high");
        List<String> high = ids("/api/v1/models?sort=pricing-high-to-low");

        assertThat(low).isEqualTo(sortedIds(all, ModelListingTest::shownPrice, Comparator.naturalOrder()))
                .isNotEqualTo(ids(all));
        assertThat(high).isEqualTo(sortedIds(all, ModelListingTest::shownPrice, Comparator.reverseOrder()));
        assertThat(shownPrice(all.stream().filter(m -> m.get("id").equals(low.getFirst())).findFirst().orElseThrow()))
                .isZero();
    }

    @Test
    void sortsByCreatedAndByContextWindowUnknownWindowsLast() {
        List<Map<String, Object>> all = data("/api/v1/models");
        Function<Map<String, Object>, Long> created = m -> ((Number) m.get("created")).longValue();
        List<String> newest = ids("/api/v1/models?sort=newest");
        List<String> oldest = ids("/api/v1/models?sort=oldest");
        List<String> widest = ids("/api/v1/models?sort=context-high-to-low");

        assertThat(newest).isEqualTo(sortedIds(all, created, Comparator.reverseOrder()));
        assertThat(oldest).isEqualTo(sortedIds(all, created, Comparator.naturalOrder()));
        // the configured models entered the catalog when the router started, after the shipped ones
        assertThat(newest.getFirst()).isEqualTo("test/ok");
        assertThat(widest.subList(0, 2)).containsExactly("test/wide", "test/narrow");
        List<String> rest = new ArrayList<>(ids(all));
        rest.removeAll(List.of("test/wide", "test/narrow"));
        assertThat(widest.subList(2, widest.size())).isEqualTo(rest);
    }

    @Test
    void sortsByMeasuredLatencyAndThroughputWithUnmeasuredModelsLastInCatalogOrder() {
        // test/ok answers at once; test/speed's cheapest endpoint (drawn, as the fixture draws 0) after a second
        assertThat(chat("{\"model\":\"test/ok\"," + HI + "}").statusCode()).isEqualTo(200);
        assertThat(chat("{\"model\":\"test/speed\"," + HI + "}").statusCode()).isEqualTo(200);
        List<String> all = ids("/api/v1/models");
        List<String> fastest = ids("/api/v1/models?sort=latency-low-to-high");
        List<String> quickest = ids("/api/v1/models?sort=throughput-high-to-low");

        List<String> unmeasured = new ArrayList<>(all);
        unmeasured.removeAll(List.of("test/ok", "test/speed"));
        assertThat(fastest.subList(0, 2)).containsExactly("test/ok", "test/speed");
        assertThat(fastest.subList(2, fastest.size())).isEqualTo(unmeasured);
        assertThat(quickest.subList(0, 2)).containsExactly("test/ok", "test/speed");
        assertThat(quickest.subList(2, quickest.size())).isEqualTo(unmeasured);
    }

    @Test
    void refusesAnUnknownSortListingTheKnownOnes() {
        assertRefused(get("/api/v1/models?sort=popular"), "sort", "popular", "pricing-low-to-high",
                "pricing-high-to-low", "newest", "oldest", "context-high-to-low", "throughput-high-to-low",
                "latency-low-to-high");
    }

    @Test
    void pagesFromOffsetByLimitLinkingTheNextPageWithTheOtherParametersAsSent() {
        List<String> all = ids("/api/v1/models?supported_parameters=tools");
        HttpResponse<String> first = get("/api/v1/models?supported_parameters=tools&limit=100");
        String next = JsonPath.read(first.body(), "$.links.next");
        HttpResponse<String> second = get(next);
        int lastOffset = all.size() - 1;
        HttpResponse<String> last = get("/v1/models?supported_parameters=tools&offset=" + lastOffset + "&limit=100");
        HttpResponse<String> past = get("/api/v1/models?supported_parameters=tools&offset=5000");

        assertThat(all.size()).isGreaterThan(200);
        assertThat(pageIds(first)).isEqualTo(all.subList(0, 100));
        assertThat((Integer) JsonPath.read(first.body(), "$.total_count")).isEqualTo(all.size());
        assertThat(next).isEqualTo("/api/v1/models?supported_parameters=tools&offset=100&limit=100");
        assertThat(pageIds(second)).isEqualTo(all.subList(100, 200));
        assertThat((String) JsonPath.read(second.body(), "$.links.next"))
                .isEqualTo("/api/v1/models?supported_parameters=tools&offset=200&limit=100");
        assertThat(pageIds(last)).containsExactly(all.getLast());
        assertThat(JsonPath.<Map<String, Object>>read(last.body(), "$.links")).containsEntry("next", null);
        assertThat(JsonPath.<List<Object>>read(past.body(), "$.data")).isEmpty();
        assertThat((Integer) JsonPath.read(past.body(), "$.total_count")).isEqualTo(all.size());
        assertThat(JsonPath.<Map<String, Object>>read(past.body(), "$.links")).containsEntry("next", null);
    }

    @Test
    void pagesOfTheSortedListHoldFiveHundredByDefault() {
        HttpResponse<String> sorted = get("/api/v1/models?sort=pricing-low-to-high&offset=0");
        List<String> whole = ids("/api/v1/models?sort=pricing-low-to-high");

        assertThat(pageIds(sorted)).isEqualTo(whole.subList(0, 500));
        assertThat((Integer) JsonPath.read(sorted.body(), "$.total_count")).isEqualTo(whole.size());
        assertThat((String) JsonPath.read(sorted.body(), "$.links.next"))
                .isEqualTo("/api/v1/models?sort=pricing-low-to-high&offset=500&limit=500");
    }

    @Test
    void refusesOffsetsAndLimitsOutOfRangeNamingTheParameterAndTheRule() {
        assertRefused(get("/api/v1/models?limit=0"), "limit", "1..1000", "'0'");
        assertRefused(get("/api/v1/models?limit=1001"), "limit", "1..1000", "'1001'");
        assertRefused(get("/api/v1/models?offset=0&limit=ten"), "limit", "1..1000", "'ten'");
        assertRefused(get("/api/v1/models?offset=-1"), "offset", "0..2147483647", "'-1'");
        assertRefused(get("/api/v1/models?offset=99999999999"), "offset", "0..2147483647");
    }

    @Test
    void countsWhatTheListWouldListWithTheSameFilters() {
        int all = JsonPath.read(get("/api/v1/models?limit=1").body(), "$.total_count");
        int withTools = JsonPath.read(get("/api/v1/models?supported_parameters=tools&q=gpt&limit=1").body(),
                "$.total_count");
        int everyOutput = JsonPath.read(get("/v1/models?output_modalities=all&limit=1").body(), "$.total_count");

        assertThat((Integer) JsonPath.read(get("/api/v1/models/count").body(), "$.data.count")).isEqualTo(all);
        assertThat((Integer) JsonPath.read(get("/api/v1/models/count?supported_parameters=tools&q=gpt").body(),
                "$.data.count")).isEqualTo(withTools).isLessThan(all).isPositive();
        assertThat((Integer) JsonPath.read(get("/v1/models/count?output_modalities=all").body(), "$.data.count"))
                .isEqualTo(everyOutput).isGreaterThanOrEqualTo(all);
        assertRefused(get("/api/v1/models/count?output_modalities=smell"), "output_modalities", "smell");
    }

    @Test
    void showsOneModelAsTheListShowsIt() {
        Map<String, Object> listed = data("/api/v1/models?q=openai/gpt-4o").stream()
                .filter(m -> m.get("id").equals("openai/gpt-4o")).findFirst().orElseThrow();
        HttpResponse<String> one = get("/api/v1/model/openai/gpt-4o");
        HttpResponse<String> free = get("/v1/model/test/ok:free");

        assertThat(one.statusCode()).isEqualTo(200);
        assertThat(JsonPath.<Map<String, Object>>read(one.body(), "$.data")).isEqualTo(listed);
        assertThat((String) JsonPath.read(free.body(), "$.data.id")).isEqualTo("test/ok:free");
        assertThat((String) JsonPath.read(free.body(), "$.data.canonical_slug")).isEqualTo("test/ok");
    }

    @Test
    void retrievesOneModelUnwrappedAtOpenAisPath() {
        HttpResponse<String> one = get("/v1/models/openai/gpt-4o");
        HttpResponse<String> missing = get("/v1/models/nobody/nothing");

        assertThat(one.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(one.body(), "$.id")).isEqualTo("openai/gpt-4o");
        assertThat((String) JsonPath.read(one.body(), "$.object")).isEqualTo("model");
        assertThat((String) JsonPath.read(one.body(), "$.owned_by")).isEqualTo("openai");
        assertThat(missing.statusCode()).isEqualTo(404);
    }

    @Test
    void listsTheFreeModelsRouterAsAFreeModel() {
        HttpResponse<String> one = get("/api/v1/model/openrouter/free");

        assertThat(one.statusCode()).isEqualTo(200);
        assertThat((String) JsonPath.read(one.body(), "$.data.name")).isEqualTo("Free Models Router");
        assertThat((String) JsonPath.read(one.body(), "$.data.pricing.prompt")).isEqualTo("0");
        assertThat((Boolean) JsonPath.read(one.body(), "$.data.available")).isTrue();
        assertThat(ids(data("/api/v1/models?q=openrouter/free"))).containsExactly("openrouter/free");
    }

    @Test
    void answers404ForAModelNotInTheCatalog() {
        HttpResponse<String> response = get("/api/v1/model/nobody/nothing:free");

        assertThat(response.statusCode()).isEqualTo(404);
        assertThat(message(response)).contains("nobody/nothing:free");
        assertThat((Integer) JsonPath.read(response.body(), "$.error.code")).isEqualTo(404);
    }
}
