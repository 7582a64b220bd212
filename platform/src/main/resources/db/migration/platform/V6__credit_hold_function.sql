-- A hold in one statement that the caller runs on its own (autocommitted), so that the account's lock is held for
-- the hold's own work and commit only, never across round trips to the caller. The holds of an account take turns on
-- a transaction-level advisory lock; the statement after the lock takes a fresh snapshot (a volatile function's
-- statements do under read committed), so it sees every hold committed before the lock was granted. A hold moves
-- no money, so its commit does not wait for the disk. The statement folds the account's unfolded charges into its
-- running balance once there are more than p_fold_after of them (see V5), and reserves p_amount only if the balance
-- less what unexpired holds reserve covers it; returns whether it did.
CREATE FUNCTION platform.credit_hold(p_lock_class int, p_account uuid, p_id uuid, p_amount numeric, p_reason text,
                                     p_now timestamptz, p_expires timestamptz, p_fold_after int)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    held int;
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    PERFORM pg_advisory_xact_lock(p_lock_class, hashtext(CAST(p_account AS text)));
    WITH folded AS (
        UPDATE platform.credit_ledger SET folded = true
        WHERE account_id = p_account AND NOT folded
          AND (SELECT count(*) FROM platform.credit_ledger WHERE account_id = p_account AND NOT folded) > p_fold_after
        RETURNING amount_usd),
    running AS (
        INSERT INTO platform.credit_balances (account_id, balance_usd, granted_usd)
        SELECT p_account, sum(amount_usd), 0 FROM folded HAVING count(*) > 0
        ON CONFLICT (account_id) DO UPDATE SET
            balance_usd = platform.credit_balances.balance_usd + EXCLUDED.balance_usd)
    INSERT INTO platform.credit_holds (id, account_id, amount_usd, reason, created_at, expires_at)
    SELECT p_id, p_account, p_amount, p_reason, p_now, p_expires
    WHERE coalesce((SELECT balance_usd FROM platform.credit_balances WHERE account_id = p_account), 0)
        + coalesce((SELECT sum(amount_usd) FROM platform.credit_ledger WHERE account_id = p_account AND NOT folded), 0)
        - coalesce((SELECT sum(amount_usd) FROM platform.credit_holds WHERE account_id = p_account AND expires_at > p_now), 0)
        >= p_amount;
    GET DIAGNOSTICS held = ROW_COUNT;
    RETURN held = 1;
END $$;
