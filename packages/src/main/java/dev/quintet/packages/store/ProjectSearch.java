package dev.quintet.packages.store;

import java.util.ArrayList;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Full-text and name-similarity search over stored projects ({@code packages.projects.search_vector}: name words,
 * keywords, description), filtered by platform, licence and keyword. Dependents are counted as {@link Dependents}
 * counts them.
 */
public final class ProjectSearch {

    private final JdbcClient jdbc;

    public ProjectSearch(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public long count(SearchQuery query) {
        return bind(jdbc.sql("select count(*) from packages.projects p " + where(query)), query)
                .query(Long.class).single();
    }

    public List<ProjectSummary> page(SearchQuery query, long offset, int limit) {
        String sql = """
                select p.platform, p.name, p.description, p.homepage, p.repository_url, p.licenses, p.keywords,
                       p.status, p.latest_release_number, p.latest_release_published_at,
                       p.latest_stable_release_number,
                       (select count(distinct d.project_id) %s) as dependents_count
                from packages.projects p
                %s
                order by %s
                limit :limit offset :offset
                """.formatted(Dependents.rows("p.platform", "p.normalized_name"), where(query), query.order().orderBy());
        return bind(jdbc.sql(sql), query).param("limit", limit).param("offset", offset)
                .query((rs, n) -> new ProjectSummary(rs.getString("platform"), rs.getString("name"),
                        rs.getString("description"), rs.getString("homepage"), rs.getString("repository_url"),
                        Projects.strings(rs.getArray("licenses")), Projects.strings(rs.getArray("keywords")),
                        rs.getString("status"), rs.getString("latest_release_number"),
                        Projects.instant(rs, "latest_release_published_at"),
                        rs.getString("latest_stable_release_number"), rs.getLong("dependents_count"))).list();
    }

    private static String where(SearchQuery query) {
        List<String> clauses = new ArrayList<>(List.of("true"));
        if (query.text() != null) {
            clauses.add("(p.search_vector @@ to_tsquery('simple', :terms)"
                    + " or lower(p.name) operator(packages.%) lower(:q))");
        }
        if (!query.platforms().isEmpty()) {
            clauses.add("p.platform = any(:platforms)");
        }
        if (!query.licenses().isEmpty()) {
            clauses.add("exists (select 1 from unnest(p.licenses) licence,"
                    + " regexp_split_to_table(licence, '[\\s()]+') licence_id where lower(licence_id) = any(:licenses))");
        }
        if (!query.keywords().isEmpty()) {
            clauses.add("exists (select 1 from unnest(p.keywords) project_keyword where lower(project_keyword) = any(:keywords))");
        }
        return "where " + String.join(" and ", clauses);
    }

    private static JdbcClient.StatementSpec bind(JdbcClient.StatementSpec spec, SearchQuery query) {
        if (query.text() != null) {
            spec = spec.param("q", query.text()).param("terms", query.terms());
        }
        if (!query.platforms().isEmpty()) {
            spec = spec.param("platforms", query.platforms().toArray(String[]::new));
        }
        if (!query.licenses().isEmpty()) {
            spec = spec.param("licenses", query.licenses().toArray(String[]::new));
        }
        if (!query.keywords().isEmpty()) {
            spec = spec.param("keywords", query.keywords().toArray(String[]::new));
        }
        return spec;
    }
}
