package dev.quintet.events.catalog;

import java.util.List;

/** An event with what it refers to: its venue (null when online or not chosen yet), organizer and ticket classes. */
public record EventDetails(Event event, Venue venue, Organizer organizer, List<TicketClass> ticketClasses) {
}
