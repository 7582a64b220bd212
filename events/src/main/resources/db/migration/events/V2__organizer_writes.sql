-- Organiser writes: an organization per account owns its organizers, venues and events; drafts may be incomplete.
CREATE TABLE events.organizations (
    id          bigserial PRIMARY KEY,
    account_id  uuid NOT NULL UNIQUE,
    name        text NOT NULL,
    created_at  timestamptz NOT NULL
);

ALTER TABLE events.organizers ADD COLUMN organization_id bigint REFERENCES events.organizations (id);
CREATE INDEX organizers_organization ON events.organizers (organization_id);

ALTER TABLE events.venues ADD COLUMN organization_id bigint REFERENCES events.organizations (id);
ALTER TABLE events.venues ALTER COLUMN timezone DROP NOT NULL;
CREATE INDEX venues_organization ON events.venues (organization_id);

ALTER TABLE events.events ADD COLUMN organization_id bigint REFERENCES events.organizations (id);
ALTER TABLE events.events ADD COLUMN published_at timestamptz;
ALTER TABLE events.events DROP CONSTRAINT events_check1;
ALTER TABLE events.events ADD CONSTRAINT events_venue_or_online
    CHECK (NOT (online_event AND venue_id IS NOT NULL) AND (status = 'draft' OR online_event OR venue_id IS NOT NULL));
CREATE INDEX events_organization ON events.events (organization_id);
CREATE INDEX events_to_sweep ON events.events (start_utc) WHERE status IN ('live', 'started', 'ended');

-- The one rule for a published event's status at an instant: live before its start, started until its end, ended
-- for 7 days after it, completed from then on; drafts and canceled events stay as they are. Reads apply it at
-- read time, and the sweep stores it, so both agree whenever the sweep last ran.
CREATE FUNCTION events.event_status(stored text, start_utc timestamptz, end_utc timestamptz, at timestamptz)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
    SELECT CASE
        WHEN stored IN ('draft', 'canceled') THEN stored
        WHEN at >= end_utc + interval '7 days' THEN 'completed'
        WHEN at >= end_utc THEN 'ended'
        WHEN at >= start_utc THEN 'started'
        ELSE 'live'
    END
$$;
