-- Observer links (docs/observer.md): read-only views of some of a user's coins, and of all
-- or some sub-accounts, opened by a token without a login. The token is kept as its
-- SHA-256 (the lookup) and sealed with the pool's secret key (so the owner can copy it
-- again); a copy of the database alone opens nothing.
CREATE TABLE observer_links (
    id            INTEGER PRIMARY KEY,
    user_id       BIGINT NOT NULL,
    token_hash    TEXT NOT NULL UNIQUE,
    token_sealed  TEXT NOT NULL,
    coins         TEXT NOT NULL,
    sub_accounts  TEXT NOT NULL DEFAULT '',
    machine       BOOLEAN NOT NULL,
    income        BOOLEAN NOT NULL,
    note          TEXT NOT NULL,
    expires_at    BIGINT NOT NULL DEFAULT 0,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    last_used_at  BIGINT NOT NULL DEFAULT 0,
    use_count     BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX observer_links_user ON observer_links (user_id);
