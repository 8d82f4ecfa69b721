-- The slider's proof of work and the address a ticket is bound to (docs/accounts.md
-- "Slider"): captcha/new stores the challenge and its bits, captcha/check the address
-- that earned the ticket, which only that address can spend.
ALTER TABLE captchas ADD COLUMN pow_challenge TEXT NOT NULL DEFAULT '';
ALTER TABLE captchas ADD COLUMN pow_bits INTEGER NOT NULL DEFAULT 0;
ALTER TABLE captchas ADD COLUMN ticket_addr TEXT;
