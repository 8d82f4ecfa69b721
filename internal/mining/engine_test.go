package mining_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/bitcoind"
	"github.com/uniplus-pool/pool/internal/chain/chaintest"
	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// fixedWorkers authorizes workers of one sub-account, acct1, each as its own device made
// at its first accepted share, at most max devices when max is set.
type fixedWorkers struct {
	mu    sync.Mutex
	next  int64
	ids   map[string]int64
	max   int
	calls int // WorkerDevice calls
}

func (w *fixedWorkers) AuthorizeWorker(_ context.Context, _, worker string) error {
	if len(worker) < 6 || worker[:6] != "acct1." {
		return &stratum.Error{Code: stratum.CodeUnauthorized, Message: "unknown sub-account"}
	}
	return nil
}

func (w *fixedWorkers) WorkerDevice(_ context.Context, _, worker, _, _ string) (mining.DeviceRef, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.calls++
	if w.ids == nil {
		w.ids = map[string]int64{}
	}
	if _, ok := w.ids[worker]; !ok {
		if w.max > 0 && len(w.ids) >= w.max {
			return mining.DeviceRef{}, &stratum.Error{Code: stratum.CodeUnauthorized, Message: "sub-account device limit reached"}
		}
		w.next++
		w.ids[worker] = w.next
	}
	return mining.DeviceRef{ID: w.ids[worker], Worker: worker}, nil
}

func (w *fixedWorkers) devices() (devices, calls int) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return len(w.ids), w.calls
}

type sumSink struct {
	mu       sync.Mutex
	accepted int
	rejected int
	stale    int
	diff     float64
	// ratio sums the pay-per-share credit; rewards and fees list the values it came at.
	ratio   float64
	rewards map[int64]bool
	fees    map[int]bool
}

func (s *sumSink) AddShareMinutes(_ context.Context, _ string, rows []mining.ShareMinute) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, r := range rows {
		s.accepted += r.Accepted
		s.rejected += r.Rejected
		s.stale += r.Stale
		s.diff += r.DiffSum
		s.ratio += r.RatioSum
		if r.Accepted > 0 {
			if s.rewards == nil {
				s.rewards, s.fees = map[int64]bool{}, map[int]bool{}
			}
			s.rewards[r.Reward], s.fees[r.FeeBps] = true, true
		}
	}
	return nil
}

// rig is an engine with a stratum server on loopback over a given driver.
type rig struct {
	engine *mining.Engine
	server *stratum.Server
	addr   string
	sink   *sumSink
	blocks *mining.Blocks
}

func startRig(t *testing.T, coin, algo string, d chain.Driver, payout []byte, diff float64, configure ...func(*mining.Engine)) *rig {
	t.Helper()
	return startRigWith(t, stratum.Config{}, coin, algo, d, payout, diff, configure...)
}

// startRigWith is startRig with the stratum server's settings scfg (its difficulties,
// share interval and logger are startRig's).
func startRigWith(t *testing.T, scfg stratum.Config, coin, algo string, d chain.Driver, payout []byte, diff float64, configure ...func(*mining.Engine)) *rig {
	t.Helper()
	blocks := &mining.Blocks{DB: dbtest.SQLite(t)}
	sink := &sumSink{}
	e := &mining.Engine{Coin: coin, Algorithm: algo, Driver: d, Workers: &fixedWorkers{},
		Shares: &mining.Aggregator{Sink: sink}, Blocks: blocks, Maturity: 3, FeeBps: 250,
		Builder: mining.NewBuilder(algo, payout, 8, "/uniplus-test/"), Refresh: time.Second, Log: slog.New(slog.DiscardHandler)}
	for _, f := range configure {
		f(e)
	}
	scfg.InitialDifficulty, scfg.MinDifficulty, scfg.Logger, scfg.TargetShareInterval = diff, diff/16, slog.New(slog.DiscardHandler), time.Hour
	srv, err := stratum.NewServer(scfg, e)
	if err != nil {
		t.Fatal(err)
	}
	e.Attach(srv)
	ctx, cancel := context.WithCancel(context.Background())
	engineDone := make(chan error, 1)
	go func() { engineDone <- e.Run(ctx) }()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() {
		cancel()
		if err := <-engineDone; err != nil {
			t.Errorf("engine: %v", err)
		}
		c, done := context.WithTimeout(context.Background(), 5*time.Second)
		defer done()
		_ = srv.Close(c)
	})
	return &rig{engine: e, server: srv, addr: ln.Addr().String(), sink: sink, blocks: blocks}
}

