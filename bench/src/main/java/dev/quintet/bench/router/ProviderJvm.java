package dev.quintet.bench.router;

import dev.quintet.bench.ChildJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** The fake provider ({@link FakeOpenAi}) in a child JVM, seen from the benchmark. */
final class ProviderJvm implements AutoCloseable {

    /** System property that makes the router benchmark play the fake provider instead. */
    static final String PROPERTY = "quintet.bench.router.provider";

    private final Process process;
    private final String origin;
    private final HttpClient http = HttpClient.newHttpClient();

    private ProviderJvm(Process process, int port) {
        this.process = process;
        this.origin = "http://127.0.0.1:" + port;
    }

    static ProviderJvm start() throws Exception {
        Process process = ChildJvm.start("router", PROPERTY, "true");
        String line = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))
                .readLine();
        if (line == null) {
            process.destroy();
            throw new IOException("the fake provider's JVM ended before it listened (exit " + process.waitFor() + ")");
        }
        return new ProviderJvm(process, Integer.parseInt(line.strip()));
    }

    /** The base URL a client puts {@code /chat/completions} after. */
    String baseUrl() {
        return origin + "/v1";
    }

    /** How many {@code hold} streams are open now. */
    int held() throws IOException, InterruptedException {
        return Integer.parseInt(call("GET", "/held"));
    }

    /** Ends every {@code hold} stream. */
    void release() throws IOException, InterruptedException {
        call("POST", "/release");
    }

    private String call(String method, String path) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(origin + path))
                .method(method, HttpRequest.BodyPublishers.noBody()).build();
        return http.send(request, HttpResponse.BodyHandlers.ofString()).body();
    }

    @Override
    public void close() throws Exception {
        process.getOutputStream().close();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroy();
        }
        http.close();
    }
}
