CREATE TABLE console.oauth_signing_keys (
    purpose      text PRIMARY KEY,
    key_id       text NOT NULL UNIQUE,
    jwk          text NOT NULL,
    created_at   timestamptz NOT NULL
);

CREATE TABLE console.oauth_authorizations (
    id                  text PRIMARY KEY,
    client_id           text NOT NULL REFERENCES console.oauth_clients (client_id) ON DELETE CASCADE,
    account_id          uuid NOT NULL,
    principal_name      text NOT NULL,
    grant_type          text NOT NULL,
    scopes              text[] NOT NULL,
    state               text UNIQUE,
    request             text,
    code_value          text UNIQUE,
    code_issued_at      timestamptz,
    code_expires_at     timestamptz,
    code_invalidated    boolean NOT NULL DEFAULT false,
    access_value        text UNIQUE,
    access_issued_at    timestamptz,
    access_expires_at   timestamptz,
    access_scopes       text[],
    access_claims       text,
    access_invalidated  boolean NOT NULL DEFAULT false,
    refresh_value       text UNIQUE,
    refresh_issued_at   timestamptz,
    refresh_expires_at  timestamptz,
    refresh_invalidated boolean NOT NULL DEFAULT false,
    created_at          timestamptz NOT NULL
);
CREATE INDEX oauth_authorizations_account ON console.oauth_authorizations (account_id, client_id);

CREATE TABLE console.oauth_retired_refresh_tokens (
    token_hash        bytea PRIMARY KEY,
    authorization_id  text NOT NULL REFERENCES console.oauth_authorizations (id) ON DELETE CASCADE,
    retired_at        timestamptz NOT NULL
);
CREATE INDEX oauth_retired_refresh_tokens_authorization ON console.oauth_retired_refresh_tokens (authorization_id);

CREATE TABLE console.oauth_consents (
    client_id    text NOT NULL REFERENCES console.oauth_clients (client_id) ON DELETE CASCADE,
    account_id   uuid NOT NULL,
    scopes       text[] NOT NULL,
    granted_at   timestamptz NOT NULL,
    PRIMARY KEY (client_id, account_id)
);
CREATE INDEX oauth_consents_account ON console.oauth_consents (account_id);
