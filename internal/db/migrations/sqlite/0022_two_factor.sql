-- Two-factor sign-in (docs/accounts.md "Two-factor sign-in"): an authenticator app's key per
-- user, sealed with the pool's secret key (it must be read back to check a code, so it cannot
-- be hashed); 0 enabled_at while enrolment waits for the first code. last_step is the last
-- time step a code was accepted for, so a code works once (RFC 6238 section 5.2).
CREATE TABLE user_totp (
    user_id     BIGINT PRIMARY KEY,
    secret      TEXT NOT NULL,
    enabled_at  BIGINT NOT NULL DEFAULT 0,
    last_step   BIGINT NOT NULL DEFAULT 0,
    created_at  BIGINT NOT NULL
);
-- Ten single-use recovery codes per user, as SHA-256 of the user and the code.
CREATE TABLE totp_recovery_codes (
    id          INTEGER PRIMARY KEY,
    user_id     BIGINT NOT NULL,
    code_hash   TEXT NOT NULL UNIQUE,
    used_at     BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX totp_recovery_codes_user ON totp_recovery_codes (user_id);
-- A login that passed its password or code and waits for the second factor: a random
-- token kept as SHA-256, five minutes, five tries, used once.
CREATE TABLE login_challenges (
    id          INTEGER PRIMARY KEY,
    token_hash  TEXT NOT NULL UNIQUE,
    user_id     BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    tries       INTEGER NOT NULL DEFAULT 0,
    used_at     BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX login_challenges_expires ON login_challenges (expires_at);