// quietDevnet is a devnet of BTC with no other miners, a block every second at about
// hashes hashes, and its wallet's payout script.
func quietDevnet(t *testing.T, hashes float64) (*devnet.Chain, []byte) {
	t.Helper()
	cfg := devnet.DefaultConfig("BTC", chain.SHA256d)
	cfg.OtherMiners = false
	cfg.NetworkHashRate = hashes
	cfg.BlockTime = time.Second
	cfg.BlockReward = 625_000_000
	d, err := devnet.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	payoutAddr, _ := d.NewAddress(context.Background())
	addr, _ := d.ValidateAddress(context.Background(), payoutAddr)
	return d, addr.Script
}

// mine connects as worker, then solves and submits shares until want blocks were found or
// the deadline passes. It returns the number of accepted shares.
func mine(t *testing.T, r *rig, worker, algo string, wantBlocks int, deadline time.Duration) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	m := dialMiner(t, ctx, r, worker)
	c, en1, en2Size, job := m.c, m.en1, m.en2Size, m.job
	defer c.Close()
	accepted := 0
	var counter uint32
	for {
		select {
		case j := <-c.Jobs():
			job = j
		case <-ctx.Done():
			return accepted
		default:
		}
		if job == nil {
			select {
			case job = <-c.Jobs():
			case <-ctx.Done():
				return accepted
			}
		}
		counter++
		en2 := make([]byte, en2Size)
		en2[0], en2[1] = byte(counter>>8), byte(counter)
		target := chain.DifficultyToTarget(c.Difficulty(), algo)
		sol, ok, err := mining.Solve(job, algo, en1, en2, job.NTime, target, 0, 1<<20)
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			continue
		}
		err = c.Submit(ctx, worker, job.ID, en2, job.NTime, sol.Nonce, 0)
		var se *stratum.Error
		switch {
		case err == nil:
			accepted++
		case errors.As(err, &se) && se.Code == stratum.CodeJobNotFound:
			job = nil // a new block made it stale; take the next job
			continue
		default:
			t.Fatalf("submit: %v", err)
		}
		if wantBlocks > 0 {
			list, _ := r.blocks.List(ctx, r.engine.Coin, 100)
			if len(list) >= wantBlocks {
				return accepted
			}
		}
	}
}

