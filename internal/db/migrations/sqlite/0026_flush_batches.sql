-- Share flushes and late accruals (docs/earnings.md "Accruals"), and the job locks of SQLite
-- (docs/architecture.md "Jobs: once per period").
--
-- share_flushes: one row per share-flush batch the stratum role wrote, keyed by the batch
-- id it made, in the same transaction as the batch's share_minutes and pps_minutes. A batch
-- retried after an error whose commit did reach the database (the answer was lost) finds
-- its row and writes nothing: no share counts twice. The earnings prune deletes old rows.
CREATE TABLE share_flushes (
    id         TEXT PRIMARY KEY,
    flushed_at BIGINT NOT NULL
);
CREATE INDEX share_flushes_at ON share_flushes (flushed_at);

-- late_accruals: the note of every accrual that arrived for a day already settled and was
-- moved to the first minute of the first open day (paid late, never lost): what it was,
-- from which minute, to which. Append-only.
CREATE TABLE late_accruals (
    id             INTEGER PRIMARY KEY,
    sub_account_id BIGINT NOT NULL,
    coin           TEXT NOT NULL,
    minute         BIGINT NOT NULL,
    moved_to       BIGINT NOT NULL,
    ratio_sum      DOUBLE PRECISION NOT NULL,
    accepted       BIGINT NOT NULL,
    noted_at       BIGINT NOT NULL
);
CREATE INDEX late_accruals_coin ON late_accruals (coin, moved_to);

-- exclusive_locks: on SQLite, db.Exclusive's lock. One row per lock id while a process
-- holds it; holder names the process, expires_at (Unix ms) is renewed while the work runs,
-- so a killed holder's lock is free again once its lease has run out. PostgreSQL uses
-- session advisory locks instead and has no such table.
CREATE TABLE exclusive_locks (
    id         INTEGER PRIMARY KEY,
    holder     TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
