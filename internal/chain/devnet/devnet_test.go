package devnet

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
)

func TestMineBlock(t *testing.T) {
	for _, algo := range []string{chain.SHA256d, chain.Scrypt} {
		t.Run(algo, func(t *testing.T) {
			ctx := context.Background()
			c, clock := newTestChain(t, algo, nil)
			if c.Name() != "devnet" {
				t.Errorf("Name = %q", c.Name())
			}
			_, script := payout(t, c)

			tmpl, err := c.Template(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if tmpl.Height != 1 || tmpl.Version != BlockVersion || tmpl.Algorithm != algo || len(tmpl.Rules) != 1 || tmpl.Rules[0] != "devnet" {
				t.Fatalf("template %+v", tmpl)
			}
			if tmpl.Target.Cmp(chain.CompactToTarget(tmpl.Bits)) != 0 {
				t.Errorf("target %x is not what bits %08x say", tmpl.Target, tmpl.Bits)
			}
			if tmpl.CoinbaseValue != reward || tmpl.WitnessCommitment != nil || len(tmpl.Transactions) != 0 {
				t.Errorf("template value %d, commitment %x, %d txs", tmpl.CoinbaseValue, tmpl.WitnessCommitment, len(tmpl.Transactions))
			}
			if int64(tmpl.CurTime) != clock.Now().Unix() || tmpl.MinTime != genesisTime+1 {
				t.Errorf("cur time %d, min time %d", tmpl.CurTime, tmpl.MinTime)
			}

			// The block goes in once the waiter has found the tip unchanged and blocks, so
			// what wakes it is the block.
			waiting := newParkedContext(ctx)
			woke := make(chan *chain.Template, 1)
			go func() {
				nt, err := c.WaitTemplate(waiting, tmpl.PrevHash)
				if err != nil {
					t.Errorf("WaitTemplate: %v", err)
				}
				woke <- nt
			}()
			select {
			case <-waiting.parked:
			case nt := <-woke:
				t.Fatalf("WaitTemplate returned a template at %d before the tip moved", nt.Height)
			case <-time.After(5 * time.Second):
				t.Fatal("WaitTemplate never waited")
			}

			blk, hash := solve(t, tmpl, script, nil)
			if err := c.SubmitBlock(ctx, blk); err != nil {
				t.Fatalf("SubmitBlock: %v", err)
			}
			select {
			case nt := <-woke:
				if nt.PrevHash != hash || nt.Height != 2 {
					t.Errorf("woken template on %s at %d, want %s at 2", nt.PrevHash, nt.Height, hash)
				}
			case <-time.After(5 * time.Second):
				t.Fatal("WaitTemplate did not wake")
			}
			if h := height(t, c); h != 1 {
				t.Fatalf("height %d after the block", h)
			}
			info, err := c.Block(ctx, hash)
			if err != nil {
				t.Fatal(err)
			}
			if info.Height != 1 || info.Confirmations != 1 || info.CoinbaseValue != reward || info.Time != int64(tmpl.CurTime) {
				t.Errorf("block info %+v", info)
			}

			// Maturity 3: the credit counts from the third confirmation.
			for conf := int64(2); conf <= 4; conf++ {
				if got := balance(t, c); (got == reward) != (conf-1 >= 3) {
					t.Errorf("balance %d at %d confirmations", got, conf-1)
				}
				clock.Add(time.Minute)
				c.MineExternal()
				if got := confirmations(t, c, hash); got != conf {
					t.Errorf("confirmations %d, want %d", got, conf)
				}
			}
			if got := balance(t, c); got != reward {
				t.Errorf("balance %d after maturity, want %d", got, reward)
			}
		})
	}
}

func TestRejections(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name   string
		reason string
		// block builds the block to submit, given a chain with a wallet script.
		block func(t *testing.T, c *Chain, script []byte) []byte
	}{
		{"stale", "stale-prevblk", func(t *testing.T, c *Chain, script []byte) []byte {
			tmpl, _ := c.Template(ctx)
			c.MineExternal()
			blk, _ := solve(t, tmpl, script, nil)
			return blk
		}},
		{"unknown prev", "prev-blk-not-found", func(t *testing.T, c *Chain, script []byte) []byte {
			tmpl, _ := c.Template(ctx)
			tmpl.PrevHash[0] ^= 1
			blk, _ := solve(t, tmpl, script, nil)
			return blk
		}},
		{"high hash", "high-hash", func(t *testing.T, c *Chain, script []byte) []byte {
			tmpl, _ := c.Template(ctx)
			blk, _ := solve(t, tmpl, script, func(d *draft) { d.highHash = true })
			return blk
		}},
		{"wrong bits", "bad-diffbits", func(t *testing.T, c *Chain, script []byte) []byte {
			tmpl, _ := c.Template(ctx)
			blk, _ := solve(t, tmpl, script, func(d *draft) { d.bits = powLimitBits })
			return blk
		}},
		{"merkle root", "bad-txnmrklroot", func(t *testing.T, c *Chain, script []byte) []byte {
			tmpl, _ := c.Template(ctx)
			blk, _ := solve(t, tmpl, script, func(d *draft) { d.merkle = &chain.Hash{1} })
			return blk
		}},
		{"coinbase pays too much", "bad-cb-amount", func(t *testing.T, c *Chain, script []byte) []byte {
			tmpl, _ := c.Template(ctx)
			blk, _ := solve(t, tmpl, script, func(d *draft) { d.tmpl.CoinbaseValue++ })
			return blk
		}},
		{"coinbase height", "bad-cb-height", func(t *testing.T, c *Chain, script []byte) []byte {
			tmpl, _ := c.Template(ctx)
			blk, _ := solve(t, tmpl, script, func(d *draft) { d.tmpl.Height++ })
			return blk
		}},
		{"duplicate", "duplicate", func(t *testing.T, c *Chain, script []byte) []byte {
			tmpl, _ := c.Template(ctx)
			blk, _ := solve(t, tmpl, script, nil)
			if err := c.SubmitBlock(ctx, blk); err != nil {
				t.Fatalf("first submission: %v", err)
			}
			return blk
		}},
		{"time too old", "time-too-old", func(t *testing.T, c *Chain, script []byte) []byte {
			tmpl, _ := c.Template(ctx)
			blk, _ := solve(t, tmpl, script, func(d *draft) { d.time = tmpl.MinTime - 1 })
			return blk
		}},
		{"time too new", "time-too-new", func(t *testing.T, c *Chain, script []byte) []byte {
			tmpl, _ := c.Template(ctx)
			blk, _ := solve(t, tmpl, script, func(d *draft) { d.time = tmpl.CurTime + 3*3600 })
			return blk
		}},
		{"unknown transaction", "bad-txns-inputs-missingorspent", func(t *testing.T, c *Chain, script []byte) []byte {
			tmpl, _ := c.Template(ctx)
			c.mu.Lock()
			data := c.buildTxLocked([]chain.TxOut{{Value: 1000, Script: p2pkhScript([20]byte{9})}}, 0)
			c.mu.Unlock()
			tmpl.Transactions = append(tmpl.Transactions, chain.TemplateTx{Data: data, TxID: chain.DoubleSHA256(data)})
			blk, _ := solve(t, tmpl, script, nil)
			return blk
		}},
		{"garbage", "bad-blk-decode", func(t *testing.T, c *Chain, script []byte) []byte {
			tmpl, _ := c.Template(ctx)
			blk, _ := solve(t, tmpl, script, nil)
			return append(blk, 0)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, _ := newTestChain(t, chain.SHA256d, nil)
			_, script := payout(t, c)
			blk := tt.block(t, c, script)
			before := height(t, c)
			err := c.SubmitBlock(ctx, blk)
			if !errors.Is(err, chain.ErrBlockRejected) || reason(err) != tt.reason {
				t.Fatalf("SubmitBlock = %v, want rejection %q", err, tt.reason)
			}
			if !strings.HasPrefix(err.Error(), "devnet: submit block") {
				t.Errorf("error %q does not say where", err)
			}
			if after := height(t, c); after != before {
				t.Errorf("height moved from %d to %d on a rejected block", before, after)
			}
		})
	}
}

