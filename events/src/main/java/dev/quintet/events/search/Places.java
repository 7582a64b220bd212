package dev.quintet.events.search;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Places known from venues, for {@code location.address}: a city name, optionally followed by its region or
 * country after commas ({@code Portland, OR}, {@code London, GB}, {@code Paris, France}). Accents and case do not
 * matter. The place's point is the centre of its venues; when a name is shared (two Portlands), the place with the
 * most venues wins unless a region or country says otherwise.
 */
public final class Places {

    /** A place a search can be made around. */
    public record Place(String city, String region, String country, double latitude, double longitude) {

        /** The country's English name, as Eventbrite's {@code augmented_location} gives it. */
        public String countryName() {
            String name = Locale.of("", country).getDisplayCountry(Locale.ENGLISH);
            return name.isEmpty() ? country : name;
        }
    }

    /** ISO 3166 codes by English country name, folded like the names they are looked up with. */
    private static final Map<String, String> COUNTRY_CODES = new HashMap<>();

    static {
        for (String code : Locale.getISOCountries()) {
            COUNTRY_CODES.put(fold(Locale.of("", code).getDisplayCountry(Locale.ENGLISH)), code);
        }
        COUNTRY_CODES.put("uk", "GB");
        COUNTRY_CODES.put("usa", "US");
    }

    private final JdbcClient jdbc;

    public Places(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public Optional<Place> find(String address) {
        List<String> parts = Arrays.stream(address.split(",")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Object> params = new LinkedHashMap<>();
        params.put("city", parts.getFirst());
        List<String> conditions = new ArrayList<>(List.of("lower(events.unaccent(v.city)) = lower(events.unaccent(:city))"));
        for (int i = 1; i < parts.size(); i++) {
            String part = parts.get(i);
            String code = part.length() == 2 ? part.toUpperCase(Locale.ROOT) : COUNTRY_CODES.getOrDefault(fold(part), "");
            conditions.add("(v.country = :country" + i + " OR lower(events.unaccent(coalesce(v.region, ''))) "
                    + "= lower(events.unaccent(:region" + i + ")))");
            params.put("country" + i, code);
            params.put("region" + i, part);
        }
        return jdbc.sql("SELECT min(v.city) AS city, CASE WHEN count(DISTINCT v.region) = 1 THEN min(v.region) END "
                        + "AS region, v.country, avg(v.latitude) AS latitude, avg(v.longitude) AS longitude "
                        + "FROM events.venues v WHERE " + String.join(" AND ", conditions)
                        + " GROUP BY lower(events.unaccent(v.city)), v.country ORDER BY count(*) DESC, v.country LIMIT 1")
                .params(params)
                .query((rs, n) -> new Place(rs.getString("city"), rs.getString("region"), rs.getString("country"),
                        rs.getDouble("latitude"), rs.getDouble("longitude")))
                .optional();
    }

    private static String fold(String s) {
        return Normalizer.normalize(s, Normalizer.Form.NFD).replaceAll("\\p{M}", "").toLowerCase(Locale.ROOT);
    }
}
