package dev.quintet.events.catalog;

import java.time.Clock;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Makes a demo data set: organizers, venues around a dozen cities in their own time zones, and events over the
 * coming weeks with free or priced tickets, some online. The same {@code randomSeed} gives the same data.
 */
public final class EventSeeder {

    /** A city venues are placed around. */
    record City(String name, String region, String country, double latitude, double longitude, String timezone) {
    }

    static final List<City> CITIES = List.of(
            new City("San Francisco", "CA", "US", 37.7749, -122.4194, "America/Los_Angeles"),
            new City("New York", "NY", "US", 40.7128, -74.0060, "America/New_York"),
            new City("Chicago", "IL", "US", 41.8781, -87.6298, "America/Chicago"),
            new City("Honolulu", "HI", "US", 21.3069, -157.8583, "Pacific/Honolulu"),
            new City("São Paulo", "SP", "BR", -23.5505, -46.6333, "America/Sao_Paulo"),
            new City("London", null, "GB", 51.5074, -0.1278, "Europe/London"),
            new City("Paris", null, "FR", 48.8566, 2.3522, "Europe/Paris"),
            new City("Berlin", null, "DE", 52.5200, 13.4050, "Europe/Berlin"),
            new City("Mumbai", "MH", "IN", 19.0760, 72.8777, "Asia/Kolkata"),
            new City("Tokyo", null, "JP", 35.6762, 139.6503, "Asia/Tokyo"),
            new City("Sydney", "NSW", "AU", -33.8688, 151.2093, "Australia/Sydney"),
            new City("Auckland", null, "NZ", -36.8485, 174.7633, "Pacific/Auckland"));

    /** Category, format, name, description and subcategory (or null) of the kinds of event seeded. */
    private static final String[][] KINDS = {
            {"103", "6", "Jazz Night", "Live jazz from local quartets, with a late session open to all players.", "3002"},
            {"103", "5", "Street Music Festival", "Bands on three stages, food trucks and a vinyl market.", "3999"},
            {"102", "1", "Developer Conference", "Talks on databases, distributed systems and the craft of software.", "2004"},
            {"102", "9", "Machine Learning Workshop", "A hands-on day training and evaluating models on real data.", "2004"},
            {"101", "10", "Founders Breakfast", "Early coffee and introductions for people starting companies.", "1001"},
            {"110", "8", "Café Crème Tasting", "Roasters pour their best espresso and café crème side by side.", "10999"},
            {"110", "5", "Street Food Market", "Dozens of stalls, from dumplings to crêpes, every weekend.", "10003"},
            {"108", "15", "City Half Marathon", "A flat, fast course through the old town; all paces welcome.", "8999"},
            {"105", "6", "Theatre Evening", "A new play by a young company, followed by a talk with the cast.", "5001"},
            {"113", "11", "Neighbourhood Picnic", "Bring a dish to share; games for children all afternoon.", "13003"},
            {"115", "9", "Coding Club for Kids", "Children build small games in a friendly afternoon class.", null},
            {"107", "9", "Sunrise Yoga", "A gentle flow for every level, mats provided.", null}};

    static final int BATCH = 5_000;

    private final Events events;
    private final Clock clock;

    public EventSeeder(Events events, Clock clock) {
        this.events = events;
        this.clock = clock;
    }

    /**
     * Adds {@code count} live events (and the organizers and venues they need); returns their ids. Events go in by
     * {@value #BATCH} in one statement, so a million take minutes, not hours.
     */
    public List<Long> seed(int count, long randomSeed) {
        if (count < 0) {
            throw new IllegalArgumentException("count must be 0 or more, got " + count);
        }
        Random random = new Random(randomSeed);
        List<String> organizerNames = new ArrayList<>();
        for (int i = 0; i < Math.max(1, count / 25); i++) {
            organizerNames.add("Organizer " + (i + 1));
        }
        List<Long> organizers = events.addOrganizers(organizerNames, "Puts on events people remember.");
        List<Long> venueIds = new ArrayList<>();
        List<City> venueCities = new ArrayList<>();
        for (City city : CITIES) {
            for (int i = 0; i < Math.max(1, Math.min(10, count / 50)); i++) {
                double lat = city.latitude() + (random.nextDouble() - 0.5) * 0.1;
                double lon = city.longitude() + (random.nextDouble() - 0.5) * 0.1;
                venueIds.add(events.addVenue(new Venue(0, city.name() + " Hall " + (i + 1), (i + 1) * 10 + " Main Street",
                        city.name(), city.region(), null, city.country(), lat, lon, city.timezone(), 100 + random.nextInt(900))));
                venueCities.add(city);
            }
        }
        List<Long> ids = new ArrayList<>(count);
        List<Event> batch = new ArrayList<>(BATCH);
        List<TicketClass> tickets = new ArrayList<>(BATCH);
        for (int i = 0; i < count; i++) {
            seedOne(random, organizers, venueIds, venueCities, batch, tickets);
            if (batch.size() == BATCH || i == count - 1) {
                ids.addAll(events.addAll(batch, tickets));
                batch.clear();
                tickets.clear();
            }
        }
        return ids;
    }

    private void seedOne(Random random, List<Long> organizers, List<Long> venueIds, List<City> venueCities,
                         List<Event> batch, List<TicketClass> tickets) {
        String[] kind = KINDS[random.nextInt(KINDS.length)];
        boolean online = random.nextInt(10) == 0;
        int venue = random.nextInt(venueIds.size());
        City city = venueCities.get(venue);
        String zone = online ? "UTC" : city.timezone();
        LocalDate day = LocalDate.ofInstant(clock.instant(), ZoneId.of(zone)).plusDays(random.nextInt(60));
        ZonedDateTime start = day.atTime(9 + random.nextInt(12), random.nextBoolean() ? 0 : 30).atZone(ZoneId.of(zone));
        boolean free = random.nextInt(10) < 4;
        String name = online ? "Online " + kind[2] : kind[2] + " in " + city.name();
        batch.add(Event.of(organizers.get(random.nextInt(organizers.size())), online ? null : venueIds.get(venue),
                name, "<p>" + kind[3] + "</p>", kind[3], kind[3], zone, start.toInstant(),
                start.plus(Duration.ofHours(1 + random.nextInt(4))).toInstant(), "live", online, free,
                200, "USD", kind[0], kind[1]).inSubcategory(kind[4]));
        tickets.add(free
                ? new TicketClass(0, 0, "General admission", true, null, "USD", 200, random.nextInt(100), null, null)
                : new TicketClass(0, 0, "General admission", false, 500L + 100L * random.nextInt(100), "USD", 200,
                random.nextInt(100), null, start.toInstant()));
    }
}