// A block from a template issued before a retarget is still good on the same tip.
func TestRetargetKeepsIssuedBits(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestChain(t, chain.SHA256d, nil)
	_, script := payout(t, c)
	old, _ := c.Template(ctx)
	c.SetNetworkHashRate(easyHashRate * 1.5)
	fresh, _ := c.Template(ctx)
	if fresh.Bits == old.Bits {
		t.Fatal("retarget did not change bits")
	}
	blk, _ := solve(t, old, script, nil)
	if err := c.SubmitBlock(ctx, blk); err != nil {
		t.Fatalf("block from the earlier template: %v", err)
	}
	next, _ := c.Template(ctx)
	if next.Bits != fresh.Bits {
		t.Errorf("bits %08x after the block, want %08x", next.Bits, fresh.Bits)
	}
}

func TestDifficulty(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		algo      string
		hashRate  float64
		blockTime time.Duration
	}{
		{chain.SHA256d, 1e12, time.Minute},
		{chain.SHA256d, 6e20, 10 * time.Minute},
		{chain.Scrypt, 5e9, 150 * time.Second},
		{chain.Scrypt, 1000, time.Minute},
		{"kheavyhash", 1e9, time.Second},
	}
	for _, tt := range tests {
		c, _ := newTestChain(t, tt.algo, func(cfg *Config) {
			cfg.NetworkHashRate = tt.hashRate
			cfg.BlockTime = tt.blockTime
		})
		n, err := c.Network(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got := n.Difficulty * chain.HashesPerDifficulty(tt.algo) / tt.blockTime.Seconds()
		if math.Abs(got-tt.hashRate)/tt.hashRate > 1e-4 {
			t.Errorf("%s %g H/s: difficulty %g implies %g H/s", tt.algo, tt.hashRate, n.Difficulty, got)
		}
		if n.HashRate != tt.hashRate || n.BlockReward != reward || n.Height != 0 {
			t.Errorf("network %+v", n)
		}
		tmpl, _ := c.Template(ctx)
		if tmpl.Difficulty != n.Difficulty {
			t.Errorf("template difficulty %g, network %g", tmpl.Difficulty, n.Difficulty)
		}
		if want := powAlgorithm(tt.algo); tmpl.Algorithm != want {
			t.Errorf("%s: template algorithm %q, want %q", tt.algo, tmpl.Algorithm, want)
		}

		c.SetNetworkHashRate(2 * tt.hashRate)
		n2, _ := c.Network(ctx)
		if r := n2.Difficulty / n.Difficulty; math.Abs(r-2) > 1e-4 {
			t.Errorf("%s: doubling the hashrate multiplied the difficulty by %g", tt.algo, r)
		}
	}

	// No hashrate at all: the floor, whose target still fits compact form.
	c, _ := newTestChain(t, chain.Scrypt, func(cfg *Config) { cfg.NetworkHashRate = 0 })
	tmpl, _ := c.Template(ctx)
	if tmpl.Bits != powLimitBits || tmpl.Target.Cmp(powLimit) != 0 {
		t.Errorf("floor bits %08x target %x", tmpl.Bits, tmpl.Target)
	}
	c.SetNetworkHashRate(-1)
	c.SetNetworkHashRate(math.NaN())
	if n, _ := c.Network(ctx); n.HashRate != 0 {
		t.Errorf("a bad hashrate was taken: %g", n.HashRate)
	}
}

