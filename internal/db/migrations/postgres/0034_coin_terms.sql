-- A coin's fee and pay-per-share terms by the first settlement day (Beijing, YYYY-MM-DD)
-- they apply to (the operator console, issue 32; docs/operations.md "Coins"): a change
-- made during day D applies from D+1, so the shares of D are paid at the terms D began
-- with. The terms of day D are the row with the greatest from_day <= D; a coin with no
-- row has the fee_bps and pps_tx_fees of its coins row. coin.Store.Update writes a row,
-- the flush of accruals takes each minute's fee from here.
CREATE TABLE coin_terms (
    coin        TEXT    NOT NULL,
    from_day    TEXT    NOT NULL,
    fee_bps     INTEGER NOT NULL,
    pps_tx_fees BOOLEAN NOT NULL,
    set_at      BIGINT  NOT NULL,
    PRIMARY KEY (coin, from_day)
);
