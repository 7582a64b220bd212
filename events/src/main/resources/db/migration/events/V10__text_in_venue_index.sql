-- A text search around a place tests each candidate's words in the upcoming events' venue index, and date keywords
-- read the local start and zone there too, instead of building the full-text index's bitmap of every event with a
-- common word (83,000 of a million for one word) to intersect it with the venues' events.
DROP INDEX events.events_venue_upcoming;
CREATE INDEX events_venue_upcoming ON events.events (venue_id, start_utc, id) INCLUDE (end_utc, start_local, timezone, search)
    WHERE status IN ('live', 'started');
