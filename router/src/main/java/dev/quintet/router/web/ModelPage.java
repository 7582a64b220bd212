package dev.quintet.router.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The opt-in paging of {@code GET /models}: without {@code offset} and {@code limit} every model is on one page;
 * with either, {@code limit} models (1..1000, 500 by default) from {@code offset} (>= 0, 0 by default).
 */
record ModelPage(int offset, int limit) {

    static final int DEFAULT_LIMIT = 500;
    static final int MAX_LIMIT = 1000;
    private static final ModelPage ALL = new ModelPage(0, Integer.MAX_VALUE);

    /** The page asked for by {@code offset} and {@code limit} as sent (null where absent). */
    static ModelPage parse(String offset, String limit) {
        if (offset == null && limit == null) {
            return ALL;
        }
        return new ModelPage(offset == null ? 0 : IntegerParameter.parse("offset", offset, 0, Integer.MAX_VALUE),
                limit == null ? DEFAULT_LIMIT : IntegerParameter.parse("limit", limit, 1, MAX_LIMIT));
    }

    /** This page of {@code all}; empty past the end. */
    <T> List<T> of(List<T> all) {
        int from = Math.min(offset, all.size());
        return all.subList(from, (int) Math.min((long) from + limit, all.size()));
    }

    /**
     * The URL of the next page of {@code total} items, relative to the host: {@code request}'s path and query as
     * sent, with {@code offset} and {@code limit} of the next page; null when this page is the last.
     */
    String next(HttpServletRequest request, int total) {
        long end = (long) offset + limit;
        if (end >= total) {
            return null;
        }
        return UriComponentsBuilder.fromPath(request.getRequestURI()).query(request.getQueryString())
                .replaceQueryParam("offset", end).replaceQueryParam("limit", limit).build().toUriString();
    }
}
