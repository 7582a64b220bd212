package dev.quintet.router.providers.translation;

import dev.quintet.router.stream.SseEvents;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A provider's event stream read as OpenAI's: each upstream event is translated when the reader gets to it (nothing
 * is buffered ahead), and closing this closes the upstream body, which cancels the call. An event whose data is not
 * JSON is passed on as it came, for the relay to reject. A stream that ends before its answer did ends without
 * {@code [DONE]}.
 */
final class TranslatedStream extends InputStream {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final byte[] DONE = "data: [DONE]\n\n".getBytes(StandardCharsets.US_ASCII);

    private final InputStream upstream;
    private final SseEvents events;
    private final StreamTranslator translator;
    private byte[] buffer = new byte[0];
    private int position;
    private boolean ended;

    TranslatedStream(InputStream upstream, StreamTranslator translator) {
        this.upstream = upstream;
        this.events = new SseEvents(upstream);
        this.translator = translator;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] into, int offset, int length) throws IOException {
        while (position >= buffer.length) {
            if (ended) {
                return -1;
            }
            fill();
        }
        int n = Math.min(length, buffer.length - position);
        System.arraycopy(buffer, position, into, offset, n);
        position += n;
        return n;
    }

    private void fill() throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        String data = events.next();
        if (data == null) {
            write(out, translator.end());
            ended = true;
        } else {
            JsonNode parsed = parse(data);
            if (parsed == null) {
                out.write(("data: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
            } else {
                write(out, translator.event(parsed));
            }
        }
        if (translator.complete()) {
            out.write(DONE);
            ended = true;
        }
        buffer = out.toByteArray();
        position = 0;
    }

    private static void write(ByteArrayOutputStream out, List<ObjectNode> chunks) {
        for (ObjectNode chunk : chunks) {
            out.writeBytes("data: ".getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(JSON.writeValueAsBytes(chunk));
            out.writeBytes("\n\n".getBytes(StandardCharsets.US_ASCII));
        }
    }

    private static JsonNode parse(String data) {
        try {
            JsonNode node = JSON.readTree(data);
            return node != null && node.isObject() ? node : null;
        } catch (JacksonException e) {
            return null;
        }
    }

    @Override
    public void close() throws IOException {
        upstream.close();
    }
}
