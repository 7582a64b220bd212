package dev.quintet.events.organizing;

import dev.quintet.events.catalog.Venue;
import java.time.ZoneId;
import java.util.Locale;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The {@code venue} object of {@code POST /v3/organizations/{id}/venues/} and {@code POST /v3/venues/{id}/}:
 * Eventbrite's fields (coordinates as strings or numbers, needed for distance search) plus an optional IANA
 * {@code timezone}. Both take the whole venue.
 */
final class VenueInput {

    private static final Set<String> FIELDS = Set.of("name", "capacity", "address", "timezone");
    private static final Set<String> ADDRESS = Set.of("address_1", "city", "region", "postal_code", "country",
            "latitude", "longitude");
    private static final Set<String> COUNTRIES = Set.of(Locale.getISOCountries());

    private VenueInput() {
    }

    static Venue parse(JsonNode body, String action) {
        ArgumentErrors errors = new ArgumentErrors();
        Fields venue = Fields.body(body, "venue", FIELDS, errors);
        if (venue == null) {
            errors.throwIfAny("the venue cannot be " + action + ": ");
        }
        String name = venue.text("name", 200);
        venue.required("name", name);
        Long capacity = venue.whole("capacity", 1, 10_000_000);
        String zone = venue.text("timezone", 64);
        if (zone != null && !ZoneId.getAvailableZoneIds().contains(zone)) {
            venue.refuse("timezone", "must be an IANA time zone such as Europe/London, got '" + zone + "'");
        }
        Fields address = venue.object("address", ADDRESS);
        if (address == null) {
            venue.required("address", null);
            errors.throwIfAny("the venue cannot be " + action + ": ");
        }
        String city = address.text("city", 200);
        address.required("city", city);
        String country = address.text("country", 2);
        if (country != null && !COUNTRIES.contains(country)) {
            address.refuse("country", "must be an ISO 3166 two-letter code such as GB, got '" + country + "'");
        }
        address.required("country", country);
        Double lat = address.decimal("latitude", -90, 90);
        address.required("latitude", lat);
        Double lon = address.decimal("longitude", -180, 180);
        address.required("longitude", lon);
        Venue v = new Venue(0, name, address.text("address_1", 200), city, address.text("region", 200),
                address.text("postal_code", 20), country, lat == null ? 0 : lat, lon == null ? 0 : lon, zone,
                capacity == null ? null : capacity.intValue());
        errors.throwIfAny("the venue cannot be " + action + ": ");
        return v;
    }
}
