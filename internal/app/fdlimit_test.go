package app

import (
	"syscall"
	"testing"
)

func TestPerPortCap(t *testing.T) {
	for _, c := range []struct {
		configured int
		limit      uint64
		ports      int
		want       int
	}{
		{0, 1024, 4, 128},   // (1024 - 512) / 4
		{0, 20000, 4, 4872}, // this machine kind's limit
		{300, 20000, 4, 300},
		{0, 0, 4, 0}, // unknown limit: no cap
		{0, 100, 4, 1},
		{0, 20000, 0, 0},
	} {
		if got := perPortCap(c.configured, c.limit, c.ports); got != c.want {
			t.Errorf("perPortCap(%d, %d, %d) = %d, want %d", c.configured, c.limit, c.ports, got, c.want)
		}
	}
}

// The soft limit is raised to the hard one.
func TestRaiseFileLimit(t *testing.T) {
	var before syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &before); err != nil {
		t.Fatal(err)
	}
	lowered := before
	lowered.Cur = min(before.Max, 1024)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lowered); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &before) })
	got, err := raiseFileLimit()
	if err != nil || got != before.Max {
		t.Fatalf("raised to %d (%v), hard limit %d", got, err, before.Max)
	}
	var after syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &after); err != nil || after.Cur != before.Max {
		t.Fatalf("soft limit now %d", after.Cur)
	}
}
