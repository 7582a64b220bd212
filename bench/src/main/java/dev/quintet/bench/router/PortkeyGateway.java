package dev.quintet.bench.router;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The Portkey AI gateway ({@code @portkey-ai/gateway} from npm, started with {@code npx}) in its own process on a
 * loopback port, as the peer to compare with. Requests name the provider and the upstream in headers.
 */
final class PortkeyGateway implements AutoCloseable {

    static final String PACKAGE = "@portkey-ai/gateway@1.15.2";
    private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

    private final Process process;
    private final int port;
    private final Path log;

    private PortkeyGateway(Process process, int port, Path log) {
        this.process = process;
        this.port = port;
        this.log = log;
    }

    /** {@code npx} on the PATH, if Node is installed. */
    static Optional<Path> npx() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            Path candidate = Path.of(dir, "npx");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    static PortkeyGateway start(Path npx) throws IOException, InterruptedException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Path log = Files.createTempFile("portkey", ".log");
        ProcessBuilder builder = new ProcessBuilder(npx.toString(), "-y", PACKAGE, "--headless", "--port=" + port)
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("NODE_ENV", "production");
        PortkeyGateway gateway = new PortkeyGateway(builder.start(), port, log);
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!gateway.listening()) {
            if (!gateway.process.isAlive() || System.nanoTime() > deadline) {
                gateway.close();
                throw new IOException("Portkey did not start on port " + port + ":\n" + Files.readString(log));
            }
            Thread.sleep(200);
        }
        return gateway;
    }

    private boolean listening() {
        try (Socket ignored = new Socket("127.0.0.1", port)) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    String chatUrl() {
        return "http://127.0.0.1:" + port + "/v1/chat/completions";
    }

    /** The headers that send a request through Portkey to the OpenAI-compatible upstream at {@code baseUrl}. */
    static Map<String, String> headers(String baseUrl) {
        return Map.of("x-portkey-provider", "openai", "x-portkey-custom-host", baseUrl,
                "Authorization", "Bearer sk-bench", "Content-Type", "application/json");
    }

    /** Resident memory of the gateway's processes, in bytes (Linux), 0 where it cannot be read. */
    long residentBytes() {
        List<ProcessHandle> all = new java.util.ArrayList<>(process.descendants().toList());
        all.add(process.toHandle());
        long total = 0;
        for (ProcessHandle p : all) {
            try {
                for (String line : Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "status"))) {
                    if (line.startsWith("VmRSS:")) {
                        total += Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                    }
                }
            } catch (IOException | RuntimeException e) {
                // gone, or not Linux
            }
        }
        return total;
    }

    @Override
    public void close() throws InterruptedException {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        process.waitFor();
        try {
            Files.deleteIfExists(log);
        } catch (IOException ignored) {
            // a temporary file
        }
    }
}
