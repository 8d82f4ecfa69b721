package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// tcpMiner is one stratum connection to a pool; algo is its proof of work (sha256d when empty).
type tcpMiner struct {
	c    *stratum.Client
	en1  []byte
	size int
	job  *stratum.Job
	next uint32
	algo string
}

func dialPool(t *testing.T, ctx context.Context, p *devnetPool, workers ...string) *tcpMiner {
	t.Helper()
	return dialStratum(t, ctx, p.port, workers...)
}

// dialStratum connects to a stratum port on loopback as cgminer (an ASIC's software),
// subscribes and authorizes workers.
func dialStratum(t *testing.T, ctx context.Context, port int, workers ...string) *tcpMiner {
	t.Helper()
	return dialStratumAs(t, ctx, port, "cgminer/4.12.1", workers...)
}

// dialStratumAs is dialStratum with the miner software's user agent.
func dialStratumAs(t *testing.T, ctx context.Context, port int, userAgent string, workers ...string) *tcpMiner {
	t.Helper()
	c, err := stratum.Dial(ctx, fmt.Sprintf("127.0.0.1:%d", port), stratum.ClientOptions{UserAgent: userAgent})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	en1, size, err := c.Subscribe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range workers {
		if err := c.Authorize(ctx, w, "x"); err != nil {
			t.Fatalf("authorize %s: %v", w, err)
		}
	}
	return &tcpMiner{c: c, en1: en1, size: size}
}

