-- Keys the console mints for itself, to call a service's API for the person logged in: short-lived, hidden from
-- the person's key list, never shown to anyone.
ALTER TABLE platform.api_keys
    ADD COLUMN kind text NOT NULL DEFAULT 'user' CHECK (kind IN ('user', 'console')),
    ADD COLUMN expires_at timestamptz;
