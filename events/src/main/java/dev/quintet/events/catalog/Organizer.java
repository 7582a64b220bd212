package dev.quintet.events.catalog;

/** Whoever puts events on. */
public record Organizer(long id, String name, String description, String website) {
}
