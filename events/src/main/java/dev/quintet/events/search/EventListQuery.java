package dev.quintet.events.search;

import static dev.quintet.events.search.SearchQuery.error;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A list of one organization's or one organizer's events as asked: {@code status} (comma-separated or {@code all}),
 * {@code order_by} ({@code start_asc}, {@code start_desc}, {@code created_asc}, {@code created_desc}),
 * {@code page}, {@code page_size} and {@code expand}. Unknown parameters are refused.
 */
public record EventListQuery(List<String> statuses, String orderBy, int page, int pageSize, Set<String> expand) {

    static final Map<String, String> ORDERS = Map.of("start_asc", "e.start_utc ASC, e.id ASC",
            "start_desc", "e.start_utc DESC, e.id DESC", "created_asc", "e.created_at ASC, e.id ASC",
            "created_desc", "e.created_at DESC, e.id DESC");
    private static final List<String> PUBLISHED = List.of("live", "started", "ended", "completed", "canceled");
    private static final Set<String> PARAMETERS = Set.of("status", "order_by", "page", "page_size", "expand");

    /**
     * @param defaults the statuses listed when {@code status} is not given
     * @param drafts whether drafts may be listed (an organization's own list) or not (an organizer's public one)
     */
    public static EventListQuery parse(Map<String, String[]> parameters, List<String> defaults, boolean drafts) {
        for (String name : parameters.keySet()) {
            if (!PARAMETERS.contains(name)) {
                throw error(name, name + " is not a parameter of this list; known: "
                        + String.join(", ", PARAMETERS.stream().sorted().toList()));
            }
        }
        QueryParameters p = new QueryParameters(parameters);
        List<String> allowed = drafts ? concat("draft", PUBLISHED) : PUBLISHED;
        List<String> asked = p.list("status");
        List<String> statuses = asked.isEmpty() ? defaults : asked.equals(List.of("all")) ? allowed : asked;
        statuses.stream().filter(s -> !allowed.contains(s)).findFirst().ifPresent(s -> {
            throw error("status", "status takes all or any of " + String.join(",", allowed) + ", got '" + s + "'"
                    + (s.equals("draft") ? "; drafts are listed only under your organization's events" : ""));
        });
        String order = p.text("order_by") == null ? "start_asc" : p.text("order_by");
        if (!ORDERS.containsKey(order)) {
            throw error("order_by", "order_by must be start_asc, start_desc, created_asc or created_desc, got '"
                    + order + "'");
        }
        Set<String> expand = p.expand();
        Long page = p.whole("page", 1, 10_000);
        Long pageSize = p.whole("page_size", 1, 100);
        return new EventListQuery(statuses, order, page == null ? 1 : page.intValue(),
                pageSize == null ? 50 : pageSize.intValue(), expand);
    }

    private static List<String> concat(String first, List<String> rest) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(first), rest.stream()).toList();
    }
}
