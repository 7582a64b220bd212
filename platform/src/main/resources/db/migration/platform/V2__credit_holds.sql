CREATE TABLE platform.credit_holds (
    id         uuid PRIMARY KEY,
    account_id uuid NOT NULL REFERENCES platform.accounts (id) ON DELETE CASCADE,
    amount_usd numeric(18, 8) NOT NULL CHECK (amount_usd >= 0),
    reason     text NOT NULL,
    created_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX credit_holds_account ON platform.credit_holds (account_id);
