create table templates (
    id          uuid primary key,
    account_id  uuid not null,
    name        text not null,
    description text,
    created_at  timestamptz not null,
    updated_at  timestamptz not null
);
create index templates_by_account on templates (account_id, id);

create table datastreams (
    template_id   uuid not null references templates (id) on delete cascade,
    pin           smallint not null check (pin between 0 and 255),
    name          text not null,
    type          text not null,
    unit          text,
    min_value     double precision,
    max_value     double precision,
    options       text[],
    default_value jsonb,
    primary key (template_id, pin),
    unique (template_id, name)
);

create table devices (
    id            uuid primary key,
    account_id    uuid not null,
    template_id   uuid not null references templates (id),
    name          text not null,
    metadata      jsonb not null default '{}',
    token_hash    bytea not null unique,
    token_hint    text not null,
    online        boolean not null default false,
    last_seen_at  timestamptz,
    created_at    timestamptz not null,
    updated_at    timestamptz not null
);
create index devices_by_account on devices (account_id, id);

create table latest_values (
    device_id      uuid not null references devices (id) on delete cascade,
    pin            smallint not null,
    reported       jsonb,
    reported_at    timestamptz,
    desired        jsonb,
    desired_at     timestamptz,
    desired_pending boolean not null default false,
    primary key (device_id, pin)
);
create index latest_values_pending on latest_values (device_id) where desired_pending;

create table value_history (
    device_id  uuid not null,
    pin        smallint not null,
    at         timestamptz not null,
    value      jsonb not null,
    number     double precision
);
create index value_history_at on value_history using brin (at);
create index value_history_by_pin on value_history (device_id, pin, at);

create table events (
    seq         bigserial primary key,
    device_id   uuid not null references devices (id) on delete cascade,
    at          timestamptz not null,
    kind        text not null,
    code        text not null,
    description text,
    data        jsonb
);
create index events_by_device on events (device_id, seq);

create table commands (
    id           uuid primary key,
    seq          bigserial not null,
    device_id    uuid not null references devices (id) on delete cascade,
    method       text not null,
    params       jsonb,
    two_way      boolean not null,
    status       text not null,
    timeout_ms   bigint not null,
    created_at   timestamptz not null,
    expires_at   timestamptz not null,
    sent_at      timestamptz,
    deadline_at  timestamptz,
    delivered_at timestamptz,
    completed_at timestamptz,
    result       jsonb,
    error        text
);
create index commands_by_device on commands (device_id, seq);
create index commands_open on commands (status, expires_at) where status in ('QUEUED', 'SENT', 'DELIVERED');
