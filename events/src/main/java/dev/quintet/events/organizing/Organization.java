package dev.quintet.events.organizing;

/** What an account publishes under: its organization, and the organizer its events name unless told otherwise. */
public record Organization(long id, String name, long defaultOrganizerId) {
}
