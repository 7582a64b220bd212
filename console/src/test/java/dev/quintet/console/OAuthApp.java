package dev.quintet.console;

import dev.quintet.platform.testing.Http;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** A registered app as an OAuth client sees the server: authorization URLs and the token, revoke and introspect calls. */
record OAuthApp(String base, String clientId, String secret, String redirectUri) {

    static final JsonMapper JSON = JsonMapper.builder().build();
    static final String VERIFIER = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";

    /** A token endpoint answer: status, headers and the parsed body. */
    record Answer(int status, java.net.http.HttpHeaders headers, JsonNode body) {

        String text(String field) {
            JsonNode node = body.get(field);
            return node == null || node.isNull() ? null : node.asString();
        }
    }

    /** The authorization URL with {@code state}, a PKCE S256 challenge of {@link #VERIFIER} and {@code extra} pairs. */
    String authorizeUrl(String state, String... extra) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("response_type", "code");
        params.put("client_id", clientId);
        params.put("redirect_uri", redirectUri);
        params.put("state", state);
        params.put("code_challenge", challenge(VERIFIER));
        params.put("code_challenge_method", "S256");
        for (int i = 0; i < extra.length; i += 2) {
            if (extra[i + 1] == null) {
                params.remove(extra[i]);
            } else {
                params.put(extra[i], extra[i + 1]);
            }
        }
        return base + "/oauth/authorize?" + form(params);
    }

    Answer exchangeBasic(String code, String verifier) {
        return post("/oauth/token", true, "grant_type", "authorization_code", "code", code,
                "redirect_uri", redirectUri, "code_verifier", verifier);
    }

    Answer exchangePost(String code, String verifier) {
        return post("/oauth/token", false, "grant_type", "authorization_code", "code", code,
                "redirect_uri", redirectUri, "code_verifier", verifier, "client_id", clientId, "client_secret", secret);
    }

    Answer refresh(String refreshToken) {
        return post("/oauth/token", true, "grant_type", "refresh_token", "refresh_token", refreshToken);
    }

    Answer revoke(String token) {
        return post("/oauth/revoke", true, "token", token);
    }

    Answer introspect(String token) {
        return post("/oauth/introspect", true, "token", token);
    }

    /** Posts a form, authenticating with {@code client_secret_basic} when {@code basic}; a null value drops the pair. */
    Answer post(String path, boolean basic, String... fields) {
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < fields.length; i += 2) {
            if (fields[i + 1] != null) {
                params.put(fields[i], fields[i + 1]);
            }
        }
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(form(params)));
        if (basic) {
            String pair = encode(clientId) + ":" + encode(secret);
            request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8)));
        }
        HttpResponse<String> response = Http.send(request.build());
        JsonNode body = response.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(response.body());
        return new Answer(response.statusCode(), response.headers(), body);
    }

    static String challenge(String verifier) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(verifier.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The query parameters of a URL, decoded. */
    static Map<String, String> query(String url) {
        Map<String, String> params = new LinkedHashMap<>();
        String query = URI.create(url).getRawQuery();
        if (query != null) {
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                params.put(decode(pair.substring(0, eq)), decode(pair.substring(eq + 1)));
            }
        }
        return params;
    }

    private static String form(Map<String, String> params) {
        StringBuilder out = new StringBuilder();
        params.forEach((k, v) -> out.append(out.isEmpty() ? "" : "&").append(encode(k)).append('=').append(encode(v)));
        return out.toString();
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String decode(String s) {
        return java.net.URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
