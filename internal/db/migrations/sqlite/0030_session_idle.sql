-- Sessions end after 7 days unused, besides their 30 days (docs/accounts.md "Sessions"):
-- last_seen_at now moves with use (at most hourly). Until now it stayed at the login, so
-- each session open at this upgrade starts its idle time here rather than ending at once.
UPDATE sessions SET last_seen_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000;
-- The sweep deletes idle sessions by it.
CREATE INDEX sessions_last_seen ON sessions (last_seen_at);

-- The stratum role asks every half minute which accounts were cancelled lately, to close
-- their live connections (docs/accounts.md "Account type and cancellation"); only
-- cancelled users have a cancelled_at.
CREATE INDEX users_cancelled_at ON users (cancelled_at) WHERE cancelled_at IS NOT NULL;
