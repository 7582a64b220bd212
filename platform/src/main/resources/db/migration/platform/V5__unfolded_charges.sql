-- Charges are appended without touching the account's balance row, so that concurrent paid requests of one account
-- do not queue on that row through each other's commits. A charge stays "unfolded" until a later hold of the account
-- adds it to the running balance; the balance is the running figure plus the unfolded entries. Entries made before
-- this migration are already in the running figure.
ALTER TABLE platform.credit_ledger ADD COLUMN folded boolean NOT NULL DEFAULT true;
CREATE INDEX credit_ledger_unfolded ON platform.credit_ledger (account_id) WHERE NOT folded;
