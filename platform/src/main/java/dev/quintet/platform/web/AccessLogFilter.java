package dev.quintet.platform.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.web.filter.OncePerRequestFilter;

/** One log line per request, with secrets in the query string replaced by {@code [redacted]}. */
final class AccessLogFilter extends OncePerRequestFilter {

    private static final Logger log = LoggerFactory.getLogger("quintet.access");
    private static final Set<String> SECRET_PARAMS = Set.of(
            "api_key", "apikey", "api-key", "key", "token", "access_token", "refresh_token", "client_secret",
            "password", "code");
    private static final Pattern PARAM = Pattern.compile("([^&=]*)(=[^&]*)?");
    private static final Pattern KEY_LIKE = Pattern.compile("qt_[A-Za-z0-9]{8,}");

    private final String service;

    AccessLogFilter(String service) {
        this.service = service;
    }

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        long start = System.nanoTime();
        try {
            chain.doFilter(request, response);
        } finally {
            if (log.isInfoEnabled()) {
                long micros = (System.nanoTime() - start) / 1_000;
                log.info("{} {} {} {} {}us", service, request.getMethod(), redactedTarget(request), response.getStatus(), micros);
            }
        }
    }

    static String redactedTarget(HttpServletRequest request) {
        String query = request.getQueryString();
        String path = KEY_LIKE.matcher(request.getRequestURI()).replaceAll("[redacted]");
        return query == null ? path : path + "?" + redactQuery(query);
    }

    static String redactQuery(String query) {
        Matcher m = PARAM.matcher(query);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            boolean secret = SECRET_PARAMS.contains(decodeLower(name));
            m.appendReplacement(out, Matcher.quoteReplacement(
                    secret && m.group(2) != null ? name + "=[redacted]" : m.group()));
        }
        m.appendTail(out);
        return KEY_LIKE.matcher(out).replaceAll("[redacted]");
    }

    private static String decodeLower(String name) {
        try {
            return java.net.URLDecoder.decode(name, java.nio.charset.StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
        } catch (IllegalArgumentException e) {
            return name.toLowerCase(Locale.ROOT);
        }
    }
}
