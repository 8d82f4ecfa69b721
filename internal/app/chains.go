package app

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/mining"
)

// chainSet opens each coin's chain driver once per process, so the stratum role, the API
// (address checks) and the payout job share one: a devnet chain is an in-process object
// with a state file, and two of them in one process would write over each other.
type chainSet struct {
	cfg config.Config
	log *slog.Logger
	// rpc times every node call, by coin, method and outcome.
	rpc *prometheus.HistogramVec

	mu      sync.Mutex
	drivers map[string]*openChain
}

type openChain struct {
	drv     chain.Node // a chain.Driver, or a chain.HeaderWork (ironfish, kaspad)
	start   func(context.Context)
	started bool
}

func newChainSet(cfg config.Config, log *slog.Logger) *chainSet {
	return &chainSet{cfg: cfg, log: log, rpc: mining.NodeRPCDuration(), drivers: map[string]*openChain{}}
}

// Driver answers coin c's driver, opening it the first time (withdraw.Chains).
func (s *chainSet) Driver(ctx context.Context, c coin.Coin) (chain.Node, error) {
	oc, err := s.get(c)
	if err != nil {
		return nil, err
	}
	return oc.drv, nil
}

func (s *chainSet) get(c coin.Coin) (*openChain, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if oc := s.drivers[c.Type]; oc != nil {
		return oc, nil
	}
	drv, start, err := openDriver(c, s.cfg, s.log, s.observeRPC(c.Type))
	if err != nil {
		return nil, err
	}
	oc := &openChain{drv: drv, start: start}
	s.drivers[c.Type] = oc
	return oc, nil
}

// observeRPC times a coin's node calls into the rpc histogram.
func (s *chainSet) observeRPC(coin string) func(string, time.Duration, error) {
	return func(method string, took time.Duration, err error) {
		outcome := "ok"
		if err != nil {
			outcome = "error"
		}
		s.rpc.WithLabelValues(coin, method, outcome).Observe(took.Seconds())
	}
}

// Start answers coin c's driver and starts it (a devnet chain's block clock) once; the
// stratum role calls it for the coins it mines.
func (s *chainSet) Start(ctx context.Context, c coin.Coin) (chain.Node, error) {
	oc, err := s.get(c)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !oc.started && oc.start != nil {
		oc.start(ctx)
	}
	oc.started = true
	return oc.drv, nil
}

// Payable tells whether this process may pay coin c: a node's wallet, always; a devnet
// chain only when this process runs it (the stratum role started it), since another
// process's copy of the chain would not see these payouts.
func (s *chainSet) Payable(c coin.Coin) bool {
	if c.Driver != coin.DriverDevnet {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	oc := s.drivers[c.Type]
	return oc != nil && oc.started
}
