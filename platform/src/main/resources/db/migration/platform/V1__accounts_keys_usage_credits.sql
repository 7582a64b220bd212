CREATE TABLE platform.accounts (
    id            uuid PRIMARY KEY,
    email         text NOT NULL UNIQUE,
    password_hash text NOT NULL,
    plan          text NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'paid')),
    status        text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended')),
    created_at    timestamptz NOT NULL
);

CREATE TABLE platform.api_keys (
    id           uuid PRIMARY KEY,
    account_id   uuid NOT NULL REFERENCES platform.accounts (id) ON DELETE CASCADE,
    prefix       text NOT NULL,
    last_four    text NOT NULL,
    key_hash     bytea NOT NULL UNIQUE,
    label        text NOT NULL,
    services     text[] NOT NULL,
    created_at   timestamptz NOT NULL,
    last_used_at timestamptz,
    revoked_at   timestamptz
);
CREATE INDEX api_keys_account ON platform.api_keys (account_id);
CREATE INDEX api_keys_prefix ON platform.api_keys (prefix);

CREATE TABLE platform.usage_daily (
    key_id    uuid NOT NULL REFERENCES platform.api_keys (id) ON DELETE CASCADE,
    service   text NOT NULL,
    day       date NOT NULL,
    requests  bigint NOT NULL DEFAULT 0,
    throttled bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (key_id, service, day)
);

CREATE TABLE platform.credit_ledger (
    id         bigserial PRIMARY KEY,
    account_id uuid NOT NULL REFERENCES platform.accounts (id) ON DELETE CASCADE,
    amount_usd numeric(18, 8) NOT NULL,
    reason     text NOT NULL,
    created_at timestamptz NOT NULL
);
CREATE INDEX credit_ledger_account ON platform.credit_ledger (account_id);
