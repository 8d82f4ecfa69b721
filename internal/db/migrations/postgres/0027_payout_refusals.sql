-- What a node refuses to pay (docs/withdrawals.md "When the node refuses an output").

-- The smallest amount a withdrawal may deliver, in minor units, below which the coin's
-- nodes refuse the output as dust and the payout carrying it could never be built.
-- 0: the coin's default (coin.Coin.Dust).
ALTER TABLE coins ADD COLUMN dust_floor BIGINT NOT NULL DEFAULT 0;

-- Why a failed withdrawal failed, as the message key its owner reads in their language
-- (reason keeps the details: the node's words, the operator's note). '' on rows failed
-- before this column, whose reason is shown as it is.
ALTER TABLE withdrawals ADD COLUMN reason_key TEXT NOT NULL DEFAULT '';
