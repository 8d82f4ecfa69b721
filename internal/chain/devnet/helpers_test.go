package devnet

import (
	"context"
	"errors"
	"log/slog"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
)

// fakeClock is a clock that moves only when told.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *fakeClock {
	return &fakeClock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (f *fakeClock) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.t
}

func (f *fakeClock) Add(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.t = f.t.Add(d)
}

// easyHashRate makes a one-minute block take 16 hashes on average: quick to grind, for
// scrypt too, and still a real search.
const easyHashRate = 16.0 / 60

const reward = 50_00000000

func testConfig(algo string, clock *fakeClock) Config {
	return Config{
		Coin:            "TST",
		Algorithm:       algo,
		Decimals:        8,
		BlockReward:     reward,
		BlockTime:       time.Minute,
		NetworkHashRate: easyHashRate,
		Maturity:        3,
		Now:             clock.Now,
		Rand:            rand.New(rand.NewPCG(1, 2)),
		Logger:          slog.New(slog.DiscardHandler),
	}
}

// newTestChain is a chain with a fake clock, no other miners unless edit turns them on.
func newTestChain(t testing.TB, algo string, edit func(*Config)) (*Chain, *fakeClock) {
	t.Helper()
	clock := newClock()
	cfg := testConfig(algo, clock)
	if edit != nil {
		edit(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return c, clock
}

// draft is how a test block departs from its template.
type draft struct {
	tmpl     chain.Template // Height and CoinbaseValue feed the coinbase
	time     uint32
	bits     uint32
	merkle   *chain.Hash
	highHash bool // grind for a nonce that misses the target
}

// solve builds a block from tmpl the way the stratum side does (coinbase from
// CoinbaseParts around an extranonce, merkle root from the template's txids, header) and
// grinds the nonce with chain.PowHash.
func solve(t testing.TB, tmpl *chain.Template, script []byte, edit func(*draft)) ([]byte, chain.Hash) {
	t.Helper()
	d := draft{tmpl: *tmpl, time: tmpl.CurTime, bits: tmpl.Bits}
	if edit != nil {
		edit(&d)
	}
	coinb1, coinb2, err := chain.CoinbaseParts(&d.tmpl, script, 8, "devnet test")
	if err != nil {
		t.Fatalf("CoinbaseParts: %v", err)
	}
	coinbase := append(append(coinb1, 1, 2, 3, 4, 5, 6, 7, 8), coinb2...)
	root := chain.MerkleRootFromBranch(chain.DoubleSHA256(coinbase), chain.MerkleBranch(tmpl.TxIDs()))
	if d.merkle != nil {
		root = *d.merkle
	}
	for nonce := uint32(0); nonce < 100_000; nonce++ {
		header := chain.Header(tmpl.Version, tmpl.PrevHash, root, d.time, d.bits, nonce)
		h, err := chain.PowHash(tmpl.Algorithm, header)
		if err != nil {
			t.Fatalf("PowHash: %v", err)
		}
		if chain.HashMeetsTarget(h, tmpl.Target) == d.highHash {
			continue
		}
		blk, err := chain.AssembleBlock(tmpl, header, coinbase)
		if err != nil {
			t.Fatalf("AssembleBlock: %v", err)
		}
		return blk, chain.DoubleSHA256(header)
	}
	t.Fatal("no nonce found")
	return nil, chain.Hash{}
}

// payout is a fresh wallet address's script.
func payout(t testing.TB, c *Chain) (string, []byte) {
	t.Helper()
	ctx := context.Background()
	addr, err := c.NewAddress(ctx)
	if err != nil {
		t.Fatalf("NewAddress: %v", err)
	}
	a, err := c.ValidateAddress(ctx, addr)
	if err != nil || !a.Valid {
		t.Fatalf("ValidateAddress(%s) = %+v, %v", addr, a, err)
	}
	return addr, a.Script
}

// mine has the pool find a block on the current tip, paying script.
func mine(t testing.TB, c *Chain, script []byte) chain.Hash {
	t.Helper()
	ctx := context.Background()
	tmpl, err := c.Template(ctx)
	if err != nil {
		t.Fatalf("Template: %v", err)
	}
	blk, hash := solve(t, tmpl, script, nil)
	if err := c.SubmitBlock(ctx, blk); err != nil {
		t.Fatalf("SubmitBlock: %v", err)
	}
	return hash
}

func reason(err error) string {
	var r *chain.RejectedError
	if errors.As(err, &r) {
		return r.Reason
	}
	return ""
}

func height(t testing.TB, c *Chain) int64 {
	t.Helper()
	n, err := c.Network(context.Background())
	if err != nil {
		t.Fatalf("Network: %v", err)
	}
	return n.Height
}

func confirmations(t testing.TB, c *Chain, h chain.Hash) int64 {
	t.Helper()
	b, err := c.Block(context.Background(), h)
	if err != nil {
		t.Fatalf("Block(%s): %v", h, err)
	}
	return b.Confirmations
}

func balance(t testing.TB, c *Chain) int64 {
	t.Helper()
	b, err := c.Balance(context.Background())
	if err != nil {
		t.Fatalf("Balance: %v", err)
	}
	return b
}

// otherAddress is an address outside the wallet.
func otherAddress(n byte) string {
	var key [20]byte
	key[0], key[19] = 0xaa, n
	return encodeAddress(key)
}
