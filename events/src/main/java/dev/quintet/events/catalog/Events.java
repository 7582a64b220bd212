package dev.quintet.events.catalog;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The {@code events.events}, {@code events.venues}, {@code events.organizers} and {@code events.ticket_classes}
 * tables. An event's search vector (name weighted above description, accents folded) is written with it. Statuses
 * are read through {@code events.event_status}, the one rule for how a published event's status moves with time.
 */
public final class Events {

    /** An event's status at {@code :now} (a timestamptz parameter), for queries over {@code events.events e}. */
    public static final String STATUS = "events.event_status(e.status, e.start_utc, e.end_utc, CAST(:now AS timestamptz))";

    /** The columns {@link #event} maps, for queries over {@code events.events e}; they need {@code :now}. */
    public static final String EVENT_COLUMNS = "e.id, e.organizer_id, e.venue_id, e.name, e.description_html, "
            + "e.description_text, e.summary, e.timezone, e.start_utc, e.end_utc, " + STATUS + " AS status, "
            + "e.online_event, e.is_free, e.capacity, e.currency, e.category_id, e.subcategory_id, e.format_id, e.created_at, "
            + "e.changed_at, e.organization_id, e.published_at, e.revision";

    private static final String SEARCH_VECTOR = "setweight(to_tsvector('english', events.unaccent(:name)), 'A') "
            + "|| setweight(to_tsvector('english', events.unaccent(:text)), 'B')";

    private final JdbcClient jdbc;
    private final Clock clock;

    public Events(JdbcClient jdbc, Clock clock) {
        this.jdbc = jdbc;
        this.clock = clock;
    }

    public long addOrganizer(UUID accountId, String name, String description, String website) {
        return jdbc.sql("""
                INSERT INTO events.organizers (account_id, name, description, website, created_at)
                VALUES (:account, :name, :description, :website, :now) RETURNING id""")
                .param("account", accountId).param("name", name).param("description", description)
                .param("website", website).param("now", Timestamp.from(clock.instant()))
                .query(Long.class).single();
    }

    public long addVenue(Venue v) {
        return addVenue(v, null);
    }

    /** Stores a venue that {@code organization} owns (null for demo data); returns the new id. */
    public long addVenue(Venue v, Long organization) {
        return jdbc.sql("""
                INSERT INTO events.venues (name, address_1, city, region, postal_code, country, latitude, longitude,
                    timezone, capacity, organization_id)
                VALUES (:name, :address, :city, :region, :postal, :country, :lat, :lon, :tz, :capacity, :organization)
                RETURNING id""")
                .param("name", v.name()).param("address", v.address1()).param("city", v.city())
                .param("region", v.region()).param("postal", v.postalCode()).param("country", v.country())
                .param("lat", v.latitude()).param("lon", v.longitude()).param("tz", v.timezone())
                .param("capacity", v.capacity()).param("organization", organization)
                .query(Long.class).single();
    }

    /** Replaces a venue's fields and raises the revision of the published events held there. */
    public void replaceVenue(long id, Venue v) {
        jdbc.sql("""
                UPDATE events.venues SET name = :name, address_1 = :address, city = :city, region = :region,
                    postal_code = :postal, country = :country, latitude = :lat, longitude = :lon, timezone = :tz,
                    capacity = :capacity
                WHERE id = :id""")
                .param("name", v.name()).param("address", v.address1()).param("city", v.city())
                .param("region", v.region()).param("postal", v.postalCode()).param("country", v.country())
                .param("lat", v.latitude()).param("lon", v.longitude()).param("tz", v.timezone())
                .param("capacity", v.capacity()).param("id", id).update();
        jdbc.sql("""
                UPDATE events.events SET revision = revision + 1, changed_at = :now
                WHERE venue_id = :id AND status <> 'draft'""")
                .param("id", id).param("now", Timestamp.from(clock.instant())).update();
    }

