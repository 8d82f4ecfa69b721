-- PostgreSQL's 0013 leaves room in the pages of balances and earning_carries for in-place
-- updates; SQLite has no fill factor (it rewrites a row's page either way): nothing to do.
SELECT 1;
