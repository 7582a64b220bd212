-- Projects asked for often, to be revalidated upstream before they go stale. Workers claim due rows with
-- FOR UPDATE SKIP LOCKED and hold them for a lease, so several workers (threads or nodes) never take the same one.
create table refresh_queue (
    project_id    bigint primary key references projects (id) on delete cascade,
    due_at        timestamptz not null,
    hits          bigint not null default 0,
    attempts      int not null default 0,
    claimed_until timestamptz
);
create index refresh_queue_due on refresh_queue (due_at);