// share submits a share of worker that meets the connection's target (good) or misses
// it, and answers the pool's verdict.
func (m *tcpMiner) share(ctx context.Context, worker string, good bool) error {
	if m.job == nil {
		select {
		case m.job = <-m.c.Jobs():
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	for {
		m.next++
		en2 := make([]byte, m.size)
		for i := 0; i < 4 && i < len(en2); i++ {
			en2[len(en2)-1-i] = byte(m.next >> (8 * i))
		}
		algo := m.algo
		if algo == "" {
			algo = chain.SHA256d
		}
		target := chain.DifficultyToTarget(m.c.Difficulty(), algo)
		var nonce uint32
		for n := uint32(0); ; {
			sol, ok, err := mining.Solve(m.job, algo, m.en1, en2, m.job.NTime, target, n, 1<<12)
			if err != nil {
				return err
			}
			if good && ok {
				nonce = sol.Nonce
				break
			}
			if !good && !ok {
				nonce = n // the first nonce tried missed the target
				break
			}
			if !good {
				n++
				continue
			}
			n += sol.Tries
		}
		err := m.c.Submit(ctx, worker, m.job.ID, en2, m.job.NTime, nonce, 0)
		var se *stratum.Error
		if errors.As(err, &se) && se.Code == stratum.CodeJobNotFound {
			m.job = nil
			select {
			case m.job = <-m.c.Jobs():
			case <-ctx.Done():
				return ctx.Err()
			}
			continue
		}
		return err
	}
}

func countRows(t *testing.T, d *db.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// openPoolDB opens a devnet pool's database beside the running server.
func openPoolDB(t *testing.T, p *devnetPool) *db.DB {
	t.Helper()
	d, err := db.Open(context.Background(), p.dbPath)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// Over TCP to poold serve: 50 mining.authorize calls with no share add no device to the
// sub-account (each used to add a "normal, bound" device to it).
func TestServeAuthorizeAddsNoDevice(t *testing.T) {
	p := startDevnetPool(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	d := openPoolDB(t, p)
	for c := 0; c < 5; c++ {
		var names []string
		for i := 0; i < 10; i++ {
			names = append(names, fmt.Sprintf("farm1.idle%d%d", c, i))
		}
		dialPool(t, ctx, p, names...)
	}
	if n := countRows(t, d, "SELECT COUNT(*) FROM devices"); n != 0 {
		t.Fatalf("50 authorizes made %d device rows", n)
	}
	if err := p.stop(); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, d, "SELECT COUNT(*) FROM devices"); n != 0 {
		t.Fatalf("50 authorizes made %d device rows", n)
	}
}

// A worker that sends only invalid shares is not normal after the status sweep: it has
// no device at all (the old code had made it a normal one at authorize).
func TestServeInvalidSharesOnlyAreNotNormal(t *testing.T) {
	p := startDevnetPool(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	d := openPoolDB(t, p)
	bad := dialPool(t, ctx, p, "farm1.bad")
	for i := 0; i < 5; i++ {
		if err := bad.share(ctx, "farm1.bad", false); err == nil {
			t.Fatal("an invalid share was accepted")
		}
	}
	bad.c.Close()
	if err := p.stop(); err != nil { // the final flush
		t.Fatal(err)
	}
	if _, _, err := (&pool.Store{DB: d}).SweepDevices(ctx, time.Now()); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, d, "SELECT COUNT(*) FROM devices WHERE status = ?", pool.StatusNormal); n != 0 {
		t.Fatalf("a worker with only invalid shares is normal (%d rows)", n)
	}
	if n := countRows(t, d, "SELECT COUNT(*) FROM share_minutes"); n != 0 {
		t.Fatalf("%d share_minutes rows for a worker without a device", n)
	}
}

// The first accepted share makes exactly one device, and two connections mining under
// one worker name at the same moment make no second one.
func TestServeFirstAcceptedShareMakesOneDevice(t *testing.T) {
	p := startDevnetPool(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	d := openPoolDB(t, p)
	first := dialPool(t, ctx, p, "farm1.rig1")
	if n := countRows(t, d, "SELECT COUNT(*) FROM devices"); n != 0 {
		t.Fatalf("%d devices before any share", n)
	}
	if err := first.share(ctx, "farm1.rig1", true); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, d, "SELECT COUNT(*) FROM devices WHERE worker = 'rig1'"); n != 1 {
		t.Fatalf("%d devices after the first accepted share", n)
	}
	a, b := dialPool(t, ctx, p, "farm1.twin"), dialPool(t, ctx, p, "farm1.twin")
	if n := countRows(t, d, "SELECT COUNT(*) FROM devices"); n != 1 {
		t.Fatalf("%d devices before twin's first share", n)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 6)
	for _, m := range []*tcpMiner{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 3; i++ {
				errs <- m.share(ctx, "farm1.twin", true)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if n := countRows(t, d, "SELECT COUNT(*) FROM devices"); n != 2 {
		t.Fatalf("%d device rows, want rig1 and twin", n)
	}
	for _, m := range []*tcpMiner{first, a, b} {
		m.c.Close()
	}
	if err := p.stop(); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, d, "SELECT COALESCE(SUM(accepted), 0) FROM share_minutes"); n != 7 {
		t.Fatalf("%d accepted shares in share_minutes, want 7", n)
	}
	if n := countRows(t, d, "SELECT COUNT(*) FROM devices WHERE status = ?", pool.StatusNormal); n != 2 {
		t.Fatalf("%d normal devices", n)
	}
}

// The adapter gives the miner the pool's refusals in words; a sub-account at its device
// cap refuses a new worker's first share and nothing is written.
func TestPoolWorkersRefusals(t *testing.T) {
	p := startDevnetPool(t)
	if err := p.stop(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	d := openPoolDB(t, p)
	w := poolWorkers{&pool.Store{DB: d, MaxDevicesPerSubAccount: 1}}
	if err := w.AuthorizeWorker(ctx, "BTC", "farm1.rig1"); err != nil {
		t.Fatal(err)
	}
	if n := countRows(t, d, "SELECT COUNT(*) FROM devices"); n != 0 {
		t.Fatalf("authorize wrote %d devices", n)
	}
	ref, err := w.WorkerDevice(ctx, "BTC", "farm1.rig1", "203.0.113.9:1", "cgminer/4.12.1")
	if err != nil || ref.ID == 0 || ref.Worker != "farm1.rig1" {
		t.Fatalf("first device: %+v %v", ref, err)
	}
	if again, err := w.WorkerDevice(ctx, "BTC", "farm1.rig1", "203.0.113.9:2", ""); err != nil || again.ID != ref.ID {
		t.Fatalf("same worker: %+v %v", again, err)
	}
	for _, c := range []struct{ coin, worker, msg string }{
		{"BTC", "farm1.rig2", "sub-account device limit reached"},
		{"BTC", "nobody.rig1", "unknown sub-account (worker names are <sub-account>.<suffix>)"},
		{"BTC", "farm1", "bad worker name: <sub-account>.<suffix>, suffix 1-15 letters, digits, _ or -"},
		{"DOGE", "farm1.rig1", "DOGE is not open for mining"},
	} {
		_, err := w.WorkerDevice(ctx, c.coin, c.worker, "203.0.113.9:1", "")
		var se *stratum.Error
		if !errors.As(err, &se) || se.Code != stratum.CodeUnauthorized || se.Message != c.msg {
			t.Errorf("%s on %s: %v, want %q", c.worker, c.coin, err, c.msg)
		}
	}
	if n := countRows(t, d, "SELECT COUNT(*) FROM devices"); n != 1 {
		t.Fatalf("%d devices after the refusals", n)
	}
}

// A share flush whose device touch fails still counts its shares once: the sink reports
// success for the minutes it wrote, so the aggregator does not write them again (they
// were doubled when the touch error was returned).
func TestShareFlushCountsOnceWhenTheTouchFails(t *testing.T) {
	p := startDevnetPool(t)
	if err := p.stop(); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	d := openPoolDB(t, p)
	store := &pool.Store{DB: d}
	ref, err := (poolWorkers{store}).WorkerDevice(ctx, "BTC", "farm1.rig1", "203.0.113.9:1", "cgminer/4.12.1")
	if err != nil {
		t.Fatal(err)
	}
	// Every later update of a device fails, as a lock timeout or a lost connection would.
	if _, err := d.Exec(ctx, `CREATE TRIGGER no_touch BEFORE UPDATE ON devices BEGIN SELECT RAISE(ABORT, 'touch refused'); END`); err != nil {
		t.Fatal(err)
	}
	var logged strings.Builder
	agg := &mining.Aggregator{Sink: poolSink{store, slog.New(slog.NewTextHandler(&logged, nil))}, Log: slog.New(slog.DiscardHandler)}
	agg.Add(ref.ID, "BTC", time.Now(), 2, mining.Accepted)
	agg.Add(ref.ID, "BTC", time.Now(), 0, mining.Rejected)
	for i := 0; i < 3; i++ { // the first flush writes; later ones have nothing to write again
		if err := agg.Flush(ctx); err != nil {
			t.Fatalf("flush %d: %v", i, err)
		}
	}
	if n := countRows(t, d, "SELECT COALESCE(SUM(accepted), 0) FROM share_minutes"); n != 1 {
		t.Fatalf("one accepted share counted %d times", n)
	}
	if !strings.Contains(logged.String(), "touch refused") {
		t.Fatalf("the failed touch was not logged: %s", logged.String())
	}
}
