// Package pool owns pool mode: sub-accounts, their devices (one per worker name), the
// per-minute share aggregates behind every hashrate, the device agent's reports, and
// their rules, SQL and HTTP handlers (SPEC sections 3-6 and 9; DESIGN.md "Mining").
//
// Decisions where the specification is silent:
//
//   - Worker names are "<code>.<suffix>". The code part is matched case-insensitively
//     (codes are lower case); the suffix is kept as typed and is case-sensitive. A bare
//     code without a suffix is refused (ErrBadWorkerName): every device has a name.
//   - A device is created at its first stratum authorize or agent report. Its kind is
//     guessed from the miner software (ASIC firmware miners, known GPU miners) or, for a
//     report with GPUs, gpu. It starts bound when its coin has machineBindFlag, unless
//     it is an ASIC under a normal account. Nothing but the bind call binds a device
//     later: moving to a coin without binding, or turning out to be an ASIC under a
//     normal account, unbinds it.
//   - A device lives on one coin at a time: connecting on another coin's port moves it.
//     Its hashrates and history count the shares of its current coin.
//   - Status: the latest of connection, share and report is the device's last sign of
//     life; 10 minutes without one makes it offline, and offline for more than 3 days
//     (last sign plus 10 minutes plus 72 hours) removes it. A connection or a share
//     makes it normal; a report makes it abnormal when the miner is not running or a
//     GPU is down. An abnormal device whose reports stopped while its shares go on is
//     normal again at the next sweep.
//   - Hashrate windows are whole minutes before the current one (which the engine may
//     still be adding to): real-time is the 15 before, 24 h the 1440 before. The pool's
//     figures per coin (CoinStats, what the engine stores in pool_stats) use the same
//     windows, so they are the sum of the devices'. History buckets are 10 minutes, the
//     last one ending at the last whole 10 minutes.
//   - share_minutes.diff_sum is the summed difficulty of accepted shares.
//   - The agent authenticates with the Uniplus ID in the x-uniplus-id header. Reports
//     name the worker by suffix or by full name (which must be the ID's sub-account).
//     Sizes are bytes, clocks MHz, power W, temperatures °C; a missing number is
//     unknown (null), not zero; minerRunning is required.
//   - Device detail is refused when the coin has no machineDetailFlag (SPEC section 8
//     "Coin does not support ... viewing details"); the hashrate history is not.
//   - Sub-account codes stay taken after deletion (deleted_at), so a worker name never
//     changes owner.
//   - Times in responses are Unix milliseconds; hashrates are H/s numbers with a display
//     value and unit.
package pool
