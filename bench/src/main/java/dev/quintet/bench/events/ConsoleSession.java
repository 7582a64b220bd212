package dev.quintet.bench.events;

import java.net.CookieManager;
import java.net.CookiePolicy;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * A person's browser on the console, as plain HTTP with cookies: logs in on the log-in page, then walks the
 * authorization-code flow with PKCE (allowing on the consent page when it is shown) and exchanges the code as a
 * confidential client would, so the benchmark holds real tokens from the real flow.
 */
final class ConsoleSession {

    static final String PASSWORD = "bench-password-correct-horse";

    /** An access token and its refresh token. */
    record Tokens(String access, String refresh) {
    }

    private final String console;
    private final HttpClient client;
    private final SecureRandom random = new SecureRandom();

    private ConsoleSession(String console, HttpClient client) {
        this.console = console;
        this.client = client;
    }

    static ConsoleSession logIn(String console, String email) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .cookieHandler(new CookieManager(null, CookiePolicy.ACCEPT_ALL))
                .followRedirects(HttpClient.Redirect.NEVER).build();
        ConsoleSession session = new ConsoleSession(console, client);
        HttpResponse<String> page = session.get(console + "/login");
        Element form = Jsoup.parse(page.body(), console).getElementById("login-form");
        Map<String, String> fields = hidden(form);
        fields.put("email", email);
        fields.put("password", PASSWORD);
        HttpResponse<String> answer = session.post(console + "/login", fields, null);
        String location = answer.headers().firstValue("Location").orElse("");
        if (answer.statusCode() != 302 || location.contains("error")) {
            throw new IllegalStateException("log-in failed: " + answer.statusCode() + " " + location);
        }
        return session;
    }

    /** One new grant to the client: authorize, consent if asked, exchange the code. */
    Tokens authorize(String clientId, String secret, String redirectUri) throws Exception {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String verifier = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        String challenge = Base64.getUrlEncoder().withoutPadding().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII)));
        String state = Long.toHexString(random.nextLong());
        HttpResponse<String> start = get(console + "/oauth/authorize?response_type=code&client_id=" + encode(clientId)
                + "&redirect_uri=" + encode(redirectUri) + "&scope=" + encode("events:read user:read")
                + "&state=" + state + "&code_challenge=" + challenge + "&code_challenge_method=S256");
        String location = start.headers().firstValue("Location").orElseThrow(() ->
                new IllegalStateException("authorize answered " + start.statusCode() + ": " + start.body()));
        if (location.contains("/oauth/consent")) {
            String consentUrl = URI.create(console).resolve(location).toString();
            Document consent = Jsoup.parse(get(consentUrl).body(), console);
            Element allow = consent.getElementById("allow-form");
            List<String[]> pairs = new ArrayList<>();
            for (Element input : allow.select("input[type=hidden]")) {
                pairs.add(new String[] {input.attr("name"), input.attr("value")});
            }
            HttpResponse<String> answer = post(console + "/oauth/authorize", null, pairs);
            location = answer.headers().firstValue("Location").orElseThrow(() ->
                    new IllegalStateException("consent answered " + answer.statusCode()));
        }
        Map<String, String> query = query(location);
        if (!state.equals(query.get("state")) || query.get("code") == null) {
            throw new IllegalStateException("no code for our state in " + location);
        }
        HttpResponse<String> tokens = token(console, clientId, secret, "grant_type=authorization_code&code="
                + encode(query.get("code")) + "&redirect_uri=" + encode(redirectUri) + "&code_verifier=" + verifier);
        if (tokens.statusCode() != 200) {
            throw new IllegalStateException("code exchange answered " + tokens.statusCode() + ": " + tokens.body());
        }
        return new Tokens(field(tokens.body(), "access_token"), field(tokens.body(), "refresh_token"));
    }

    /** A token-endpoint request authenticated with {@code client_secret_basic}. */
    static HttpRequest tokenRequest(String console, String clientId, String secret, String form) {
        return HttpRequest.newBuilder(URI.create(console + "/oauth/token"))
                .header("Authorization", basicAuthorization(clientId, secret))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build();
    }

    /** The {@code Authorization} header of {@code client_secret_basic} (RFC 6749 2.3.1: both parts form-encoded). */
    static String basicAuthorization(String clientId, String secret) {
        return "Basic " + Base64.getEncoder().encodeToString((encode(clientId) + ":" + encode(secret))
                .getBytes(StandardCharsets.UTF_8));
    }

    private HttpResponse<String> token(String console, String clientId, String secret, String form) throws Exception {
        return client.send(tokenRequest(console, clientId, secret, form), HttpResponse.BodyHandlers.ofString());
    }

    /** A string field of a flat JSON object such as a token response. */
    static String field(String json, String name) {
        int key = json.indexOf("\"" + name + "\"");
        if (key < 0) {
            throw new IllegalStateException("no " + name + " in " + json);
        }
        int open = json.indexOf('"', json.indexOf(':', key) + 1);
        return json.substring(open + 1, json.indexOf('"', open + 1));
    }

    private HttpResponse<String> get(String url) throws Exception {
        return client.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private HttpResponse<String> post(String url, Map<String, String> fields, List<String[]> pairs) throws Exception {
        List<String[]> all = pairs != null ? pairs
                : fields.entrySet().stream().map(e -> new String[] {e.getKey(), e.getValue()}).toList();
        String form = all.stream().map(p -> encode(p[0]) + "=" + encode(p[1])).collect(Collectors.joining("&"));
        return client.send(HttpRequest.newBuilder(URI.create(url))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Map<String, String> hidden(Element form) {
        Map<String, String> fields = new java.util.LinkedHashMap<>();
        for (Element input : form.select("input[type=hidden]")) {
            fields.put(input.attr("name"), input.attr("value"));
        }
        return fields;
    }

    private static Map<String, String> query(String url) {
        Map<String, String> params = new java.util.LinkedHashMap<>();
        String raw = URI.create(url).getRawQuery();
        for (String pair : raw == null ? new String[0] : raw.split("&")) {
            int eq = pair.indexOf('=');
            params.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return params;
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
