package dev.quintet.packages.store;

import java.util.List;

/**
 * A search over stored projects. Filters are alternatives within one list and all apply together.
 *
 * @param text what the user typed, or null to list by filters alone
 * @param terms {@code text} as prefix terms for PostgreSQL's {@code to_tsquery('simple', ...)}
 *              ({@code babel:* & core:*}); null when {@code text} is
 * @param platforms platform keys; empty for all
 * @param licenses lower-case SPDX ids, matched against every id of a project's licence expressions; empty for any
 * @param keywords lower-case keywords; empty for any
 */
public record SearchQuery(String text, String terms, List<String> platforms, List<String> licenses,
                          List<String> keywords, SearchOrder order) {

    /** Without text there is no relevance: such a query is ordered by dependents instead. */
    public SearchQuery {
        order = order == SearchOrder.RELEVANCE && text == null ? SearchOrder.DEPENDENTS_COUNT : order;
        platforms = List.copyOf(platforms);
        licenses = List.copyOf(licenses);
        keywords = List.copyOf(keywords);
    }
}
