package dev.quintet.packages.store;

import java.util.Locale;

/** How search results are ordered; each breaks ties by name. */
public enum SearchOrder {
    /** Exact name matches first, then text rank plus name similarity, then most depended on. */
    RELEVANCE("(lower(p.name) = lower(:q)) desc, ts_rank(p.search_vector, to_tsquery('simple', :terms))"
            + " + packages.similarity(lower(p.name), lower(:q)) desc, dependents_count desc"),
    NAME("lower(p.name), p.platform"),
    DEPENDENTS_COUNT("dependents_count desc"),
    LATEST_RELEASE_PUBLISHED_AT("p.latest_release_published_at desc nulls last");

    private final String sql;

    SearchOrder(String sql) {
        this.sql = sql;
    }

    /** The value of the {@code sort} parameter: {@code relevance}, {@code dependents_count}... */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    String orderBy() {
        return sql + ", lower(p.name), p.id";
    }
}
