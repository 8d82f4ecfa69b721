package withdraw_test

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// clock is a test clock; it starts at 14:00 Beijing time, outside the payment window.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// chains serves one devnet chain, through a driver a test may wrap.
type chains struct{ drv chain.Driver }

func (c chains) Driver(context.Context, coin.Coin) (chain.Node, error) { return c.drv, nil }

// env is a withdraw store on a funded devnet chain.
type env struct {
	t     *testing.T
	d     *db.DB
	clock *clock
	chain *devnet.Chain
	store *withdraw.Store
	coin  coin.Coin
}

const (
	fee   = 100_000     // 0.001 coin
	minW  = 1_000_000   // 0.01 coin
	coinU = 100_000_000 // minor units per coin
)

func newEnv(t *testing.T, d *db.DB) *env {
	t.Helper()
	ctx := context.Background()
	clk := &clock{t: time.Date(2025, 3, 1, 6, 0, 0, 0, time.UTC)} // 14:00 in Beijing
	cfg := devnet.DefaultConfig("TST", chain.SHA256d)
	cfg.OtherMiners = false
	cfg.NetworkHashRate = 0
	cfg.Maturity = 1
	cfg.Now = clk.Now
	cfg.Rand = rand.New(rand.NewPCG(3, 4))
	cfg.Logger = slog.New(slog.DiscardHandler)
	ch, err := devnet.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = ch.Close() })
	c := coin.Coin{Type: "TST", Name: "Test", AliasName: "TST", Algorithm: "sha256d", ChainUnit: "TST", MinHashUnit: "H/s", Decimals: 8,
		SettleModel: coin.SettleModelPPS, SettleTime: "08:00", FeeBps: 100, Driver: coin.DriverDevnet, MinWithdraw: minW, WithdrawFee: fee,
		PayoutConfirmations: 2}
	coins := &coin.Store{DB: d}
	if err := coins.Put(ctx, c); err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, d: d, clock: clk, chain: ch, coin: c,
		store: &withdraw.Store{DB: d, Coins: coins, Chains: chains{ch}, Now: clk.Now}}
	return e
}

// fund has the pool find blocks until the wallet holds at least amount.
func (e *env) fund(amount int64) {
	e.t.Helper()
	ctx := context.Background()
	addr, err := e.chain.NewAddress(ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	a, err := e.chain.ValidateAddress(ctx, addr)
	if err != nil {
		e.t.Fatal(err)
	}
	for {
		if bal, _ := e.chain.Balance(ctx); bal >= amount {
			return
		}
		e.mineOwn(a.Script)
		e.chain.MineExternal() // matures it
	}
}

// mineOwn solves a pool block paying script.
func (e *env) mineOwn(script []byte) {
	e.t.Helper()
	ctx := context.Background()
	tmpl, err := e.chain.Template(ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	coinb1, coinb2, err := chain.CoinbaseParts(tmpl, script, 8, "withdraw test")
	if err != nil {
		e.t.Fatal(err)
	}
	coinbase := append(append(coinb1, 1, 2, 3, 4, 5, 6, 7, 8), coinb2...)
	root := chain.MerkleRootFromBranch(chain.DoubleSHA256(coinbase), chain.MerkleBranch(tmpl.TxIDs()))
	for nonce := uint32(0); ; nonce++ {
		header := chain.Header(tmpl.Version, tmpl.PrevHash, root, tmpl.CurTime, tmpl.Bits, nonce)
		h, _ := chain.PowHash(tmpl.Algorithm, header)
		if !chain.HashMeetsTarget(h, tmpl.Target) {
			continue
		}
		blk, err := chain.AssembleBlock(tmpl, header, coinbase)
		if err != nil {
			e.t.Fatal(err)
		}
		if err := e.chain.SubmitBlock(ctx, blk); err != nil {
			e.t.Fatal(err)
		}
		return
	}
}

// credit books earnings to a sub-account.
func (e *env) credit(sub, user int64, amount int64) {
	e.t.Helper()
	ctx := context.Background()
	err := e.d.InTx(ctx, func(tx *db.Tx) error {
		_, err := ledger.Post(ctx, tx, []ledger.Entry{{SubAccountID: sub, UserID: user, Coin: e.coin.Type, Kind: ledger.KindEarning,
			Available: amount, Earned: amount, Ref: "test", IdemKey: fmt.Sprintf("test-credit:%d:%d:%d", sub, amount, rand.Int64()), At: e.clock.Now()}})
		return err
	})
	if err != nil {
		e.t.Fatal(err)
	}
}

// otherAddress is a valid devnet address the wallet does not hold.
func (e *env) otherAddress(i int) string {
	e.t.Helper()
	// A second chain's wallet makes addresses that are valid here and not ours.
	key := chain.DoubleSHA256(fmt.Appendf(nil, "outsider %d", i))
	return devnet.EncodeAddress([20]byte(key[:20]))
}

// usableAddress adds an address book entry and lets its lock pass.
func (e *env) usableAddress(user int64, addr string) withdraw.Address {
	e.t.Helper()
	a, err := e.store.SaveAddress(context.Background(), user, withdraw.AddressInput{Coin: "TST", Address: addr, Network: "TST"}, noCode)
	if err != nil {
		e.t.Fatal(err)
	}
	_, err = e.d.Exec(context.Background(), "UPDATE withdraw_addresses SET usable_at = 0 WHERE id = ?", a.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	return a
}

func noCode(context.Context, *db.Tx) error { return nil }

// balance is a sub-account's TST balance.
func (e *env) balance(sub int64) ledger.Sums {
	e.t.Helper()
	var s ledger.Sums
	err := e.d.QueryRow(context.Background(), "SELECT available, frozen, earned, withdrawn FROM balances WHERE sub_account_id = ? AND coin = 'TST'", sub).
		Scan(&s.Available, &s.Frozen, &s.Earned, &s.Withdrawn)
	if err != nil {
		e.t.Fatal(err)
	}
	return s
}

// checkLedger fails the test when the journal and the balances disagree.
func (e *env) checkLedger() {
	e.t.Helper()
	r, err := ledger.Check(context.Background(), e.d)
	if err != nil || !r.OK() {
		e.t.Fatalf("ledger check: %+v %v", r, err)
	}
}

// key is the message key of an API error.
func key(err error) string {
	var he *httpx.Error
	if errors.As(err, &he) {
		return he.Key
	}
	if err == nil {
		return ""
	}
	return "error: " + err.Error()
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// admin runs a `poold admin` withdrawal, payout or wallet command and answers its output.
func (e *env) admin(args ...string) (string, error) {
	var out strings.Builder
	err := e.store.Admin(context.Background(), args[0], args[1:], &out, nil)
	return out.String(), err
}
