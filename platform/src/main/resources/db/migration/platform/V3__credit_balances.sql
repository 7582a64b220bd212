-- The running balance and total granted per account, kept in step with the ledger in the same transaction, so a
-- hold reads one row instead of summing an account's whole history (which grows by a row per paid request).
CREATE TABLE platform.credit_balances (
    account_id   uuid PRIMARY KEY REFERENCES platform.accounts (id) ON DELETE CASCADE,
    balance_usd  numeric(20, 8) NOT NULL,
    granted_usd  numeric(20, 8) NOT NULL
);

INSERT INTO platform.credit_balances (account_id, balance_usd, granted_usd)
SELECT account_id, sum(amount_usd), coalesce(sum(amount_usd) FILTER (WHERE amount_usd > 0), 0)
FROM platform.credit_ledger GROUP BY account_id;
