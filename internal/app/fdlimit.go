package app

import "syscall"

// reservedFDs are the file descriptors the stratum caps leave for everything else a
// process holds: API clients, database connections, the chain nodes, logs.
const reservedFDs = 512

// raiseFileLimit lifts the soft limit on open files to the hard one, as far as the
// system lets a process do by itself: a pool holds a descriptor for every miner, and a
// 1,024 soft limit starved the API at 1,100 miners. It answers the soft limit in force
// afterwards (0 when it cannot be read).
func raiseFileLimit() (uint64, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, err
	}
	if lim.Cur < lim.Max {
		raised := lim
		raised.Cur = lim.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &raised); err != nil {
			return lim.Cur, err
		}
		lim = raised
	}
	return lim.Cur, nil
}

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
