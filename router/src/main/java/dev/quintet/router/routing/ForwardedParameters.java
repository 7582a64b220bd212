package dev.quintet.router.routing;

import dev.quintet.router.catalog.Endpoint;
import dev.quintet.router.providers.WireFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import tools.jackson.databind.node.ObjectNode;

/**
 * Which request fields go upstream: the router's own fields never do; parameters an endpoint may not support go
 * only where it does; everything else (messages, stream, user, extensions) passes through.
 */
public final class ForwardedParameters {

    /** Fields only the router reads. */
    static final Set<String> ROUTER_ONLY = Set.of("models", "provider", "route", "transforms", "plugins", "usage",
            "session_id", "trace", "debug", "n");

    /** Request fields whose support differs between endpoints: the catalog's and their aliases. */
    static final Set<String> FILTERED = Stream.concat(Endpoint.PARAMETERS.stream(),
            Stream.of("max_completion_tokens", "reasoning_effort")).collect(Collectors.toUnmodifiableSet());

    private ForwardedParameters() {
    }

    /** The catalog name a filtered request field is listed under. */
    static String catalogName(String field) {
        return switch (field) {
            case "max_completion_tokens" -> "max_tokens";
            case "reasoning_effort" -> "reasoning";
            default -> field;
        };
    }

    /** The filtered parameters {@code body} sets that {@code c}'s endpoint does not support. */
    static List<String> unsupported(ObjectNode body, Candidate c) {
        List<String> missing = new ArrayList<>();
        for (String field : body.propertyNames()) {
            if (FILTERED.contains(field) && !body.get(field).isNull() && !supports(c, field)) {
                missing.add(field);
            }
        }
        return missing;
    }

    /**
     * Whether {@code c} takes {@code field}: as its endpoint lists; and {@code parallel_tool_calls} wherever it takes
     * tools in Anthropic's format, whose adapter sends it as {@code disable_parallel_tool_use} (catalogs list it not).
     */
    private static boolean supports(Candidate c, String field) {
        if (field.equals("parallel_tool_calls") && c.connection().provider().wireFormat() == WireFormat.ANTHROPIC) {
            return c.endpoint().supports("tools");
        }
        return c.endpoint().supports(catalogName(field));
    }

    /**
     * The body to send to {@code endpoint}, naming its upstream model. When neither the body sent (the request's
     * limit is not sent to an endpoint that does not take it) nor the endpoint limits the answer, it is limited to
     * {@code defaultMaxTokens}, the length the request's credit hold was made for: a charge never exceeds its hold,
     * so an answer without a limit could cost more than is charged.
     */
    static ObjectNode forEndpoint(ObjectNode body, Candidate c, boolean stream, long defaultMaxTokens) {
        Endpoint endpoint = c.endpoint();
        ObjectNode out = body.deepCopy();
        out.remove(ROUTER_ONLY);
        out.remove(unsupported(body, c));
        if (!out.hasNonNull("max_tokens") && !out.hasNonNull("max_completion_tokens")
                && endpoint.maxCompletionTokens() == null) {
            out.put("max_tokens", defaultMaxTokens); // sent to OpenAI as max_completion_tokens (OpenAiDialects)
        }
        out.put("model", endpoint.upstreamModel());
        if (stream) {
            out.put("stream", true);
            out.putObject("stream_options").put("include_usage", true);
        } else {
            out.remove("stream_options");
        }
        return out;
    }
}
