-- Captured files, kept until they expire: the target of the url in JSON answers, and the cache of repeated
-- captures (per account, keyed by a hash of the normalised parameters).
CREATE TABLE capture.files (
    id             text PRIMARY KEY,
    account_id     uuid NOT NULL,
    cache_key      bytea NOT NULL,
    content_type   text NOT NULL,
    format         text NOT NULL,
    width          integer,
    height         integer,
    pages          integer,
    remote_status  integer NOT NULL,
    source_url     text,
    body           bytea NOT NULL,
    created_at     timestamptz NOT NULL,
    expires_at     timestamptz NOT NULL
);
CREATE INDEX files_cache ON capture.files (account_id, cache_key, expires_at DESC);
CREATE INDEX files_expiry ON capture.files (expires_at);
