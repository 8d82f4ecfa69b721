-- Sends of a coin's node wallet that no payout holds, as the payout job found them
-- (docs/withdrawals.md "Sends the pool did not make"): the database is older than the
-- wallet (restored from a backup) or someone else spends the wallet. While one is not
-- accepted by an operator (accepted_at 0), the coin pays nothing: paying withdrawals the
-- database thinks unpaid could pay them twice.
CREATE TABLE wallet_sends (
    coin        TEXT NOT NULL,
    txid        TEXT NOT NULL,
    found_at    BIGINT NOT NULL,
    accepted_at BIGINT NOT NULL DEFAULT 0,
    note        TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (coin, txid)
);

-- Where each coin's next scan of the wallet's sends starts (chain.Driver WalletSends): a
-- block some confirmations deep, '' for the genesis block. A restored database holds an
-- older block, so its first scan covers what the wallet sent since the backup.
CREATE TABLE wallet_scans (
    coin       TEXT PRIMARY KEY,
    block_hash TEXT NOT NULL,
    scanned_at BIGINT NOT NULL
);

-- A send is known by its txid.
CREATE INDEX payouts_txid ON payouts (txid);
