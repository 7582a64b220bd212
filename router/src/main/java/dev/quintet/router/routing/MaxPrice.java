package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.catalog.Pricing;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * {@code provider.max_price}: the most the caller will pay, in US dollars per million prompt or completion tokens,
 * per request ({@code request}) and per image ({@code image}); a null field sets no limit. Endpoints charging more
 * are skipped. The catalog has no image or audio prices, so those limits exclude nothing.
 */
public record MaxPrice(BigDecimal prompt, BigDecimal completion, BigDecimal request, BigDecimal image,
                       BigDecimal audio) {

    static final Set<String> FIELDS = Set.of("prompt", "completion", "request", "image", "audio");
    static final MaxPrice NONE = new MaxPrice(null, null, null, null, null);
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);
    /** Limits beyond any price, and finer than any, are refused: their plain digits would fill a message. */
    private static final BigDecimal LARGEST = BigDecimal.valueOf(1_000_000);
    private static final int MAX_DECIMALS = 12;

    static MaxPrice parse(JsonNode value) {
        if (value == null || value.isNull()) {
            return NONE;
        }
        if (!value.isObject()) {
            throw ApiException.invalidParameter("provider.max_price", "provider.max_price must be an object with "
                    + "prompt, completion, request, image or audio, got " + value.getNodeType().toString().toLowerCase());
        }
        for (String field : value.propertyNames()) {
            if (!FIELDS.contains(field)) {
                throw ApiException.invalidParameter("provider.max_price." + field, "provider.max_price." + field
                        + " is not a price limit; known: audio, completion, image, prompt, request");
            }
        }
        return new MaxPrice(limit(value, "prompt"), limit(value, "completion"), limit(value, "request"),
                limit(value, "image"), limit(value, "audio"));
    }

    private static BigDecimal limit(JsonNode max, String field) {
        JsonNode v = max.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        String param = "provider.max_price." + field;
        try {
            BigDecimal d = v.isNumber() ? ChatRequests.decimal(v) : v.isString() ? new BigDecimal(v.asString()) : null;
            if (d != null && d.signum() >= 0 && d.compareTo(LARGEST) <= 0
                    && d.stripTrailingZeros().scale() <= MAX_DECIMALS) {
                return d;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw ApiException.invalidParameter(param, param + " must be a number from 0 to " + LARGEST.toPlainString()
                + " with at most " + MAX_DECIMALS + " decimals (US dollars"
                + (field.equals("prompt") || field.equals("completion") ? " per million tokens" : " per " + field)
                + "), got " + (v.isString() && v.asString().length() > 40 ? "a string of " + v.asString().length()
                + " characters" : v));
    }

    boolean limits() {
        return !equals(NONE);
    }

    /** Whether {@code pricing} is within every limit. */
    boolean allows(Pricing pricing) {
        return within(pricing.prompt().multiply(MILLION), prompt)
                && within(pricing.completion().multiply(MILLION), completion)
                && within(pricing.request(), request);
    }

    /** The limits set, for messages: {@code prompt <= 1 USD/M tokens, request <= 0.01 USD}. */
    String describe() {
        List<String> parts = new ArrayList<>();
        if (prompt != null) {
            parts.add("prompt <= " + prompt.toPlainString() + " USD/M tokens");
        }
        if (completion != null) {
            parts.add("completion <= " + completion.toPlainString() + " USD/M tokens");
        }
        if (request != null) {
            parts.add("request <= " + request.toPlainString() + " USD");
        }
        return String.join(", ", parts);
    }

    /** What {@code pricing} asks, in the units of the limits. */
    static String asked(Pricing pricing) {
        return "prompt " + pricing.prompt().multiply(MILLION).stripTrailingZeros().toPlainString()
                + " USD/M tokens, completion " + pricing.completion().multiply(MILLION).stripTrailingZeros()
                .toPlainString() + " USD/M tokens, request " + pricing.request().stripTrailingZeros().toPlainString()
                + " USD";
    }

    private static boolean within(BigDecimal price, BigDecimal limit) {
        return limit == null || price.compareTo(limit) <= 0;
    }
}