func TestOtherMiners(t *testing.T) {
	ctx := context.Background()
	var reads clockReads
	c, clock := newTestChain(t, chain.SHA256d, func(cfg *Config) {
		cfg.OtherMiners = true
		cfg.TickInterval = time.Millisecond
		reads = watchClock(cfg)
	})
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	c.Start(runCtx)
	c.Start(runCtx) // a second call does nothing

	// The clock stands still: the network looks at it and finds nothing due.
	reads.wait(t, 2)
	if h := height(t, c); h != 0 {
		t.Fatalf("height %d with a stopped clock", h)
	}
	g := c.genesis.Hash
	tip := g
	for want := int64(1); want <= 3; want++ {
		clock.Add(30 * time.Minute) // many mean block times: the next block is due
		waitCtx, cancelWait := context.WithTimeout(ctx, 5*time.Second)
		nt, err := c.WaitTemplate(waitCtx, tip)
		cancelWait()
		if err != nil {
			t.Fatalf("tip stuck at %d: %v", want-1, err)
		}
		// One block for a jump of the clock, however long, not a burst: the next is timed
		// from the clock's new time, so a whole step later the height is the same.
		reads.wait(t, 2)
		if h := height(t, c); h != want {
			t.Fatalf("height %d after jump %d of the clock, want %d", h, want, want)
		}
		tip = nt.PrevHash
	}
	waitCtx, cancelWait := context.WithTimeout(ctx, time.Second)
	defer cancelWait()
	if nt, err := c.WaitTemplate(waitCtx, g); err != nil || nt.Height != 4 {
		t.Fatalf("WaitTemplate on genesis = %v, %v", nt, err)
	}
	b, err := c.Block(ctx, tip)
	if err != nil || b.CoinbaseValue != reward {
		t.Errorf("other miners' block %+v, %v", b, err)
	}
	if bal := balance(t, c); bal != 0 {
		t.Errorf("other miners' blocks credited the wallet: %d", bal)
	}

	// Close stops them: it returns once the network's goroutine has ended, so no step
	// sees a clock moved after it.
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	h := height(t, c)
	clock.Add(time.Hour)
	if got := height(t, c); got != h {
		t.Errorf("height moved from %d to %d after Close", h, got)
	}
}

