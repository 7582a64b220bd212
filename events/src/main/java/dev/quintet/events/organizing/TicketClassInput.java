package dev.quintet.events.organizing;

import dev.quintet.events.catalog.Event;
import dev.quintet.events.catalog.TicketClass;
import java.time.Instant;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * The {@code ticket_class} object of {@code POST /v3/events/{id}/ticket_classes/} (and of a change, which sends
 * it whole): {@code free: true}, or a
 * {@code cost} in minor units of the event's currency, given as {@code {"currency":"USD","value":1500}} or as
 * Eventbrite's {@code "USD,1500"}; {@code quantity_total} (or {@code capacity}); an optional sales window in UTC
 * that closes no later than the event ends.
 */
final class TicketClassInput {

    private static final Set<String> FIELDS = Set.of("name", "free", "cost", "quantity_total", "capacity",
            "sales_start", "sales_end");
    private static final Pattern COST = Pattern.compile("([A-Z]{3}),(\\d{1,12})");

    private TicketClassInput() {
    }

    /** The ticket class a body describes, for {@code event}; {@code verb} ("created", "changed") opens errors. */
    static TicketClass parse(JsonNode body, Event event, String verb) {
        ArgumentErrors errors = new ArgumentErrors();
        Fields t = Fields.body(body, "ticket_class", FIELDS, errors);
        if (t == null) {
            errors.throwIfAny("the ticket class cannot be " + verb + ": ");
        }
        String name = t.text("name", 200);
        t.required("name", name);
        boolean free = Boolean.TRUE.equals(t.bool("free"));
        Long cost = cost(t, free, event.currency());
        Long total = t.whole("quantity_total", 1, 1_000_000);
        Long capacity = t.whole("capacity", 1, 1_000_000);
        if (total != null && capacity != null && !total.equals(capacity)) {
            t.refuse("capacity", "differs from quantity_total; send one of them");
        }
        Long quantity = total != null ? total : capacity;
        t.required("quantity_total", quantity);
        Instant salesStart = t.instant("sales_start");
        Instant salesEnd = t.instant("sales_end");
        if (salesStart != null && salesEnd != null && !salesEnd.isAfter(salesStart)) {
            t.refuse("sales_end", "must be after sales_start");
        }
        if (salesEnd != null && salesEnd.isAfter(event.endUtc())) {
            t.refuse("sales_end", "must be no later than the event's end, " + event.endUtc());
        }
        errors.throwIfAny("the ticket class cannot be " + verb + ": ");
        return new TicketClass(0, event.id(), name, free, cost, event.currency(), quantity.intValue(), 0,
                salesStart, salesEnd);
    }

    private static Long cost(Fields t, boolean free, String currency) {
        if (free) {
            if (t.has("cost") && !t.isNull("cost")) {
                t.refuse("cost", "a free ticket class has no cost");
            }
            return null;
        }
        String code;
        Long value;
        if (t.isString("cost")) {
            String text = t.text("cost", 20);
            Matcher m = COST.matcher(text == null ? "" : text);
            if (!m.matches()) {
                t.refuse("cost", "must be {\"currency\":\"" + currency + "\",\"value\":1500} or \"" + currency + ",1500\" (minor units)");
                return null;
            }
            code = m.group(1);
            value = Long.parseLong(m.group(2));
        } else if (t.has("cost") && !t.isNull("cost")) {
            Fields money = t.object("cost", Set.of("currency", "value"));
            if (money == null) {
                return null;
            }
            code = money.text("currency", 3);
            value = money.whole("value", 0, 100_000_000_000L);
            money.required("currency", code);
            money.required("value", value);
        } else {
            t.refuse("cost", "is required unless free is true");
            return null;
        }
        if (code != null && !code.equals(currency)) {
            t.refuse("cost", "must be in the event's currency " + currency + ", got " + code);
        }
        return value;
    }
}
