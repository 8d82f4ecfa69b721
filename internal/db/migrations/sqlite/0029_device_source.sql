-- Device squatting (docs/security.md "Device squatting"): anyone who knows a sub-account's
-- code may mine to it, and each invented worker name made a device. created_from is the
-- source address a stratum worker's device was made from (an IPv4 address, or the /64 of
-- an IPv6 one): the pool makes at most --max-new-devices-per-address devices per
-- sub-account and source in an hour, counted from these rows (removed devices included,
-- so removing them gives no new room). '' for devices an agent report made (the agent
-- holds the sub-account's Uniplus ID) and for those made before this column.
ALTER TABLE devices ADD COLUMN created_from TEXT NOT NULL DEFAULT '';
CREATE INDEX devices_created_from ON devices (sub_account_id, created_from, created_at);
