package dev.quintet.router.providers.anthropic;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.router.testing.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AnthropicMappingTest {

    @ParameterizedTest
    @CsvSource({"end_turn,stop", "max_tokens,length", "stop_sequence,stop", "tool_use,tool_calls",
            "pause_turn,stop", "refusal,content_filter", "model_context_window_exceeded,length"})
    void mapsStopReasonsToFinishReasons(String stopReason, String finishReason) {
        assertThat(AnthropicAnswer.finishReason(stopReason)).isEqualTo(finishReason);
    }

    @ParameterizedTest
    @CsvSource({"overloaded_error,529", "rate_limit_error,429", "invalid_request_error,400",
            "authentication_error,401", "permission_error,403", "not_found_error,404", "api_error,500"})
    void mapsErrorTypesToStatuses(String type, int status) {
        assertThat(AnthropicAnswer.status(type)).isEqualTo(status);
    }

    @Test
    void keepsRedactedThinkingAsEncryptedDetailsBothWays() {
        var answer = AnthropicAnswer.of((tools.jackson.databind.node.ObjectNode) Json.read("""
                {"id":"msg_1","model":"claude","content":[{"type":"redacted_thinking","data":"opaque"},\
                {"type":"text","text":"Hi"}],"stop_reason":"end_turn","usage":{"input_tokens":3,"output_tokens":1}}"""),
                1L);
        var message = answer.at("/choices/0/message");

        assertThat(message.at("/reasoning_details/0/type").asString()).isEqualTo("reasoning.encrypted");
        assertThat(message.at("/reasoning_details/0/data").asString()).isEqualTo("opaque");
        assertThat(AnthropicMessages.of(Json.read("[" + message + "]")).turns().at("/0/content/0"))
                .isEqualTo(Json.read("{\"type\":\"redacted_thinking\",\"data\":\"opaque\"}"));
    }
}
