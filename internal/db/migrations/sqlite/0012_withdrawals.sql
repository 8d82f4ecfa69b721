-- Withdrawals: address book, withdrawal settings, withdrawals and the payout transactions
-- that pay them (docs/withdrawals.md).

-- Confirmations a payout transaction needs before its withdrawals count as paid, and the
-- amount above which a withdrawal waits for an operator (0: none wait).
ALTER TABLE coins ADD COLUMN payout_confirmations INTEGER NOT NULL DEFAULT 6;
ALTER TABLE coins ADD COLUMN withdraw_review_above BIGINT NOT NULL DEFAULT 0;

-- The address book: where a user's withdrawals may go. A new or changed entry receives
-- nothing before usable_at (48 hours later).
CREATE TABLE withdraw_addresses (
    id          INTEGER PRIMARY KEY,
    user_id     BIGINT NOT NULL,
    coin        TEXT NOT NULL,
    address     TEXT NOT NULL,
    network     TEXT NOT NULL,
    description TEXT NOT NULL,
    usable_at   BIGINT NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL,
    UNIQUE (user_id, coin, address)
);

-- Auto-withdrawal per sub-account and coin.
CREATE TABLE withdraw_settings (
    sub_account_id BIGINT NOT NULL,
    coin           TEXT NOT NULL,
    user_id        BIGINT NOT NULL,
    enabled        BOOLEAN NOT NULL,
    amount         BIGINT NOT NULL CHECK (amount >= 0),
    address_id     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL,
    PRIMARY KEY (sub_account_id, coin)
);
CREATE INDEX withdraw_settings_user ON withdraw_settings (user_id);

-- The payout transactions. raw and txid are stored before the transaction is broadcast;
-- every retry broadcasts these bytes again.
CREATE TABLE payouts (
    id            INTEGER PRIMARY KEY,
    coin          TEXT NOT NULL,
    status        TEXT NOT NULL,
    txid          TEXT NOT NULL DEFAULT '',
    raw           TEXT NOT NULL DEFAULT '',
    inputs        TEXT NOT NULL DEFAULT '',
    network_fee   BIGINT NOT NULL DEFAULT 0,
    outputs       INTEGER NOT NULL,
    confirmations BIGINT NOT NULL DEFAULT 0,
    attempts      INTEGER NOT NULL DEFAULT 0,
    last_error    TEXT NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL,
    signed_at     BIGINT NOT NULL DEFAULT 0,
    broadcast_at  BIGINT NOT NULL DEFAULT 0,
    done_at       BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX payouts_open ON payouts (coin, status);

-- One row per withdrawal. amount is what left the user's balance; received = amount - fee
-- is the transaction output. idem_key makes a retried request or a doubled auto-withdrawal
-- job one row.
CREATE TABLE withdrawals (
    id             INTEGER PRIMARY KEY,
    order_no       TEXT NOT NULL UNIQUE,
    idem_key       TEXT NOT NULL UNIQUE,
    user_id        BIGINT NOT NULL,
    sub_account_id BIGINT NOT NULL,
    coin           TEXT NOT NULL,
    kind           TEXT NOT NULL,
    address        TEXT NOT NULL,
    network        TEXT NOT NULL,
    amount         BIGINT NOT NULL CHECK (amount > 0),
    fee            BIGINT NOT NULL CHECK (fee >= 0),
    received       BIGINT NOT NULL CHECK (received > 0),
    remark         TEXT NOT NULL,
    status         TEXT NOT NULL,
    payout_id      BIGINT,
    reason         TEXT NOT NULL DEFAULT '',
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX withdrawals_user ON withdrawals (user_id, created_at);
CREATE INDEX withdrawals_status ON withdrawals (coin, status, id);
CREATE INDEX withdrawals_payout ON withdrawals (payout_id);
