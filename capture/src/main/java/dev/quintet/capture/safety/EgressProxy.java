package dev.quintet.capture.safety;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The loopback HTTP proxy every browser request goes through: it checks the target with the {@link EgressPolicy},
 * then dials the very address it checked, so redirects, sub-resources and DNS rebinding cannot reach a refused
 * address. Plain HTTP is forwarded one request per connection; HTTPS and WebSockets are tunnelled with CONNECT.
 */
public final class EgressProxy implements AutoCloseable {

    /** Response header set on the proxy's own refusals. */
    public static final String REFUSED_HEADER = "X-Quintet-Egress-Refused";

    private static final Logger log = LoggerFactory.getLogger(EgressProxy.class);
    private static final int MAX_HEAD = 65_536;

    private final EgressPolicy policy;
    private final ServerSocket server;
    private final ExecutorService connections = Executors.newVirtualThreadPerTaskExecutor();
    private final int connectTimeoutMillis;

    public EgressProxy(EgressPolicy policy, int connectTimeoutMillis) throws IOException {
        if (policy == null) {
            throw new IllegalArgumentException("policy must not be null");
        }
        if (connectTimeoutMillis < 1) {
            throw new IllegalArgumentException("connectTimeoutMillis must be positive, got " + connectTimeoutMillis);
        }
        this.policy = policy;
        this.connectTimeoutMillis = connectTimeoutMillis;
        this.server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress());
        Thread.ofPlatform().daemon().name("capture-egress-proxy").start(this::accept);
    }

    /** The proxy address to give the browser, e.g. {@code http://127.0.0.1:41234}. */
    public String address() {
        return "http://" + server.getInetAddress().getHostAddress() + ":" + server.getLocalPort();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                connections.submit(() -> serve(client));
            } catch (IOException e) {
                if (!server.isClosed()) {
                    log.warn("Egress proxy accept failed: {}", e.getMessage());
                }
            }
        }
    }

    private void serve(Socket client) {
        try (client) {
            client.setSoTimeout(120_000);
            InputStream in = client.getInputStream();
            String head = readHead(in);
            if (head == null) {
                return;
            }
            String[] requestLine = head.substring(0, head.indexOf("\r\n")).split(" ");
            if (requestLine.length != 3) {
                answer(client, 400, "Bad Request", "malformed request line", false);
                return;
            }
            if (requestLine[0].equals("CONNECT")) {
                tunnel(client, in, requestLine[1]);
            } else {
                forward(client, in, head, requestLine);
            }
        } catch (IOException e) {
            log.debug("Egress proxy connection ended: {}", e.getMessage());
        }
    }

    private void tunnel(Socket client, InputStream in, String authority) throws IOException {
        int colon = authority.lastIndexOf(':');
        Destination destination;
        try {
            destination = policy.checkHost(authority.substring(0, colon), Integer.parseInt(authority.substring(colon + 1)));
        } catch (RuntimeException e) {
            answer(client, 403, "Forbidden", e.getMessage(), true);
            return;
        }
        try (Socket upstream = dial(destination)) {
            client.getOutputStream().write("HTTP/1.1 200 Connection Established\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            pipe(client, in, upstream);
        } catch (IOException e) {
            answer(client, 502, "Bad Gateway", "could not connect to " + authority, false);
        }
    }

    private void forward(Socket client, InputStream in, String head, String[] requestLine) throws IOException {
        URI target;
        Destination destination;
        try {
            target = URI.create(requestLine[1]);
            destination = policy.checkUrl(requestLine[1]);
        } catch (EgressRefused e) {
            answer(client, 403, "Forbidden", e.getMessage(), true);
            return;
        } catch (IllegalArgumentException e) {
            answer(client, 400, "Bad Request", "malformed request target", false);
            return;
        }
        try (Socket upstream = dial(destination)) {
            String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
            String query = target.getRawQuery() == null ? "" : "?" + target.getRawQuery();
            StringBuilder out = new StringBuilder(requestLine[0] + " " + path + query + " " + requestLine[2] + "\r\n");
            head.lines().skip(1).filter(line -> !line.isEmpty())
                    .filter(line -> !startsWithIgnoreCase(line, "proxy-") && !startsWithIgnoreCase(line, "connection:")
                            && !startsWithIgnoreCase(line, "keep-alive:"))
                    .forEach(line -> out.append(line).append("\r\n"));
            out.append("Connection: close\r\n\r\n");
            upstream.getOutputStream().write(out.toString().getBytes(StandardCharsets.ISO_8859_1));
            pipe(client, in, upstream);
        } catch (IOException e) {
            answer(client, 502, "Bad Gateway", "could not connect to " + target.getHost(), false);
        }
    }

    private Socket dial(Destination destination) throws IOException {
        Socket upstream = new Socket();
        upstream.connect(new InetSocketAddress(destination.address(), destination.port()), connectTimeoutMillis);
        upstream.setSoTimeout(120_000);
        return upstream;
    }

    private void pipe(Socket client, InputStream clientIn, Socket upstream) throws IOException {
        Thread up = Thread.ofVirtual().start(() -> copy(clientIn, upstream, upstream));
        copy(upstream.getInputStream(), client, client);
        up.interrupt();
        upstream.close();
    }

    private static void copy(InputStream from, Socket toSocket, Socket closeAfter) {
        try {
            from.transferTo(toSocket.getOutputStream());
            closeAfter.shutdownOutput();
        } catch (IOException e) {
            try {
                closeAfter.close();
            } catch (IOException ignored) {
                // closing after a failed copy
            }
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        while (head.size() < MAX_HEAD) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            head.write(b);
            matched = b == (matched % 2 == 0 ? '\r' : '\n') ? matched + 1 : (b == '\r' ? 1 : 0);
            if (matched == 4) {
                return head.toString(StandardCharsets.ISO_8859_1);
            }
        }
        return null;
    }

    private static void answer(Socket client, int status, String reason, String detail, boolean refused)
            throws IOException {
        byte[] body = (detail + "\n").getBytes(StandardCharsets.UTF_8);
        String headers = "HTTP/1.1 " + status + " " + reason + "\r\nContent-Type: text/plain; charset=utf-8\r\n"
                + (refused ? REFUSED_HEADER + ": " + detail.replaceAll("[\\r\\n]", " ") + "\r\n" : "")
                + "Content-Length: " + body.length + "\r\nConnection: close\r\n\r\n";
        OutputStream out = client.getOutputStream();
        out.write(headers.getBytes(StandardCharsets.UTF_8));
        out.write(body);
        out.flush();
    }

    private static boolean startsWithIgnoreCase(String line, String prefix) {
        return line.regionMatches(true, 0, prefix, 0, prefix.length());
    }

    @Override
    public void close() throws IOException {
        server.close();
        connections.shutdownNow();
    }
}
