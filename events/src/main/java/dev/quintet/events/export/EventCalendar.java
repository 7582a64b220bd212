package dev.quintet.events.export;

import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.EventDetails;
import dev.quintet.events.catalog.Venue;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.net.URI;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.time.temporal.Temporal;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import net.fortuna.ical4j.data.CalendarOutputter;
import net.fortuna.ical4j.model.Calendar;
import net.fortuna.ical4j.model.TimeZoneRegistry;
import net.fortuna.ical4j.model.TimeZoneRegistryFactory;
import net.fortuna.ical4j.model.component.VEvent;
import net.fortuna.ical4j.model.property.Description;
import net.fortuna.ical4j.model.property.DtEnd;
import net.fortuna.ical4j.model.property.DtStamp;
import net.fortuna.ical4j.model.property.DtStart;
import net.fortuna.ical4j.model.property.Geo;
import net.fortuna.ical4j.model.property.LastModified;
import net.fortuna.ical4j.model.property.Sequence;
import net.fortuna.ical4j.model.property.Location;
import net.fortuna.ical4j.model.property.ProdId;
import net.fortuna.ical4j.model.property.Summary;
import net.fortuna.ical4j.model.property.Uid;
import net.fortuna.ical4j.model.property.Url;
import net.fortuna.ical4j.model.property.immutable.ImmutableCalScale;
import net.fortuna.ical4j.model.property.immutable.ImmutableStatus;
import net.fortuna.ical4j.model.property.immutable.ImmutableVersion;
import net.fortuna.ical4j.validate.ValidationException;

/**
 * Events as an RFC 5545 calendar (ical4j): one VEVENT per event with a stable UID, DTSTAMP and LAST-MODIFIED at
 * the event's last change, DTSTART/DTEND in the event's own time zone with that zone's VTIMEZONE (UTC times for
 * events in UTC), STATUS CONFIRMED or CANCELLED, SEQUENCE counting the changes since publication; CRLF line ends
 * and lines folded at 75 octets. Time zones come from the definitions bundled with ical4j; its update fetch is off
 * ({@code ical4j.properties}).
 */
public final class EventCalendar {

    /** The media type of what {@link #write} returns. */
    public static final String MEDIA_TYPE = "text/calendar;charset=UTF-8";

    private final TimeZoneRegistry zones = TimeZoneRegistryFactory.getInstance().createRegistry();

    /** The calendar text for {@code events}; {@code base} is the API's URL, for each event's URL and UID domain. */
    public String write(List<EventDetails> events, String base) {
        String host = Objects.requireNonNullElse(URI.create(base).getHost(), "localhost");
        Calendar calendar = new Calendar();
        calendar.add(new ProdId("-//Quintet//Events API//EN"));
        calendar.add(ImmutableVersion.VERSION_2_0);
        calendar.add(ImmutableCalScale.GREGORIAN);
        Set<String> zoneIds = events.stream().map(d -> d.event().timezone()).filter(z -> !isUtc(z))
                .collect(Collectors.toCollection(LinkedHashSet::new));
        zoneIds.forEach(z -> calendar.add(zones.getTimeZone(z).getVTimeZone()));
        events.forEach(d -> calendar.add(vevent(d, base, host)));
        StringWriter out = new StringWriter();
        try {
            new CalendarOutputter(false).output(calendar, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ValidationException e) {
            throw new IllegalStateException("the calendar did not validate: " + e.getMessage(), e);
        }
        return out.toString();
    }

    private VEvent vevent(EventDetails d, String base, String host) {
        Event e = d.event();
        VEvent v = new VEvent(false);
        v.add(new Uid("event-" + e.id() + "@" + host));
        v.add(new DtStamp(e.changedAt().truncatedTo(ChronoUnit.SECONDS)));
        v.add(new LastModified(e.changedAt().truncatedTo(ChronoUnit.SECONDS)));
        v.add(new Sequence(e.revision()));
        v.add(new DtStart<>(time(e.startUtc(), e.timezone())));
        v.add(new DtEnd<>(time(e.endUtc(), e.timezone())));
        v.add(new Summary(e.name()));
        if (!e.descriptionText().isBlank()) {
            v.add(new Description(e.descriptionText()));
        }
        v.add(new Url(URI.create(base + "/v3/events/" + e.id() + "/")));
        v.add(e.status().equals("canceled") ? ImmutableStatus.VEVENT_CANCELLED : ImmutableStatus.VEVENT_CONFIRMED);
        Venue venue = d.venue();
        if (venue != null) {
            v.add(new Location(Stream.of(venue.name(), venue.address1(), venue.city(), venue.region(), venue.postalCode(),
                    venue.country()).filter(s -> s != null && !s.isBlank()).collect(Collectors.joining(", "))));
            v.add(new Geo(BigDecimal.valueOf(venue.latitude()), BigDecimal.valueOf(venue.longitude())));
        } else if (e.onlineEvent()) {
            v.add(new Location("Online"));
        }
        return v;
    }

    private Temporal time(Instant instant, String zone) {
        if (isUtc(zone)) {
            return instant.truncatedTo(ChronoUnit.SECONDS);
        }
        return instant.truncatedTo(ChronoUnit.SECONDS).atZone(ZoneId.of(zone));
    }

    private static boolean isUtc(String zone) {
        return ZoneId.of(zone).normalized().equals(ZoneOffset.UTC);
    }
}
