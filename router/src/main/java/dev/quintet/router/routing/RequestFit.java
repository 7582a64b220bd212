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

    private static final String TOOLS = "no_endpoint_with_tools";
    private static final String INPUT = "no_endpoint_for_input";

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

    /**
     * The candidates of {@code model} that can take the request; when none can, none, with the reason added. The
     * reason says when the provider preferences left out the {@code configured} endpoints that could.
     */
    List<Candidate> filter(Model model, List<Candidate> configured, List<Candidate> candidates,
                           List<ApiException> reasons) {
        List<Candidate> kept = candidates;
        if (tools != null) {
            kept = kept.stream().filter(RequestFit::takesTools).toList();
            if (kept.isEmpty()) {
                List<Candidate> able = configured.stream().filter(RequestFit::takesTools).toList();
                reasons.add(new ApiException(404, TOOLS, "No endpoints found that support tool use: " + (able.isEmpty()
                        ? "no configured endpoint of model " + model.id() + " takes tools (" + providers(candidates)
                        + "); send the request without " + tools + " or choose another model"
                        : "the endpoints of model " + model.id() + " that take tools (" + providers(able)
                        + ") are ruled out by the provider preferences"), tools));
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
            List<Candidate> unfit = kept;
            LostPart first = lostPart(unfit.getFirst()).orElseThrow();
            String each = String.join("; ", unfit.stream().map(RequestFit::format).distinct().map(f -> {
                LostPart part = lost.get(f).orElseThrow();
                return providers(unfit.stream().filter(c -> format(c) == f).toList()) + " cannot take "
                        + part.param() + " (" + part.kind() + "): " + part.takes();
            }).toList());
            reasons.add(new ApiException(404, INPUT, "No endpoints found that support " + first.kind()
                    + " input: no configured endpoint of model " + model.id() + " can take the request whole ("
                    + each + ")", first.param()));
        }
        return fit;
    }

    /** Whether {@code reason} is one of this class's: the request cannot go whole, whatever else is tried. */
    static boolean isUnfit(ApiException reason) {
        String code = reason.toError().code();
        return code.equals(TOOLS) || code.equals(INPUT);
    }

    private static boolean takesTools(Candidate c) {
        return c.endpoint().supports("tools");
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
