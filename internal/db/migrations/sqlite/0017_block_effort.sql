-- The network difficulty a found block was mined at: its effort (the share difficulty
-- since the previous block over it) is shown by the explorer (docs/explorer.md).
ALTER TABLE found_blocks ADD COLUMN net_diff REAL NOT NULL DEFAULT 0;