    /**
     * Stores an event with its ticket classes and returns the new id. Its id and stamps are ignored; a published
     * event gets the status its times give.
     */
    public long addEvent(Event e, List<TicketClass> tickets) {
        long id = jdbc.sql("""
                INSERT INTO events.events (organizer_id, venue_id, name, description_html, description_text, summary,
                    timezone, start_utc, end_utc, status, online_event, is_free, capacity, currency, category_id,
                    subcategory_id, format_id, created_at, changed_at, organization_id, published_at, search)
                VALUES (:organizer, :venue, :name, :html, :text, :summary, :tz, :start, :end,
                    events.event_status(:status, :start, :end, :now), :online, :free, :capacity, :currency, :category,
                    :subcategory, :format, :now, :now, :organization, CASE WHEN :status = 'draft' THEN NULL ELSE CAST(:now AS timestamptz) END, """
                + SEARCH_VECTOR + ") RETURNING id")
                .params(fields(e)).param("status", e.status()).param("organization", e.organizationId())
                .param("now", Timestamp.from(clock.instant()))
                .query(Long.class).single();
        tickets.forEach(t -> addTicketClass(new TicketClass(0, id, t.name(), t.free(), t.costMinor(), t.currency(),
                t.quantityTotal(), t.quantitySold(), t.salesStart(), t.salesEnd())));
        return id;
    }

