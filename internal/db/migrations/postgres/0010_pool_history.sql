-- When a device was last bound (Unix ms; NULL while unbound): the pages show it as
-- initialising for InitialisingFor after binding (SPEC section 4: 5-15 minutes).
ALTER TABLE devices ADD COLUMN bound_at BIGINT;
UPDATE devices SET bound_at = first_seen_at WHERE bound;

-- Shares per device per hour and coin, rolled up from share_minutes by the jobs role
-- (pool.Store.RollUp) for the 7- and 30-day charts; share_minutes keeps only
-- MinuteRetention. A roll-up replaces an hour's row, so running it twice changes nothing.
CREATE TABLE share_hours (
    device_id BIGINT NOT NULL,
    hour      BIGINT NOT NULL,
    coin      TEXT NOT NULL,
    diff_sum  DOUBLE PRECISION NOT NULL,
    accepted  INTEGER NOT NULL,
    rejected  INTEGER NOT NULL,
    stale     INTEGER NOT NULL,
    PRIMARY KEY (device_id, hour, coin)
);
CREATE INDEX share_hours_hour ON share_hours (hour);

-- How far share_hours is complete: hours before done_to are rolled up (Unix ms).
CREATE TABLE share_rollups (
    name    TEXT PRIMARY KEY,
    done_to BIGINT NOT NULL
);

-- The same shares summed per sub-account, coin and minute (written with share_minutes,
-- in the same transaction) and hour (rolled up with share_hours): account and
-- sub-account figures read these, so an account with 10,000 devices reads 1,440 rows
-- for a day, not 14 million.
CREATE TABLE sub_account_minutes (
    sub_account_id BIGINT NOT NULL,
    coin           TEXT NOT NULL,
    minute         BIGINT NOT NULL,
    diff_sum       DOUBLE PRECISION NOT NULL,
    accepted       INTEGER NOT NULL,
    rejected       INTEGER NOT NULL,
    stale          INTEGER NOT NULL,
    PRIMARY KEY (sub_account_id, coin, minute)
);
CREATE INDEX sub_account_minutes_minute ON sub_account_minutes (minute);
INSERT INTO sub_account_minutes (sub_account_id, coin, minute, diff_sum, accepted, rejected, stale)
    SELECT d.sub_account_id, m.coin, m.minute, SUM(m.diff_sum), SUM(m.accepted), SUM(m.rejected), SUM(m.stale)
    FROM share_minutes m JOIN devices d ON d.id = m.device_id GROUP BY d.sub_account_id, m.coin, m.minute;

CREATE TABLE sub_account_hours (
    sub_account_id BIGINT NOT NULL,
    coin           TEXT NOT NULL,
    hour           BIGINT NOT NULL,
    diff_sum       DOUBLE PRECISION NOT NULL,
    accepted       INTEGER NOT NULL,
    rejected       INTEGER NOT NULL,
    stale          INTEGER NOT NULL,
    PRIMARY KEY (sub_account_id, coin, hour)
);
CREATE INDEX sub_account_hours_hour ON sub_account_hours (hour);

-- The device list's hashrate sort keys: the summed difficulty of the real-time window and
-- of the last 24 rolled-up hours, refreshed by the jobs role every minute
-- (pool.Store.RefreshSortKeys), so sorting 10,000 devices reads their rows, not their shares.
ALTER TABLE devices ADD COLUMN rt_diff DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE devices ADD COLUMN day_diff DOUBLE PRECISION NOT NULL DEFAULT 0;
