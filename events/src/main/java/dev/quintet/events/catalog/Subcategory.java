package dev.quintet.events.catalog;

/** A subcategory: Eventbrite's id and name, and the id of the category it belongs to. */
public record Subcategory(String id, String name, String parentId) {
}
