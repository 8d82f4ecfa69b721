-- Solo mining (docs/solo.md).

-- A coin's solo listeners and the pool's part of a solo block.
ALTER TABLE coins ADD COLUMN solo_ports TEXT NOT NULL DEFAULT '';
ALTER TABLE coins ADD COLUMN solo_fee_bps INTEGER NOT NULL DEFAULT 0;

-- A block found on a solo port: worker is "<address>[.<rig>]" and the coinbase paid the address.
ALTER TABLE found_blocks ADD COLUMN solo BOOLEAN NOT NULL DEFAULT FALSE;

-- Solo shares, one row each (DESIGN.md "Mining": the solo pages show share records), kept
-- 30 days. difficulty is the share's target, actual what its hash met.
CREATE TABLE solo_shares (
    id          INTEGER PRIMARY KEY,
    coin        TEXT NOT NULL,
    address     TEXT NOT NULL,
    worker      TEXT NOT NULL,
    difficulty  REAL NOT NULL,
    actual      REAL NOT NULL,
    height      BIGINT NOT NULL,
    net_diff    REAL NOT NULL,
    block       BOOLEAN NOT NULL,
    submitted_at BIGINT NOT NULL
);
CREATE INDEX solo_shares_address ON solo_shares (coin, address, submitted_at);
CREATE INDEX solo_shares_time ON solo_shares (submitted_at);
