package dev.quintet.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AccessLogFilterTest {

    @Test
    void redactsSecretParametersAndAnythingShapedLikeAKey() {
        assertThat(AccessLogFilter.redactQuery("api_key=qt_abcdefghijkl&limit=5")).isEqualTo("api_key=[redacted]&limit=5");
        assertThat(AccessLogFilter.redactQuery("API_KEY=x&token=y&q=rust")).isEqualTo("API_KEY=[redacted]&token=[redacted]&q=rust");
        assertThat(AccessLogFilter.redactQuery("api%5Fkey=x")).isEqualTo("api%5Fkey=[redacted]");
        assertThat(AccessLogFilter.redactQuery("q=qt_AbCdEfGh12345")).isEqualTo("q=[redacted]");
        assertThat(AccessLogFilter.redactQuery("flag&api_key")).isEqualTo("flag&api_key");
    }
}
