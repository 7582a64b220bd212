package dev.quintet.router.routing;

import java.util.List;
import tools.jackson.databind.node.ObjectNode;

/**
 * A checked chat-completions request, or a legacy text-completions one.
 *
 * @param body the request as sent
 * @param models the models to try, in order: {@code model}, then the entries of {@code models}
 * @param text whether this is a legacy text completion ({@code prompt} in, {@code choices[].text} out)
 */
public record ChatRequest(ObjectNode body, List<String> models, boolean stream, ProviderPreferences preferences,
                          boolean text) {

    /** {@code reasoning.exclude: true}: the model may reason (and is paid for it), but the caller gets no reasoning. */
    public boolean excludeReasoning() {
        return body.path("reasoning").path("exclude").asBoolean(false);
    }
}
