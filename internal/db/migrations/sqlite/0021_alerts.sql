-- Offline and hashrate alerts per sub-account (docs/alerts.md).

-- What a sub-account's owner wants to be told and how. lang and timezone are the owner's
-- when they last saved (the request's language and time zone): mails are written in that
-- language, and the daily digest goes at digest_hour in that time zone. digest_day is the
-- local day of the last digest made ('' for none).
CREATE TABLE alert_settings (
    sub_account_id   BIGINT PRIMARY KEY,
    user_id          BIGINT NOT NULL,
    offline          BOOLEAN NOT NULL,
    hashrate         BOOLEAN NOT NULL,
    hashrate_percent INTEGER NOT NULL,
    by_email         BOOLEAN NOT NULL,
    by_sms           BOOLEAN NOT NULL,
    digest           BOOLEAN NOT NULL,
    digest_hour      INTEGER NOT NULL,
    timezone         TEXT NOT NULL,
    lang             TEXT NOT NULL,
    digest_day       TEXT NOT NULL DEFAULT '',
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL
);
CREATE INDEX alert_settings_user ON alert_settings (user_id);

-- Where each watched worker stands, per kind (offline, hashrate): ok, alerted, or muted
-- (already wrong when first seen: no alert for that episode). since is the offline
-- episode's last accepted share; changed_at names the state a transition starts from, so
-- two jobs processes racing write one transition (the loser's UPDATE matches no row).
CREATE TABLE alert_states (
    device_id      BIGINT NOT NULL,
    kind           TEXT NOT NULL,
    sub_account_id BIGINT NOT NULL,
    state          TEXT NOT NULL,
    since          BIGINT NOT NULL,
    changed_at     BIGINT NOT NULL,
    PRIMARY KEY (device_id, kind)
);
CREATE INDEX alert_states_sub ON alert_states (sub_account_id);

-- Alerts and recoveries, written in the transaction that changes the state. event_key
-- (kind, device and the state it left) is unique, so a re-run or a second jobs process
-- never writes one twice. notice_id is the notice that tells it: set at once, or by the
-- daily digest (digest rows wait with none). Kept 30 days.
CREATE TABLE alert_events (
    id             INTEGER PRIMARY KEY,
    event_key      TEXT NOT NULL UNIQUE,
    user_id        BIGINT NOT NULL,
    sub_account_id BIGINT NOT NULL,
    coin           TEXT NOT NULL,
    device_id      BIGINT NOT NULL,
    worker         TEXT NOT NULL,
    kind           TEXT NOT NULL,
    since          BIGINT NOT NULL,
    noticed_at     BIGINT NOT NULL,
    hashrate       REAL NOT NULL DEFAULT 0,
    average        REAL NOT NULL DEFAULT 0,
    percent        INTEGER NOT NULL DEFAULT 0,
    threshold_ms   BIGINT NOT NULL DEFAULT 0,
    digest         BOOLEAN NOT NULL,
    notice_id      BIGINT
);
CREATE INDEX alert_events_user ON alert_events (user_id, noticed_at);
CREATE INDEX alert_events_sub ON alert_events (sub_account_id, noticed_at);
CREATE INDEX alert_events_noticed ON alert_events (noticed_at);
CREATE INDEX alert_events_notice ON alert_events (notice_id);
CREATE INDEX alert_events_waiting ON alert_events (sub_account_id) WHERE digest AND notice_id IS NULL;

-- What is sent: one notice per sub-account and job run (or local day, for a digest), with
-- a state per channel (pending, sent, failed, skipped, none). notice_key is unique. A
-- sender takes a notice by moving lease_until forward (only when it has passed), sends,
-- then marks the channel sent: a crash between the send and the mark sends it once more
-- after the lease.
CREATE TABLE alert_notices (
    id             INTEGER PRIMARY KEY,
    notice_key     TEXT NOT NULL UNIQUE,
    user_id        BIGINT NOT NULL,
    sub_account_id BIGINT NOT NULL,
    kind           TEXT NOT NULL,
    day            TEXT NOT NULL DEFAULT '',
    email_state    TEXT NOT NULL,
    sms_state      TEXT NOT NULL,
    attempts       INTEGER NOT NULL DEFAULT 0,
    lease_until    BIGINT NOT NULL DEFAULT 0,
    error          TEXT NOT NULL DEFAULT '',
    created_at     BIGINT NOT NULL,
    sent_at        BIGINT
);
CREATE INDEX alert_notices_due ON alert_notices (lease_until) WHERE email_state = 'pending' OR sms_state = 'pending';
CREATE INDEX alert_notices_created ON alert_notices (created_at);
