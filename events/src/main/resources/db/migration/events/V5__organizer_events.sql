-- An organizer's events in start order, for GET /v3/organizers/{id}/events/ and search's organizer.id.
CREATE INDEX events_organizer_start ON events.events (organizer_id, start_utc, id);
