package dev.quintet.capture.browser;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.Cookie;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;

/**
 * What the caller asked to send with the page's requests: extra headers and cookies. Both go to the page's own
 * origin only (scheme, host and port of the URL asked for, also after a same-origin redirect), never to third
 * parties the page loads from, so a caller's credentials for their own site do not leak to ad or font hosts.
 *
 * @param headers extra request headers, already checked
 * @param cookies name and value of each cookie, already checked
 */
public record RequestOptions(Map<String, String> headers, Map<String, String> cookies) {

    public static final RequestOptions NONE = new RequestOptions(Map.of(), Map.of());

    public RequestOptions {
        headers = Map.copyOf(headers);
        cookies = Map.copyOf(cookies);
    }

    public boolean isEmpty() {
        return headers.isEmpty() && cookies.isEmpty();
    }

    /** Whether these headers and cookies go with a request to {@code requestUrl} for the page at {@code pageUrl}. */
    public boolean sentTo(String pageUrl, String requestUrl) {
        return origin(pageUrl).equals(origin(requestUrl));
    }

    void applyTo(Page page, String url) {
        if (!cookies.isEmpty()) {
            page.context().addCookies(cookies.entrySet().stream()
                    .map(c -> new Cookie(c.getKey(), c.getValue()).setUrl(url)).toList());
        }
        if (!headers.isEmpty()) {
            String origin = origin(url);
            page.route(request -> origin.equals(origin(request)), route -> {
                Map<String, String> merged = new HashMap<>(route.request().headers());
                merged.putAll(headers);
                route.resume(new com.microsoft.playwright.Route.ResumeOptions().setHeaders(merged));
            });
        }
    }

    private static String origin(String url) {
        try {
            return origin(URI.create(url));
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    private static String origin(URI uri) {
        int port = uri.getPort() != -1 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
        return (uri.getScheme() + "://" + uri.getHost() + ":" + port).toLowerCase(java.util.Locale.ROOT);
    }
}