func TestOrphan(t *testing.T) {
	ctx := context.Background()
	t.Run("MineExternal", func(t *testing.T) {
		c, _ := newTestChain(t, chain.SHA256d, func(cfg *Config) { cfg.OrphanRate = 1; cfg.Maturity = 1 })
		_, script := payout(t, c)
		hash := mine(t, c, script)
		if got := confirmations(t, c, hash); got != 1 {
			t.Fatalf("confirmations %d before the competitor", got)
		}
		if bal := balance(t, c); bal != reward {
			t.Fatalf("balance %d with maturity 1", bal)
		}
		winner := c.MineExternal()
		if got := confirmations(t, c, hash); got != -1 {
			t.Errorf("orphaned pool block has %d confirmations, want -1", got)
		}
		w, err := c.Block(ctx, winner)
		if err != nil || w.Height != 1 || w.Confirmations != 1 {
			t.Errorf("competitor %+v, %v", w, err)
		}
		if h := height(t, c); h != 1 {
			t.Errorf("height %d after a same-height replacement", h)
		}
		if bal := balance(t, c); bal != 0 {
			t.Errorf("orphaned coinbase still credited: %d", bal)
		}
		// The next external block extends the competitor; the orphan stays orphaned.
		c.MineExternal()
		if got := confirmations(t, c, hash); got != -1 {
			t.Errorf("orphan came back: %d", got)
		}
	})
	t.Run("before the pool's next block", func(t *testing.T) {
		c, _ := newTestChain(t, chain.SHA256d, func(cfg *Config) { cfg.OrphanRate = 1 })
		_, script := payout(t, c)
		tmpl, _ := c.Template(ctx)
		first := mine(t, c, script)
		next, _ := c.Template(ctx)
		if next.PrevHash != first || tmpl.PrevHash == first {
			t.Fatal("templates did not follow the tip")
		}
		blk, _ := solve(t, next, script, nil)
		if err := c.SubmitBlock(ctx, blk); reason(err) != "stale-prevblk" {
			t.Errorf("block on a doomed tip: %v, want stale-prevblk", err)
		}
		if got := confirmations(t, c, first); got != -1 {
			t.Errorf("doomed block has %d confirmations", got)
		}
	})
	t.Run("clock", func(t *testing.T) {
		c, clock := newTestChain(t, chain.Scrypt, func(cfg *Config) {
			cfg.OrphanRate = 1
			cfg.TickInterval = time.Millisecond
		})
		runCtx, cancel := context.WithCancel(ctx)
		defer cancel()
		c.Start(runCtx)
		_, script := payout(t, c)
		hash := mine(t, c, script)
		clock.Add(time.Hour)
		// The network's next look at the clock finds the competitor due: the tip moves.
		waitCtx, cancelWait := context.WithTimeout(ctx, 5*time.Second)
		defer cancelWait()
		if _, err := c.WaitTemplate(waitCtx, hash); err != nil {
			t.Fatalf("the doomed block was never replaced: %v", err)
		}
		if got := confirmations(t, c, hash); got != -1 {
			t.Errorf("replaced block has %d confirmations, want -1", got)
		}
	})
}

