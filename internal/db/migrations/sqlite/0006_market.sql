-- Coin prices in fiat (millionths of a USD or CNY), set by the operator or fetched from a
-- price API by the jobs role, and the trend points recorded on a schedule.
CREATE TABLE prices (
    coin       TEXT NOT NULL,
    fiat       TEXT NOT NULL,
    micros     BIGINT NOT NULL,
    source     TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (coin, fiat)
);

CREATE TABLE trend_points (
    coin        TEXT NOT NULL,
    at          BIGINT NOT NULL,
    usd_micros  BIGINT NOT NULL,
    cny_micros  BIGINT NOT NULL,
    hashrate    REAL NOT NULL,
    PRIMARY KEY (coin, at)
);