// litecoinDriver is the bitcoind driver on node A of a litecoind regtest pair, with its wallet.
func litecoinDriver(t *testing.T, pair *chaintest.Pair) *bitcoind.Client {
	t.Helper()
	d, err := bitcoind.New(bitcoind.Config{URL: pair.URL, User: pair.User, Password: pair.Password, Wallet: pair.Wallet,
		Algorithm: chain.Scrypt, Rules: []string{"mweb", "segwit"}, Decimals: 8, PollInterval: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// Blocks mined through our stratum server reach litecoind (regtest) and are accepted by
// both nodes; found blocks are recorded and followed to maturity.
func TestMiningThroughStratumReachesLitecoind(t *testing.T) {
	pair := chaintest.StartLitecoinPair(t)
	d := litecoinDriver(t, pair)
	ctx := context.Background()
	payoutAddr, err := d.NewAddress(ctx)
	if err != nil {
		t.Fatal(err)
	}
	addr, err := d.ValidateAddress(ctx, payoutAddr)
	if err != nil || !addr.Valid {
		t.Fatalf("payout address: %v %+v", err, addr)
	}
	// A wallet transaction, so that the blocks carry more than a coinbase.
	if _, err := d.Send(ctx, pair.MineAddress, 100_000_000, "test"); err != nil {
		t.Fatal(err)
	}
	start, err := d.Network(ctx)
	if err != nil {
		t.Fatal(err)
	}
	r := startRig(t, "LTC", chain.Scrypt, d, addr.Script, 1.0/65536)
	accepted := mine(t, r, "acct1.rig01", chain.Scrypt, 3, 2*time.Minute)
	list, err := r.blocks.List(ctx, "LTC", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) < 3 {
		t.Fatalf("%d blocks recorded after %d shares", len(list), accepted)
	}
	for _, b := range list {
		if b.Status != mining.BlockPending || b.Worker != "acct1.rig01" || b.Reward <= 0 {
			t.Fatalf("block %+v", b)
		}
	}
	end, err := d.Network(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if end.Height < start.Height+3 {
		t.Fatalf("node height %d -> %d", start.Height, end.Height)
	}
	tip := pair.Sync(t) // node B follows the blocks our stratum found
	if tip == "" {
		t.Fatal("no common tip")
	}
	// The first wallet transaction made it into one of our blocks.
	h, _ := chain.ParseHash(list[len(list)-1].Hash)
	info, err := d.Block(ctx, h)
	if err != nil || info.Confirmations < 1 {
		t.Fatalf("block %s on the node: %+v %v", list[len(list)-1].Hash, info, err)
	}
	// Maturity: 3 more blocks from node B confirm the oldest.
	pair.Generate(t, pair.B, 3)
	pair.Sync(t)
	if _, err := r.blocks.Follow(ctx, "LTC", d, 3); err != nil {
		t.Fatal(err)
	}
	list, _ = r.blocks.List(ctx, "LTC", 10)
	if oldest := list[len(list)-1]; oldest.Status != mining.BlockConfirmed {
		t.Fatalf("oldest block after 3 more: %+v", oldest)
	}
	if err := r.engine.Shares.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if r.sink.accepted != accepted || r.sink.diff <= 0 {
		t.Fatalf("aggregated %d accepted (diff %g), miner saw %d", r.sink.accepted, r.sink.diff, accepted)
	}
}

// On devnet: shares below the share target are refused as low difficulty; unknown
// sub-accounts cannot authorize; blocks are found and pool statistics
// computed.
func TestDevnetSharesBlocksAndRejections(t *testing.T) {
	d, script := quietDevnet(t, 1<<16) // a block every few hundred thousand hashes at most
	r := startRig(t, "BTC", chain.SHA256d, d, script, 1.0/4096)

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, err := stratum.Dial(ctx, r.addr, stratum.ClientOptions{UserAgent: "cgminer/4.12.1"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	en1, _, err := c.Subscribe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var se *stratum.Error
	if err := c.Authorize(ctx, "stranger.rig", "x"); !errors.As(err, &se) || se.Code != stratum.CodeUnauthorized {
		t.Fatalf("unknown sub-account: %v", err)
	}
	if err := c.Authorize(ctx, "acct1.gpu7", "x"); err != nil {
		t.Fatal(err)
	}
	job := <-c.Jobs()
	en2 := []byte{0, 0, 0, 1}
	// A nonce whose hash misses the share target.
	share := chain.DifficultyToTarget(c.Difficulty(), chain.SHA256d)
	var bad uint32
	for n := uint32(0); ; n++ {
		if _, ok, _ := mining.Solve(job, chain.SHA256d, en1, en2, job.NTime, share, n, 1); !ok {
			bad = n
			break
		}
	}
	if err := c.Submit(ctx, "acct1.gpu7", job.ID, en2, job.NTime, bad, 0); !errors.As(err, &se) || se.Code != stratum.CodeLowDifficulty {
		t.Fatalf("low difficulty share: %v", err)
	}
	// The worker has no device yet (no accepted share): its invalid share is in the
	// server's counters only.
	if st := r.server.Stats(); st.SharesRejected != 1 {
		t.Fatalf("server stats %+v", st)
	}
	c.Close()
	accepted := mine(t, r, "acct1.gpu7", chain.SHA256d, 1, 2*time.Minute)
	if err := r.engine.Shares.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if r.sink.rejected != 0 || r.sink.accepted != accepted {
		t.Fatalf("sink %+v, miner accepted %d", r.sink, accepted)
	}
	// Every accepted share accrued at the devnet's subsidy and the coin's fee, each at most
	// one block's worth.
	if r.sink.ratio <= 0 || r.sink.ratio > float64(accepted) || len(r.sink.rewards) != 1 || !r.sink.rewards[625_000_000] || len(r.sink.fees) != 1 || !r.sink.fees[250] {
		t.Fatalf("pay-per-share credit: ratio %g over %d shares, rewards %v, fees %v", r.sink.ratio, accepted, r.sink.rewards, r.sink.fees)
	}
	list, _ := r.blocks.List(context.Background(), "BTC", 10)
	if len(list) == 0 || list[0].Status != mining.BlockPending {
		t.Fatalf("blocks %+v", list)
	}
	if err := r.engine.Follow(context.Background()); err != nil {
		t.Fatal(err)
	}
	st, err := r.blocks.Stats(context.Background(), "BTC")
	if err != nil || st.Driver != "devnet" || st.Height < 1 || st.LastBlockHeight != list[0].Height {
		t.Fatalf("stats %+v %v", st, err)
	}
}

// A share whose hash meets the network target but not the (higher) share target is a
// block: it goes to the node and is recorded, and the share is accepted at the network
// difficulty. It used to be refused as low difficulty and the block was lost.
func TestBlockBelowShareDifficultyIsSubmitted(t *testing.T) {
	d, script := quietDevnet(t, 1<<10)                   // about a thousand hashes a block
	r := startRig(t, "BTC", chain.SHA256d, d, script, 1) // share difficulty 1: 2^32 hashes a share

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	m := dialMiner(t, ctx, r, "acct1.cpu1")
	c, en1, job := m.c, m.en1, m.job
	en2 := []byte{0, 0, 0, 1}
	netTarget := chain.CompactToTarget(job.NBits)
	shareTarget := chain.DifficultyToTarget(c.Difficulty(), chain.SHA256d)
	var sol mining.Solution
	for start := uint32(0); ; {
		s, ok, err := mining.Solve(job, chain.SHA256d, en1, en2, job.NTime, netTarget, start, 1<<16)
		if err != nil {
			t.Fatal(err)
		}
		start += s.Tries
		if ok && !chain.HashMeetsTarget(s.Hash, shareTarget) {
			sol = s
			break
		}
	}
	if err := c.Submit(ctx, "acct1.cpu1", job.ID, en2, job.NTime, sol.Nonce, 0); err != nil {
		t.Fatalf("block below the share difficulty: %v", err)
	}
	list, err := r.blocks.List(ctx, "BTC", 10)
	if err != nil || len(list) != 1 || list[0].Status != mining.BlockPending || list[0].Worker != "acct1.cpu1" {
		t.Fatalf("blocks %+v %v", list, err)
	}
	if err := r.engine.Shares.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	netDiff := chain.TargetToDifficulty(netTarget, chain.SHA256d)
	if r.sink.accepted != 1 || r.sink.rejected != 0 || r.sink.diff != netDiff {
		t.Fatalf("sink %+v, want one share at the network difficulty %g", r.sink, netDiff)
	}
	// A block earns exactly one block reward under pay-per-share.
	if r.sink.ratio != 1 {
		t.Fatalf("block share credited ratio %g, want 1", r.sink.ratio)
	}
}

// tipsUnheard is a driver whose new-tip notice never comes, so the only way the engine
// learns of a new block before its refresh timer is its own accepted block; templates
// after the first wait until gate is closed.
type tipsUnheard struct {
	chain.Driver
	calls atomic.Int32
	gate  chan struct{}
}

func (*tipsUnheard) WaitTemplate(ctx context.Context, _ chain.Hash) (*chain.Template, error) {
	<-ctx.Done()
	return nil, ctx.Err()
}

func (d *tipsUnheard) Template(ctx context.Context) (*chain.Template, error) {
	if d.calls.Add(1) > 1 {
		select {
		case <-d.gate:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return d.Driver.Template(ctx)
}

// Once the node accepts a block of ours, work on its parent can only compete with it: a
// second solution on the same job is answered stale and never sent to the node (litecoind
// answered such blocks "inconclusive" and they were recorded as rejected), and a clean job
// goes out at once instead of at the next refresh.
func TestWorkOnOurSolvedParentIsStale(t *testing.T) {
	d, script := quietDevnet(t, 1<<10)
	drv := &tipsUnheard{Driver: d, gate: make(chan struct{})}
	r := startRig(t, "BTC", chain.SHA256d, drv, script, 1.0/4096, func(e *mining.Engine) { e.Refresh = time.Hour })

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	m := dialMiner(t, ctx, r, "acct1.cpu1")
	c, en1, job := m.c, m.en1, m.job
	netTarget := chain.CompactToTarget(job.NBits)
	solve := func(en2 []byte) uint32 {
		s, ok, err := mining.Solve(job, chain.SHA256d, en1, en2, job.NTime, netTarget, 0, 1<<24)
		if err != nil || !ok {
			t.Fatalf("no block found: %v", err)
		}
		return s.Nonce
	}
	first, second := []byte{0, 0, 0, 1}, []byte{0, 0, 0, 2}
	if err := c.Submit(ctx, "acct1.cpu1", job.ID, first, job.NTime, solve(first), 0); err != nil {
		t.Fatalf("first block: %v", err)
	}
	var se *stratum.Error
	if err := c.Submit(ctx, "acct1.cpu1", job.ID, second, job.NTime, solve(second), 0); !errors.As(err, &se) || se.Code != stratum.CodeJobNotFound {
		t.Fatalf("a block on our own block's parent: %v, want stale", err)
	}
	// Stale before any new job went out (the template it asked for is held at the gate);
	// then the job built at once from the accepted block, not at the hour's refresh.
	close(drv.gate)
	select {
	case next := <-c.Jobs():
		if !next.CleanJobs || next.PrevHash == job.PrevHash {
			t.Fatalf("next job %+v after our block, want a clean job on it", next)
		}
	case <-ctx.Done():
		t.Fatal("no new job after our block was accepted")
	}
	list, err := r.blocks.List(ctx, "BTC", 10)
	if err != nil || len(list) != 1 || list[0].Status != mining.BlockPending {
		t.Fatalf("blocks %+v %v, want our one block", list, err)
	}
}

// One solution is paid once. On a quiet chain the engine refreshes the job with nothing in
// the template changed; the coinbase was built from the template alone, so both jobs made
// the same header for the same extranonce2, ntime and nonce, and a miner (behind a
// modified proxy) had one solution accepted and paid under each live job. Now every job
// has its own coinbase: the solution under the refreshed job is another header, judged
// on its own (here it misses the share target).
func TestOneSolutionIsPaidOnceAcrossRefreshedJobs(t *testing.T) {
	d, script := quietDevnet(t, 1<<40) // no share is a block: the tip stays
	r := startRig(t, "BTC", chain.SHA256d, d, script, 1.0/65536)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	m := dialMiner(t, ctx, r, "acct1.rig1")
	first := m.job
	var refreshed *stratum.Job
	for refreshed == nil {
		select {
		case j := <-m.c.Jobs():
			if j.CleanJobs || j.PrevHash != first.PrevHash {
				t.Fatalf("job %s: a new tip on a quiet chain", j.ID)
			}
			refreshed = j
		case <-ctx.Done():
			t.Fatal("no refreshed job")
		}
	}
	if bytes.Equal(first.Coinb1, refreshed.Coinb1) && bytes.Equal(first.Coinb2, refreshed.Coinb2) {
		t.Fatal("two jobs of one template have the same coinbase")
	}
	// A solution of the first job that the refreshed job's header does not make good.
	en2 := []byte{0, 0, 0, 7}
	ntime := max(first.NTime, refreshed.NTime)
	target := chain.DifficultyToTarget(m.c.Difficulty(), chain.SHA256d)
	var nonce uint32
	for {
		sol, ok, err := mining.Solve(first, chain.SHA256d, m.en1, en2, ntime, target, nonce, 1<<22)
		if err != nil || !ok {
			t.Fatalf("no solution from nonce %d: %v", nonce, err)
		}
		nonce = sol.Nonce
		if _, again, _ := mining.Solve(refreshed, chain.SHA256d, m.en1, en2, ntime, target, nonce, 1); !again {
			break
		}
		nonce++
	}
	if err := m.c.Submit(ctx, "acct1.rig1", first.ID, en2, ntime, nonce, 0); err != nil {
		t.Fatalf("the solution: %v", err)
	}
	var se *stratum.Error
	if err := m.c.Submit(ctx, "acct1.rig1", refreshed.ID, en2, ntime, nonce, 0); !errors.As(err, &se) || se.Code != stratum.CodeLowDifficulty {
		t.Fatalf("the same solution under the refreshed job: %v, want it judged as another header (low difficulty)", err)
	}
	if err := r.engine.Shares.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	r.sink.mu.Lock()
	defer r.sink.mu.Unlock()
	if r.sink.accepted != 1 {
		t.Fatalf("%d shares counted for one solution", r.sink.accepted)
	}
}

// With Terms set, each accepted share is credited at the fee and PPS setting Terms answers
// for the moment it was accepted (coin.TermsClock: a change applies from the next
// settlement day without a restart), not at the fee the engine started with.
func TestSharesAreCreditedAtTheTermsOfTheirMoment(t *testing.T) {
	d, script := quietDevnet(t, 1<<16)
	var asked []time.Time
	var mu sync.Mutex
	r := startRig(t, "BTC", chain.SHA256d, d, script, 1.0/4096, func(e *mining.Engine) {
		e.Terms = func(at time.Time) (int, bool) {
			mu.Lock()
			defer mu.Unlock()
			asked = append(asked, at)
			return 400, true
		}
	})
	start := time.Now()
	accepted := mine(t, r, "acct1.gpu7", chain.SHA256d, 1, 2*time.Minute)
	if err := r.engine.Shares.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if accepted == 0 || len(r.sink.fees) != 1 || !r.sink.fees[400] || len(asked) < accepted || asked[0].Before(start.Add(-time.Second)) {
		t.Fatalf("%d shares: fees %v, terms asked %d times from %v", accepted, r.sink.fees, len(asked), asked)
	}
}
