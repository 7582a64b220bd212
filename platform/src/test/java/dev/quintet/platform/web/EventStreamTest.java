package dev.quintet.platform.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.quintet.platform.testing.CallerGone;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletResponse;

class EventStreamTest {

    @Test
    void commitsWithTheFirstFrameAsAnEventStreamWithTheCallersHeaders() throws IOException {
        MockHttpServletResponse response = new MockHttpServletResponse();
        EventStream stream = new EventStream(response, Map.of("X-Generation-Id", "gen-1"));

        assertThat(stream.committed()).isFalse();
        stream.data("{\"a\":1}");

        assertThat(stream.committed()).isTrue();
        assertThat(response.getStatus()).isEqualTo(200);
        assertThat(response.getContentType()).startsWith("text/event-stream");
        assertThat(response.getHeader("Cache-Control")).isEqualTo("no-cache");
        assertThat(response.getHeader("X-Generation-Id")).isEqualTo("gen-1");
        assertThat(response.getContentAsString()).isEqualTo("data: {\"a\":1}\n\n");
    }

    @Test
    void writesEventsCommentsRetriesAndMultiLineDataAsFrames() throws IOException {
        MockHttpServletResponse response = new MockHttpServletResponse();
        EventStream stream = new EventStream(response, Map.of());

        stream.event("value", "{\"v\":2}");
        stream.comment("ping");
        stream.retry(Duration.ofSeconds(3));
        stream.data("one\ntwo\r\nthree");

        assertThat(response.getContentAsString()).isEqualTo(
                "event: value\ndata: {\"v\":2}\n\n: ping\n\nretry: 3000\n\ndata: one\ndata: two\ndata: three\n\n");
        assertThatThrownBy(() -> stream.event("a\nb", "x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one line");
    }

    @Test
    void givesAnEventTheIdAReconnectingClientSendsBack() throws IOException {
        MockHttpServletResponse response = new MockHttpServletResponse();
        EventStream stream = new EventStream(response, Map.of());

        stream.event("reported", "{\"t\":1}", "r1.42");

        assertThat(response.getContentAsString()).isEqualTo("id: r1.42\nevent: reported\ndata: {\"t\":1}\n\n");
        assertThatThrownBy(() -> stream.event("reported", "x", "a\nb")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("an event id must be one line");
    }

    @Test
    void commentsOnlyWhenIdleAndNotAfterKeepAlivesStop() throws IOException {
        MockHttpServletResponse response = new MockHttpServletResponse();
        EventStream stream = new EventStream(response, Map.of());
        stream.data("x");

        assertThat(stream.commentIfIdle("busy", Duration.ofHours(1))).isTrue();
        assertThat(stream.commentIfIdle("idle", Duration.ZERO)).isTrue();
        stream.stopKeepAlives();
        assertThat(stream.commentIfIdle("stopped", Duration.ZERO)).isTrue();

        assertThat(response.getContentAsString()).isEqualTo("data: x\n\n: idle\n\n");
    }

    @Test
    void isGoneOnceAWriteFailsAndRefusesLaterWrites() {
        EventStream stream = new EventStream(CallerGone.response(), Map.of());

        assertThatThrownBy(() -> stream.data("x")).isInstanceOf(IOException.class);
        assertThat(stream.gone()).isTrue();
        assertThat(stream.commentIfIdle("ping", Duration.ZERO)).isFalse();
        assertThatThrownBy(() -> stream.comment("again")).hasMessageContaining("disconnected");
    }
}
