package dev.quintet.router.web;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.catalog.Model;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.springframework.web.bind.annotation.BindParam;

/**
 * The filters of {@code GET /models} and {@code /models/count}, as sent (null where absent):
 * {@code supported_parameters} (one endpoint must support every one listed), {@code output_modalities} (text by
 * default; {@code all} for any), {@code q} (a case-insensitive part of the id, name or description) and
 * {@code category}, which is refused: OpenRouter derives categories from its own usage rankings, and the catalog has
 * none, so that no filter could honour it.
 */
record ModelFilter(@BindParam("supported_parameters") String supportedParameters,
                   @BindParam("output_modalities") String outputModalities, String q, String category) {

    /** The output modalities a caller may ask for: OpenRouter's; the catalog's models give text or images. */
    static final Set<String> MODALITIES = Set.of("text", "image", "audio", "video", "file", "embeddings");

    /** What the models shown must satisfy; a 400 naming the parameter when one is not understood. */
    Predicate<Model> predicate() {
        if (category != null && !category.isBlank()) {
            throw ApiException.invalidParameter("category", "category is not supported: the catalog has no "
                    + "categories (OpenRouter's come from its own usage rankings); filter with q, "
                    + "supported_parameters or output_modalities instead");
        }
        return outputFilter().and(parameterFilter()).and(textFilter());
    }

    private Predicate<Model> outputFilter() {
        if (outputModalities != null && outputModalities.equals("all")) {
            return m -> true;
        }
        List<String> wanted = list(outputModalities == null ? "text" : outputModalities);
        for (String w : wanted) {
            if (!MODALITIES.contains(w)) {
                throw ApiException.invalidParameter("output_modalities", "output_modalities must be 'all' or a "
                        + "comma-separated list of " + String.join(", ", MODALITIES.stream().sorted().toList())
                        + ", got '" + w + "'");
            }
        }
        return m -> m.outputModalities().stream().anyMatch(wanted::contains);
    }

    private Predicate<Model> parameterFilter() {
        if (supportedParameters == null || supportedParameters.isBlank()) {
            return m -> true;
        }
        List<String> wanted = list(supportedParameters);
        return m -> m.supportsAll(wanted);
    }

    private Predicate<Model> textFilter() {
        if (q == null || q.isBlank()) {
            return m -> true;
        }
        String wanted = q.strip().toLowerCase(Locale.ROOT);
        return m -> Stream.of(m.id(), m.name(), m.description())
                .anyMatch(text -> text != null && text.toLowerCase(Locale.ROOT).contains(wanted));
    }

    private static List<String> list(String csv) {
        return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
