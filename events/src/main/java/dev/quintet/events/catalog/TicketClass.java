package dev.quintet.events.catalog;

import java.time.Instant;

/** A kind of ticket: free, or priced in minor units of {@code currency}. */
public record TicketClass(long id, long eventId, String name, boolean free, Long costMinor, String currency,
                          int quantityTotal, int quantitySold, Instant salesStart, Instant salesEnd) {

    /** No ticket of this class is left. */
    public boolean soldOut() {
        return quantitySold >= quantityTotal;
    }

    /** When sales open: {@code salesStart}, else when {@code event} was published (null while it is a draft). */
    public Instant salesOpen(Event event) {
        return salesStart != null ? salesStart : event.publishedAt();
    }

    /** When sales close: {@code salesEnd}, else when {@code event} ends. */
    public Instant salesClose(Event event) {
        return salesEnd != null ? salesEnd : event.endUtc();
    }
}
