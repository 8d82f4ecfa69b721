-- When the account's phone or email was last bound or changed (Unix ms; 0: never since
-- this column). Withdrawals and address book changes wait 24 hours after it
-- (docs/withdrawals.md "After a contact change"): a session taken over by someone who
-- can bind their own phone must not be able to withdraw at once with that phone's codes.
ALTER TABLE users ADD COLUMN contact_changed_at BIGINT NOT NULL DEFAULT 0;
