package dev.quintet.packages.web;

import dev.quintet.packages.licenses.SpdxLicenses;
import dev.quintet.packages.registry.Ecosystem;
import dev.quintet.packages.store.ProjectSearch;
import dev.quintet.packages.store.SearchOrder;
import dev.quintet.packages.store.SearchQuery;
import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/search}: stored projects matching {@code q} (words of names, keywords and descriptions, word
 * prefixes included, and names spelt alike), filtered by comma-separated {@code platforms}, {@code licenses} and
 * {@code keywords}, ordered by {@code sort}, paginated.
 */
@RestController
final class SearchController {

    static final int MAX_QUERY = 200;
    static final int MAX_VALUES = 20;

    private final ProjectAnswers answers;
    private final ProjectSearch search;

    SearchController(ProjectAnswers answers, ProjectSearch search) {
        this.answers = answers;
        this.search = search;
    }

    @GetMapping(value = {"/api/search", "/api/search/"}, produces = "application/json")
    List<SearchResultView> search(@RequestParam(name = "q", required = false) String q,
                                  @RequestParam(name = "platforms", required = false) String platforms,
                                  @RequestParam(name = "licenses", required = false) String licenses,
                                  @RequestParam(name = "keywords", required = false) String keywords,
                                  @RequestParam(name = "sort", required = false) String sort,
                                  @RequestParam(name = "page", required = false) String page,
                                  @RequestParam(name = "per_page", required = false) String perPage,
                                  HttpServletRequest request, HttpServletResponse response) {
        PageRequest paging = PageRequest.of(page, perPage);
        String text = text(q);
        SearchQuery query = new SearchQuery(text, text == null ? null : terms(text), platforms(platforms),
                values("licenses", licenses).stream().map(l -> SpdxLicenses.normalize(l).orElse(l))
                        .map(l -> l.toLowerCase(Locale.ROOT)).toList(),
                values("keywords", keywords).stream().map(k -> k.toLowerCase(Locale.ROOT)).toList(),
                order(sort, text));
        paging.headers(request, response, search.count(query));
        return search.page(query, paging.offset(), paging.perPage()).stream()
                .map(p -> SearchResultView.of(Ecosystem.named(p.platform()).orElseThrow(), p)).toList();
    }

    private static String text(String q) {
        if (q == null || q.isBlank()) {
            return null;
        }
        String text = q.strip();
        if (text.length() > MAX_QUERY) {
            throw ApiException.invalidParameter("q", "q must be at most " + MAX_QUERY + " characters, got "
                    + text.length());
        }
        if (words(text).isEmpty()) {
            throw ApiException.invalidParameter("q", "q must contain a letter or digit, got '" + text + "'");
        }
        return text;
    }

    private static List<String> words(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")).filter(w -> !w.isEmpty()).toList();
    }

    /** Every word of the text, each also matching as a prefix: {@code babel:* & core:*}. */
    private static String terms(String text) {
        return words(text).stream().map(w -> w + ":*").collect(Collectors.joining(" & "));
    }

    private List<String> platforms(String raw) {
        return values("platforms", raw).stream().map(p -> answers.served(p).map(Ecosystem::key).orElseThrow(() ->
                        ApiException.invalidParameter("platforms", "platforms must be comma-separated platform keys, "
                                + "each one of " + answers.supportedKeys() + "; got '" + p + "'")))
                .distinct().toList();
    }

    private static SearchOrder order(String sort, String text) {
        if (sort == null || sort.isBlank()) {
            return text == null ? SearchOrder.DEPENDENTS_COUNT : SearchOrder.RELEVANCE;
        }
        return Arrays.stream(SearchOrder.values()).filter(o -> o.key().equals(sort.strip().toLowerCase(Locale.ROOT)))
                .findFirst().orElseThrow(() -> ApiException.invalidParameter("sort", "sort must be one of "
                        + Arrays.stream(SearchOrder.values()).map(SearchOrder::key).collect(Collectors.joining(", "))
                        + "; got '" + sort + "'"));
    }

    /** A comma-separated filter: empty parts dropped, at most {@link #MAX_VALUES} values of at most 100 characters. */
    private static List<String> values(String param, String raw) {
        if (raw == null) {
            return List.of();
        }
        List<String> values = Arrays.stream(raw.split(",")).map(String::strip).filter(v -> !v.isEmpty()).toList();
        if (values.size() > MAX_VALUES || values.stream().anyMatch(v -> v.length() > 100)) {
            throw ApiException.invalidParameter(param, param + " must be at most " + MAX_VALUES
                    + " comma-separated values of at most 100 characters each");
        }
        return values;
    }
}
