-- Pay-per-share earnings and the ledger (DESIGN.md "Earnings", docs/earnings.md).

-- Whether a share's reward includes the block's transaction fees (coinbase value) or only
-- the subsidy. PPS pays the subsidy by default: fees vary per block and the pool, not the
-- miner, carries that risk only when the operator says so.
ALTER TABLE coins ADD COLUMN pps_tx_fees BOOLEAN NOT NULL DEFAULT FALSE;

-- Accruals: per sub-account, coin and minute, the summed ratio share difficulty over network
-- difficulty of the moment (each share's own ratio, capped at 1), at one block reward and
-- one fee. Written by the share flusher in the same transaction as share_minutes; only bound
-- devices accrue. A minute that spans a reward or fee change has one row per value.
CREATE TABLE pps_minutes (
    sub_account_id BIGINT NOT NULL,
    coin           TEXT NOT NULL,
    minute         BIGINT NOT NULL,
    reward         BIGINT NOT NULL,
    fee_bps        INTEGER NOT NULL,
    user_id        BIGINT NOT NULL,
    ratio_sum      REAL NOT NULL,
    diff_sum       REAL NOT NULL,
    accepted       INTEGER NOT NULL,
    PRIMARY KEY (sub_account_id, coin, minute, reward, fee_bps)
);
CREATE INDEX pps_minutes_coin_minute ON pps_minutes (coin, minute);
CREATE INDEX pps_minutes_user ON pps_minutes (user_id, coin, minute);

-- The earnings log: one row per kind, sub-account, coin and Beijing day. amount is in minor
-- units, rounded down; the micro-units (1e-6 of a minor unit) left over carry to the next
-- day (carry_in, carry_out). accrued_micro is the day's accruals before the carry, as text
-- because a test chain can accrue more than a 64-bit integer holds.
CREATE TABLE earnings (
    id             INTEGER PRIMARY KEY,
    kind           TEXT NOT NULL,
    sub_account_id BIGINT NOT NULL,
    user_id        BIGINT NOT NULL,
    coin           TEXT NOT NULL,
    day            TEXT NOT NULL,
    hashrate       REAL NOT NULL,
    diff_sum       REAL NOT NULL,
    accepted       BIGINT NOT NULL,
    accrued_micro  TEXT NOT NULL,
    carry_in       BIGINT NOT NULL,
    carry_out      BIGINT NOT NULL,
    amount         BIGINT NOT NULL CHECK (amount >= 0),
    settled_at     BIGINT NOT NULL,
    -- Coin and day lead so that a day's settlement appends to the index instead of writing
    -- a page per sub-account.
    UNIQUE (kind, coin, day, sub_account_id)
);
CREATE INDEX earnings_user ON earnings (user_id, coin, day);

-- What each sub-account carries into its next day, and the day it was carried from.
CREATE TABLE earning_carries (
    sub_account_id BIGINT NOT NULL,
    coin           TEXT NOT NULL,
    micro          BIGINT NOT NULL CHECK (micro >= 0 AND micro < 1000000),
    day            TEXT NOT NULL,
    PRIMARY KEY (sub_account_id, coin)
);

-- One row per settled coin and day: the settlement's own idempotency key and where the
-- catch-up continues from.
CREATE TABLE settlements (
    coin         TEXT NOT NULL,
    day          TEXT NOT NULL,
    sub_accounts BIGINT NOT NULL,
    amount       BIGINT NOT NULL,
    settled_at   BIGINT NOT NULL,
    PRIMARY KEY (coin, day)
);

-- The ledger: an append-only journal, and balances per sub-account and coin changed in the
-- same transaction as each journal row. idem_key makes a retried job's row a no-op.
CREATE TABLE ledger_entries (
    id              INTEGER PRIMARY KEY,
    sub_account_id  BIGINT NOT NULL,
    user_id         BIGINT NOT NULL,
    coin            TEXT NOT NULL,
    kind            TEXT NOT NULL,
    available       BIGINT NOT NULL,
    frozen          BIGINT NOT NULL,
    earned          BIGINT NOT NULL,
    withdrawn       BIGINT NOT NULL,
    ref             TEXT NOT NULL,
    idem_key        TEXT NOT NULL UNIQUE,
    created_at      BIGINT NOT NULL
);
CREATE INDEX ledger_entries_owner ON ledger_entries (user_id, coin, created_at);

CREATE TABLE balances (
    sub_account_id BIGINT NOT NULL,
    coin           TEXT NOT NULL,
    user_id        BIGINT NOT NULL,
    available      BIGINT NOT NULL CHECK (available >= 0),
    frozen         BIGINT NOT NULL CHECK (frozen >= 0),
    earned         BIGINT NOT NULL CHECK (earned >= 0),
    withdrawn      BIGINT NOT NULL CHECK (withdrawn >= 0),
    updated_at     BIGINT NOT NULL,
    PRIMARY KEY (sub_account_id, coin)
);
CREATE INDEX balances_user ON balances (user_id, coin);
