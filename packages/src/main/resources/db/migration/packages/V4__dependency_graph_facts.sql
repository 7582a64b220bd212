-- Facts the dependency-graph resolvers need beyond name, requirement and kind.
-- Maven: scope and exclusions of each dependency; PyPI: its environment marker and requested extras; Cargo: the
-- features it enables on its target and whether the target's default features stay on.
alter table dependencies
    add column scope text,
    add column exclusions text[] not null default '{}',
    add column marker text,
    add column extras text[] not null default '{}',
    add column features text[] not null default '{}',
    add column default_features boolean not null default true;

-- Cargo: each version's feature table; PyPI: each release's requires_python.
alter table versions
    add column features jsonb,
    add column requires_python text;

-- The version the registry marks as the one to install (npm's latest dist-tag).
alter table projects add column default_version text;

-- Maven: a version's dependencyManagement (own, inherited and imported from BOMs), which it imposes on its
-- transitive dependencies when it is the root of a resolution.
create table managed_dependencies (
    project_id   bigint not null,
    number       text not null,
    position     int not null,
    name         text not null,
    requirements text not null,
    scope        text,
    exclusions   text[] not null default '{}',
    primary key (project_id, number, position),
    foreign key (project_id, number) references versions (project_id, number) on delete cascade
);

-- Rows stored before this migration lack these facts: their dependencies are read again when next asked for, and
-- npm, PyPI and Cargo projects are fetched again (unconditionally) for their default version, requires_python and
-- feature tables.
update versions v set dependencies_fetched_at = null
from projects p
where p.id = v.project_id and p.platform in ('maven', 'pypi', 'cargo') and v.dependencies_fetched_at is not null;

update projects set fetched_at = timestamptz 'epoch', etag = null, last_modified = null
where platform in ('npm', 'pypi', 'cargo');
