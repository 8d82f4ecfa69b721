-- An operator's freezes of a user (the operator console, issue 32; docs/operations.md
-- "Users"): frozen_at (Unix ms, 0: not frozen) refuses the account's sign-in and its
-- sessions; withdraw_frozen_at refuses its withdrawals (requests and the auto-withdrawal
-- job). The reasons are the operator's, shown in the console; the audit log keeps who.
ALTER TABLE users ADD COLUMN frozen_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN frozen_reason TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN withdraw_frozen_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN withdraw_frozen_reason TEXT NOT NULL DEFAULT '';
