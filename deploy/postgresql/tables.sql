-- tables.sql: per-table autovacuum settings for poold's busiest tables
-- (docs/deployment.md "PostgreSQL"). Run once as the tables' owner, after poold has
-- created the schema:  psql "$POOLD_DB" -f tables.sql
-- Storage parameters only: no data or schema change, kept by pg_dump, safe to rerun.

-- Rows of the current minute are updated at every share flush (every 10 s), rows
-- older than 48 h deleted by the roll-up: vacuum after 1% of the table is dead
-- instead of 5% (tens of millions of rows on a large pool), and analyze often so
-- the planner sees the newest minutes.
ALTER TABLE share_minutes       SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 10000,
                                     autovacuum_analyze_scale_factor = 0.01);
ALTER TABLE sub_account_minutes SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 10000,
                                     autovacuum_analyze_scale_factor = 0.01);
ALTER TABLE pps_minutes         SET (autovacuum_vacuum_scale_factor = 0.01, autovacuum_vacuum_threshold = 10000,
                                     autovacuum_analyze_scale_factor = 0.01);

-- Every live device is touched at each flush (last_seen_at is indexed, so the
-- update is never HOT): small table, many dead rows.
ALTER TABLE devices             SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000);

-- Insert-mostly tables that are trimmed: vacuum them for the visibility map too.
ALTER TABLE solo_shares         SET (autovacuum_vacuum_insert_scale_factor = 0.05);
ALTER TABLE ledger_entries      SET (autovacuum_vacuum_insert_scale_factor = 0.05);

-- balances and earning_carries already have fillfactor = 50 (migration 0013): updated
-- in place once a day per sub-account, which HOT updates keep cheap.
