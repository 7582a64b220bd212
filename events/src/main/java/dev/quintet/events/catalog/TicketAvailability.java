package dev.quintet.events.catalog;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * What an event's ticket classes offer at a moment, from those on sale then or later: a class whose sales have
 * closed (at its {@code sales_end}, else when the event ends) counts for nothing, nor does any class of a canceled
 * event. Prices are in minor units of the event's currency, a free class counting as 0; they are null when no class
 * counts. {@code startSales} is the earliest opening of sales among the classes that count, null when one of them
 * has no known opening (a draft's class without {@code sales_start}) or none counts.
 */
public record TicketAvailability(boolean hasAvailableTickets, Long minimumMinor, Long maximumMinor, String currency,
                                 boolean isFree, boolean isSoldOut, Instant startSales) {

    public static TicketAvailability of(Event event, List<TicketClass> classes, Instant now) {
        List<TicketClass> selling = event.status().equals("canceled") ? List.of()
                : classes.stream().filter(t -> t.salesClose(event).isAfter(now)).toList();
        boolean available = selling.stream().anyMatch(t -> !t.soldOut());
        Long minimum = selling.stream().map(TicketAvailability::price).min(Long::compare).orElse(null);
        Long maximum = selling.stream().map(TicketAvailability::price).max(Long::compare).orElse(null);
        boolean free = selling.isEmpty() ? event.isFree() : selling.stream().allMatch(TicketClass::free);
        List<Instant> opens = selling.stream().map(t -> t.salesOpen(event)).toList();
        Instant startSales = opens.contains(null) ? null : opens.stream().min(Instant::compareTo).orElse(null);
        return new TicketAvailability(available, minimum, maximum, event.currency(), free,
                !selling.isEmpty() && !available, startSales);
    }

    private static long price(TicketClass t) {
        return t.free() ? 0 : Objects.requireNonNull(t.costMinor(), "a priced ticket class has a cost");
    }
}
