package dev.quintet.router.routing;

import dev.quintet.platform.errors.ApiException;
import dev.quintet.router.catalog.Model;
import dev.quintet.router.providers.LostPart;
import dev.quintet.router.providers.Provider;
import dev.quintet.router.providers.WireFormat;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * Which endpoints can take a request without losing part of it, whatever {@code provider.require_parameters} says
 * (it governs parameters that only tune an answer, which an endpoint may drop): as OpenRouter does, a request
 * offering tools goes only to endpoints that take tools, and one with an image, audio, video or file part only to
 * endpoints whose format has a place for it (see {@link Provider#lostPart}); a field only OpenAI's format carries
 * ({@link OpenAiFormatOnly}) keeps it to such endpoints. When a model has none left, the reason starts with
 * OpenRouter's words ("No endpoints found that support tool use"), which agents match to retry without the tools
 * or images. Made once per request; the media parts are checked once per wire format.
 */
final class RequestFit {

    private final ChatRequest request;
    private final Provider provider;
    private final String tools;
    private final OpenAiFormatOnly openAiOnly;
    private final Map<WireFormat, Optional<LostPart>> lost = new EnumMap<>(WireFormat.class);

    RequestFit(ChatRequest request, Provider provider) {
        this.request = request;
        this.provider = provider;
        this.tools = offeredTools(request.body());
        this.openAiOnly = OpenAiFormatOnly.of(request);
    }

    /** The candidates of {@code model} that can take the request; when none can, none, with the reason added. */
    List<Candidate> filter(Model model, List<Candidate> candidates, List<ApiException> reasons) {
        List<Candidate> kept = candidates;
        if (tools != null) {
            kept = kept.stream().filter(c -> c.endpoint().supports("tools")).toList();
            if (kept.isEmpty()) {
                reasons.add(new ApiException(404, "no_endpoint_with_tools", "No endpoints found that support tool "
                        + "use: no configured endpoint of model " + model.id() + " takes tools (" + providers(candidates)
                        + "); send the request without " + tools + " or choose another model", tools));
                return kept;
            }
        }
        if (openAiOnly != null) {
            kept = kept.stream().filter(c -> format(c) == WireFormat.OPENAI).toList();
            if (kept.isEmpty()) {
                reasons.add(new ApiException(400, "unsupported_parameter", openAiOnly.param()
                        + " is not supported by model " + model.id() + ": " + openAiOnly.reason(), openAiOnly.param()));
                return kept;
            }
        }
        if (request.text()) {
            return kept;
        }
        List<Candidate> fit = kept.stream().filter(c -> lostPart(c).isEmpty()).toList();
        if (fit.isEmpty()) {
            LostPart part = lostPart(kept.getFirst()).orElseThrow();
            reasons.add(new ApiException(404, "no_endpoint_for_input", "No endpoints found that support "
                    + part.kind() + " input: no configured endpoint of model " + model.id() + " can take "
                    + part.param() + " (" + providers(kept) + ": " + part.takes() + ")", part.param()));
        }
        return fit;
    }

    private Optional<LostPart> lostPart(Candidate c) {
        return lost.computeIfAbsent(format(c), f -> provider.lostPart(c.connection(), request.body()));
    }

    private static WireFormat format(Candidate c) {
        return c.connection().provider().wireFormat();
    }

    private static String providers(List<Candidate> candidates) {
        return String.join(", ", candidates.stream().map(c -> c.connection().provider().slug()).toList());
    }

    /** The field offering tools ({@code tools}, or legacy {@code functions}) when it lists any, else null. */
    private static String offeredTools(JsonNode body) {
        for (String field : new String[] {"tools", "functions"}) {
            if (body.path(field).isArray() && !body.path(field).isEmpty()) {
                return field;
            }
        }
        return null;
    }
}
