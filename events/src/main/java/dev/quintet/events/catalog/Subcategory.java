package dev.quintet.events.catalog;

/** A subcategory: Eventbrite's id and name, and the category it belongs to. */
public record Subcategory(String id, String name, Category parent) {
}
