package dev.quintet.capture.web;

import dev.quintet.capture.browser.RequestOptions;
import dev.quintet.platform.errors.ApiException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code headers} (a JSON object of names to values) and {@code cookies} (a JSON object of names to values, or
 * {@code a=1; b=2}) with their rules: header names that control the connection, the proxy or the browser's own
 * security checks are refused, as are values with control characters.
 */
final class RequestParams {

    private static final Pattern TOKEN = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}");
    private static final Pattern COOKIE_VALUE = Pattern.compile("[\\x21\\x23-\\x2B\\x2D-\\x3A\\x3C-\\x5B\\x5D-\\x7E]{0,4096}");
    private static final Set<String> REFUSED = Set.of("host", "content-length", "transfer-encoding", "connection",
            "keep-alive", "upgrade", "te", "trailer", "expect", "cookie", "origin", "referer");
    private static final int MAX_ENTRIES = 20;

    private RequestParams() {
    }

    static RequestOptions read(Params p) {
        Map<String, String> headers = new LinkedHashMap<>();
        p.object("headers", 64_000).ifPresent(node -> entries(node, "headers").forEach((name, value) -> {
            String lower = name.toLowerCase(Locale.ROOT);
            if (!TOKEN.matcher(name).matches() || REFUSED.contains(lower) || lower.startsWith("proxy-")
                    || lower.startsWith("sec-")) {
                throw ApiException.invalidParameter("headers", "headers may not set " + Params.shown(name)
                        + (lower.equals("cookie") ? " (use the cookies parameter)" : "")
                        + "; names must be HTTP tokens and not Host, Content-Length, Transfer-Encoding, Connection,"
                        + " Keep-Alive, Upgrade, TE, Trailer, Expect, Cookie, Origin, Referer, Proxy-* or Sec-*");
            }
            if (value.length() > 4096 || value.chars().anyMatch(c -> c < 0x20 && c != '\t' || c == 0x7f)) {
                throw ApiException.invalidParameter("headers", "the value of header " + name
                        + " must be at most 4096 characters without control characters");
            }
            headers.put(name, value);
        }));
        Map<String, String> cookies = new LinkedHashMap<>();
        p.text("cookies", 64_000).ifPresent(raw -> {
            Map<String, String> given = raw.strip().startsWith("{")
                    ? entries(p.object("cookies", 64_000).orElseThrow(), "cookies") : pairs(raw);
            given.forEach((name, value) -> {
                if (!TOKEN.matcher(name).matches() || !COOKIE_VALUE.matcher(value).matches()) {
                    throw ApiException.invalidParameter("cookies", "cookie " + Params.shown(name) + " needs a token"
                            + " name and a value without spaces, quotes, commas, semicolons or backslashes");
                }
                cookies.put(name, value);
            });
        });
        return new RequestOptions(headers, cookies);
    }

    private static Map<String, String> entries(JsonNode object, String name) {
        if (object.size() > MAX_ENTRIES) {
            throw ApiException.invalidParameter(name, name + " takes at most " + MAX_ENTRIES + " entries, got "
                    + object.size());
        }
        Map<String, String> entries = new LinkedHashMap<>();
        object.properties().forEach(e -> {
            if (!e.getValue().isString()) {
                throw ApiException.invalidParameter(name, "each value of " + name + " must be a string, "
                        + e.getKey() + " is not");
            }
            entries.put(e.getKey(), e.getValue().asString());
        });
        return entries;
    }

    private static Map<String, String> pairs(String raw) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (String pair : raw.split(";")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            if (eq < 1) {
                throw ApiException.invalidParameter("cookies", "cookies must be a JSON object or name=value pairs"
                        + " separated by semicolons, got " + Params.shown(pair.strip()));
            }
            pairs.put(pair.substring(0, eq).strip(), pair.substring(eq + 1).strip());
        }
        if (pairs.size() > MAX_ENTRIES) {
            throw ApiException.invalidParameter("cookies", "cookies takes at most " + MAX_ENTRIES + " entries, got "
                    + pairs.size());
        }
        return pairs;
    }
}
