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

    /** Plain (non-streaming) chat completions at {@code concurrency} for {@code duration}, with wrk when installed. */
    LoadDriver.Result load(int concurrency, Duration duration) throws Exception {
        String body = RouterBench.body(model("fast"), false);
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
