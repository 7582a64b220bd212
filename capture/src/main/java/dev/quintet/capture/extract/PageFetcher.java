package dev.quintet.capture.extract;

import dev.quintet.capture.browser.RequestOptions;
import dev.quintet.capture.safety.EgressPolicy;
import dev.quintet.capture.safety.EgressProxy;
import dev.quintet.capture.safety.EgressRefused;
import dev.quintet.platform.errors.ApiException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.Charset;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * Fetches a page without a browser ({@code render=false}). Requests go through the {@link EgressProxy}, which
 * checks each host and dials the address it checked; each redirect hop is also checked here first, so a refusal
 * names the hop. Only HTML is read, at most {@code maxBytes} of it, within the deadline; the charset comes from
 * the Content-Type header, else a byte-order mark or {@code <meta charset>}, else UTF-8.
 */
public final class PageFetcher {

    private static final int MAX_REDIRECTS = 10;
    private static final String USER_AGENT = "Mozilla/5.0 (compatible; QuintetCapture/1.0)";

    private final EgressPolicy policy;
    private final InetSocketAddress proxy;
    private final long maxBytes;

    public PageFetcher(EgressPolicy policy, EgressProxy proxy, long maxBytes) {
        this.policy = policy;
        URI address = URI.create(proxy.address());
        this.proxy = new InetSocketAddress(address.getHost(), address.getPort());
        this.maxBytes = maxBytes;
    }

    /** The page at {@code url} (already checked by the policy), parsed, with its final URL as location. */
    public Document fetch(String url, RequestOptions request, String userAgent, String acceptLanguage,
                          Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        try (HttpClient client = HttpClient.newBuilder().proxy(ProxySelector.of(proxy))
                .followRedirects(HttpClient.Redirect.NEVER).version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout).build()) {
            String current = url;
            for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
                HttpResponse<byte[]> response = send(client, requestFor(current, url, request, userAgent,
                        acceptLanguage), deadline, timeout);
                String location = response.headers().firstValue("location").orElse(null);
                if (response.statusCode() / 100 == 3 && location != null) {
                    current = next(current, location);
                    continue;
                }
                return parse(response, current);
            }
            throw new ApiException(502, "page_unreachable", "the page redirected more than " + MAX_REDIRECTS
                    + " times");
        }
    }

    private HttpRequest requestFor(String target, String page, RequestOptions options, String userAgent,
                                   String acceptLanguage) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(target)).GET()
                .header("User-Agent", userAgent == null ? USER_AGENT : userAgent)
                .header("Accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1")
                .header("Accept-Encoding", "identity");
        if (acceptLanguage != null) {
            builder.header("Accept-Language", acceptLanguage);
        }
        if (options.sentTo(page, target)) {
            options.headers().forEach(builder::setHeader);
            if (!options.cookies().isEmpty()) {
                builder.header("Cookie", String.join("; ", options.cookies().entrySet().stream()
                        .map(c -> c.getKey() + "=" + c.getValue()).toList()));
            }
        }
        return builder.build();
    }

    private HttpResponse<byte[]> send(HttpClient client, HttpRequest request, long deadline, Duration timeout) {
        long left = deadline - System.nanoTime();
        CompletableFuture<HttpResponse<byte[]>> answer = client.sendAsync(request, info -> {
            boolean redirect = info.statusCode() / 100 == 3 && info.headers().firstValue("location").isPresent();
            boolean wanted = !redirect && html(info.headers()) && info.headers().firstValueAsLong("content-length")
                    .orElse(0) <= maxBytes;
            return wanted ? LimitedBody.upTo(maxBytes) : LimitedBody.none();
        });
        try {
            HttpResponse<byte[]> response = answer.get(Math.max(1, left), TimeUnit.NANOSECONDS);
            response.headers().firstValue(EgressProxy.REFUSED_HEADER).ifPresent(refused -> {
                throw ApiException.invalidParameter("url", "url redirected to a refused address: " + refused);
            });
            return response;
        } catch (TimeoutException e) {
            answer.cancel(true);
            throw new ApiException(504, "capture_timeout", "the page did not arrive within the timeout of "
                    + timeout.toMillis() + " ms");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof LimitedBody.TooLarge) {
                throw tooLarge();
            }
            throw new ApiException(502, "page_unreachable", "the page could not be loaded: "
                    + (e.getCause() instanceof IOException io && io.getMessage() != null ? io.getMessage()
                    : e.getCause().getClass().getSimpleName()));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "capture_interrupted", "the fetch was interrupted");
        }
    }

    private String next(String current, String location) {
        String target;
        try {
            target = URI.create(current).resolve(location.strip()).toString();
        } catch (IllegalArgumentException e) {
            throw new ApiException(502, "page_unreachable", "the page redirected to a malformed URL");
        }
        try {
            policy.checkUrl(target);
        } catch (EgressRefused e) {
            throw ApiException.invalidParameter("url", "url redirected to a refused address: " + e.getMessage());
        }
        return target;
    }

    private Document parse(HttpResponse<byte[]> response, String url) {
        String type = response.headers().firstValue("content-type").orElse("");
        if (!html(response.headers())) {
            throw new ApiException(422, "not_html", "render=false reads text/html and application/xhtml+xml"
                    + " pages only; the page is " + (type.isBlank() ? "of no stated type" : type.split(";")[0].strip()));
        }
        if (response.body() == null) {
            throw tooLarge();
        }
        try {
            return Jsoup.parse(new ByteArrayInputStream(response.body()), charset(type), url);
        } catch (IOException e) {
            throw new ApiException(502, "page_unreachable", "the page could not be read: " + e.getMessage());
        }
    }

    private ApiException tooLarge() {
        return new ApiException(422, "page_too_large", "render=false reads pages of at most " + maxBytes
                + " bytes; this one is larger");
    }

    private static boolean html(HttpHeaders headers) {
        String type = headers.firstValue("content-type").orElse("").split(";")[0].strip().toLowerCase(Locale.ROOT);
        return type.equals("text/html") || type.equals("application/xhtml+xml");
    }

    private static String charset(String contentType) {
        for (String part : contentType.split(";")) {
            String[] pair = part.strip().split("=", 2);
            if (pair.length == 2 && pair[0].equalsIgnoreCase("charset")) {
                String name = pair[1].replace("\"", "").strip();
                try {
                    return Charset.isSupported(name) ? Charset.forName(name).name() : null;
                } catch (IllegalArgumentException e) {
                    return null;
                }
            }
        }
        return null;
    }
}
