-- Holds become leases: a process reserves a block of an account's credit with one hold and carves its requests'
-- reservations out of it in memory (see Credits), so most paid requests reserve nothing in the database. A lease asks
-- for a target amount and takes what the account has available up to that target, if that covers its minimum (the
-- request that asked for it). Otherwise as V7: the accounts' turns in account order, a fresh snapshot once the turn
-- is granted, unfolded charges folded past p_fold_after, holds reserved in the order given. Returns each reserved
-- hold's id and amount.
DROP FUNCTION platform.credit_holds_reserve(int, uuid[], uuid[], numeric[], text[], timestamptz[], timestamptz, int);

CREATE FUNCTION platform.credit_holds_reserve(p_lock_class int, p_accounts uuid[], p_ids uuid[], p_amounts numeric[],
                                              p_minimums numeric[], p_reasons text[], p_expires timestamptz[],
                                              p_now timestamptz, p_fold_after int)
RETURNS TABLE (hold_id uuid, amount_usd numeric) LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    account uuid;
    available numeric;
    taken numeric;
    wanted record;
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    FOR account IN SELECT DISTINCT a FROM unnest(p_accounts) AS a ORDER BY a LOOP
        PERFORM pg_advisory_xact_lock(p_lock_class, hashtext(CAST(account AS text)));
        WITH folded AS (
            UPDATE platform.credit_ledger l SET folded = true
            WHERE l.account_id = account AND NOT l.folded
              AND (SELECT count(*) FROM platform.credit_ledger c WHERE c.account_id = account AND NOT c.folded) > p_fold_after
            RETURNING l.amount_usd)
        INSERT INTO platform.credit_balances AS b (account_id, balance_usd, granted_usd)
        SELECT account, sum(f.amount_usd), 0 FROM folded f HAVING count(*) > 0
        ON CONFLICT (account_id) DO UPDATE SET balance_usd = b.balance_usd + EXCLUDED.balance_usd;
        SELECT coalesce((SELECT b.balance_usd FROM platform.credit_balances b WHERE b.account_id = account), 0)
            + coalesce((SELECT sum(l.amount_usd) FROM platform.credit_ledger l
                        WHERE l.account_id = account AND NOT l.folded), 0)
            - coalesce((SELECT sum(h.amount_usd) FROM platform.credit_holds h
                        WHERE h.account_id = account AND h.expires_at > p_now), 0)
        INTO available;
        FOR wanted IN
            SELECT w.id, w.amount, w.minimum, w.reason, w.expires
            FROM unnest(p_accounts, p_ids, p_amounts, p_minimums, p_reasons, p_expires) WITH ORDINALITY
                AS w (account_id, id, amount, minimum, reason, expires, n)
            WHERE w.account_id = account ORDER BY w.n
        LOOP
            IF wanted.minimum <= available THEN
                taken := least(wanted.amount, available);
                INSERT INTO platform.credit_holds (id, account_id, amount_usd, reason, created_at, expires_at)
                VALUES (wanted.id, account, taken, wanted.reason, p_now, wanted.expires);
                available := available - taken;
                hold_id := wanted.id;
                amount_usd := taken;
                RETURN NEXT;
            END IF;
        END LOOP;
    END LOOP;
END $$;

-- As V8: settled leases leave dead row versions; plain index scans mark them for later reservations to skip.
ALTER FUNCTION platform.credit_holds_reserve(int, uuid[], uuid[], numeric[], numeric[], text[], timestamptz[],
                                             timestamptz, int)
    SET enable_bitmapscan = off;
