package dev.quintet.router.providers.gemini;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class GeminiMappingTest {

    @ParameterizedTest
    @CsvSource({"STOP,false,stop", "STOP,true,tool_calls", "MAX_TOKENS,false,length", "SAFETY,false,content_filter",
            "RECITATION,false,content_filter", "PROHIBITED_CONTENT,false,content_filter",
            "MALFORMED_FUNCTION_CALL,false,error", "OTHER,false,stop"})
    void mapsFinishReasons(String reason, boolean toolCalls, String finishReason) {
        assertThat(GeminiAnswer.finishReason(reason, toolCalls)).isEqualTo(finishReason);
    }

    @ParameterizedTest
    @CsvSource({"OTHER", "SAFETY", "BLOCKLIST", "BLOCK_REASON_UNSPECIFIED"})
    void aBlockedPromptIsAContentFilterWhateverTheReason(String blockReason) {
        JsonNode answer = JsonMapper.builder().build().readTree("{\"promptFeedback\":{\"blockReason\":\""
                + blockReason + "\"}}");

        assertThat(GeminiAnswer.finishReason(answer, false)).isEqualTo("content_filter");
        assertThat(GeminiAnswer.nativeFinishReason(answer)).isEqualTo(blockReason);
    }
}
