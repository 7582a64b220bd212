-- Numbers the changes a transaction made, in one round trip (see LiveWatches): takes the shared feed locks of the
-- devices' buckets, then advances the counters of those of the devices that are watched and returns them. The update
-- must not run in the snapshot of a statement that started before the locks were granted: a volatile function takes
-- a fresh snapshot for each statement it runs, so the update sees every lease committed while the locks were awaited.
-- The counters are locked in device order (the caller passes the devices sorted), so that callers cannot deadlock.
create function live_claim(lock_class int, buckets int[], changed uuid[], counts bigint[])
returns table (device uuid, head bigint) language plpgsql volatile as $$
begin
    perform pg_advisory_xact_lock_shared(lock_class, b) from unnest(buckets) b;
    return query
        with watched as (
            select h.device_id from devices.live_heads h
            where h.device_id = any(changed) and h.watched_until > now()
            order by h.device_id for no key update)
        update devices.live_heads h set seq = h.seq + c.n
        from watched w join unnest(changed, counts) c (device_id, n) using (device_id)
        where h.device_id = w.device_id
        returning h.device_id, h.seq;
end $$;
