package dev.quintet.packages.store;

import dev.quintet.packages.registry.Ecosystem;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Debian's virtual packages, as the ingested indexes list them ({@code packages.debian_provides}): the names packages
 * declare in {@code Provides}, and which packages provide each. Other platforms have none.
 */
public final class VirtualPackages {

    /**
     * A name some packages provide.
     *
     * @param providers the names of the packages a configured index lists as providing it (by name; not a package of
     *                  that name itself)
     * @param virtual whether no package of that name is stored: the name is only a virtual package
     */
    public record Provided(String normalizedName, List<String> providers, boolean virtual) {

        public Provided {
            providers = List.copyOf(providers);
        }
    }

    private final JdbcClient jdbc;

    public VirtualPackages(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    /** The names among these (normalized) that some package provides, by name; the others are left out. */
    public Map<String, Provided> of(Ecosystem ecosystem, Collection<String> normalizedNames) {
        if (ecosystem != Ecosystem.DEBIAN || normalizedNames.isEmpty()) {
            return Map.of();
        }
        Map<String, Provided> out = new LinkedHashMap<>();
        jdbc.sql("""
                select n.name,
                    array(select distinct p.name from packages.debian_provides v
                          join packages.projects p on p.id = v.project_id
                          where v.normalized_name = n.name and p.normalized_name <> n.name
                          order by p.name) as providers,
                    not exists (select 1 from packages.projects r where r.platform = :platform
                                and r.normalized_name = n.name) as virtual
                from unnest(:names::text[]) as n(name)
                """).param("platform", ecosystem.key())
                .param("names", normalizedNames.stream().distinct().toArray(String[]::new))
                .query((rs, n) -> new Provided(rs.getString("name"), Projects.strings(rs.getArray("providers")),
                        rs.getBoolean("virtual"))).list()
                .stream().filter(p -> !p.providers().isEmpty()).forEach(p -> out.put(p.normalizedName(), p));
        return out;
    }

    /** The packages that provide a name (normalized), by name; empty when none does. */
    public List<String> providers(Ecosystem ecosystem, String normalizedName) {
        Provided provided = of(ecosystem, List.of(normalizedName)).get(normalizedName);
        return provided == null ? List.of() : provided.providers();
    }
}
