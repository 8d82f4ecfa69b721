-- Operator-managed site content: system settings, legal documents, app releases, and the
-- messages visitors leave through the contact form. Times are Unix milliseconds (UTC).
CREATE TABLE sys_config (
    key_type   TEXT NOT NULL,
    sys_key    TEXT NOT NULL,
    value      TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (key_type, sys_key)
);

CREATE TABLE legal_documents (
    doc_type   TEXT NOT NULL,
    lang       TEXT NOT NULL,
    title      TEXT NOT NULL,
    body_md    TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (doc_type, lang)
);

CREATE TABLE app_releases (
    operate_system TEXT PRIMARY KEY,
    version        TEXT NOT NULL,
    url            TEXT NOT NULL,
    notes          TEXT NOT NULL,
    updated_at     BIGINT NOT NULL
);

CREATE TABLE contact_messages (
    id                  INTEGER PRIMARY KEY,
    name                TEXT NOT NULL,
    contact_information TEXT NOT NULL,
    lang                TEXT NOT NULL,
    client_addr         TEXT NOT NULL,
    created_at          BIGINT NOT NULL
);
CREATE INDEX contact_messages_created ON contact_messages (created_at);

-- Fixed-window counters shared by every api process (rate limits without Redis).
CREATE TABLE rate_limits (
    bucket       TEXT PRIMARY KEY,
    window_start BIGINT NOT NULL,
    hits         INTEGER NOT NULL
);
