package dev.quintet.packages.web;

import dev.quintet.platform.errors.ApiException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import org.springframework.web.util.UriComponentsBuilder;

/** {@code page} (from 1) and {@code per_page} (1..100, default 30), with {@code Link}, {@code Total} and {@code Per-Page} headers. */
record PageRequest(int page, int perPage) {

    static final int MAX_PER_PAGE = 100;

    static PageRequest of(String page, String perPage) {
        return new PageRequest(number("page", page, 1, Integer.MAX_VALUE, 1),
                number("per_page", perPage, 1, MAX_PER_PAGE, 30));
    }

    private static int number(String param, String raw, int min, int max, int fallback) {
        if (raw == null || raw.isBlank()) {
            return fallback;
        }
        String range = max == Integer.MAX_VALUE ? "an integer >= " + min : "an integer " + min + ".." + max;
        try {
            int n = Integer.parseInt(raw.strip());
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            throw ApiException.invalidParameter(param, param + " must be " + range + ", got '" + raw + "'");
        }
        throw ApiException.invalidParameter(param, param + " must be " + range + ", got " + raw.strip());
    }

    /** How many items come before this page, for SQL {@code offset}. */
    long offset() {
        return (long) (page - 1) * perPage;
    }

    <T> List<T> slice(List<T> all) {
        long from = (long) (page - 1) * perPage;
        return from >= all.size() ? List.of() : all.subList((int) from, (int) Math.min(all.size(), from + perPage));
    }

    /** Sets the paging headers; links keep the query except {@code api_key}, which never travels in a header. */
    void headers(HttpServletRequest request, HttpServletResponse response, long total) {
        int last = (int) Math.min(Integer.MAX_VALUE, Math.max(1, (total + perPage - 1) / perPage));
        response.setHeader("Total", Long.toString(total));
        response.setHeader("Per-Page", Integer.toString(perPage));
        StringBuilder link = new StringBuilder();
        if (page < last) {
            append(link, request, page + 1, "next");
            append(link, request, last, "last");
        }
        if (page > 1) {
            append(link, request, 1, "first");
            append(link, request, Math.min(page - 1, last), "prev");
        }
        if (!link.isEmpty()) {
            response.setHeader("Link", link.toString());
        }
    }

    private void append(StringBuilder link, HttpServletRequest request, int target, String rel) {
        String url = UriComponentsBuilder.fromUriString(request.getRequestURL().toString())
                .query(request.getQueryString()).replaceQueryParam("api_key")
                .replaceQueryParam("page", target).replaceQueryParam("per_page", perPage).build(true).toUriString();
        link.append(link.isEmpty() ? "" : ", ").append('<').append(url).append(">; rel=\"").append(rel).append('"');
    }
}
