CREATE TABLE console.oauth_clients (
    client_id          text PRIMARY KEY,
    account_id         uuid NOT NULL,
    name               text NOT NULL,
    secret_hash        bytea,
    redirect_uris      text[] NOT NULL,
    public_client      boolean NOT NULL,
    created_at         timestamptz NOT NULL
);
CREATE INDEX oauth_clients_account ON console.oauth_clients (account_id);
