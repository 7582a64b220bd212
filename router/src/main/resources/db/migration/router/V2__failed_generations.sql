-- A request that failed at every endpoint is a generation too: no provider answered it, and it carries the error
-- its caller got (code = the HTTP status, reason = the error's machine-readable code).
ALTER TABLE router.generations
    ALTER COLUMN provider DROP NOT NULL,
    ADD COLUMN error_code    integer,
    ADD COLUMN error_reason  text,
    ADD COLUMN error_message text,
    ADD CONSTRAINT generations_error_whole
        CHECK ((error_code IS NULL) = (error_reason IS NULL) AND (error_code IS NULL) = (error_message IS NULL));
