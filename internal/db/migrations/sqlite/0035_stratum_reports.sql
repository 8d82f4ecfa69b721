-- What the stratum processes report of each coin for the operator console's overview
-- (issue 32; docs/operations.md "Overview and blocks"), written by mining.Reporter every
-- few seconds, read by the api process, which cannot see the stratum process's memory.
--
-- stratum_heartbeats: one row per coin and reporting stratum server (source: the process's
-- random id and the server's name). template_at is when its engine last took a block
-- template from the node (Unix ms; 0: none yet) at template_height; node_error is the last
-- failure to get one since that template ("" when the last attempt worked), at
-- node_error_at; beat_at is the report's time, so a stopped process shows as silent.
CREATE TABLE stratum_heartbeats (
    coin            TEXT   NOT NULL,
    source          TEXT   NOT NULL,
    template_at     BIGINT NOT NULL,
    template_height BIGINT NOT NULL,
    node_error      TEXT   NOT NULL,
    node_error_at   BIGINT NOT NULL,
    beat_at         BIGINT NOT NULL,
    PRIMARY KEY (coin, source)
);

-- share_results: the shares a stratum server answered, per coin, source and minute, by
-- result: accepted, or the reason it was refused (stale, duplicate, low_difficulty,
-- unauthorized, not_subscribed, other), the same counts as the poold_stratum_shares_total
-- metric. Each row holds the source's whole count for that minute and is replaced, never
-- added to, so a report written twice (a retry after a lost answer) counts once. Rows older
-- than two days are deleted by the reporter.
CREATE TABLE share_results (
    coin   TEXT   NOT NULL,
    source TEXT   NOT NULL,
    minute BIGINT NOT NULL,
    result TEXT   NOT NULL,
    n      BIGINT NOT NULL,
    PRIMARY KEY (coin, source, minute, result)
);
CREATE INDEX share_results_coin_minute ON share_results (coin, minute);
