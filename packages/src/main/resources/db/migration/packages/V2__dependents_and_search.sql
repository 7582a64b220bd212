-- Dependents: a dependency names its target by the target's normalized name (the ecosystem's own rule, applied by
-- the application when it stores the row; rows stored before this migration are filled in at start-up).
alter table dependencies add column normalized_name text;
drop index dependencies_target;
create index dependencies_target on dependencies (platform, normalized_name);
create index dependencies_unnormalized on dependencies (platform) where normalized_name is null;

-- Each project's latest releases by the ecosystem's version order, kept by the application whenever it stores the
-- project's versions (filled in at start-up for projects stored before this migration).
alter table projects
    add column latest_release_number text,
    add column latest_release_published_at timestamptz,
    add column latest_stable_release_number text;

-- Search: full text over name (words split at punctuation), keywords and description, plus trigram similarity of
-- names for misspellings.
create extension if not exists pg_trgm with schema packages;

create function packages.search_words(words text[]) returns text
    language sql immutable parallel safe
    as $$ select coalesce(array_to_string(words, ' '), '') $$;

alter table projects add column search_vector tsvector generated always as (
    setweight(to_tsvector('simple', regexp_replace(name, '[^[:alnum:]]+', ' ', 'g')), 'A')
    || setweight(to_tsvector('simple', packages.search_words(keywords)), 'B')
    || setweight(to_tsvector('simple', coalesce(description, '')), 'C')) stored;

create index projects_search on projects using gin (search_vector);
create index projects_name_trigrams on projects using gin (lower(name) packages.gin_trgm_ops);
