package dev.quintet.events.catalog;

import java.time.Instant;

/** A kind of ticket: free, or priced in minor units of {@code currency}. */
public record TicketClass(long id, long eventId, String name, boolean free, Long costMinor, String currency,
                          int quantityTotal, int quantitySold, Instant salesStart, Instant salesEnd) {
}
