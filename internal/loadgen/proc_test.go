package loadgen

import (
	"testing"
	"time"
)

func TestParseProc(t *testing.T) {
	// The command name may hold spaces and parentheses: fields count from the last ')'.
	stat := "4242 (po) old d) S 1 4242 4242 0 -1 4194560 5000 0 0 0 1234 566 0 0 20 0 12 0 100 1000000 2500 18446744073709551615\n"
	cpu, err := parseStatCPU([]byte(stat))
	if err != nil || cpu != 18*time.Second {
		t.Fatalf("cpu %v %v, want 18s (1234+566 ticks)", cpu, err)
	}
	if _, err := parseStatCPU([]byte("4242 (x) S 1 2")); err == nil {
		t.Error("a short stat line parsed")
	}
	status := "Name:\tpoold\nVmPeak:\t  99999 kB\nVmRSS:\t  204800 kB\nThreads:\t12\n"
	rss, err := parseStatusRSS([]byte(status))
	if err != nil || rss != 200<<20 {
		t.Fatalf("rss %d %v, want 200 MiB", rss, err)
	}
	if _, err := parseStatusRSS([]byte("Name:\tx\n")); err == nil {
		t.Error("a status without VmRSS parsed")
	}
	self, err := ReadProc(0)
	if err != nil || self.RSS == 0 {
		t.Fatalf("this process: %+v %v", self, err)
	}
}

func TestFreePorts(t *testing.T) {
	ports, err := FreePorts(5)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]bool{}
	for _, p := range ports {
		if p <= 0 || seen[p] {
			t.Fatalf("ports %v", ports)
		}
		seen[p] = true
	}
}
