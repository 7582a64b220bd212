package dev.quintet.router.routing;

import dev.quintet.router.billing.Charge;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The {@code usage} object the caller gets: the provider's, plus {@code cost} in US dollars and
 * {@code is_byok: false} as OpenRouter sends them; estimated counts, marked {@code estimated: true}, when the
 * provider reported none.
 */
final class UsageFields {

    private UsageFields() {
    }

    static ObjectNode of(JsonMapper json, JsonNode reported, Charge charge) {
        ObjectNode usage;
        if (!charge.estimated() && reported instanceof ObjectNode object) {
            usage = object.deepCopy();
        } else {
            usage = json.createObjectNode();
            usage.put("prompt_tokens", charge.usage().prompt());
            usage.put("completion_tokens", charge.usage().completion());
            usage.put("total_tokens", charge.usage().total());
            usage.put("estimated", true);
        }
        usage.put("cost", charge.cost().stripTrailingZeros());
        usage.put("is_byok", false);
        return usage;
    }
}