func TestWaitTemplate(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestChain(t, chain.SHA256d, nil)
	// A stale prev returns at once.
	nt, err := c.WaitTemplate(ctx, chain.Hash{1})
	if err != nil || nt.PrevHash != c.genesis.Hash {
		t.Fatalf("WaitTemplate(other) = %v, %v", nt, err)
	}
	// On the tip it waits, and gives up when its context ends.
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	waiting := newParkedContext(cctx)
	g := c.genesis.Hash
	done := make(chan error, 1)
	go func() {
		nt, err := c.WaitTemplate(waiting, g)
		if err == nil {
			err = fmt.Errorf("a template at %d", nt.Height)
		}
		done <- err
	}()
	select {
	case <-waiting.parked:
	case err := <-done:
		t.Fatalf("WaitTemplate on the tip returned at once: %v", err)
	case <-time.After(5 * time.Second):
		t.Fatal("WaitTemplate on the tip never waited")
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Fatalf("WaitTemplate on the tip = %v, want the context's error", err)
	}
}

// parkedContext tells when WaitTemplate has found the tip unchanged and blocks: the select
// it blocks in is the only place it asks for Done. A test waits for that, not for a time.
type parkedContext struct {
	context.Context
	once   sync.Once
	parked chan struct{}
}

func newParkedContext(ctx context.Context) *parkedContext {
	return &parkedContext{Context: ctx, parked: make(chan struct{})}
}

func (p *parkedContext) Done() <-chan struct{} {
	p.once.Do(func() { close(p.parked) })
	return p.Context.Done()
}

// clockReads are the simulated network's looks at the clock. Each step of its ticker
// begins by reading Config.Now, so two reads seen by a test mean a whole step ran in
// between, with the clock as the test left it.
type clockReads chan struct{}

// watchClock makes cfg.Now offer every read to a test that waits for one; a read nobody
// waits for passes without blocking the chain.
func watchClock(cfg *Config) clockReads {
	reads := make(clockReads)
	now := cfg.Now
	cfg.Now = func() time.Time {
		select {
		case reads <- struct{}{}:
		default:
		}
		return now()
	}
	return reads
}

// wait waits for n reads of the clock.
func (r clockReads) wait(t *testing.T, n int) {
	t.Helper()
	for range n {
		select {
		case <-r:
		case <-time.After(5 * time.Second):
			t.Fatal("the network never looked at the clock")
		}
	}
}

func TestBlockNotFound(t *testing.T) {
	c, _ := newTestChain(t, chain.SHA256d, nil)
	if _, err := c.Block(context.Background(), chain.Hash{7}); !errors.Is(err, chain.ErrNotFound) {
		t.Fatalf("Block(unknown) = %v", err)
	}
	g, err := c.Block(context.Background(), c.genesis.Hash)
	if err != nil || g.Height != 0 || g.Confirmations != 1 {
		t.Fatalf("genesis %+v, %v", g, err)
	}
}

