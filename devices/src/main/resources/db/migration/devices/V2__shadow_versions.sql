create table shadow_versions (
    device_id  uuid primary key references devices (id) on delete cascade,
    version    bigint not null
);

create index devices_online_by_last_seen on devices (last_seen_at) where online;
