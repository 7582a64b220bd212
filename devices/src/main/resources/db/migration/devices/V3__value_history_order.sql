-- Reports a device sends within one clock tick share a timestamp; the arrival sequence keeps them in order.
alter table value_history add column seq bigint generated always as identity;
drop index value_history_by_pin;
create index value_history_by_pin on value_history (device_id, pin, at, seq);
