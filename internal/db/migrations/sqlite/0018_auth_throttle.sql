-- Brute-force throttling (docs/accounts.md "Brute force"): one row per key (an account and
-- a client address, an address, an account), counting the failures of its current burst.
-- A key waits until next_at before its next attempt; the wait doubles with each failure
-- past the key's free ones. trusted_until marks an (account, address) pair that logged in
-- successfully. expires_at is when the row says nothing any more (failures forgotten, wait
-- over, trust ended): the jobs role deletes it then. Times are Unix milliseconds (UTC).
-- It replaces the fixed-window lockouts of 0002, which locked an account for everyone.
CREATE TABLE auth_throttle (
    key           TEXT PRIMARY KEY,
    failures      INTEGER NOT NULL,
    first_at      BIGINT NOT NULL,
    last_at       BIGINT NOT NULL,
    next_at       BIGINT NOT NULL,
    notified_at   BIGINT NOT NULL,
    trusted_until BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL
);
CREATE INDEX auth_throttle_expires ON auth_throttle (expires_at);

DROP TABLE lockouts;
DROP TABLE auth_failures;
