-- How a device asks apps to show each of its datastreams (Blynk's update/property): label, colour, ranges, labels
-- of a switch or a menu. Display only: the template's datastream still decides which values are valid.
create table datastream_properties (
    device_id   uuid not null references devices (id) on delete cascade,
    pin         smallint not null check (pin between 0 and 255),
    properties  jsonb not null,
    updated_at  timestamptz not null,
    primary key (device_id, pin)
);
