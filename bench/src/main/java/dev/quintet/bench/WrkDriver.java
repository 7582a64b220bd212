package dev.quintet.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Drives load with {@code wrk} (a C load generator) when it is installed, so the client's own cost on the shared
 * cores stays small next to the server's. Any non-2xx answer fails the run.
 */
public final class WrkDriver {

    private static final Pattern RATE = Pattern.compile("Requests/sec:\\s+([0-9.]+)");
    private static final Pattern TOTAL = Pattern.compile("(\\d+) requests in");
    private static final Pattern PERCENTILE = Pattern.compile("^\\s+(50|99)%\\s+([0-9.]+)(us|ms|s)\\s*$", Pattern.MULTILINE);

    private WrkDriver() {
    }

    /** The {@code wrk} executable on the PATH, if any. */
    public static Optional<Path> find() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "wrk");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    public static LoadDriver.Result run(Path wrk, String url, Map<String, String> headers, int concurrency, Duration duration)
            throws IOException, InterruptedException {
        return run(wrk, url, headers, null, concurrency, duration);
    }

    /** As {@link #run(Path, String, Map, int, Duration)}, but POSTing {@code postBody} when it is not null. */
    public static LoadDriver.Result run(Path wrk, String url, Map<String, String> headers, String postBody, int concurrency,
                                        Duration duration) throws IOException, InterruptedException {
        String script = postBody == null ? null : "wrk.method = \"POST\"\nwrk.body = [==[" + postBody + "]==]\n";
        return runScript(wrk, url, headers, script, concurrency, duration);
    }

    /**
     * As {@link #run(Path, String, Map, int, Duration)}, with a wrk Lua script (none when null), e.g. one whose
     * {@code request} function rotates over paths.
     */
    public static LoadDriver.Result runScript(Path wrk, String url, Map<String, String> headers, String luaScript,
                                              int concurrency, Duration duration) throws IOException, InterruptedException {
        return runScript(wrk, url, headers, luaScript, Math.min(2, concurrency), concurrency, duration);
    }

    /**
     * As {@link #runScript(Path, String, Map, String, int, Duration)} on {@code threads} threads (one connection
     * each when {@code threads == concurrency}, for scripts that keep one chain of requests per thread).
     */
    public static LoadDriver.Result runScript(Path wrk, String url, Map<String, String> headers, String luaScript,
                                              int threads, int concurrency, Duration duration)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(wrk.toString(), "-t", Integer.toString(threads),
                "-c", Integer.toString(concurrency), "-d", duration.toSeconds() + "s", "--latency"));
        headers.forEach((name, value) -> command.addAll(List.of("-H", name + ": " + value)));
        if (luaScript != null) {
            Path script = Files.createTempFile("wrk-script", ".lua");
            script.toFile().deleteOnExit();
            Files.writeString(script, luaScript);
            command.addAll(List.of("-s", script.toString()));
        }
        command.add(url);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(duration.toSeconds() + 30, TimeUnit.SECONDS) || process.exitValue() != 0) {
            throw new IllegalStateException("wrk failed: " + out);
        }
        if (out.contains("Non-2xx")) {
            throw new IllegalStateException("wrk saw non-2xx answers from " + url + ":\n" + out);
        }
        double p50 = Double.NaN;
        double p99 = Double.NaN;
        Matcher m = PERCENTILE.matcher(out);
        while (m.find()) {
            double micros = Double.parseDouble(m.group(2)) * switch (m.group(3)) {
                case "ms" -> 1_000;
                case "s" -> 1_000_000;
                default -> 1;
            };
            if (m.group(1).equals("50")) {
                p50 = micros;
            } else {
                p99 = micros;
            }
        }
        return new LoadDriver.Result(number(TOTAL, out), number(RATE, out), p50, p99);
    }

    private static long number(Pattern pattern, String out) {
        Matcher m = pattern.matcher(out);
        if (!m.find()) {
            throw new IllegalStateException("unexpected wrk output:\n" + out);
        }
        return (long) Double.parseDouble(m.group(1));
    }
}
