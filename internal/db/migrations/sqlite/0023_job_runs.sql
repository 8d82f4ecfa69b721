-- Periodic jobs of the jobs role (docs/architecture.md "Jobs: once per period"): one row per
-- job and period, claimed by the jobs process that runs it, so that of any number of jobs
-- processes exactly one runs each period. period is the start of the period on the jobs
-- clock (Unix ms, a multiple of the job's interval). holder names the process that holds
-- or held the claim; it renews expires_at (Unix ms, wall clock) while the job runs, and a
-- process that finds the claim expired with finished_at still 0 takes it over (its holder
-- was killed), counting attempts. finished_at is set when the run ended, error its
-- failure ('' for none): a finished period is never run again. The jobs role deletes rows
-- after a few days.
CREATE TABLE job_runs (
    job         TEXT NOT NULL,
    period      BIGINT NOT NULL,
    holder      TEXT NOT NULL,
    started_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    finished_at BIGINT NOT NULL DEFAULT 0,
    attempts    INTEGER NOT NULL DEFAULT 1,
    error       TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (job, period)
);
CREATE INDEX job_runs_period ON job_runs (period);
