-- Calendar feeds: a person's saved search served as iCalendar at a secret URL a calendar app can poll without
-- an access token. Only the SHA-256 of the URL's token is kept.
CREATE TABLE events.calendar_feeds (
    id            bigserial PRIMARY KEY,
    account_id    uuid NOT NULL,
    client_id     text NOT NULL,
    name          text NOT NULL,
    query         text NOT NULL,
    token_hash    bytea NOT NULL UNIQUE,
    created_at    timestamptz NOT NULL,
    last_used_at  timestamptz
);
CREATE INDEX calendar_feeds_account ON events.calendar_feeds (account_id, id);
