-- Pool mode: sub-accounts, their devices (one per worker name <code>.<suffix>) and the
-- per-minute share aggregates the mining engine writes (DESIGN.md "Mining"). Times are
-- Unix milliseconds (UTC); a NULL time means "never".
CREATE TABLE sub_accounts (
    id           INTEGER PRIMARY KEY,
    user_id      BIGINT NOT NULL REFERENCES users (id),
    -- Worker names start with the code, so it is unique across the pool, deleted or not.
    code         TEXT NOT NULL UNIQUE,
    alias        TEXT NOT NULL,
    default_coin TEXT NOT NULL REFERENCES coins (type),
    -- Shown to the owner and typed into rigs, so stored as is; regenerating replaces it.
    uniplus_id   TEXT NOT NULL UNIQUE,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    deleted_at   BIGINT
);
CREATE INDEX sub_accounts_user ON sub_accounts (user_id);

CREATE TABLE devices (
    id             INTEGER PRIMARY KEY,
    sub_account_id BIGINT NOT NULL REFERENCES sub_accounts (id),
    coin           TEXT NOT NULL REFERENCES coins (type),
    worker         TEXT NOT NULL,
    alias          TEXT NOT NULL DEFAULT '',
    kind           TEXT NOT NULL,
    bound          BOOLEAN NOT NULL,
    burned         BOOLEAN NOT NULL DEFAULT FALSE,
    status         TEXT NOT NULL,
    miner_running  BOOLEAN,
    intranet_ip    TEXT NOT NULL DEFAULT '',
    public_ip      TEXT NOT NULL DEFAULT '',
    region         TEXT NOT NULL DEFAULT '',
    miner_software TEXT NOT NULL DEFAULT '',
    miner_version  TEXT NOT NULL DEFAULT '',
    os             TEXT NOT NULL DEFAULT '',
    os_version     TEXT NOT NULL DEFAULT '',
    driver_version TEXT NOT NULL DEFAULT '',
    cpu_model      TEXT NOT NULL DEFAULT '',
    cpu_temp       REAL,
    cpu_usage      REAL,
    mem_total      BIGINT,
    mem_used       BIGINT,
    disk_total     BIGINT,
    disk_used      BIGINT,
    gpus           TEXT NOT NULL DEFAULT '[]',
    running_pool   TEXT NOT NULL DEFAULT '',
    first_seen_at  BIGINT NOT NULL,
    -- The latest of authorize, share and report: offline 10 minutes after it.
    last_seen_at   BIGINT NOT NULL,
    last_share_at  BIGINT,
    last_report_at BIGINT,
    online_since   BIGINT,
    removed_at     BIGINT,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
-- One live device per worker name; a removed device frees its name for a new one.
CREATE UNIQUE INDEX devices_live_worker ON devices (sub_account_id, worker) WHERE removed_at IS NULL;
CREATE INDEX devices_sweep ON devices (status, last_seen_at) WHERE removed_at IS NULL;

-- Shares per device per minute (minute = Unix ms of its start); the engine adds to a row.
CREATE TABLE share_minutes (
    device_id BIGINT NOT NULL,
    minute    BIGINT NOT NULL,
    coin      TEXT NOT NULL,
    diff_sum  REAL NOT NULL,
    accepted  INTEGER NOT NULL,
    rejected  INTEGER NOT NULL,
    stale     INTEGER NOT NULL,
    PRIMARY KEY (device_id, minute)
);
CREATE INDEX share_minutes_coin ON share_minutes (coin, minute);
