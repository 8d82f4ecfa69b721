package app

import "github.com/uniplus-pool/pool/internal/fdlimit"

// reservedFDs are the file descriptors the stratum caps leave for everything else a
// process holds: API clients, database connections, the chain nodes, logs.
const reservedFDs = 512

// raiseFileLimit lifts the soft open-file limit to the hard one (fdlimit.Raise).
func raiseFileLimit() (uint64, error) { return fdlimit.Raise() }

// perPortCap is the connections each of ports stratum ports may hold under a file limit
// of fileLimit, keeping reservedFDs; configured (when not 0) wins. At least one
// connection a port, so a tiny limit still lets a miner in.
func perPortCap(configured int, fileLimit uint64, ports int) int {
	if configured > 0 || fileLimit == 0 || ports == 0 {
		return configured
	}
	if fileLimit <= reservedFDs+uint64(ports) {
		return 1
	}
	return int((fileLimit - reservedFDs) / uint64(ports))
}
