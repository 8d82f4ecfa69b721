package app

import (
	"context"
	"io"
	"log/slog"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// anyWorker is a stratum handler that authorizes every worker: what the watch is
// given is the servers' live connections, whatever let them in.
type anyWorker struct{}

func (anyWorker) Authorize(context.Context, *stratum.SessionInfo, string, string) error { return nil }
func (anyWorker) Submit(context.Context, *stratum.SessionInfo, stratum.Share) stratum.SubmitResult {
	return stratum.SubmitResult{Accepted: true}
}
func (anyWorker) Disconnected(*stratum.SessionInfo) {}

// stratumOnLoopback is a stratum server on a loopback port, closed with the test.
func stratumOnLoopback(t *testing.T) (*stratum.Server, string) {
	t.Helper()
	srv, err := stratum.NewServer(stratum.Config{Logger: slog.New(slog.DiscardHandler)}, anyWorker{})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Close(ctx)
	})
	return srv, ln.Addr().String()
}

// miner connects to addr and authorizes worker.
func miner(t *testing.T, addr, worker string) *stratum.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := stratum.Dial(ctx, addr, stratum.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	if _, _, err := c.Subscribe(ctx); err != nil {
		t.Fatal(err)
	}
	if err := c.Authorize(ctx, worker, "x"); err != nil {
		t.Fatalf("authorize %s: %v", worker, err)
	}
	return c
}

// The stratum role's watch closes the connections of a cancelled account's workers, by
// its sub-accounts' codes from the pool (in any case, as authorize reads worker names),
// on every stratum server of the process, and no one else's: real servers, over TCP.
func TestCancelWatchClosesACancelledAccountsWorkers(t *testing.T) {
	ctx := context.Background()
	d := dbtest.SQLite(t)
	now := time.Now()
	gone := accounttest.NewUser(t, d, "gone@example.com", "", now)
	stays := accounttest.NewUser(t, d, "stays@example.com", "", now)
	c := coin.Coin{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC", AliasName: "BTC", MinHashUnit: "H/s", Decimals: 8,
		OpenStatus: true, SettleModel: coin.SettleModelPPS, SettleTime: "00:00", Driver: coin.DriverDevnet, StratumPorts: []int{3333}}
	if err := (&coin.Store{DB: d}).Put(ctx, c); err != nil {
		t.Fatal(err)
	}
	ps := &pool.Store{DB: d}
	for _, s := range []struct {
		user int64
		code string
	}{{gone.ID, "farm"}, {gone.ID, "lab"}, {stays.ID, "farmer"}} {
		if _, err := ps.CreateSubAccount(ctx, s.user, s.code, s.code, "BTC"); err != nil {
			t.Fatal(err)
		}
	}
	btc, btcAddr := stratumOnLoopback(t)
	ltc, ltcAddr := stratumOnLoopback(t)
	miners := map[string]*stratum.Client{}
	for _, m := range []struct{ addr, worker string }{
		{btcAddr, "farm.rig1"}, {btcAddr, "FARM.rig2"}, {btcAddr, "farmer.rig1"}, {btcAddr, "lab.x"},
		{ltcAddr, "lab.rig3"}, {ltcAddr, "farmer.rig4"},
	} {
		miners[m.worker] = miner(t, m.addr, m.worker)
	}
	w := cancelWatch(d, []*stratum.Server{btc, ltc}, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if n, err := w.Check(ctx); err != nil || n != 0 {
		t.Fatalf("nothing cancelled: closed %d (%v)", n, err)
	}
	if err := (&account.Store{DB: d}).Cancel(ctx, d, gone.ID); err != nil {
		t.Fatal(err)
	}
	if n, err := w.Check(ctx); err != nil || n != 4 {
		t.Fatalf("closed %d (%v), want 4", n, err)
	}
	for worker, c := range miners {
		if strings.HasPrefix(worker, "farmer.") {
			// Still open: the pool answers it.
			actx, cancel := context.WithTimeout(ctx, 5*time.Second)
			err := c.Authorize(actx, worker+"b", "x")
			cancel()
			if err != nil {
				t.Errorf("%s, another account's: %v", worker, err)
			}
			continue
		}
		for range c.Jobs() { // closed when the pool ends the connection
		}
	}
	// The servers forget a connection just after the miner sees it end.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(time.Millisecond) {
		b, l := btc.Stats().Connections, ltc.Stats().Connections
		if b == 1 && l == 1 {
			break
		}
		if time.Now().After(deadline) { // only keeps a regression from hanging
			t.Fatalf("left open: %d and %d, want only the other account's one on each", b, l)
		}
	}
}
