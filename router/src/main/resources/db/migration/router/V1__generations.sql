CREATE TABLE router.generations (
    id                     text PRIMARY KEY,
    account_id             uuid NOT NULL,
    key_id                 uuid NOT NULL,
    request_id             text,
    requested_model        text NOT NULL,
    model                  text NOT NULL,
    provider               text NOT NULL,
    upstream_id            text,
    created_at             timestamptz NOT NULL,
    streamed               boolean NOT NULL,
    cancelled              boolean NOT NULL,
    finish_reason          text,
    tokens_prompt          bigint NOT NULL,
    tokens_completion      bigint NOT NULL,
    tokens_cached          bigint NOT NULL,
    tokens_cache_write     bigint NOT NULL,
    tokens_reasoning       bigint NOT NULL,
    usage_estimated        boolean NOT NULL,
    cost_usd               numeric NOT NULL CHECK (cost_usd >= 0),
    latency_ms             bigint NOT NULL,
    time_to_first_token_ms bigint,
    attempts               jsonb NOT NULL
);
CREATE INDEX generations_account_created ON router.generations (account_id, created_at DESC);
CREATE INDEX generations_key_created ON router.generations (key_id, created_at);
