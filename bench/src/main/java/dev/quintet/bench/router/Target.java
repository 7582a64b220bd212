package dev.quintet.bench.router;

import dev.quintet.bench.LoadDriver;
import dev.quintet.bench.WrkDriver;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * One way to reach the fake upstream: directly, through the router or through a peer gateway; its URL, headers
 * and the prefix its model names take.
 */
record Target(String name, String url, Map<String, String> headers, String modelPrefix) {

    static final Optional<Path> WRK = WrkDriver.find();

    String model(String upstreamModel) {
        return modelPrefix + upstreamModel;
    }

    /**
     * Plain (non-streaming) chat completions at {@code concurrency} for {@code duration}: one at a time from the client
     * JVM {@code oneAtATime}, more at once with wrk when installed (else the JDK's client).
     */
    LoadDriver.Result load(int concurrency, Duration duration, ClientJvm oneAtATime) throws Exception {
        String body = RouterBench.body(model("fast"), false);
        if (concurrency == 1) {
            return oneAtATime.run(url, headers, body, duration);
        }
        if (WRK.isPresent()) {
            return WrkDriver.run(WRK.get(), url, headers, body, concurrency, duration);
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return LoadDriver.run(request.build(), 200, concurrency, duration);
    }

    StreamProbe probe() {
        return new StreamProbe(url, headers);
    }
}
