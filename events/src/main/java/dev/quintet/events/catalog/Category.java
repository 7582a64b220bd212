package dev.quintet.events.catalog;

/** An event category or format: Eventbrite's id, name and short name. */
public record Category(String id, String name, String shortName) {
}
