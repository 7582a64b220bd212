package dev.quintet.router.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Providers' data policies: known ones as their terms state, others unknown unless the config file states one. */
class DataPolicyConfigTest {

    @TempDir
    Path dir;

    private RouterConfig read(String providers) throws IOException {
        Path file = dir.resolve("router.json");
        Files.writeString(file, "{\"providers\":" + providers + ",\"models\":[]}");
        return RouterConfig.read(file);
    }

    @Test
    void knownProvidersKeepTheirPolicyNewOnesAreUnknownUnlessStated() throws IOException {
        RouterConfig config = read("""
                [{"slug":"openai","base_url":"http://127.0.0.1:9/v1"},
                 {"slug":"local","base_url":"http://127.0.0.1:9/v1"},
                 {"slug":"vllm","base_url":"http://127.0.0.1:9/v1",
                  "data_policy":{"training":false,"retains_prompts":false}},
                 {"slug":"google","data_policy":{"training":true,"retains_prompts":true,"retention_days":55}}]""");

        assertThat(config.providers()).extracting(p -> p.info().dataPolicy()).containsExactly(
                DataPolicy.retainedFor(30), DataPolicy.UNKNOWN, DataPolicy.zeroRetention(),
                new DataPolicy(true, true, true, 55));
        assertThat(KnownProviders.bySlug("deepseek").orElseThrow().dataPolicy().training()).isTrue();
        assertThat(KnownProviders.bySlug("openrouter").orElseThrow().dataPolicy()).isEqualTo(DataPolicy.UNKNOWN);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "\"no\"|providers[0].data_policy must be an object",
            "{\"training\":false}|providers[0].data_policy.retains_prompts is required: true or false",
            "{\"training\":\"no\",\"retains_prompts\":true}|providers[0].data_policy.training is required",
            "{\"training\":false,\"retains_prompts\":true,\"logs\":1}|data_policy.logs is not a data policy field",
            "{\"training\":false,\"retains_prompts\":true,\"retention_days\":1.5}|retention_days must be a whole number",
            "{\"training\":false,\"retains_prompts\":true,\"retention_days\":-1}|retention_days must be >= 0",
            "{\"training\":false,\"retains_prompts\":false,\"retention_days\":30}|0 when prompts are not retained",
            "{\"training\":true,\"retains_prompts\":false}|keeps no prompts cannot train on them"})
    void rejectsAPolicyThatIsNotWhole(String policy, String message) {
        assertThatThrownBy(() -> read("[{\"slug\":\"local\",\"base_url\":\"http://127.0.0.1:9/v1\",\"data_policy\":"
                + policy + "}]")).hasMessageContaining(message);
    }
}
