-- Accounts: users, sessions, verification codes, slider captchas, and the failure log
-- behind brute-force lockouts. Times are Unix milliseconds (UTC).
CREATE TABLE users (
    id                INTEGER PRIMARY KEY,
    uid               TEXT NOT NULL UNIQUE,
    nickname          TEXT NOT NULL,
    phone             TEXT UNIQUE,
    email             TEXT UNIQUE,
    password_hash     TEXT NOT NULL,
    account_type      TEXT NOT NULL DEFAULT 'normal',
    status            TEXT NOT NULL DEFAULT 'active',
    agent_invite_code TEXT,
    lang              TEXT NOT NULL,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL,
    cancelled_at      BIGINT
);

-- Only a hash of each token is kept: a leaked table cannot be replayed.
CREATE TABLE sessions (
    token_hash   TEXT PRIMARY KEY,
    user_id      BIGINT NOT NULL REFERENCES users (id),
    created_at   BIGINT NOT NULL,
    expires_at   BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    client_addr  TEXT NOT NULL,
    user_agent   TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE verification_codes (
    id          INTEGER PRIMARY KEY,
    channel     TEXT NOT NULL,
    target      TEXT NOT NULL,
    scene       TEXT NOT NULL,
    code_hash   TEXT NOT NULL,
    attempts    INTEGER NOT NULL DEFAULT 0,
    client_addr TEXT NOT NULL,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    used_at     BIGINT
);
CREATE INDEX verification_codes_target ON verification_codes (channel, target, scene, created_at);
CREATE INDEX verification_codes_client ON verification_codes (client_addr, created_at);

CREATE TABLE captchas (
    id                TEXT PRIMARY KEY,
    width             INTEGER NOT NULL,
    client_addr       TEXT NOT NULL,
    created_at        BIGINT NOT NULL,
    expires_at        BIGINT NOT NULL,
    checked_at        BIGINT,
    ticket_hash       TEXT UNIQUE,
    ticket_expires_at BIGINT,
    ticket_used_at    BIGINT
);
CREATE INDEX captchas_expires ON captchas (expires_at);

CREATE TABLE auth_failures (
    id      INTEGER PRIMARY KEY,
    key     TEXT NOT NULL,
    at      BIGINT NOT NULL
);
CREATE INDEX auth_failures_key ON auth_failures (key, at);

CREATE TABLE lockouts (
    key   TEXT PRIMARY KEY,
    until BIGINT NOT NULL
);
