-- Agents: the pool's referral partners (docs/accounts.md "Agents"). An agent's invite
-- link, /mobile/registerInvite/<code>, carries its code into registration, which records
-- the code on the new user (users.agent_invite_code) only while the agent is live: not
-- disabled, and expires_at 0 (never) or still ahead. Codes are unique without regard to
-- case, and matched the same way, so "abc" and "ABC" can never be two agents.
CREATE TABLE agents (
    code       TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    expires_at BIGINT NOT NULL DEFAULT 0,
    disabled   BOOLEAN NOT NULL DEFAULT FALSE,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX agents_code_lower ON agents (lower(code));

-- The agent list counts the users each code brought.
CREATE INDEX users_agent_invite_code ON users (lower(agent_invite_code));