func TestGenesisDeterministic(t *testing.T) {
	a, _ := genesisBlock("BTC")
	b, _ := genesisBlock("BTC")
	l, _ := genesisBlock("LTC")
	if a.Hash != b.Hash || a.Hash == l.Hash {
		t.Fatalf("genesis BTC %s / %s, LTC %s", a.Hash, b.Hash, l.Hash)
	}
}

func TestConfig(t *testing.T) {
	bad := []func(*Config){
		func(c *Config) { c.Coin = " " },
		func(c *Config) { c.Decimals = 19 },
		func(c *Config) { c.BlockReward = -1 },
		func(c *Config) { c.BlockTime = time.Millisecond },
		func(c *Config) { c.NetworkHashRate = math.Inf(1) },
		func(c *Config) { c.OrphanRate = 1.5 },
		func(c *Config) { c.Maturity = -1 },
		func(c *Config) { c.TxFee = -1 },
	}
	for i, edit := range bad {
		cfg := testConfig(chain.SHA256d, newClock())
		edit(&cfg)
		if _, err := New(cfg); err == nil || !strings.HasPrefix(err.Error(), "devnet: ") {
			t.Errorf("bad config %d: %v", i, err)
		}
	}

	cfg := DefaultConfig("BTC", "")
	if !cfg.OtherMiners {
		t.Error("DefaultConfig without other miners")
	}
	if err := cfg.Apply(map[string]string{
		"block_time": "2m", "network_hashrate": "1e9", "other_miners": "false", "orphan_rate": "0.1",
		"maturity": "5", "block_reward": "625000000", "tx_fee": "1000", "state_path": "/tmp/x.json",
	}); err != nil {
		t.Fatal(err)
	}
	if cfg.BlockTime != 2*time.Minute || cfg.NetworkHashRate != 1e9 || cfg.OtherMiners || cfg.OrphanRate != 0.1 ||
		cfg.Maturity != 5 || cfg.BlockReward != 625000000 || cfg.TxFee != 1000 || cfg.StatePath != "/tmp/x.json" {
		t.Errorf("applied %+v", cfg)
	}
	if err := cfg.Apply(map[string]string{"blocktime": "1m"}); err == nil || !strings.Contains(err.Error(), "blocktime") {
		t.Errorf("unknown key: %v", err)
	}
	if err := cfg.Apply(map[string]string{"maturity": "ten"}); err == nil || !strings.Contains(err.Error(), "maturity") {
		t.Errorf("bad value: %v", err)
	}

	cfg = Config{Coin: "ALEO", Algorithm: "aleo", Decimals: 6, Logger: testConfig("", newClock()).Logger}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if c.cfg.BlockReward != 50_000000 || c.cfg.TxFee != 100 || c.cfg.Maturity != DefaultMaturity || c.cfg.BlockTime != DefaultBlockTime {
		t.Errorf("defaults %+v", c.cfg)
	}
	if c.powAlgo != chain.SHA256d || c.cfg.Algorithm != "aleo" {
		t.Errorf("aleo hashes as %q, named %q", c.powAlgo, c.cfg.Algorithm)
	}
}

