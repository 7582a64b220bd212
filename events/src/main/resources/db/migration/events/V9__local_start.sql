-- The event's wall-clock start in its own zone, computed by PostgreSQL from the UTC start and the zone whenever
-- either is written, so a local day or a local range bound is a comparison instead of a zone conversion per event.
ALTER TABLE events.events ADD COLUMN start_local timestamp GENERATED ALWAYS AS (start_utc AT TIME ZONE timezone) STORED;

-- Upcoming events in start order: a narrow index for searches without text (dates, keywords, counts), one that
-- also holds the search vector for text, and the online ones with their search vector, so a text search of online
-- events reads only them.
DROP INDEX events.events_upcoming;
CREATE INDEX events_upcoming ON events.events (start_utc, id) INCLUDE (end_utc, start_local, timezone)
    WHERE status IN ('live', 'started');
CREATE INDEX events_upcoming_text ON events.events (start_utc, id) INCLUDE (end_utc, start_local, timezone, search)
    WHERE status IN ('live', 'started');
CREATE INDEX events_online_upcoming ON events.events (start_utc, id) INCLUDE (end_utc, start_local, timezone, search)
    WHERE status IN ('live', 'started') AND online_event;
