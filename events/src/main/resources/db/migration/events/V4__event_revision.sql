-- How many times an event's published details changed: iCalendar's SEQUENCE, so subscribed calendars take the
-- newer copy (RFC 5545 3.8.7.4).
ALTER TABLE events.events ADD COLUMN revision integer NOT NULL DEFAULT 0;
