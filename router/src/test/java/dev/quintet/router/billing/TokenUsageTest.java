package dev.quintet.router.billing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.json.JsonMapper;

/** Usage as OpenAI reports it, and as OpenAI-compatible providers that differ report it. */
class TokenUsageTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "OpenAI|{'prompt_tokens':100,'completion_tokens':400,'total_tokens':500,'prompt_tokens_details':"
                    + "{'cached_tokens':60},'completion_tokens_details':{'reasoning_tokens':386}}|100|400|60|386",
            "xAI, reasoning beside the completion|{'prompt_tokens':100,'completion_tokens':1,'total_tokens':487,"
                    + "'completion_tokens_details':{'reasoning_tokens':386}}|100|387|0|386",
            "Moonshot, cache reads beside the prompt|{'prompt_tokens':100,'completion_tokens':5,'total_tokens':105,"
                    + "'cached_tokens':80}|100|5|80|0",
            "DeepSeek, cache hits beside the prompt|{'prompt_tokens':100,'completion_tokens':5,'total_tokens':105,"
                    + "'prompt_cache_hit_tokens':64,'prompt_cache_miss_tokens':36}|100|5|64|0",
            "nested cache reads win|{'prompt_tokens':100,'completion_tokens':5,'prompt_tokens_details':"
                    + "{'cached_tokens':10},'prompt_cache_hit_tokens':64}|100|5|10|0"})
    void readsEachProvidersUsageAsOpenAiCountsIt(String provider, String usage, long prompt, long completion,
                                                 long cached, long reasoning) {
        TokenUsage read = TokenUsage.fromOpenAi(JSON.readTree(usage.replace('\'', '"'))).orElseThrow();

        assertThat(read).isEqualTo(new TokenUsage(prompt, completion, cached, 0, reasoning, 0));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "one-hour writes among the writes|{'cache_write_tokens':500,'cache_write_1h_tokens':200}|500|200",
            "no one-hour writes|{'cache_write_tokens':500}|500|0",
            "more one-hour writes than writes, cut to them|{'cache_write_tokens':5,'cache_write_1h_tokens':9}|5|5",
            "one-hour writes without writes|{'cache_write_1h_tokens':9}|0|0"})
    void readsTheCacheWritesKeptForAnHourAsPartOfTheCacheWrites(String name, String details, long writes,
                                                                 long hourWrites) {
        String usage = "{'prompt_tokens':2000,'completion_tokens':5,'prompt_tokens_details':" + details + "}";

        TokenUsage read = TokenUsage.fromOpenAi(JSON.readTree(usage.replace('\'', '"'))).orElseThrow();

        assertThat(read.cacheWrite()).isEqualTo(writes);
        assertThat(read.cacheWrite1h()).isEqualTo(hourWrites);
    }
}
