-- Spending limits of keys (OpenRouter's key `limit` and `limit_reset`). A key with a limit may spend at most that
-- much in each window (a UTC day, an ISO week from Monday, a month; without a reset, ever). A paid request holds the
-- most it can cost against its key's limit before it is sent, as it does against the account's credit, and the hold
-- ends with the charge: the generation writer deletes it in the transaction that adds the charge to the key's
-- spending, so a sum of spending and holds read in one statement counts every charge exactly once.
CREATE TABLE router.key_limits (
    key_id      uuid PRIMARY KEY,
    account_id  uuid NOT NULL,
    limit_usd   numeric NOT NULL CHECK (limit_usd >= 0),
    limit_reset text CHECK (limit_reset IN ('daily', 'weekly', 'monthly')),
    updated_at  timestamptz NOT NULL
);

-- What each key was charged, by the UTC day its generations were created on: all keys, so that a limit set later
-- counts what the key already spent in its window. Each router process adds to rows of its own shard (drawn at
-- random when it starts), so that processes charging one key do not queue on one row through each other's commits.
CREATE TABLE router.key_spending (
    key_id    uuid NOT NULL,
    day       date NOT NULL,
    shard     smallint NOT NULL CHECK (shard BETWEEN 0 AND 63),
    spent_usd numeric NOT NULL CHECK (spent_usd >= 0),
    PRIMARY KEY (key_id, day, shard)
);
INSERT INTO router.key_spending (key_id, day, shard, spent_usd)
SELECT key_id, (created_at AT TIME ZONE 'UTC')::date, 0, sum(round(cost_usd, 8))
FROM router.generations WHERE cost_usd > 0 GROUP BY 1, 2;

-- Unsettled holds of keys with a limit; one past its expiry counts no more (its request is charged all the same).
CREATE TABLE router.key_holds (
    id         uuid PRIMARY KEY,
    key_id     uuid NOT NULL,
    amount_usd numeric NOT NULL CHECK (amount_usd >= 0),
    expires_at timestamptz NOT NULL
);
CREATE INDEX key_holds_key ON router.key_holds (key_id);

-- Holds p_amount against the limit of p_key if what the limit leaves in the current window covers it. Holds of one
-- key take turns on its limit's row, and each reads spending and holds afresh once its turn came, in one statement
-- (one snapshot: a charge committed meanwhile is counted either as its hold or as spending). Returns nothing when
-- the key has no limit; else the limit, its reset, what the key spent in the window and what its other holds hold,
-- and whether the hold was taken. A hold moves no money: it commits without waiting for the disk.
CREATE FUNCTION router.key_hold(p_key uuid, p_id uuid, p_amount numeric, p_now timestamptz, p_expires timestamptz)
RETURNS TABLE (limit_usd numeric, limit_reset text, spent_usd numeric, held_usd numeric, held boolean)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
    today date := (p_now AT TIME ZONE 'UTC')::date;
    since date;
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    SELECT l.limit_usd, l.limit_reset INTO limit_usd, limit_reset
    FROM router.key_limits l WHERE l.key_id = p_key FOR UPDATE;
    IF NOT FOUND THEN
        RETURN;
    END IF;
    since := CASE limit_reset
        WHEN 'daily' THEN today
        WHEN 'weekly' THEN date_trunc('week', today)::date
        WHEN 'monthly' THEN date_trunc('month', today)::date
        ELSE '-infinity'::date END;
    SELECT coalesce((SELECT sum(s.spent_usd) FROM router.key_spending s WHERE s.key_id = p_key AND s.day >= since), 0),
           coalesce((SELECT sum(h.amount_usd) FROM router.key_holds h WHERE h.key_id = p_key AND h.expires_at > p_now), 0)
    INTO spent_usd, held_usd;
    held := limit_usd - spent_usd - held_usd >= p_amount;
    IF held THEN
        INSERT INTO router.key_holds (id, key_id, amount_usd, expires_at) VALUES (p_id, p_key, p_amount, p_expires);
    END IF;
    RETURN NEXT;
END $$;

-- Ends holds that were not settled, charging nothing; moves no money, so it does not wait for the disk.
CREATE FUNCTION router.key_holds_release(p_ids uuid[]) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
BEGIN
    PERFORM set_config('synchronous_commit', 'off', true);
    DELETE FROM router.key_holds WHERE id = ANY (p_ids);
END $$;

-- As the platform's credit holds (platform migration V8): a limited key's paid requests each insert a hold and
-- delete it, so its entries are mostly dead row versions until the table is vacuumed. Plain index scans mark them for
-- later holds to skip, and the table is vacuumed after a fixed number of dead versions.
ALTER FUNCTION router.key_hold(uuid, uuid, numeric, timestamptz, timestamptz) SET enable_bitmapscan = off;
ALTER TABLE router.key_holds SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
