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
    diff_sum  REAL NOT NULL,
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
