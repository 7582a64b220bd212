-- Takes the shared feed locks of the devices' buckets, then, with a fresh snapshot (see V5), reads which of the
-- devices are watched and locks their counters in device order until the transaction ends; returns their heads. The
-- caller numbers its changes from there and raises the counters itself, so a statement that makes a change can take
-- its device's lock as a part of it, sparing its transaction a round trip. live_claim stays for the nodes of the
-- previous version while a new one starts; both hold the counters they use until their commit.
create function live_lock(lock_class int, buckets int[], changed uuid[])
returns table (device uuid, head bigint) language plpgsql volatile as $$
begin
    perform pg_advisory_xact_lock_shared(lock_class, b) from unnest(buckets) b;
    return query
        select h.device_id, h.seq from devices.live_heads h
        where h.device_id = any(changed) and h.watched_until > now()
        order by h.device_id for no key update;
end $$;
