-- Observer messages (docs/observer.md "Messages").

-- Devices going offline and coming back, as the device sweep sees them (pool.SweepDevices,
-- in the transaction that changes the status): what an observer link with machine info is
-- told. An offline row stays open until its device is back (an online row) or removed.
-- Rows are kept 30 days.
CREATE TABLE device_events (
    id             INTEGER PRIMARY KEY,
    user_id        BIGINT NOT NULL,
    sub_account_id BIGINT NOT NULL,
    coin           TEXT NOT NULL,
    device_id      BIGINT NOT NULL,
    worker         TEXT NOT NULL,
    kind           TEXT NOT NULL,
    -- offline: the device's last sign of life; online: when it came back.
    since          BIGINT NOT NULL,
    noticed_at     BIGINT NOT NULL,
    open           BOOLEAN NOT NULL DEFAULT FALSE
);
CREATE INDEX device_events_user ON device_events (user_id, noticed_at);
CREATE INDEX device_events_open ON device_events (device_id) WHERE open;
CREATE INDEX device_events_noticed ON device_events (noticed_at);

-- Read marks per link: messages up to read_through are read (readAll moves it; a new link
-- starts at its creation, so what happened before it is history, not news), and each
-- message opened after that.
ALTER TABLE observer_links ADD COLUMN read_through BIGINT NOT NULL DEFAULT 0;
UPDATE observer_links SET read_through = created_at;
CREATE TABLE observer_message_reads (
    link_id    BIGINT NOT NULL,
    message_id TEXT NOT NULL,
    read_at    BIGINT NOT NULL,
    PRIMARY KEY (link_id, message_id)
);
