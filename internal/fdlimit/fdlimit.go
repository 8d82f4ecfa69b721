// Package fdlimit raises a process's open-file limit: a stratum pool holds a descriptor
// for every miner, and so does a load generator for every miner it plays.
package fdlimit

import "syscall"

// Raise lifts the soft limit on open files to the hard one, as far as the system lets a
// process do by itself (a 1,024 soft limit starved poold's API at 1,100 miners). It
// answers the soft limit in force afterwards (0 when it cannot be read).
func Raise() (uint64, error) {
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
