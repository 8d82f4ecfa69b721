-- Balances and earning carries are updated in place for every paid sub-account every day.
-- Half-empty pages let PostgreSQL update those rows within their page (HOT: no new index
-- entries): settling a million sub-account days took 30.4 s with full pages and 24.8 s with
-- these (docs/performance.md "Daily settlement"). It applies to pages written from now on;
-- an existing pool rewrites the tables with VACUUM FULL in a quiet hour to have it at once.
ALTER TABLE balances SET (fillfactor = 50);
ALTER TABLE earning_carries SET (fillfactor = 50);
