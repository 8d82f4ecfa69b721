-- Blocks the pool found, followed until they mature or are orphaned, and per-coin pool
-- statistics for the home table (written by the engine that has the chain driver, read by
-- every api process).
CREATE TABLE found_blocks (
    id             INTEGER PRIMARY KEY,
    coin           TEXT NOT NULL,
    height         BIGINT NOT NULL,
    hash           TEXT NOT NULL,
    reward         BIGINT NOT NULL,
    device_id      BIGINT,
    worker         TEXT NOT NULL,
    status         TEXT NOT NULL,
    confirmations  BIGINT NOT NULL,
    reject_reason  TEXT NOT NULL,
    found_at       BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    UNIQUE (coin, hash)
);
CREATE INDEX found_blocks_status ON found_blocks (coin, status);

CREATE TABLE pool_stats (
    coin               TEXT PRIMARY KEY,
    pool_hashrate      REAL NOT NULL,
    pool_hashrate_24h  REAL NOT NULL,
    active_miners      INTEGER NOT NULL,
    network_hashrate   REAL NOT NULL,
    network_difficulty REAL NOT NULL,
    height             BIGINT NOT NULL,
    block_reward       BIGINT NOT NULL,
    last_block_height  BIGINT NOT NULL,
    last_block_at      BIGINT NOT NULL,
    driver             TEXT NOT NULL,
    updated_at         BIGINT NOT NULL
);
