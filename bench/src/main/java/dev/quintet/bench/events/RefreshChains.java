package dev.quintet.bench.events;

import dev.quintet.bench.LoadDriver;
import dev.quintet.bench.WrkDriver;
import dev.quintet.console.oauth.RegisteredClient;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Refresh-token grants at the console's token endpoint: one worker per grant, each presenting the refresh token
 * the last answer gave it (every refresh rotates it, and presenting an old one would end the grant). The workers
 * are threads of {@code wrk} (one connection each) when it is installed, so that the client's own cost on the
 * shared cores stays small next to the server's, else threads of this JVM. The grants serve one run: wrk ends a
 * run with requests in flight, whose new refresh tokens it never reads.
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

    /** {@code chains} fresh grants of {@code app}, made by the person logged in to {@code session}. */
    static RefreshChains of(ConsoleSession session, RegisteredClient app, String redirectUri, int chains, String console)
            throws Exception {
        List<ConsoleSession.Tokens> grants = new ArrayList<>();
        for (int i = 0; i < chains; i++) {
            grants.add(session.authorize(app.client().clientId(), app.secret(), redirectUri));
        }
        return new RefreshChains(console, app.client().clientId(), app.secret(), grants);
    }

    Latencies run(Duration duration) throws Exception {
        Optional<Path> wrk = WrkDriver.find();
        return wrk.isPresent() ? runWrk(wrk.get(), duration) : runHere(duration);
    }

    /** One wrk thread per chain; it keeps the chain's refresh token in its Lua state and takes each answer's new one. */
    private Latencies runWrk(Path wrk, Duration duration) throws Exception {
        StringBuilder tokens = new StringBuilder();
        for (String token : refreshTokens) {
            tokens.append("[==[").append(token).append("]==],");
        }
        String script = """
                local tokens = {%s}
                local basic = [==[%s]==]
                local threads = 0
                function setup(thread)
                  threads = threads + 1
                  thread:set("token", tokens[threads])
                end
                local function encode(s)
                  return (s:gsub("[^%%w%%-_%%.~]", function(c) return string.format("%%%%%%02X", string.byte(c)) end))
                end
                function request()
                  return wrk.format("POST", "/oauth/token", {["Authorization"] = basic,
                    ["Content-Type"] = "application/x-www-form-urlencoded"},
                    "grant_type=refresh_token&refresh_token=" .. encode(token))
                end
                function response(status, headers, body)
                  if status == 200 then
                    token = body:match('"refresh_token"%%s*:%%s*"([^"]+)"')
                  end
                end
                """.formatted(tokens, ConsoleSession.basicAuthorization(clientId, secret));
        LoadDriver.Result r = WrkDriver.runScript(wrk, console + "/oauth/token", Map.of(), script,
                refreshTokens.length, refreshTokens.length, duration);
        return new Latencies(r.requests(), r.requestsPerSecond(), r.p50Micros() / 1e3, r.p99Micros() / 1e3, Double.NaN);
    }

    private Latencies runHere(Duration duration) throws Exception {
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
