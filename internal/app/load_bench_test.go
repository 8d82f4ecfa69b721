package app

import (
	"context"
	"fmt"
	"testing"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/sim"
)

// BenchmarkStratumReplay is the whole pool under load, end to end: 4 miners on loopback
// submit precomputed distinct valid shares as fast as the pool answers; each share is
// parsed, checked, hashed, counted and answered, and the aggregates are written to SQLite.
// It reports accepted shares per second.
func BenchmarkStratumReplay(b *testing.B) {
	p := startDevnetPoolWith(b, []string{"--driver-config", "start_difficulty=0.0000001", "--driver-config", "min_difficulty=0.0000001"})
	const miners, perMiner = 4, 2000
	for i := 0; i < b.N; i++ {
		results := make([]sim.ReplayResult, miners)
		errs := make([]error, miners)
		done := make(chan struct{})
		for m := 0; m < miners; m++ {
			go func() {
				mn := &sim.Miner{Addr: fmt.Sprintf("127.0.0.1:%d", p.port), Worker: fmt.Sprintf("farm1.load%d-%d", i, m), Algorithm: chain.SHA256d}
				results[m], errs[m] = mn.Replay(context.Background(), perMiner, 0)
				done <- struct{}{}
			}()
		}
		for m := 0; m < miners; m++ {
			<-done
		}
		var total float64
		for m, r := range results {
			if errs[m] != nil || r.Accepted != perMiner {
				b.Fatalf("miner %d: %+v %v", m, r, errs[m])
			}
			total += r.SharesPer
		}
		b.ReportMetric(total, "accepted-shares/s")
	}
}
