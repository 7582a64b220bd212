-- Debian is served from whole Packages indexes (one per suite, component and architecture), ingested in bulk.

-- A dependency as the package wrote it when that says more than name and requirements: a Debian relation with its
-- alternatives (`debconf (>= 0.5) | debconf-2.0` is stored as two rows, one per alternative, both carrying it).
alter table dependencies add column declared text;

-- Each configured index: what was last ingested from it (the file, its SHA256 as the Release file listed it, the
-- mirror's validators for conditional requests) and how the last attempts went.
create table debian_indexes (
    suite         text not null,
    component     text not null,
    architecture  text not null,
    file          text,
    sha256        text,
    etag          text,
    last_modified text,
    release_date  timestamptz,
    paragraphs    int,
    skipped       int,
    ingested_at   timestamptz,
    checked_at    timestamptz,
    attempted_at  timestamptz,
    last_error    text,
    primary key (suite, component, architecture)
);

-- Which version of which package each index lists now, with the paragraph's facts that have no project column and a
-- digest of its relation fields (dependencies are rewritten only when it changes). What an index no longer lists is
-- deleted here; the versions and their dependencies stay.
create table debian_packages (
    suite            text not null,
    component        text not null,
    architecture     text not null,
    project_id       bigint not null,
    number           text not null,
    relations_digest text not null,
    package_architecture text,
    source           text,
    source_version   text,
    section          text,
    maintainer       text,
    primary key (suite, component, architecture, project_id, number),
    foreign key (project_id, number) references versions (project_id, number) on delete cascade
);
create index debian_packages_version on debian_packages (project_id, number);
