package dev.quintet.router.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WireFormatConfigTest {

    @TempDir
    Path dir;

    private RouterConfig read(String json) throws IOException {
        Path file = dir.resolve("router.json");
        Files.writeString(file, json);
        return RouterConfig.read(file);
    }

    @Test
    void knownProvidersKeepTheirWireFormatAndNewOnesSpeakOpenAiUnlessTold() throws IOException {
        RouterConfig config = read("""
                {"providers":[{"slug":"anthropic","base_url":"http://127.0.0.1:9/anthropic"},
                 {"slug":"local","base_url":"http://127.0.0.1:9/v1"},
                 {"slug":"gateway","base_url":"http://127.0.0.1:9/g","api":"gemini"}],"models":[]}""");

        assertThat(config.providers()).extracting(p -> p.info().wireFormat())
                .containsExactly(WireFormat.ANTHROPIC, WireFormat.OPENAI, WireFormat.GEMINI);
        assertThat(KnownProviders.bySlug("google").orElseThrow().wireFormat()).isEqualTo(WireFormat.GEMINI);
        assertThat(KnownProviders.bySlug("anthropic").orElseThrow().resolve("v1/messages"))
                .hasToString("https://api.anthropic.com/v1/messages");
    }

    @Test
    void rejectsAnUnknownWireFormatNamingTheEntry() {
        assertThatThrownBy(() -> read("""
                {"providers":[{"slug":"x","base_url":"http://127.0.0.1:9/v1","api":"cohere"}],"models":[]}"""))
                .hasMessageContaining("providers[0]").hasMessageContaining("api must be one of openai, anthropic, gemini");
    }
}
