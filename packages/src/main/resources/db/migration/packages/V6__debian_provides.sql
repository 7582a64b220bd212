-- Debian virtual packages: which listed version of which package provides which name (its Provides field), per index.
-- A dependency on a provided name makes a dependent of every package that provides it. Rows belong to the index's
-- listing of the version and go with it when the index no longer lists it; they are rewritten only when the version's
-- relations digest (which covers Provides) changes in that index.
create table debian_provides (
    suite           text not null,
    component       text not null,
    architecture    text not null,
    project_id      bigint not null,
    number          text not null,
    position        int not null,
    name            text not null,
    normalized_name text not null,
    version         text,
    primary key (suite, component, architecture, project_id, number, position),
    foreign key (suite, component, architecture, project_id, number)
        references debian_packages (suite, component, architecture, project_id, number) on delete cascade
);
-- The names a project provides (dependents of a project), and the projects that provide a name (look-ups of a name).
create index debian_provides_provider on debian_provides (project_id, normalized_name);
create index debian_provides_name on debian_provides (normalized_name, project_id);

-- Indexes ingested before this migration were read without Provides, and their relations digests do not cover it:
-- read each again in full at the next check (no conditional request, no checksum short cut), which rewrites every
-- version's dependencies once and records what it provides. What is stored stays served meanwhile.
update debian_indexes set sha256 = null, etag = null, last_modified = null, checked_at = timestamptz 'epoch'
where checked_at is not null;
