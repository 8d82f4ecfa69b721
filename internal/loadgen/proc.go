package loadgen

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/fdlimit"
)

// clockTicks is USER_HZ, the unit of utime and stime in /proc/<pid>/stat: 100 on every
// Linux architecture Go supports.
const clockTicks = 100

// ProcSample is what /proc says of a process at one moment.
type ProcSample struct {
	RSS uint64        // resident bytes (VmRSS)
	CPU time.Duration // user + system time since it started
}

// ReadProc samples process pid (0: this process) from /proc.
func ReadProc(pid int) (ProcSample, error) {
	dir := "/proc/self"
	if pid > 0 {
		dir = "/proc/" + strconv.Itoa(pid)
	}
	stat, err := os.ReadFile(dir + "/stat")
	if err != nil {
		return ProcSample{}, err
	}
	status, err := os.ReadFile(dir + "/status")
	if err != nil {
		return ProcSample{}, err
	}
	cpu, err := parseStatCPU(stat)
	if err != nil {
		return ProcSample{}, err
	}
	rss, err := parseStatusRSS(status)
	if err != nil {
		return ProcSample{}, err
	}
	return ProcSample{RSS: rss, CPU: cpu}, nil
}

// parseStatCPU reads utime + stime from a /proc/<pid>/stat line. The command name, in
// parentheses, may hold spaces and parentheses itself, so fields count from the last ')'.
func parseStatCPU(stat []byte) (time.Duration, error) {
	end := bytes.LastIndexByte(stat, ')')
	if end < 0 {
		return 0, fmt.Errorf("loadgen: /proc stat without a command name")
	}
	// After the name: state (field 3), ..., utime (14), stime (15).
	f := strings.Fields(string(stat[end+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("loadgen: /proc stat has %d fields after the name", len(f))
	}
	var ticks uint64
	for _, s := range f[11:13] {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("loadgen: /proc stat cpu %q: %w", s, err)
		}
		ticks += v
	}
	return time.Duration(ticks) * time.Second / clockTicks, nil
}

// parseStatusRSS reads VmRSS from /proc/<pid>/status.
func parseStatusRSS(status []byte) (uint64, error) {
	for line := range strings.SplitSeq(string(status), "\n") {
		rest, ok := strings.CutPrefix(line, "VmRSS:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) != 2 || f[1] != "kB" {
			return 0, fmt.Errorf("loadgen: VmRSS line %q", line)
		}
		kb, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil {
			return 0, fmt.Errorf("loadgen: VmRSS line %q: %w", line, err)
		}
		return kb << 10, nil
	}
	return 0, fmt.Errorf("loadgen: no VmRSS in /proc status")
}

// RaiseFileLimit lifts the soft open-file limit to the hard one, as poold serve does: every
// stratum connection is a descriptor. It answers the soft limit in force afterwards.
func RaiseFileLimit() (uint64, error) { return fdlimit.Raise() }

// FreePorts finds n distinct free TCP ports on 127.0.0.1 (held together while they are
// picked, so they differ; free again when it returns, so another process could take one
// first, as with any such helper).
func FreePorts(n int) ([]int, error) {
	var lns []net.Listener
	defer func() {
		for _, ln := range lns {
			ln.Close()
		}
	}()
	ports := make([]int, 0, n)
	for range n {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		lns = append(lns, ln)
		ports = append(ports, ln.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}

// mib formats bytes as MiB with one decimal.
func mib(b uint64) string { return strconv.FormatFloat(float64(b)/(1<<20), 'f', 1, 64) }

// Baseline is a process's resources over a quiet period before a load.
type Baseline struct {
	RSS     uint64
	CPUPct  float64 // percent of one core
	Over    time.Duration
	Sampled bool
}

// MeasureBaseline samples process pid over d, before the load starts: poold is never
// idle (the demo's rigs mine, the jobs run), and its figures under load mean something
// only next to these.
func MeasureBaseline(ctx context.Context, pid int, d time.Duration) Baseline {
	if pid <= 0 || d <= 0 {
		return Baseline{}
	}
	a, err := ReadProc(pid)
	if err != nil {
		return Baseline{}
	}
	t0 := time.Now()
	select {
	case <-ctx.Done():
		return Baseline{}
	case <-time.After(d):
	}
	b, err := ReadProc(pid)
	if err != nil {
		return Baseline{}
	}
	over := time.Since(t0)
	return Baseline{RSS: b.RSS, CPUPct: 100 * (b.CPU - a.CPU).Seconds() / over.Seconds(), Over: over, Sampled: true}
}

func (b Baseline) String() string {
	if !b.Sampled {
		return ""
	}
	return fmt.Sprintf("poold before the load: RSS %s MiB, %.0f%% of a core over %s (its own work: the demo's rigs, the jobs)",
		mib(b.RSS), b.CPUPct, b.Over.Round(time.Second))
}
