-- A user's own order of coins in lists (saveSortCurrency); no rows means the pool's order.
CREATE TABLE user_coin_order (
    user_id  BIGINT NOT NULL REFERENCES users (id),
    coin     TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (user_id, coin)
);
