-- The operator console (internal/ops, docs/operations.md "Operator console"): operators are
-- accounts of their own, not miner accounts. role is owner, finance, support or viewer.
-- totp_secret is the authenticator key sealed with the pool's secret key ('' until the
-- first sign-in makes one); totp_enrolled_at is 0 until the first code from it is taken,
-- totp_last_step the last time step a code was accepted for (a code works once).
-- disabled_at is 0 for an operator who may sign in.
CREATE TABLE ops_operators (
    id               INTEGER PRIMARY KEY,
    email            TEXT NOT NULL UNIQUE,
    password_hash    TEXT NOT NULL,
    role             TEXT NOT NULL,
    totp_secret      TEXT NOT NULL DEFAULT '',
    totp_enrolled_at BIGINT NOT NULL DEFAULT 0,
    totp_last_step   BIGINT NOT NULL DEFAULT 0,
    disabled_at      BIGINT NOT NULL DEFAULT 0,
    created_at       BIGINT NOT NULL
);
-- Console sessions, as SHA-256 of the token. stage 'enrol' is a sign-in that passed its
-- password and waits for the first authenticator code; 'full' is signed in. They end after
-- 30 minutes unused (last_seen_at).
CREATE TABLE ops_sessions (
    token_hash   TEXT PRIMARY KEY,
    operator_id  BIGINT NOT NULL REFERENCES ops_operators (id),
    stage        TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    client_addr  TEXT NOT NULL
);
CREATE INDEX ops_sessions_operator ON ops_sessions (operator_id);
CREATE INDEX ops_sessions_last_seen ON ops_sessions (last_seen_at);
-- The operator audit log: every write of the console and of poold admin, append-only (the
-- triggers refuse an UPDATE or a DELETE). operator_id is NULL for the command line (actor
-- 'cli') and for a failed sign-in of an unknown email; before_json and after_json are the
-- object as it was and as it became.
CREATE TABLE ops_audit (
    id           INTEGER PRIMARY KEY,
    at           BIGINT NOT NULL,
    operator_id  BIGINT,
    actor        TEXT NOT NULL,
    client_addr  TEXT NOT NULL,
    action       TEXT NOT NULL,
    object_type  TEXT NOT NULL,
    object_id    TEXT NOT NULL,
    reason       TEXT NOT NULL,
    before_json  TEXT,
    after_json   TEXT
);
CREATE INDEX ops_audit_at ON ops_audit (at);
CREATE INDEX ops_audit_actor ON ops_audit (actor, id);
CREATE INDEX ops_audit_action ON ops_audit (action, id);
CREATE INDEX ops_audit_object ON ops_audit (object_type, object_id, id);
CREATE TRIGGER ops_audit_no_update BEFORE UPDATE ON ops_audit
BEGIN
    SELECT RAISE(ABORT, 'ops_audit is append-only');
END;
CREATE TRIGGER ops_audit_no_delete BEFORE DELETE ON ops_audit
BEGIN
    SELECT RAISE(ABORT, 'ops_audit is append-only');
END;
