package dev.quintet.devices.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/** An app reading a Server-Sent Events stream over its own HTTP connection, collecting events and comments. */
public final class TestStream implements AutoCloseable {

    /** One event: its name, its data and its id (null when it has none). */
    public record Event(String name, String data, String id) {
    }

    private final HttpClient client;
    private final HttpResponse<InputStream> response;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final AtomicInteger comments = new AtomicInteger();
    private final AtomicBoolean ended = new AtomicBoolean();
    private final String errorBody;

    private TestStream(HttpClient client, HttpResponse<InputStream> response) throws IOException {
        this.client = client;
        this.response = response;
        if (response.statusCode() == 200) {
            errorBody = null;
            Thread.ofVirtual().start(this::read);
        } else {
            try (InputStream in = response.body()) {
                errorBody = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
    }

    /** Opens {@code url} with {@code key}; the status tells whether the stream is open. */
    public static TestStream open(String url, String key) throws IOException, InterruptedException {
        return open(url, key, null);
    }

    /** Opens {@code url} with {@code key} as a reconnecting EventSource does, sending {@code lastEventId}. */
    public static TestStream open(String url, String key, String lastEventId) throws IOException, InterruptedException {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + key)
                .header("Accept", "text/event-stream").GET();
        if (lastEventId != null) {
            request.header("Last-Event-ID", lastEventId);
        }
        return new TestStream(client, client.send(request.build(), HttpResponse.BodyHandlers.ofInputStream()));
    }

    public int status() {
        return response.statusCode();
    }

    public HttpResponse<InputStream> response() {
        return response;
    }

    public String errorBody() {
        return errorBody;
    }

    /** The next event named {@code name} within {@code timeout}, skipping others; null if none came. */
    public Event next(String name, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            Event e = left <= 0 ? null : events.poll(left, TimeUnit.NANOSECONDS);
            if (e == null || e.name().equals(name)) {
                return e;
            }
        }
    }

    /** The next event of any name within {@code timeout}; null if none came. */
    public Event next(Duration timeout) throws InterruptedException {
        return events.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    public int comments() {
        return comments.get();
    }

    /** True once the server ended the stream. */
    public boolean ended() {
        return ended.get();
    }

    private void read() {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            String name = null;
            String id = null;
            StringBuilder data = null;
            String line;
            while ((line = reader.readLine()) != null) {
                if (line.isEmpty()) {
                    if (data != null) {
                        events.add(new Event(name == null ? "message" : name, data.toString(), id));
                    }
                    name = null;
                    id = null;
                    data = null;
                } else if (line.startsWith(":")) {
                    comments.incrementAndGet();
                } else if (line.startsWith("id:")) {
                    id = line.substring(3).strip();
                } else if (line.startsWith("event:")) {
                    name = line.substring(6).strip();
                } else if (line.startsWith("data:")) {
                    String value = line.substring(5).stripLeading();
                    data = data == null ? new StringBuilder(value) : data.append('\n').append(value);
                }
            }
        } catch (IOException e) {
            // closed by the test
        } finally {
            ended.set(true);
        }
    }

    /** Goes away as a browser tab would: closes the connection without a word. */
    @Override
    public void close() {
        try {
            response.body().close();
        } catch (IOException e) {
            // closing anyway
        }
        client.shutdownNow();
    }
}