// Many goroutines on one chain, as the stratum side uses it; run with -race.
func TestConcurrent(t *testing.T) {
	ctx := context.Background()
	c, clock := newTestChain(t, chain.SHA256d, func(cfg *Config) {
		cfg.NetworkHashRate = 0
		cfg.OtherMiners = true
		cfg.OrphanRate = 0.3
		cfg.TickInterval = time.Millisecond
	})
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	c.Start(runCtx)
	_, script := payout(t, c)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Go(func() {
			for i := range 20 {
				tmpl, err := c.Template(ctx)
				if err != nil {
					t.Error(err)
					return
				}
				blk, _ := solve(t, tmpl, script, nil)
				err = c.SubmitBlock(ctx, blk)
				if err != nil && !errors.Is(err, chain.ErrBlockRejected) {
					t.Error(err)
				}
				switch (w + i) % 4 {
				case 0:
					c.MineExternal()
				case 1:
					clock.Add(time.Minute)
				case 2:
					wctx, wcancel := context.WithTimeout(ctx, time.Millisecond)
					c.WaitTemplate(wctx, tmpl.PrevHash)
					wcancel()
				case 3:
					c.Network(ctx)
					c.Balance(ctx)
				}
			}
		})
	}
	wg.Wait()
	if h := height(t, c); h < 20 {
		t.Errorf("height %d after the run", h)
	}
}

// Block details and the chain by height: the previous and next blocks, the coinbase first
// among the ids (its own txid, not the block's hash: issue 31), the other transactions
// after it; above the tip and unknown blocks are chain.ErrNotFound.
func TestBlockDetailAndBlockHash(t *testing.T) {
	c, _ := newTestChain(t, chain.SHA256d, nil)
	_, script := payout(t, c)
	ctx := context.Background()
	tmpl, err := c.Template(ctx)
	if err != nil {
		t.Fatal(err)
	}
	blk, first := solve(t, tmpl, script, nil)
	if err := c.SubmitBlock(ctx, blk); err != nil {
		t.Fatal(err)
	}
	// The coinbase as solve builds it (its extranonce 1..8).
	coinb1, coinb2, err := chain.CoinbaseParts(tmpl, script, 8, "devnet test")
	if err != nil {
		t.Fatal(err)
	}
	coinbase := chain.DoubleSHA256(append(append(coinb1, 1, 2, 3, 4, 5, 6, 7, 8), coinb2...))
	second := mine(t, c, script)
	b, err := c.BlockDetail(ctx, first)
	if err != nil {
		t.Fatal(err)
	}
	if b.Hash != first || b.Next != second || b.Prev == (chain.Hash{}) || b.TxCount < 1 || len(b.TxIDs) != b.TxCount || b.Difficulty <= 0 {
		t.Fatalf("detail %+v", b)
	}
	if b.TxIDs[0] != coinbase || b.TxIDs[0] == first {
		t.Fatalf("first txid %s, want the coinbase's %s (block %s)", b.TxIDs[0], coinbase, first)
	}
	if want := append([]chain.Hash{coinbase}, tmpl.TxIDs()...); chain.MerkleRoot(b.TxIDs) != chain.MerkleRoot(want) {
		t.Fatalf("txids %v, want %v", b.TxIDs, want)
	}
	if at, err := c.BlockHash(ctx, b.Height); err != nil || at != first {
		t.Fatalf("at %d: %s %v", b.Height, at, err)
	}
	if tip, err := c.BlockDetail(ctx, second); err != nil || tip.Next != (chain.Hash{}) {
		t.Fatalf("tip %+v %v", tip, err)
	}
	if _, err := c.BlockHash(ctx, b.Height+10); !errors.Is(err, chain.ErrNotFound) {
		t.Fatalf("above the tip: %v", err)
	}
	// The other miners' blocks and the genesis block list their coinbase's id too.
	ext, err := c.BlockDetail(ctx, c.MineExternal())
	if err != nil || len(ext.TxIDs) < 1 || ext.TxIDs[0] == ext.Hash || ext.TxIDs[0].IsZero() {
		t.Fatalf("other miners' block %+v %v", ext, err)
	}
	g, _ := c.BlockHash(ctx, 0)
	if gen, err := c.BlockDetail(ctx, g); err != nil || len(gen.TxIDs) != 1 || gen.TxIDs[0] == g {
		t.Fatalf("genesis %+v %v", gen, err)
	}
	var unknown chain.Hash
	unknown[1] = 7
	if _, err := c.BlockDetail(ctx, unknown); !errors.Is(err, chain.ErrNotFound) {
		t.Fatalf("unknown: %v", err)
	}
}
