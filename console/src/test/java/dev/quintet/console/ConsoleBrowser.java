package dev.quintet.console;

import java.io.IOException;
import java.net.CookieManager;
import java.net.HttpCookie;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A cookie-keeping HTTP client that reads the console's pages and submits its forms like a browser without JavaScript. */
final class ConsoleBrowser {

    private static final Pattern CSRF = Pattern.compile("name=\"_csrf\"\\s+value=\"([^\"]+)\"");

    private final String base;
    private final CookieManager cookies = new CookieManager();
    private final HttpClient http;

    ConsoleBrowser(String base) {
        this.base = base;
        this.http = HttpClient.newBuilder().cookieHandler(cookies).followRedirects(HttpClient.Redirect.NEVER).build();
    }

    /** A fetched page. */
    record Page(int status, HttpHeaders headers, String body) {

        String location() {
            return headers.firstValue("Location").orElse(null);
        }

        String csrf() {
            Matcher m = CSRF.matcher(body);
            if (!m.find()) {
                throw new AssertionError("page has no form with a CSRF token:\n" + body);
            }
            return m.group(1);
        }
    }

    Page get(String path) {
        return send(HttpRequest.newBuilder(uri(path)).GET().build());
    }

    /** Posts {@code fields} (name, value, name, value, ...) with the CSRF token of {@code from}. */
    Page submit(Page from, String path, String... fields) {
        List<String> all = new ArrayList<>(List.of(fields));
        all.add("_csrf");
        all.add(from.csrf());
        return post(path, all.toArray(String[]::new));
    }

    /** Posts exactly {@code fields}, without adding a CSRF token. */
    Page post(String path, String... fields) {
        StringBuilder form = new StringBuilder();
        for (int i = 0; i < fields.length; i += 2) {
            if (!form.isEmpty()) {
                form.append('&');
            }
            form.append(URLEncoder.encode(fields[i], StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(fields[i + 1], StandardCharsets.UTF_8));
        }
        return send(HttpRequest.newBuilder(uri(path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form.toString())).build());
    }

    /** Follows the redirect {@code page} answered with. */
    Page follow(Page page) {
        if (page.status() / 100 != 3) {
            throw new AssertionError("expected a redirect, got " + page.status() + ":\n" + page.body());
        }
        return get(page.location());
    }

    /** Logs in through the form and returns the log-in POST's answer. */
    Page logIn(String email, String password) {
        return submit(get("/login"), "/login", "email", email, "password", password);
    }

    String sessionId() {
        return cookies.getCookieStore().getCookies().stream().filter(c -> c.getName().equals("JSESSIONID"))
                .map(HttpCookie::getValue).findFirst().orElse(null);
    }

    private URI uri(String pathOrUrl) {
        return URI.create(pathOrUrl.startsWith("http") ? pathOrUrl : base + pathOrUrl);
    }

    private Page send(HttpRequest request) {
        try {
            HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
            return new Page(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
