package app

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/sim"
)

// replayClientEnv makes the test binary the miners of BenchmarkStratumReplay, so that the
// pool's process spends only the pool's CPU.
const replayClientEnv = "POOLD_REPLAY_CLIENTS"

// runReplayClients runs the miners "addr miners perMiner workerPrefix" and prints "replay
// <accepted> <accepted shares per second>".
func runReplayClients(spec string) int {
	var addr, prefix string
	var miners, perMiner int
	if _, err := fmt.Sscanf(spec, "%s %d %d %s", &addr, &miners, &perMiner, &prefix); err != nil {
		fmt.Fprintln(os.Stderr, "bad spec:", err)
		return 2
	}
	type result struct {
		r   sim.ReplayResult
		err error
	}
	done := make(chan result, miners)
	for m := range miners {
		go func() {
			mn := &sim.Miner{Addr: addr, Worker: fmt.Sprintf("%s-%d", prefix, m), Algorithm: chain.SHA256d}
			r, err := mn.Replay(context.Background(), perMiner, 0)
			done <- result{r, err}
		}()
	}
	accepted, rate := 0, 0.0
	for range miners {
		res := <-done
		if res.err != nil {
			fmt.Fprintln(os.Stderr, "replay:", res.err)
			return 1
		}
		accepted += res.r.Accepted
		rate += res.r.SharesPer
	}
	fmt.Printf("replay %d %f\n", accepted, rate)
	return 0
}

// cpuTime is the CPU this process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkStratumReplay is the whole pool under load, end to end: 4 miners on loopback,
// in a process of their own, submit precomputed distinct valid shares as fast as the pool
// answers; each share is parsed, checked, hashed, counted and answered, and the
// aggregates are written to SQLite. It reports accepted shares per second and the pool
// process's CPU per accepted share (user and system time, the miners' solving included
// only as the little the pool does meanwhile).
func BenchmarkStratumReplay(b *testing.B) {
	// POOLD_BENCH_FLAGS adds poold serve flags, to compare settings.
	p := startDevnetPoolWith(b, []string{"--driver-config", "start_difficulty=0.000000001", "--driver-config", "min_difficulty=0.000000001"},
		strings.Fields(os.Getenv("POOLD_BENCH_FLAGS"))...)
	const miners, perMiner = 4, 5000
	for i := 0; i < b.N; i++ {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), replayClientEnv+"="+fmt.Sprintf("127.0.0.1:%d %d %d farm1.load%d", p.port, miners, perMiner, i))
		cmd.Stderr = os.Stderr
		cpu := cpuTime()
		out, err := cmd.Output()
		cpu = cpuTime() - cpu
		var accepted int
		var rate float64
		if err == nil {
			_, err = fmt.Sscanf(strings.TrimSpace(string(out)), "replay %d %g", &accepted, &rate)
		}
		if err != nil || accepted != miners*perMiner {
			b.Fatalf("miners: %q %v", out, err)
		}
		b.ReportMetric(rate, "accepted-shares/s")
		b.ReportMetric(float64(cpu.Microseconds())/float64(accepted), "pool-cpu-µs/share")
	}
}
