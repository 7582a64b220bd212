-- Text search in date order walks the upcoming events by start and tests each one's words: with the search vector
-- in the index that test needs no visit to the table, so a common word's first page reads only the index.
DROP INDEX events.events_upcoming;
CREATE INDEX events_upcoming ON events.events (start_utc, id) INCLUDE (end_utc, timezone, search)
    WHERE status IN ('live', 'started');
