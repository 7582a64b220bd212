-- Every paid request inserts a hold and deletes it, and holds fold charges in runs of updates, so an account's entries
-- in credit_holds_account and credit_ledger_unfolded are mostly dead row versions until autovacuum next cleans the
-- tables: at a few hundred paid requests a second, thousands of them.
--
-- A bitmap scan, which the planner picks for these few-row look-ups, visits every dead version in the table on every
-- reservation and marks none: the sum of an account's holds took 165 us with 4,400 dead holds against 10 us just
-- after a vacuum. A plain index scan marks the entries it finds dead to every transaction, and every later scan skips
-- them without visiting the table (15-30 us with 7,100 dead holds). The reservation therefore plans its statements
-- without bitmap scans.
ALTER FUNCTION platform.credit_holds_reserve(int, uuid[], uuid[], numeric[], text[], timestamptz[], timestamptz, int)
    SET enable_bitmapscan = off;

-- Skipped entries still cost a little each, so both tables are vacuumed after a fixed number of dead versions
-- rather than after a fifth of the table (the default), which for a long ledger would be hundreds of thousands.
ALTER TABLE platform.credit_holds SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 1000);
ALTER TABLE platform.credit_ledger SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 10000);
