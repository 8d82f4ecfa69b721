// Package pool owns pool mode: sub-accounts, their devices (one per worker name), the
// per-minute share aggregates behind every hashrate, the device agent's reports, and
// their rules, SQL and HTTP handlers (SPEC sections 3-6 and 9; DESIGN.md "Mining").
//
// Decisions where the specification is silent:
//
//   - Worker names are "<code>.<suffix>". The code part is matched case-insensitively
//     (codes are lower case); the suffix is kept as typed and is case-sensitive. A bare
//     code without a suffix is refused (ErrBadWorkerName): every device has a name.
//   - A device is created at its worker's first accepted share (ShareDevice, which the
//     mining engine calls once per worker and connection) or at its first agent report
//     (a report comes from a real rig holding the sub-account's Uniplus ID). Anyone may
//     mine to a sub-account, but mining.authorize only checks the name, the
//     sub-account and the coin (AuthorizeWorker) and writes nothing, so authorizes
//     alone never add devices to somebody's account. Creation is an upsert on the
//     unique live (sub_account_id, worker): many connections or processes at once make
//     one device. Rejected and stale shares of a worker that has no device on its
//     connection yet have nothing to count on: they are in the stratum counters
//     (metrics) only, not in share_minutes.
//   - A sub-account has at most Store.MaxDevicesPerSubAccount live devices active within
//     CapWindow (24 hours; quieter and removed ones do not count; default
//     DefaultMaxDevicesPerSubAccount, 5,000). A new worker past it is refused and nothing
//     is written: its first accepted share is answered "sub-account device limit reached"
//     (the engine answers the worker's shares so for a minute before asking again), an
//     agent report pool.tooManyDevices. The stratum workers of one source address (an
//     IPv6 /64) make at most Store.MaxNewDevicesPerAddress devices in a sub-account per
//     NewDeviceWindow (ErrNewDeviceRate); agent reports are not bounded so. The counts run
//     under a lock of the sub-account's row, so concurrent creates never pass them
//     together (docs/security.md "Device squatting").
//   - The owner removes offline devices (RemoveDevice, RemoveOfflineDevices) as the sweep
//     does: removed_at is set and the row stays, since share history, sums and earnings
//     reach the sub-account through it. Accepted shares on a removed device (its
//     connection outlived the removal) make it live again unless its name was taken.
//   - A new device's kind is guessed from the miner software (ASIC firmware miners,
//     known GPU miners) or, for a report with GPUs, gpu. It starts bound when its coin
//     has machineBindFlag, unless it is an ASIC under a normal account. Nothing but the
//     bind call binds a device later: moving to a coin without binding, or turning out
//     to be an ASIC under a normal account, unbinds it.
//   - A device lives on one coin at a time: its first accepted share on a connection to
//     another coin's port moves it. Its hashrates and history count the shares of its
//     current coin.
//   - Status. Signs of life are shares (accepted, rejected or stale, once the device
//     exists) and agent reports; a connection is none. Offline: no sign of life for 10
//     minutes (OfflineAfter); offline for more than 3 days (last sign plus 10 minutes
//     plus 72 hours) removes it, and a later accepted share under its name makes a new
//     device. Normal needs an accepted share within the last 10 minutes and no fresh
//     (10-minute) agent report saying the miner is not running or a GPU is down.
//     Everything else that is alive is abnormal: a fresh report of a stopped miner or a
//     GPU down; rejected or stale shares only (TouchRejected, then the sweep); a rig
//     known only by its agent's reports. Accepted shares (Touch) bring an offline
//     device, or an abnormal one without a fresh report, back to normal at once; while
//     an agent reports, its next report decides, seeing the shares.
//   - The sweep notes each device it takes offline, and each that is back, in device_events
//     in the transaction that changes the status (events.go); observer messages read them.
//     Nothing in the share path writes them.
//   - Hashrate windows are whole minutes before the current one (which the engine may
//     still be adding to): real-time is the 15 before, 24 h the 1440 before. The pool's
//     figures per coin (CoinStats, what the engine stores in pool_stats) use the same
//     windows, so they are the sum of the devices'. History buckets are 10 minutes, the
//     last one ending at the last whole 10 minutes.
//   - share_minutes.diff_sum is the summed difficulty of accepted shares.
//   - The agent authenticates with the Uniplus ID in the x-uniplus-id header. The pool
//     keeps only the ID's SHA-256 (HashUniplusID, like session tokens) and its first 7
//     characters, so the ID is shown once: in the answers of create and regenerate
//     (docs/mining.md "Uniplus IDs"). Reports name the worker by suffix or by full name
//     (which must be the ID's sub-account); their text is internal/textcheck's.
//     Sizes are bytes, clocks MHz, power W, temperatures °C; a missing number is
//     unknown (null), not zero; minerRunning is required.
//   - Device detail is refused when the coin has no machineDetailFlag (SPEC section 8
//     "Coin does not support ... viewing details"); the hashrate history is not.
//   - Sub-account codes stay taken after deletion (deleted_at), so a worker name never
//     changes owner.
//   - Times in responses are Unix milliseconds; hashrates are H/s numbers with a display
//     value and unit.
package pool