    /**
     * Stores many published events of no organization (demo and benchmark data) in a few statements, each event with
     * the ticket class of the same index; returns the new ids in order. The events' and ticket classes' ids and
     * stamps are ignored, and {@code is_free} is taken as given.
     */
    public List<Long> addAll(List<Event> list, List<TicketClass> tickets) {
        if (list.size() != tickets.size()) {
            throw new IllegalArgumentException("one ticket class per event");
        }
        int n = list.size();
        if (n == 0) {
            return List.of();
        }
        List<Long> ids = jdbc.sql("SELECT nextval('events.events_id_seq') FROM generate_series(1, :n)")
                .param("n", n).query(Long.class).list().stream().sorted().toList();
        Long[] organizer = new Long[n];
        Long[] venue = new Long[n];
        String[] name = new String[n];
        String[] html = new String[n];
        String[] text = new String[n];
        String[] summary = new String[n];
        String[] tz = new String[n];
        Long[] start = new Long[n];
        Long[] end = new Long[n];
        Boolean[] online = new Boolean[n];
        Boolean[] free = new Boolean[n];
        Integer[] capacity = new Integer[n];
        String[] currency = new String[n];
        String[] category = new String[n];
        String[] subcategory = new String[n];
        String[] format = new String[n];
        String[] ticketName = new String[n];
        Boolean[] ticketFree = new Boolean[n];
        Long[] cost = new Long[n];
        String[] ticketCurrency = new String[n];
        Integer[] total = new Integer[n];
        Integer[] sold = new Integer[n];
        Long[] salesEnd = new Long[n];
        for (int i = 0; i < n; i++) {
            Event e = list.get(i);
            organizer[i] = e.organizerId();
            venue[i] = e.venueId();
            name[i] = e.name();
            html[i] = e.descriptionHtml();
            text[i] = e.descriptionText();
            summary[i] = e.summary();
            tz[i] = e.timezone();
            start[i] = e.startUtc().getEpochSecond();
            end[i] = e.endUtc().getEpochSecond();
            online[i] = e.onlineEvent();
            free[i] = e.isFree();
            capacity[i] = e.capacity();
            currency[i] = e.currency();
            category[i] = e.categoryId();
            subcategory[i] = e.subcategoryId();
            format[i] = e.formatId();
            TicketClass t = tickets.get(i);
            ticketName[i] = t.name();
            ticketFree[i] = t.free();
            cost[i] = t.costMinor();
            ticketCurrency[i] = t.currency();
            total[i] = t.quantityTotal();
            sold[i] = t.quantitySold();
            salesEnd[i] = t.salesEnd() == null ? null : t.salesEnd().getEpochSecond();
        }
        Timestamp now = Timestamp.from(clock.instant());
        jdbc.sql("""
                INSERT INTO events.events (id, organizer_id, venue_id, name, description_html, description_text, summary,
                    timezone, start_utc, end_utc, status, online_event, is_free, capacity, currency, category_id,
                    subcategory_id, format_id, created_at, changed_at, published_at, search)
                SELECT r.id, r.organizer, r.venue, r.name, r.html, r.text, r.summary, r.tz, to_timestamp(r.s),
                    to_timestamp(r.e), events.event_status('live', to_timestamp(r.s), to_timestamp(r.e), :now), r.online,
                    r.free, r.capacity, r.currency, r.category, r.subcategory, r.format, :now, :now, :now,
                    setweight(to_tsvector('english', events.unaccent(r.name)), 'A')
                        || setweight(to_tsvector('english', events.unaccent(r.text)), 'B')
                FROM unnest(CAST(:ids AS bigint[]), CAST(:organizer AS bigint[]), CAST(:venue AS bigint[]),
                    CAST(:name AS text[]), CAST(:html AS text[]), CAST(:text AS text[]), CAST(:summary AS text[]),
                    CAST(:tz AS text[]), CAST(:start AS bigint[]), CAST(:end AS bigint[]), CAST(:online AS boolean[]),
                    CAST(:free AS boolean[]), CAST(:capacity AS integer[]), CAST(:currency AS text[]),
                    CAST(:category AS text[]), CAST(:subcategory AS text[]), CAST(:format AS text[]))
                    AS r(id, organizer, venue, name, html, text, summary, tz, s, e, online, free, capacity, currency,
                         category, subcategory, format)""")
                .param("ids", ids.toArray(Long[]::new)).param("organizer", organizer).param("venue", venue)
                .param("name", name).param("html", html).param("text", text).param("summary", summary).param("tz", tz)
                .param("start", start).param("end", end).param("online", online).param("free", free)
                .param("capacity", capacity).param("currency", currency).param("category", category)
                .param("subcategory", subcategory).param("format", format).param("now", now)
                .update();
        jdbc.sql("""
                INSERT INTO events.ticket_classes (event_id, name, free, cost_minor, currency, quantity_total,
                    quantity_sold, sales_end)
                SELECT r.event, r.name, r.free, r.cost, r.currency, r.total, r.sold, to_timestamp(r.sales_end)
                FROM unnest(CAST(:ids AS bigint[]), CAST(:name AS text[]), CAST(:free AS boolean[]),
                    CAST(:cost AS bigint[]), CAST(:currency AS text[]), CAST(:total AS integer[]),
                    CAST(:sold AS integer[]), CAST(:salesEnd AS bigint[]))
                    AS r(event, name, free, cost, currency, total, sold, sales_end)""")
                .param("ids", ids.toArray(Long[]::new)).param("name", ticketName).param("free", ticketFree)
                .param("cost", cost).param("currency", ticketCurrency).param("total", total).param("sold", sold)
                .param("salesEnd", salesEnd)
                .update();
        return ids;
    }

    /** Stores many organizers of no account or organization (demo and benchmark data); returns their ids in order. */
    public List<Long> addOrganizers(List<String> names, String description) {
        if (names.isEmpty()) {
            return List.of();
        }
        List<Long> ids = jdbc.sql("SELECT nextval('events.organizers_id_seq') FROM generate_series(1, :n)")
                .param("n", names.size()).query(Long.class).list().stream().sorted().toList();
        jdbc.sql("""
                INSERT INTO events.organizers (id, name, description, created_at)
                SELECT r.id, r.name, :description, :now
                FROM unnest(CAST(:ids AS bigint[]), CAST(:names AS text[])) AS r(id, name)""")
                .param("ids", ids.toArray(Long[]::new)).param("names", names.toArray(String[]::new))
                .param("description", description).param("now", Timestamp.from(clock.instant()))
                .update();
        return ids;
    }

