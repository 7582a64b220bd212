package dev.quintet.capture.testing;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

/** A loopback web server with known pages; it records every path it is asked for. */
public final class TestSite implements AutoCloseable {

    private final HttpServer server;
    private final List<String> hits = new CopyOnWriteArrayList<>();
    private final List<String> testHeaders = new CopyOnWriteArrayList<>();
    private volatile CountDownLatch slowStarted = new CountDownLatch(1);

    public TestSite(String address) {
        try {
            server = HttpServer.create(new InetSocketAddress(address, 0), 50);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            hits.add(exchange.getRequestURI().toString());
            String marker = exchange.getRequestHeaders().getFirst("X-Test");
            testHeaders.add(path + " " + (marker == null ? "-" : marker));
            String query = exchange.getRequestURI().getQuery();
            try {
                if (path.equals("/redirect")) {
                    exchange.getResponseHeaders().add("Location", query.substring("to=".length()));
                    exchange.sendResponseHeaders(302, -1);
                    return;
                }
                byte[] raw = TestPages.raw(path);
                if (raw != null) {
                    exchange.getResponseHeaders().add("Content-Type", TestPages.rawType(path));
                    exchange.sendResponseHeaders(200, path.equals("/huge") ? 0 : raw.length);
                    for (int i = 0; i < (path.equals("/huge") ? 7 : 1); i++) {
                        exchange.getResponseBody().write(raw);
                    }
                    return;
                }
                if (path.equals("/slow")) {
                    slowStarted.countDown();
                    Thread.sleep(Long.parseLong(query == null ? "3000" : query.substring("ms=".length())));
                }
                String page = path.equals("/headers") ? TestPages.headers(exchange.getRequestHeaders(), query)
                        : TestPages.page(path, base());
                if (page == null) {
                    exchange.sendResponseHeaders(404, -1);
                    return;
                }
                byte[] body = page.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (IOException e) {
                // the browser went away
            } finally {
                exchange.close();
            }
        });
        server.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        server.start();
    }

    public String base() {
        return "http://" + server.getAddress().getAddress().getHostAddress() + ":" + server.getAddress().getPort();
    }

    public int port() {
        return server.getAddress().getPort();
    }

    public List<String> hits() {
        return List.copyOf(hits);
    }

    /** Each request as its path and the value of its {@code X-Test} header ({@code -} when absent). */
    public List<String> testHeaders() {
        return List.copyOf(testHeaders);
    }

    public void clearHits() {
        hits.clear();
    }

    /** Waits until a request for {@code /slow} has arrived. */
    public boolean awaitSlowRequest(long millis) throws InterruptedException {
        return slowStarted.await(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
    }

    public void resetSlow() {
        slowStarted = new CountDownLatch(1);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
