create table projects (
    id              bigserial primary key,
    platform        text not null,
    name            text not null,
    normalized_name text not null,
    description     text,
    homepage        text,
    repository_url  text,
    licenses        text[] not null default '{}',
    original_licenses text[] not null default '{}',
    keywords        text[] not null default '{}',
    status          text not null default 'active',
    fetched_at      timestamptz not null,
    etag            text,
    last_modified   text,
    created_at      timestamptz not null,
    updated_at      timestamptz not null,
    unique (platform, normalized_name)
);

create table versions (
    project_id      bigint not null references projects (id) on delete cascade,
    number          text not null,
    published_at    timestamptz,
    original_license text,
    spdx_expression text,
    status          text,
    dependencies_fetched_at timestamptz,
    primary key (project_id, number)
);

create table dependencies (
    project_id      bigint not null,
    number          text not null,
    position        int not null,
    name            text not null,
    platform        text not null,
    requirements    text not null,
    kind            text not null,
    optional        boolean not null default false,
    primary key (project_id, number, position),
    foreign key (project_id, number) references versions (project_id, number) on delete cascade
);

create index dependencies_target on dependencies (platform, name);
