package dev.quintet.router.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A caller that hangs up: while a chat completion streams, once the first content arrives; or right after sending a
 * request, before any answer.
 */
public final class HangingUpClient {

    private HangingUpClient() {
    }

    /**
     * Streams {@code model} from {@code router} with {@code key}, reads until the first content ({@code "Hel"}, what
     * the fake's {@code stall} and {@code drop} models send first), then closes the connection; the generation id.
     */
    public static String hangUpAfterFirstContent(RouterFixture router, String key, String model) throws IOException {
        URI uri = URI.create(router.url());
        byte[] body = RouterFixture.streamBody(model).getBytes(StandardCharsets.UTF_8);
        String id = null;
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(request(uri, key, body.length));
            out.write(body);
            out.flush();
            BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
            String line;
            while ((line = in.readLine()) != null && !line.contains("\"Hel\"")) {
                assertThat(line).doesNotContain("[DONE]");
                if (line.toLowerCase().startsWith("x-generation-id:")) {
                    id = line.substring(line.indexOf(':') + 1).trim();
                }
            }
            assertThat(line).contains("\"Hel\"");
        }
        return id;
    }

    /**
     * Sends {@code body} to the chat endpoint with {@code key} and, {@code after} later (the router has read it by
     * then), resets the connection without reading anything.
     */
    public static void hangUpBeforeTheAnswer(RouterFixture router, String key, String body, Duration after)
            throws IOException, InterruptedException {
        URI uri = URI.create(router.url());
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.setSoLinger(true, 0);
            OutputStream out = socket.getOutputStream();
            out.write(request(uri, key, bytes.length));
            out.write(bytes);
            out.flush();
            Thread.sleep(after);
        }
    }

    private static byte[] request(URI uri, String key, int length) {
        return ("POST /api/v1/chat/completions HTTP/1.1\r\nHost: " + uri.getHost() + "\r\nAuthorization: Bearer " + key
                + "\r\nContent-Type: application/json\r\nContent-Length: " + length + "\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
    }
}
