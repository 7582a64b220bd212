package dev.quintet.bench.events;

import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Refresh-token grants at the console's token endpoint: one worker per grant, each presenting the refresh token
 * the last answer gave it (every refresh rotates it, and presenting an old one would end the grant).
 */
final class RefreshChains {

    private final String console;
    private final String clientId;
    private final String secret;
    private final String[] refreshTokens;

    RefreshChains(String console, String clientId, String secret, List<ConsoleSession.Tokens> grants) {
        this.console = console;
        this.clientId = clientId;
        this.secret = secret;
        this.refreshTokens = grants.stream().map(ConsoleSession.Tokens::refresh).toArray(String[]::new);
    }

    Latencies run(Duration duration) throws Exception {
        long deadline = System.nanoTime() + duration.toNanos();
        try (HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
             ExecutorService workers = Executors.newFixedThreadPool(refreshTokens.length)) {
            List<Future<long[]>> futures = new ArrayList<>();
            for (int w = 0; w < refreshTokens.length; w++) {
                int worker = w;
                futures.add(workers.submit(() -> {
                    Latencies.Samples samples = new Latencies.Samples();
                    while (System.nanoTime() < deadline) {
                        long start = System.nanoTime();
                        HttpResponse<String> answer = client.send(ConsoleSession.tokenRequest(console, clientId, secret,
                                "grant_type=refresh_token&refresh_token="
                                        + URLEncoder.encode(refreshTokens[worker], StandardCharsets.UTF_8)),
                                HttpResponse.BodyHandlers.ofString());
                        long took = System.nanoTime() - start;
                        if (answer.statusCode() != 200) {
                            throw new IllegalStateException("refresh answered " + answer.statusCode() + ": " + answer.body());
                        }
                        refreshTokens[worker] = ConsoleSession.field(answer.body(), "refresh_token");
                        samples.add(took);
                    }
                    return samples.toArray();
                }));
            }
            long[] all = new long[0];
            for (Future<long[]> future : futures) {
                long[] part = future.get();
                long[] joined = java.util.Arrays.copyOf(all, all.length + part.length);
                System.arraycopy(part, 0, joined, all.length, part.length);
                all = joined;
            }
            return Latencies.of(all, duration.toNanos() / 1e9);
        }
    }
}
