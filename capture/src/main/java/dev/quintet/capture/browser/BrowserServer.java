package dev.quintet.capture.browser;

import com.microsoft.playwright.impl.driver.Driver;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one Chromium process of the app, run behind Playwright's browser server so several render lanes can share
 * it, each with its own connection and its own contexts. Started on first use, restarted after a crash, replaced
 * by a fresh one after {@link BrowserSettings#recycleAfter()} captures (once the captures on it have finished), and
 * shut down with every child process when the app stops.
 */
final class BrowserServer implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(BrowserServer.class);

    private final BrowserSettings settings;
    private final Map<String, String> driverEnv;
    private Process process;
    private Endpoint endpoint;
    private long generation;
    private boolean closed;
    /** Captures begun on the current browser, and captures running now. */
    private int served;
    private int running;

    /** A running browser: its WebSocket address and which start of the browser it is. */
    record Endpoint(String address, long generation) {
    }

    BrowserServer(BrowserSettings settings) {
        this.settings = settings;
        this.driverEnv = settings.executable().isPresent()
                ? Map.of("PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD", "1") : Map.of();
    }

    Map<String, String> driverEnv() {
        return driverEnv;
    }

    /** The running browser, started if it is not running. */
    synchronized Endpoint endpoint() {
        if (closed) {
            throw new IllegalStateException("the browser is shut down");
        }
        if (endpoint == null || process == null || !process.isAlive()) {
            stop();
            endpoint = new Endpoint(start(), ++generation);
        }
        return endpoint;
    }

    /** Restarts the browser unless a newer one than {@code failed} already runs. */
    synchronized void restart(Endpoint failed) {
        if (endpoint != null && endpoint.generation() == failed.generation()) {
            log.warn("Restarting the browser (start #{})", failed.generation());
            stop();
        }
    }

    /**
     * Counts a capture in; when the browser has served its share, waits (until {@code deadlineNanos} at the latest)
     * for the captures still on it to finish and then replaces it. Every call is paired with {@link #endCapture()}.
     */
    synchronized void beginCapture(long deadlineNanos) throws InterruptedException {
        while (served >= settings.recycleAfter() && running > 0) {
            long waitMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
            if (waitMillis <= 0) {
                break;
            }
            wait(waitMillis);
        }
        if (served >= settings.recycleAfter() && running == 0 && endpoint != null) {
            log.info("Replacing the browser after {} captures", served);
            stop();
        }
        served++;
        running++;
    }

    synchronized void endCapture() {
        running--;
        notifyAll();
    }

    synchronized long pid() {
        return process == null ? -1 : process.pid();
    }

    private String start() {
        try {
            Driver driver = Driver.ensureDriverInstalled(driverEnv, settings.executable().isEmpty());
            Path config = Files.createTempFile("quintet-chromium", ".json");
            Files.writeString(config, JsonMapper.builder().build().writeValueAsString(launchOptions()));
            ProcessBuilder builder = driver.createProcessBuilder();
            builder.command().addAll(List.of("launch-server", "--browser", "chromium", "--config", config.toString()));
            builder.environment().putAll(driverEnv);
            process = builder.start();
            reader(() -> drain(process, true));
            CompletableFuture<String> first = CompletableFuture.supplyAsync(() -> firstLine(process),
                    BrowserServer::reader);
            String address = first.get(settings.startTimeout().toMillis(), TimeUnit.MILLISECONDS);
            Files.deleteIfExists(config);
            if (address == null || !address.startsWith("ws://")) {
                throw new IllegalStateException("the browser server did not report its address");
            }
            log.info("Chromium started ({})", settings.executable().map(Path::toString).orElse("Playwright's own"));
            return address;
        } catch (Exception e) {
            stop();
            throw new BrowserUnavailable("Chromium could not be started: " + e.getMessage(), e);
        }
    }

    private Map<String, Object> launchOptions() {
        List<String> args = new ArrayList<>(List.of("--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--no-first-run", "--disable-gpu", "--disable-quic", "--disable-dev-shm-usage"));
        if ("root".equals(System.getProperty("user.name"))) {
            args.add("--no-sandbox");
        }
        Map<String, Object> options = new LinkedHashMap<>();
        options.put("headless", true);
        options.put("args", args);
        options.put("proxy", Map.of("server", settings.proxy()));
        settings.executable().ifPresent(path -> options.put("executablePath", path.toString()));
        return options;
    }

    private static String firstLine(Process process) {
        try {
            BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8));
            String line = reader.readLine();
            reader(() -> drain(process, false));
            return line;
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Reads the browser's output on a platform thread: a read from a process pipe blocks in native code and would
     * hold a virtual thread's carrier (with two cores, two such readers stall every request of the app).
     */
    private static void reader(Runnable read) {
        Thread.ofPlatform().name("chromium-output").daemon().start(read);
    }

    private static void drain(Process process, boolean errors) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(
                errors ? process.getErrorStream() : process.getInputStream(), StandardCharsets.UTF_8))) {
            reader.lines().forEach(line -> log.debug("chromium: {}", line));
        } catch (IOException | RuntimeException e) {
            log.trace("browser output closed: {}", e.getMessage());
        }
    }

    private void stop() {
        endpoint = null;
        served = 0;
        if (process == null) {
            return;
        }
        List<ProcessHandle> children = process.descendants().toList();
        process.destroy();
        try {
            process.waitFor(3, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        children.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        process = null;
    }

    @Override
    public synchronized void close() {
        closed = true;
        stop();
    }
}
