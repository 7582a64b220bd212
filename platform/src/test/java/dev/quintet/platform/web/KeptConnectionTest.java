package dev.quintet.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.testapp.EchoApplication;
import dev.quintet.platform.testing.TestPlatform;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** A client that keeps its connection (as SDKs' pools do) is not made to open a new one every so many requests. */
class KeptConnectionTest {

    static TestPlatform platform;
    static URI base;

    @BeforeAll
    static void start() {
        platform = TestPlatform.start(null);
        base = URI.create(platform.startApp(EchoApplication.class, "router"));
    }

    @AfterAll
    static void stop() {
        platform.close();
    }

    @Test
    void oneConnectionServesMoreRequestsThanTomcatsDefaultHundred() throws IOException {
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            InputStream in = new BufferedInputStream(socket.getInputStream());
            byte[] request = ("GET /health HTTP/1.1\r\nHost: " + base.getHost() + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
            for (int i = 1; i <= 250; i++) {
                socket.getOutputStream().write(request);
                String head = head(in);
                assertThat(head).as("response %d", i).startsWith("HTTP/1.1 200");
                assertThat(head.toLowerCase(Locale.ROOT)).as("response %d", i).doesNotContain("connection: close");
                skipBody(head, in);
            }
        }
    }

    /** The status line and headers of the next response. */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (matched < 4) {
            int b = in.read();
            assertThat(b).as("the connection stays open").isNotNegative();
            head.write(b);
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
        }
        return head.toString(StandardCharsets.US_ASCII);
    }

    /** Reads past the body that {@code head} announces, by its length or in chunks. */
    private static void skipBody(String head, InputStream in) throws IOException {
        for (String line : head.toLowerCase(Locale.ROOT).split("\r\n")) {
            if (line.startsWith("content-length:")) {
                in.readNBytes(Integer.parseInt(line.substring("content-length:".length()).strip()));
                return;
            }
        }
        assertThat(head.toLowerCase(Locale.ROOT)).contains("transfer-encoding: chunked");
        int size;
        do {
            size = Integer.parseInt(line(in), 16);
            in.readNBytes(size);
            line(in); // the chunk's CRLF, or the empty line after the last chunk
        } while (size > 0);
    }

    private static String line(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            assertThat(b).as("the connection stays open").isNotNegative();
            if (b != '\r') {
                line.append((char) b);
            }
        }
        return line.toString();
    }
}