    /**
     * Writes an event's editable fields, and its status again for its new times, when {@code organization} owns it
     * and it is neither canceled nor completed; false when not.
     */
    public boolean replace(Event e, long organization) {
        return jdbc.sql("""
                UPDATE events.events SET organizer_id = :organizer, venue_id = :venue, name = :name,
                    description_html = :html, description_text = :text, summary = :summary, timezone = :tz,
                    start_utc = :start, end_utc = :end, online_event = :online, is_free = :free, capacity = :capacity,
                    currency = :currency, category_id = :category, subcategory_id = :subcategory, format_id = :format, changed_at = :now,
                    revision = revision + CASE WHEN status = 'draft' THEN 0 ELSE 1 END,
                    status = events.event_status(status, :start, :end, :now), search = """ + SEARCH_VECTOR + """

                WHERE id = :id AND organization_id = :organization
                    AND events.event_status(status, start_utc, end_utc, :now) NOT IN ('canceled', 'completed')""")
                .params(fields(e)).param("id", e.id()).param("organization", organization)
                .param("now", Timestamp.from(clock.instant()))
                .update() == 1;
    }

    /**
     * Moves an event of {@code organization} whose status (as of now) is one of {@code from} to {@code to};
     * {@code live} stands for whatever status its times give. False when it is in none of them.
     */
    public boolean transition(long id, long organization, List<String> from, String to) {
        return jdbc.sql("""
                UPDATE events.events SET status = events.event_status(:to, start_utc, end_utc, :now), changed_at = :now,
                    revision = revision + CASE WHEN status = 'draft' THEN 0 ELSE 1 END,
                    published_at = CASE WHEN :to = 'live' THEN coalesce(published_at, :now) ELSE published_at END
                WHERE id = :id AND organization_id = :organization
                    AND events.event_status(status, start_utc, end_utc, :now) = ANY(:from)""")
                .param("id", id).param("organization", organization).param("to", to)
                .param("from", from.toArray(String[]::new)).param("now", Timestamp.from(clock.instant()))
                .update() == 1;
    }

    /** Deletes a draft of {@code organization} with its ticket classes; false when there is no such draft. */
    public boolean deleteDraft(long id, long organization) {
        return jdbc.sql("DELETE FROM events.events WHERE id = :id AND organization_id = :organization AND status = 'draft'")
                .param("id", id).param("organization", organization).update() == 1;
    }

    /**
     * Stores the status each published event has at {@code now} where time moved it on; returns how many moved.
     * Every row changes through one conditional UPDATE, so any number of nodes may run it at the same time.
     */
    public int storeStatuses(Instant now) {
        return jdbc.sql("""
                UPDATE events.events SET status = events.event_status(status, start_utc, end_utc, :now)
                WHERE status IN ('live', 'started', 'ended') AND start_utc <= :now
                    AND status <> events.event_status(status, start_utc, end_utc, :now)""")
                .param("now", Timestamp.from(now)).update();
    }

    /** An event by id, drafts included, with its status as of now. */
    public Optional<Event> find(long id) {
        return jdbc.sql("SELECT " + EVENT_COLUMNS + " FROM events.events e WHERE e.id = :id")
                .param("id", id).param("now", Timestamp.from(clock.instant())).query((rs, n) -> event(rs)).optional();
    }

