-- Codes and tokens are kept only as SHA-256 hashes: a copy of the database must not hand out working credentials.
-- A version number per grant lets a save refuse to overwrite a change made after the grant was read, so two
-- refresh requests racing with one refresh token cannot both succeed.
ALTER TABLE console.oauth_authorizations
    ADD COLUMN code_hash    bytea UNIQUE,
    ADD COLUMN access_hash  bytea UNIQUE,
    ADD COLUMN refresh_hash bytea UNIQUE,
    ADD COLUMN version      bigint NOT NULL DEFAULT 0;

UPDATE console.oauth_authorizations SET
    code_hash    = sha256(convert_to(code_value, 'UTF8')),
    access_hash  = sha256(convert_to(access_value, 'UTF8')),
    refresh_hash = sha256(convert_to(refresh_value, 'UTF8'));

ALTER TABLE console.oauth_authorizations
    DROP COLUMN code_value,
    DROP COLUMN access_value,
    DROP COLUMN refresh_value;
