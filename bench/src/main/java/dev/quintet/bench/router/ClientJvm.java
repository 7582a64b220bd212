package dev.quintet.bench.router;

import dev.quintet.bench.ChildJvm;
import dev.quintet.bench.LoadDriver;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The concurrency-1 client ({@link OneConnection}) in a JVM of its own, so that its threads, collections and
 * compiler share nothing with the router's JVM. The benchmark writes one run per line (milliseconds, URL, body and
 * headers, tab-separated) and reads back its requests, rate, p50 and p99, or the error that ended it.
 */
final class ClientJvm implements AutoCloseable {

    /** System property that makes the router benchmark play this client instead. */
    static final String PROPERTY = "quintet.bench.router.client";

    private final Process process;
    private final PrintWriter runs;
    private final BufferedReader results;

    private ClientJvm(Process process) {
        this.process = process;
        this.runs = new PrintWriter(process.getOutputStream(), true, StandardCharsets.UTF_8);
        this.results = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    }

    static ClientJvm start() throws Exception {
        return new ClientJvm(ChildJvm.start("router", PROPERTY, "true"));
    }

    /** Requests to {@code url} one at a time for {@code duration}, on one connection opened for the run. */
    LoadDriver.Result run(String url, Map<String, String> headers, String body, Duration duration) throws IOException {
        List<String> fields = new ArrayList<>(List.of(Long.toString(duration.toMillis()), url, body));
        headers.forEach((name, value) -> fields.add(name + ": " + value));
        if (fields.stream().anyMatch(f -> f.contains("\t") || f.contains("\n"))) {
            throw new IllegalArgumentException("tabs and line breaks cannot be sent to the client JVM");
        }
        runs.println(String.join("\t", fields));
        String line = results.readLine();
        if (line == null || line.startsWith("error\t")) {
            throw new IOException("the client JVM failed: " + (line == null ? "it ended" : line.substring(6)));
        }
        String[] figures = line.split("\t");
        return new LoadDriver.Result(Long.parseLong(figures[0]), Double.parseDouble(figures[1]),
                Double.parseDouble(figures[2]), Double.parseDouble(figures[3]));
    }

    /** The child's side: runs each line read from standard input, until it ends. */
    static void serve() throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            String[] fields = line.split("\t");
            Map<String, String> headers = new LinkedHashMap<>();
            for (int i = 3; i < fields.length; i++) {
                int colon = fields[i].indexOf(": ");
                headers.put(fields[i].substring(0, colon), fields[i].substring(colon + 2));
            }
            try (OneConnection connection = new OneConnection(fields[1], headers, fields[2])) {
                LoadDriver.Result r = connection.run(Duration.ofMillis(Long.parseLong(fields[0])));
                System.out.println(r.requests() + "\t" + r.requestsPerSecond() + "\t" + r.p50Micros() + "\t" + r.p99Micros());
            } catch (IOException | RuntimeException e) {
                System.out.println("error\t" + e.toString().replace('\n', ' ').replace('\t', ' '));
            }
            System.out.flush();
        }
    }

    @Override
    public void close() throws Exception {
        runs.close();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroy();
        }
    }
}
