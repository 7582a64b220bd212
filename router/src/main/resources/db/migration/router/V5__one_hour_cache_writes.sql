-- Of the cache-write tokens, those written to a cache kept for an hour (Anthropic's ttl "1h"), which cost more than
-- the default five minutes; zero for records written before they were counted apart.
ALTER TABLE router.generations ADD COLUMN tokens_cache_write_1h bigint NOT NULL DEFAULT 0;
ALTER TABLE router.generations ALTER COLUMN tokens_cache_write_1h SET STATISTICS 0;