    /** Adds a ticket class to its event and sets the event's {@code is_free} again; returns the new id. */
    public long addTicketClass(TicketClass t) {
        long id = jdbc.sql("""
                INSERT INTO events.ticket_classes (event_id, name, free, cost_minor, currency, quantity_total,
                    quantity_sold, sales_start, sales_end)
                VALUES (:event, :name, :free, :cost, :currency, :total, :sold, :start, :end) RETURNING id""")
                .param("event", t.eventId()).param("name", t.name()).param("free", t.free()).param("cost", t.costMinor())
                .param("currency", t.currency()).param("total", t.quantityTotal()).param("sold", t.quantitySold())
                .param("start", t.salesStart() == null ? null : Timestamp.from(t.salesStart()))
                .param("end", t.salesEnd() == null ? null : Timestamp.from(t.salesEnd()))
                .query(Long.class).single();
        priceChanged(t.eventId());
        return id;
    }

    /** Writes a ticket class's fields (all but its event and id) and sets the event's {@code is_free} again. */
    public void replaceTicketClass(TicketClass t) {
        jdbc.sql("""
                UPDATE events.ticket_classes SET name = :name, free = :free, cost_minor = :cost, currency = :currency,
                    quantity_total = :total, quantity_sold = :sold, sales_start = :start, sales_end = :end
                WHERE id = :id AND event_id = :event""")
                .param("id", t.id()).param("event", t.eventId()).param("name", t.name()).param("free", t.free())
                .param("cost", t.costMinor()).param("currency", t.currency()).param("total", t.quantityTotal())
                .param("sold", t.quantitySold())
                .param("start", t.salesStart() == null ? null : Timestamp.from(t.salesStart()))
                .param("end", t.salesEnd() == null ? null : Timestamp.from(t.salesEnd()))
                .update();
        priceChanged(t.eventId());
    }

    /** Deletes a ticket class no ticket was sold from and sets the event's {@code is_free} again. */
    public void deleteTicketClass(long eventId, long id) {
        jdbc.sql("DELETE FROM events.ticket_classes WHERE id = :id AND event_id = :event AND quantity_sold = 0")
                .param("id", id).param("event", eventId).update();
        priceChanged(eventId);
    }

    /** An event is free when none of its ticket classes has a price. */
    private void priceChanged(long eventId) {
        jdbc.sql("""
                UPDATE events.events SET is_free = NOT EXISTS (
                    SELECT 1 FROM events.ticket_classes t WHERE t.event_id = :event AND NOT t.free)
                WHERE id = :event""").param("event", eventId).update();
    }

    /** Whether {@code organization} owns the venue {@code id}. */
    public boolean ownsVenue(long organization, long id) {
        return jdbc.sql("SELECT count(*) FROM events.venues WHERE id = :id AND organization_id = :organization")
                .param("id", id).param("organization", organization).query(Long.class).single() == 1;
    }

    /** Whether {@code organization} owns the organizer {@code id}. */
    public boolean ownsOrganizer(long organization, long id) {
        return jdbc.sql("SELECT count(*) FROM events.organizers WHERE id = :id AND organization_id = :organization")
                .param("id", id).param("organization", organization).query(Long.class).single() == 1;
    }

    /** The events with their venues, organizers and ticket classes, in the same order. */
    public List<EventDetails> details(List<Event> found) {
        Map<Long, Venue> venues = venues(found.stream().map(Event::venueId).filter(Objects::nonNull).distinct().toList())
                .stream().collect(Collectors.toMap(Venue::id, Function.identity()));
        Map<Long, Organizer> organizers = organizers(found.stream().map(Event::organizerId).distinct().toList())
                .stream().collect(Collectors.toMap(Organizer::id, Function.identity()));
        Map<Long, List<TicketClass>> tickets = ticketClasses(found.stream().map(Event::id).toList())
                .stream().collect(Collectors.groupingBy(TicketClass::eventId));
        return found.stream().map(e -> new EventDetails(e, e.venueId() == null ? null : venues.get(e.venueId()),
                organizers.get(e.organizerId()), tickets.getOrDefault(e.id(), List.of()))).toList();
    }

    /** Whether an event that is not a draft takes place at the venue. */
    public boolean venueInUse(long id) {
        return jdbc.sql("SELECT exists (SELECT 1 FROM events.events WHERE venue_id = :id AND status <> 'draft')")
                .param("id", id).query(Boolean.class).single();
    }

