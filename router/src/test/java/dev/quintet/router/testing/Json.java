package dev.quintet.router.testing;

import java.math.BigDecimal;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Reads response bodies with decimals kept exact. */
public final class Json {

    private static final JsonMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();

    private Json() {
    }

    public static JsonNode read(String body) {
        return EXACT.readTree(body);
    }

    /** The number at a JSON pointer such as {@code /usage/cost}, exactly as written. */
    public static BigDecimal decimal(String body, String pointer) {
        JsonNode node = read(body).at(pointer);
        if (!node.isNumber()) {
            throw new AssertionError(pointer + " is not a number in " + body);
        }
        return node.decimalValue();
    }
}
