package dev.quintet.platform.web;

import dev.quintet.platform.quota.RateLimitHeaders;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * CORS for services browsers may call: any origin, no cookies (keys travel in {@code Authorization} or the query),
 * preflights answered before authentication, and the rate-limit headers exposed to scripts.
 */
final class CorsFilter extends OncePerRequestFilter {

    static final String ALLOWED_METHODS = "GET, POST, PUT, PATCH, DELETE, OPTIONS";
    static final String DEFAULT_ALLOWED_HEADERS = "Authorization, Content-Type, X-Request-Id";
    static final String EXPOSED_HEADERS = String.join(", ", RateLimitHeaders.NAMES)
            + ", Retry-After, X-Request-Id, Deprecation, Sunset, Link, Total, Per-Page, "
            + "X-Data-Stale, X-Generation-Id";

    @Override
    protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws ServletException, IOException {
        if (request.getHeader("Origin") == null) {
            chain.doFilter(request, response);
            return;
        }
        response.setHeader("Access-Control-Allow-Origin", "*");
        if ("OPTIONS".equals(request.getMethod()) && request.getHeader("Access-Control-Request-Method") != null) {
            String requested = request.getHeader("Access-Control-Request-Headers");
            response.setHeader("Access-Control-Allow-Methods", ALLOWED_METHODS);
            response.setHeader("Access-Control-Allow-Headers",
                    requested == null || requested.isBlank() ? DEFAULT_ALLOWED_HEADERS : requested);
            response.setHeader("Access-Control-Max-Age", "86400");
            response.setHeader("Vary", "Access-Control-Request-Headers");
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
            return;
        }
        response.setHeader("Access-Control-Expose-Headers", EXPOSED_HEADERS);
        chain.doFilter(request, response);
    }
}
