-- The live feed shared by the service's nodes. A device that someone streams is "watched": its row here holds the
-- lease (renewed by the nodes that stream it, timed by the database's clock) and the id of its last change. Changes
-- of watched devices are numbered from that counter, so the ids of one device rise by one per change and commit in
-- order. No foreign key: a node starting a watch must not wait for the device's row (see LiveWatches).
create table live_heads (
    device_id     uuid primary key,
    seq           bigint not null,
    watched_until timestamptz not null
);

-- The recent changes of watched devices, for other nodes to read when notified and for streams that resume. Kept
-- for the stream retention; json (not jsonb) keeps the text as it was sent.
create table live_changes (
    device_id uuid not null,
    seq       bigint not null,
    at        timestamptz not null,
    type      text not null,
    data      json not null,
    primary key (device_id, seq)
);
create index live_changes_at on live_changes (at);
