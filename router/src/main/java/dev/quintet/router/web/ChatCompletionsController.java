package dev.quintet.router.web;

import dev.quintet.platform.errors.ErrorWriter;
import dev.quintet.platform.keys.KeyHolder;
import dev.quintet.platform.web.RequestIds;
import dev.quintet.router.routing.Caller;
import dev.quintet.router.routing.ChatRequests;
import dev.quintet.router.routing.ChatRouter;
import dev.quintet.router.routing.FailedGeneration;
import dev.quintet.router.routing.TextCompletionRequests;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestAttribute;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code POST /chat/completions}: OpenAI's request body plus OpenRouter's {@code models} and {@code provider}; and
 * {@code POST /completions}, legacy text completions, routed the same way. The error of a request no endpoint
 * answered names its generation, as an answer does: in {@code X-Generation-Id} and {@code metadata.generation_id}.
 */
@RestController
final class ChatCompletionsController {

    private static final Logger log = LoggerFactory.getLogger(ChatCompletionsController.class);

    private final ChatRouter router;
    private final JsonMapper errorJson;

    /** {@code errorJson} is the service's mapper, which its errors are written with. */
    ChatCompletionsController(ChatRouter router, JsonMapper errorJson) {
        this.router = router;
        this.errorJson = errorJson;
    }

    @PostMapping({"/api/v1/chat/completions", "/v1/chat/completions"})
    void complete(HttpServletRequest request, HttpServletResponse response,
                  @RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder holder) throws IOException {
        router.complete(ChatRequests.parse(JsonBodies.read(request)), caller(holder, request), response);
    }

    @PostMapping({"/api/v1/completions", "/v1/completions"})
    void completeText(HttpServletRequest request, HttpServletResponse response,
                      @RequestAttribute(KeyHolder.ATTRIBUTE) KeyHolder holder) throws IOException {
        router.complete(TextCompletionRequests.parse(JsonBodies.read(request)), caller(holder, request), response);
    }

    @ExceptionHandler(FailedGeneration.class)
    void failed(FailedGeneration e, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (e.toError().status() >= 500) {
            log.warn("Request {} {} answered {} as failed generation {}: {}", request.getMethod(),
                    request.getRequestURI(), e.toError().status(), e.generationId(), e.getMessage());
        }
        e.headers().forEach(response::setHeader);
        new ErrorWriter(OpenAiErrorShape.ofGeneration(e.generationId()), errorJson)
                .write(request, response, e.toError());
    }

    private static Caller caller(KeyHolder holder, HttpServletRequest request) {
        return new Caller(holder.accountId(), holder.keyId(), RequestIds.of(request));
    }
}
