package dev.quintet.events.catalog;

import java.time.Instant;

/**
 * One event. Times are instants, shown in {@code timezone}. A published event has a venue or is online (never
 * both); a draft may have neither yet. {@code status} is as of the moment it was read. {@code organizationId} is
 * null for events no organization can change (demo data).
 */
public record Event(long id, long organizerId, Long venueId, String name, String descriptionHtml, String descriptionText,
                    String summary, String timezone, Instant startUtc, Instant endUtc, String status,
                    boolean onlineEvent, boolean isFree, Integer capacity, String currency, String categoryId,
                    String subcategoryId, String formatId, Instant createdAt, Instant changedAt, Long organizationId, Instant publishedAt,
                    int revision) {

    /** A new event's fields; ids, status and stamps are set when it is stored. */
    public static Event of(long organizerId, Long venueId, String name, String descriptionHtml, String descriptionText,
                           String summary, String timezone, Instant startUtc, Instant endUtc, String status,
                           boolean onlineEvent, boolean isFree, Integer capacity, String currency, String categoryId,
                           String formatId) {
        return new Event(0, organizerId, venueId, name, descriptionHtml, descriptionText, summary, timezone, startUtc,
                endUtc, status, onlineEvent, isFree, capacity, currency, categoryId, null, formatId, null, null, null, null,
                0);
    }

    /** The same event in a subcategory of its category. */
    public Event inSubcategory(String id) {
        return new Event(this.id, organizerId, venueId, name, descriptionHtml, descriptionText, summary, timezone,
                startUtc, endUtc, status, onlineEvent, isFree, capacity, currency, categoryId, id, formatId, createdAt,
                changedAt, organizationId, publishedAt, revision);
    }
}
