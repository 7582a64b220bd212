package dev.quintet.platform.keys;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Where a request carries its key. Only {@code Authorization: Bearer} and the {@code api_key} query parameter
 * count; anything that looks like a key elsewhere is reported as misplaced so the caller can be told how to fix it.
 */
record KeyCredentials(List<String> keys, String misplacedAt) {

    private static final Set<String> WRONG_HEADERS = Set.of(
            "x-api-key", "api-key", "apikey", "x-api-token", "x-auth-token", "x-access-token", "token", "x-key");
    private static final Set<String> WRONG_PARAMS = Set.of(
            "apikey", "api-key", "apiKey", "key", "token", "access_token", "auth", "api_token");
    private static final int BODY_PEEK_LIMIT = 64 * 1024;

    static KeyCredentials of(HttpServletRequest request) {
        List<String> keys = new ArrayList<>(2);
        String authorization = request.getHeader("Authorization");
        String misplaced = null;
        if (authorization != null) {
            if (authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
                keys.add(authorization.substring(7).strip());
            } else {
                misplaced = "the Authorization header without the Bearer scheme";
            }
        }
        String query = request.getQueryString();
        if (query != null) {
            for (String pair : query.split("&")) {
                int eq = pair.indexOf('=');
                String name = decode(eq < 0 ? pair : pair.substring(0, eq));
                String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
                if (name.equals("api_key")) {
                    keys.add(value.strip());
                } else if (WRONG_PARAMS.contains(name) || name.equalsIgnoreCase("api_key")) {
                    misplaced = misplaced == null ? "the query parameter '" + name + "'" : misplaced;
                }
            }
        }
        if (keys.isEmpty() && misplaced == null) {
            misplaced = misplacedHeader(request);
        }
        if (keys.isEmpty() && misplaced == null && bodyMentionsKey(request)) {
            misplaced = "the request body";
        }
        return new KeyCredentials(keys, misplaced);
    }

    /** True when every key sent is the same text (a key in both accepted places is fine if it is one key). */
    boolean allSame() {
        for (int i = 1; i < keys.size(); i++) {
            if (!keys.get(i).equals(keys.getFirst())) {
                return false;
            }
        }
        return true;
    }

    private static String misplacedHeader(HttpServletRequest request) {
        Enumeration<String> names = request.getHeaderNames();
        while (names.hasMoreElements()) {
            String name = names.nextElement();
            if (WRONG_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                return "the header '" + name + "'";
            }
        }
        return null;
    }

    /** Only reached when the request is refused anyway, so reading the body here costs the caller nothing. */
    private static boolean bodyMentionsKey(HttpServletRequest request) {
        String type = request.getContentType();
        long length = request.getContentLengthLong();
        if (type == null || length == 0 || length > BODY_PEEK_LIMIT) {
            return false;
        }
        try {
            byte[] body = request.getInputStream().readNBytes(BODY_PEEK_LIMIT);
            String text = new String(body, StandardCharsets.UTF_8);
            return text.contains("api_key") || text.contains("apiKey") || text.contains(KeyFormat.PREFIX);
        } catch (java.io.IOException | RuntimeException e) {
            return false;
        }
    }

    private static String decode(String s) {
        try {
            return URLDecoder.decode(s, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return s;
        }
    }
}
