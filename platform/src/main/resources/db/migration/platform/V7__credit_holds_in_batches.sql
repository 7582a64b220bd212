-- Holds in batches: one statement reserves the holds that many requests, of one account or of many, asked for while
-- the last such statement ran, so that the requests of a busy account share one turn on the account instead of
-- queueing for a turn each. It runs on its own (autocommitted). The accounts' turns (transaction-level advisory
-- locks) are taken in account order, so that two batches never wait for each other in a circle. For each account,
-- once its turn is granted, the next statement takes a fresh snapshot (a volatile function's statements do under
-- read committed) and sees every hold committed before; the account's unfolded charges are folded into its running
-- balance once there are more than p_fold_after of them (see V5); then its holds are reserved in the order given,
-- each only if the balance less what unexpired holds reserve, those just reserved included, covers it. Returns the
-- ids of the holds reserved. A hold moves no money, so the commit does not wait for the disk.
DROP FUNCTION platform.credit_hold(int, uuid, uuid, numeric, text, timestamptz, timestamptz, int);

CREATE FUNCTION platform.credit_holds_reserve(p_lock_class int, p_accounts uuid[], p_ids uuid[], p_amounts numeric[],
                                              p_reasons text[], p_expires timestamptz[], p_now timestamptz,
                                              p_fold_after int)
RETURNS SETOF uuid LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    account uuid;
    available numeric;
    wanted record;
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    FOR account IN SELECT DISTINCT a FROM unnest(p_accounts) AS a ORDER BY a LOOP
        PERFORM pg_advisory_xact_lock(p_lock_class, hashtext(CAST(account AS text)));
        WITH folded AS (
            UPDATE platform.credit_ledger SET folded = true
            WHERE account_id = account AND NOT folded
              AND (SELECT count(*) FROM platform.credit_ledger WHERE account_id = account AND NOT folded) > p_fold_after
            RETURNING amount_usd)
        INSERT INTO platform.credit_balances (account_id, balance_usd, granted_usd)
        SELECT account, sum(amount_usd), 0 FROM folded HAVING count(*) > 0
        ON CONFLICT (account_id) DO UPDATE SET
            balance_usd = platform.credit_balances.balance_usd + EXCLUDED.balance_usd;
        SELECT coalesce((SELECT balance_usd FROM platform.credit_balances WHERE account_id = account), 0)
            + coalesce((SELECT sum(amount_usd) FROM platform.credit_ledger WHERE account_id = account AND NOT folded), 0)
            - coalesce((SELECT sum(amount_usd) FROM platform.credit_holds
                        WHERE account_id = account AND expires_at > p_now), 0)
        INTO available;
        FOR wanted IN
            SELECT w.id, w.amount, w.reason, w.expires
            FROM unnest(p_accounts, p_ids, p_amounts, p_reasons, p_expires) WITH ORDINALITY
                AS w (account_id, id, amount, reason, expires, n)
            WHERE w.account_id = account ORDER BY w.n
        LOOP
            IF wanted.amount <= available THEN
                INSERT INTO platform.credit_holds (id, account_id, amount_usd, reason, created_at, expires_at)
                VALUES (wanted.id, account, wanted.amount, wanted.reason, p_now, wanted.expires);
                available := available - wanted.amount;
                RETURN NEXT wanted.id;
            END IF;
        END LOOP;
    END LOOP;
END $$;
