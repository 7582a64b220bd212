-- Search: the default live-or-started search reads only events the sweep has not stored as ended, in start order,
-- and counts its matches (up to a cap) from the index alone; swept events are found by their end for a clock set back.
CREATE INDEX events_upcoming ON events.events (start_utc, id) INCLUDE (end_utc, timezone)
    WHERE status IN ('live', 'started');
CREATE INDEX events_venue_upcoming ON events.events (venue_id, start_utc, id) INCLUDE (end_utc)
    WHERE status IN ('live', 'started');
CREATE INDEX events_venue_category_upcoming ON events.events (venue_id, category_id, start_utc, id) INCLUDE (end_utc, is_free)
    WHERE status IN ('live', 'started');
CREATE INDEX events_category_upcoming ON events.events (category_id, start_utc, id) INCLUDE (end_utc, is_free)
    WHERE status IN ('live', 'started');
CREATE INDEX events_swept_end ON events.events (end_utc) WHERE status IN ('ended', 'completed');
