package chaintest

import "syscall"

// procAttr puts the node in a process group of its own, so that cleanup can kill
// everything it started, and has the kernel kill it if the test binary dies first (a
// panic, a test timeout) before cleanup could run.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
