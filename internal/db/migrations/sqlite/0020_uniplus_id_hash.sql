-- Uniplus IDs are secrets a rig's agent presents (x-uniplus-id), so, like session tokens,
-- only their SHA-256 is kept (docs/mining.md "Uniplus IDs"): the owner sees an ID once,
-- in the answer of the call that made it (create, regenerate). uniplus_prefix keeps its
-- first 7 characters ("UP-" and 4 hex digits, 16 of its 256 random bits) in the clear, so
-- the owner can tell IDs apart.
--
-- The ID column keeps its unique index and becomes the hash column; existing IDs are
-- hashed here (sha256_hex is internal/db's SQLite function, PostgreSQL's sha256 on the
-- other side). Only rows still holding a plain ID ("UP-...") change: a hash is 64 hex
-- digits without that prefix, so running the UPDATE again changes nothing.
ALTER TABLE sub_accounts RENAME COLUMN uniplus_id TO uniplus_hash;
ALTER TABLE sub_accounts ADD COLUMN uniplus_prefix TEXT NOT NULL DEFAULT '';
UPDATE sub_accounts SET uniplus_prefix = substr(uniplus_hash, 1, 7), uniplus_hash = sha256_hex(uniplus_hash)
    WHERE uniplus_hash LIKE 'UP-%';
