package mining

import (
	"context"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/uniplus-pool/pool/internal/stratum"
)

// Collector is the mining side of /metrics: each coin's stratum server and engine are
// read when Prometheus scrapes, so the share path pays nothing for them, and found blocks
// by status come from the database, so every process reports the whole pool's.
type Collector struct {
	Blocks *Blocks // found blocks by status; nil leaves them out

	mu    sync.Mutex
	coins []collected
}

type collected struct {
	coin   string
	server *stratum.Server
	engine *Engine
}

// Add reports a coin's stratum server and engine (either may be nil).
func (c *Collector) Add(coin string, s *stratum.Server, e *Engine) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.coins = append(c.coins, collected{coin, s, e})
}

var (
	descShares = prometheus.NewDesc("poold_stratum_shares_total",
		"Shares answered, by coin and result: accepted, or the reason it was refused (stale, duplicate, low_difficulty, unauthorized, not_subscribed, other).",
		[]string{"coin", "result"}, nil)
	descCandidates = prometheus.NewDesc("poold_stratum_block_candidates_total",
		"Shares that met the network target.", []string{"coin"}, nil)
	descConns = prometheus.NewDesc("poold_stratum_connections",
		"Live stratum connections by coin and listener address.", []string{"coin", "listener"}, nil)
	descRefused = prometheus.NewDesc("poold_stratum_connections_refused_total",
		"Connections refused at accept: banned address or a connection cap.", []string{"coin"}, nil)
	descBans = prometheus.NewDesc("poold_stratum_bans_total", "Client addresses banned for misbehaving.", []string{"coin"}, nil)
	descDiff = prometheus.NewDesc("poold_stratum_difficulty_changes_total",
		"Difficulty changes sent to miners (vardiff and miners' suggestions).", []string{"coin"}, nil)
	descSubmitted = prometheus.NewDesc("poold_blocks_submitted_total",
		"Found blocks sent to the node, by coin and its answer (accepted or rejected).", []string{"coin", "answer"}, nil)
	descTemplateErr = prometheus.NewDesc("poold_template_errors_total",
		"Failed block-template fetches and waits for a new block.", []string{"coin"}, nil)
	descDevRefused = prometheus.NewDesc("poold_devices_refused_total",
		"First shares of new workers refused a device (the sub-account's device cap).", []string{"coin"}, nil)
	descFound = prometheus.NewDesc("poold_found_blocks",
		"Blocks the pool found, by coin and status (pending, confirmed, orphaned, rejected).", []string{"coin", "status"}, nil)
)

// Describe implements prometheus.Collector.
func (c *Collector) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descShares, descCandidates, descConns, descRefused, descBans, descDiff, descSubmitted, descTemplateErr, descDevRefused, descFound} {
		ch <- d
	}
}

// Collect implements prometheus.Collector.
func (c *Collector) Collect(ch chan<- prometheus.Metric) {
	c.mu.Lock()
	coins := append([]collected(nil), c.coins...)
	c.mu.Unlock()
	counter := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.CounterValue, v, labels...)
	}
	for _, k := range coins {
		if k.server != nil {
			st := k.server.Stats()
			counter(descShares, float64(st.SharesAccepted), k.coin, "accepted")
			for reason, n := range st.Rejections {
				counter(descShares, float64(n), k.coin, reason)
			}
			counter(descCandidates, float64(st.Blocks), k.coin)
			for ln, n := range st.ConnectionsByListener {
				ch <- prometheus.MustNewConstMetric(descConns, prometheus.GaugeValue, float64(n), k.coin, ln)
			}
			counter(descRefused, float64(st.Refused), k.coin)
			counter(descBans, float64(st.Bans), k.coin)
			counter(descDiff, float64(st.DifficultyChanges), k.coin)
		}
		if k.engine != nil {
			counter(descSubmitted, float64(k.engine.blocksSubmitted.Load()), k.coin, "accepted")
			counter(descSubmitted, float64(k.engine.blocksRejected.Load()), k.coin, "rejected")
			counter(descTemplateErr, float64(k.engine.templateErrors.Load()), k.coin)
			counter(descDevRefused, float64(k.engine.DevicesRefused()), k.coin)
		}
	}
	if c.Blocks == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	counts, err := c.Blocks.CountByStatus(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(descFound, err)
		return
	}
	for coin, byStatus := range counts {
		for _, status := range []string{BlockPending, BlockConfirmed, BlockOrphaned, BlockRejected} {
			ch <- prometheus.MustNewConstMetric(descFound, prometheus.GaugeValue, float64(byStatus[status]), coin, status)
		}
	}
}

// NodeRPCDuration is a histogram of chain-node calls by coin and RPC method, for the
// drivers' Observe hooks.
func NodeRPCDuration() *prometheus.HistogramVec {
	return prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "poold_node_rpc_duration_seconds", Help: "Chain node RPC calls by coin, method and outcome (ok or error).",
		Buckets: []float64{.001, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
	}, []string{"coin", "method", "outcome"})
}
