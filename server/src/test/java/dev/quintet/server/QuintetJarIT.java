package dev.quintet.server;

import static org.assertj.core.api.Assertions.assertThat;

import dev.quintet.platform.testing.Http;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The packaged jar as a user runs it: {@code run} in one process, {@code admin} in others on the same data
 * directory, and a {@code kill -9} of the server that loses no committed data.
 */
class QuintetJarIT {

    static final String JAVA = ProcessHandle.current().info().command().orElse("java");
    static final String JAR = System.getProperty("quintet.jar", "target/quintet.jar");

    @TempDir
    Path dataDir;

    @Test
    void survivesKillDashNineWithoutLosingCommittedData() throws Exception {
        int port = freePort();
        List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
        Process server = startServer(port, lines);
        String secret;
        try {
            String email = "jar-" + System.nanoTime() + "@example.com";
            assertThat(String.join("\n", admin("create-account", "--email", email, "--password", "correct-horse-battery")))
                    .contains("account_id=");
            List<String> key = admin("create-key", "--email", email, "--services", "router");
            secret = key.getLast();
            assertThat(admin("grant-credits", "--email", email, "--usd", "7.25")).contains("balance_usd=7.25");
            assertThat(whoami(port, secret)).isEqualTo(200);

            server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            assertThat(server.isAlive()).isFalse();

            lines.clear();
            server = startServer(port, lines);
            assertThat(whoami(port, secret)).isEqualTo(200);
            assertThat(admin("grant-credits", "--email", email, "--usd", "0.75")).contains("balance_usd=8");
        } finally {
            stop(server, lines);
        }
        assertThat(dataDir.resolve("postgres/postmaster.pid")).doesNotExist();
    }

    @Test
    void startsAllSixAppsFromThePackagedJar() throws Exception {
        List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
        Process server = start(List.of("run", "--data-dir=" + dataDir), Map.of("QUINTET_CONSOLE_PORT", "0",
                "QUINTET_ROUTER_PORT", "0", "QUINTET_DEVICES_PORT", "0", "QUINTET_CAPTURE_PORT", "0",
                "QUINTET_EVENTS_PORT", "0", "QUINTET_PACKAGES_PORT", "0", "QUINTET_MQTT_PORT", "0"), lines);
        try {
            List<String> urls = lines.stream().map(l -> l.replaceAll(".*(http://localhost:\\d+).*", "$1"))
                    .filter(l -> l.startsWith("http://")).distinct().toList();
            assertThat(urls).hasSize(6);
            for (String url : urls) {
                assertThat(Http.get(url + "/health").statusCode()).as(url).isEqualTo(200);
            }
            assertThat(String.join("\n", lines)).contains("mqtt://localhost:");
        } finally {
            stop(server, lines);
        }
    }

    private Process startServer(int port, List<String> lines) throws IOException {
        return start(List.of("run", "--services=router", "--data-dir=" + dataDir),
                Map.of("QUINTET_ROUTER_PORT", Integer.toString(port)), lines);
    }

    /** Stops the server as Ctrl-C would; if it does not end, fails with what it printed and where its threads wait. */
    private static void stop(Process server, List<String> lines) throws IOException, InterruptedException {
        server.destroy();
        if (server.waitFor(60, TimeUnit.SECONDS)) {
            return;
        }
        Process dump = new ProcessBuilder(Path.of(JAVA).resolveSibling("jcmd").toString(), Long.toString(server.pid()),
                "Thread.print").redirectErrorStream(true).start();
        String threads = new String(dump.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        server.destroyForcibly();
        throw new AssertionError("the server did not stop within 60 s of SIGTERM; it printed:\n" + String.join("\n", lines)
                + "\nits threads:\n" + threads);
    }

    /** Starts the jar and returns once it printed that it is ready, collecting the lines it printed until then. */
    private static Process start(List<String> args, Map<String, String> env, List<String> lines) throws IOException {
        List<String> command = new ArrayList<>(List.of(JAVA, "--enable-native-access=ALL-UNNAMED", "-jar", JAR));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(env);
        builder.environment().remove("QUINTET_DATABASE_URL");
        builder.environment().remove("QUINTET_REDIS_URL");
        Process process = builder.start();
        CompletableFuture<Boolean> ready = new CompletableFuture<>();
        Thread.ofVirtual().start(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                boolean seenReady = false;
                while ((line = reader.readLine()) != null) {
                    if (line.contains("is ready:")) {
                        seenReady = true;
                    }
                    if (seenReady) {
                        lines.add(line);
                    }
                    if (line.startsWith("Stop with Ctrl-C")) {
                        ready.complete(true);
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
            ready.complete(false);
        });
        assertThat(ready.completeOnTimeout(false, 180, TimeUnit.SECONDS).join()).as("server became ready").isTrue();
        return process;
    }

    private List<String> admin(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(JAVA, "--enable-native-access=ALL-UNNAMED", "-jar", JAR, "admin"));
        command.addAll(List.of(args));
        command.add("--data-dir=" + dataDir);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output.lines().filter(l -> !l.isBlank() && !l.startsWith("WARNING")).toList();
    }

    private static int whoami(int port, String secret) {
        return Http.get("http://127.0.0.1:" + port + "/api/v1/whoami", "Authorization", "Bearer " + secret).statusCode();
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