    public List<Venue> venues(Collection<Long> ids) {
        return jdbc.sql("SELECT * FROM events.venues WHERE id = ANY(:ids)").param("ids", ids.toArray(Long[]::new))
                .query(Events::venue).list();
    }

    /** The venues of {@code organization}, oldest first. */
    public List<Venue> venuesOf(long organization) {
        return jdbc.sql("SELECT * FROM events.venues WHERE organization_id = :organization ORDER BY id")
                .param("organization", organization).query(Events::venue).list();
    }

    private static Venue venue(ResultSet rs, int row) throws SQLException {
        return new Venue(rs.getLong("id"), rs.getString("name"), rs.getString("address_1"), rs.getString("city"),
                rs.getString("region"), rs.getString("postal_code"), rs.getString("country"),
                rs.getDouble("latitude"), rs.getDouble("longitude"), rs.getString("timezone"),
                (Integer) rs.getObject("capacity"));
    }

    public List<Organizer> organizers(Collection<Long> ids) {
        return jdbc.sql("SELECT id, name, description, website FROM events.organizers WHERE id = ANY(:ids)")
                .param("ids", ids.toArray(Long[]::new))
                .query((rs, n) -> new Organizer(rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4)))
                .list();
    }

    public List<TicketClass> ticketClasses(Collection<Long> eventIds) {
        return jdbc.sql("SELECT * FROM events.ticket_classes WHERE event_id = ANY(:ids) ORDER BY event_id, id")
                .param("ids", eventIds.toArray(Long[]::new))
                .query((rs, n) -> new TicketClass(rs.getLong("id"), rs.getLong("event_id"), rs.getString("name"),
                        rs.getBoolean("free"), (Long) rs.getObject("cost_minor"), rs.getString("currency"),
                        rs.getInt("quantity_total"), rs.getInt("quantity_sold"), instant(rs, "sales_start"),
                        instant(rs, "sales_end")))
                .list();
    }

    /** Maps a row selected with {@link #EVENT_COLUMNS}. */
    public static Event event(ResultSet rs) throws SQLException {
        return new Event(rs.getLong("id"), rs.getLong("organizer_id"), (Long) rs.getObject("venue_id"),
                rs.getString("name"), rs.getString("description_html"), rs.getString("description_text"),
                rs.getString("summary"), rs.getString("timezone"), instant(rs, "start_utc"), instant(rs, "end_utc"),
                rs.getString("status"), rs.getBoolean("online_event"), rs.getBoolean("is_free"),
                (Integer) rs.getObject("capacity"), rs.getString("currency"), rs.getString("category_id"),
                rs.getString("subcategory_id"), rs.getString("format_id"), instant(rs, "created_at"), instant(rs, "changed_at"),
                (Long) rs.getObject("organization_id"), instant(rs, "published_at"), rs.getInt("revision"));
    }

    private static Map<String, Object> fields(Event e) {
        Map<String, Object> p = new HashMap<>();
        p.put("organizer", e.organizerId());
        p.put("venue", e.venueId());
        p.put("name", e.name());
        p.put("html", e.descriptionHtml());
        p.put("text", e.descriptionText());
        p.put("summary", e.summary());
        p.put("tz", e.timezone());
        p.put("start", Timestamp.from(e.startUtc()));
        p.put("end", Timestamp.from(e.endUtc()));
        p.put("online", e.onlineEvent());
        p.put("free", e.isFree());
        p.put("capacity", e.capacity());
        p.put("currency", e.currency());
        p.put("category", e.categoryId());
        p.put("subcategory", e.subcategoryId());
        p.put("format", e.formatId());
        return p;
    }

    private static Instant instant(ResultSet rs, String column) throws SQLException {
        Timestamp t = rs.getTimestamp(column);
        return t == null ? null : t.toInstant();
    }
}
