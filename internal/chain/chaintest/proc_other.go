//go:build !linux

package chaintest

import "syscall"

// procAttr puts the node in a process group of its own, so that cleanup can kill
// everything it started.
func procAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true}
}
