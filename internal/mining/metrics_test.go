package mining_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// gather scrapes reg and answers each sample's value by metric name and labels in name
// order ("poold_stratum_shares_total{coin=BTC,result=accepted}").
func gather(t *testing.T, reg *prometheus.Registry) map[string]float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]float64{}
	for _, f := range families {
		for _, m := range f.GetMetric() {
			key := f.GetName() + "{"
			for i, l := range m.GetLabel() {
				if i > 0 {
					key += ","
				}
				key += l.GetName() + "=" + l.GetValue()
			}
			key += "}"
			switch {
			case m.Counter != nil:
				out[key] = m.GetCounter().GetValue()
			case m.Gauge != nil:
				out[key] = m.GetGauge().GetValue()
			}
		}
	}
	return out
}

// The pool's own figures reach /metrics: shares by result, connections by listener,
// blocks submitted and found by status, difficulty changes.
func TestPoolMetrics(t *testing.T) {
	cfg := devnet.DefaultConfig("BTC", chain.SHA256d)
	cfg.OtherMiners = false
	cfg.NetworkHashRate = 1 << 16
	cfg.BlockTime = time.Second
	d, err := devnet.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	payoutAddr, _ := d.NewAddress(context.Background())
	addr, _ := d.ValidateAddress(context.Background(), payoutAddr)
	r := startRig(t, "BTC", chain.SHA256d, d, addr.Script, 1.0/4096)
	reg := prometheus.NewRegistry()
	col := &mining.Collector{Blocks: r.blocks}
	col.Add("BTC", r.server, r.engine)
	reg.MustRegister(col)

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := stratum.Dial(ctx, r.addr, stratum.ClientOptions{UserAgent: "cgminer/4.12.1"})
	if err != nil {
		t.Fatal(err)
	}
	en1, _, err := c.Subscribe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Authorize(ctx, "acct1.gpu1", "x"); err != nil {
		t.Fatal(err)
	}
	job := <-c.Jobs()
	en2 := []byte{0, 0, 0, 9}
	share := chain.DifficultyToTarget(c.Difficulty(), chain.SHA256d)
	var bad uint32
	for n := uint32(0); ; n++ {
		if _, ok, _ := mining.Solve(job, chain.SHA256d, en1, en2, job.NTime, share, n, 1); !ok {
			bad = n
			break
		}
	}
	var se *stratum.Error
	if err := c.Submit(ctx, "acct1.gpu1", job.ID, en2, job.NTime, bad, 0); !errors.As(err, &se) || se.Code != stratum.CodeLowDifficulty {
		t.Fatalf("low difficulty share: %v", err)
	}
	live := gather(t, reg)
	if got := live["poold_stratum_connections{coin=BTC,listener="+r.addr+"}"]; got != 1 {
		t.Errorf("connections on %s: %v (%v)", r.addr, got, live)
	}
	c.Close()
	accepted := mine(t, r, "acct1.gpu1", chain.SHA256d, 1, 2*time.Minute)
	m := gather(t, reg)
	if got := m["poold_stratum_shares_total{coin=BTC,result=accepted}"]; got != float64(accepted) || accepted == 0 {
		t.Errorf("accepted %v, miner saw %d", got, accepted)
	}
	if got := m["poold_stratum_shares_total{coin=BTC,result=low_difficulty}"]; got != 1 {
		t.Errorf("low difficulty %v", got)
	}
	if m["poold_blocks_submitted_total{answer=accepted,coin=BTC}"] < 1 || m["poold_found_blocks{coin=BTC,status=pending}"] < 1 || m["poold_stratum_block_candidates_total{coin=BTC}"] < 1 {
		t.Errorf("blocks: %v", m)
	}
	if _, ok := m["poold_template_errors_total{coin=BTC}"]; !ok {
		t.Errorf("no template error counter: %v", m)
	}
}
