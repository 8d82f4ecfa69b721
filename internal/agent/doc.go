// Package agent is the device agent a rig runs (`poold agent`): it reads the rig's
// facts from the operating system, its GPUs from nvidia-smi (and rocm-smi when present)
// and the miner's own HTTP API, and posts them to the pool's agent API
// (POST /api/agent/v1/report, internal/pool/report.go) on a schedule. It also polls the
// pool for a pending overclock and applies it with nvidia-smi.
//
// Every parser is a pure function from the bytes a tool or file gives to a struct, tested
// on recorded outputs in testdata/ (see testdata/README.md for where each came from) and
// fuzzed. Commands run through a Runner, so tests and --dry-run record them instead.
//
// Decisions:
//
//   - Units follow the pool: sizes bytes, clocks MHz, power W, temperatures °C. A value a
//     tool cannot give ([N/A], [Not Supported], N/A, missing) is null, never zero. A value
//     outside what the pool accepts (nvidia-smi's fan speed "may exceed 100%", GDDR6X
//     memory clocks above the pool's 5000 MHz) is sent as null rather than have the whole
//     report refused.
//   - minerRunning is true when the miner's API answers, or, without --miner-api, when a
//     process of a known miner is running. A GPU is down when nvidia-smi lists it but a
//     miner that answers reports no hashrate for it.
//   - The report has no uptime field (the pool derives online time from the device's
//     signs of life), so the agent reads /proc/uptime only to log it.
//   - One ID file per system disk (SPEC section 5): see IDFile.
//   - Overclock (see Plan): nvidia-smi sets a power limit (-pl) and locked clocks (-lgc,
//     -lmc) and resets them (-rgc, -rmc); it cannot set clock offsets or fan speed, and
//     the ack says so rather than pretending. --dry-run prints the commands that change a
//     card instead of running them; read-only queries still run.
package agent
