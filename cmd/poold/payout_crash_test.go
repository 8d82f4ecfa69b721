package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/app"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/bitcoind"
	"github.com/uniplus-pool/pool/internal/chain/chaintest"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// Paying is crash-safe: poold pays a batch of 150 withdrawals (more than one transaction
// holds, some to the same address) from a litecoind regtest wallet while it is killed
// with SIGKILL at random moments and started again; blocks are mined meanwhile. Afterwards
// node B's chain pays every withdrawal exactly once (outputs counted and summed per
// address), every withdrawal is confirmed, and the ledger and wallet checks pass.
func TestPayoutsSurviveSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("starts litecoind and poold processes")
	}
	kills := 12
	if v, err := strconv.Atoi(os.Getenv(killsEnv)); err == nil && v > 0 {
		kills = v
	}
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "payout.db")
		payoutCrashLoop(t, path, kills)
	})
	t.Run("postgres", func(t *testing.T) {
		dsn, _ := dbtest.NewPostgresSchema(t)
		payoutCrashLoop(t, dsn, max(1, kills/4))
	})
}

const (
	crashWithdrawals = 150 // at first; a few more after every kill
	crashAddresses   = 130 // later withdrawals go to addresses paid already too
)

func payoutCrashLoop(t *testing.T, dsn string, kills int) {
	ctx := context.Background()
	pair := chaintest.StartLitecoinPair(t)
	// More matured coins, so that several payouts can be in flight at once.
	pair.Generate(t, pair.A, 50)
	start := pair.A.Height(t)

	d, err := db.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	ltc := coin.Coin{Type: "LTC", Name: "Litecoin", AliasName: "LTC", Algorithm: "scrypt", ChainUnit: "LTC", MinHashUnit: "KH/s", Decimals: 8,
		SettleModel: coin.SettleModelPPS, SettleTime: "08:00", FeeBps: 100, Driver: coin.DriverBitcoind, WithdrawFee: 100_000,
		MinWithdraw: 1_000_000, PayoutConfirmations: 2,
		DriverConfig: map[string]string{"rpc_url": pair.URL, "rpc_user": pair.User, "rpc_password": pair.Password, "wallet": pair.Wallet, "rules": "mweb,segwit"}}
	coins := &coin.Store{DB: d}
	if err := coins.Put(ctx, ltc); err != nil {
		t.Fatal(err)
	}

	// Addresses outside the pool wallet: a second wallet on node A makes them.
	pair.A.Call(t, "createwallet", "outside")
	outside := &chaintest.Client{URL: pair.URL, User: pair.User, Password: pair.Password, Wallet: "outside"}
	addrs := make([]string, crashAddresses)
	// midway counts the kills that found a payout open (batched, signed or broadcast).
	midway := 0
	for i := range addrs {
		raw, err := outside.CallWallet(ctx, "getnewaddress")
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, &addrs[i]); err != nil {
			t.Fatal(err)
		}
	}
	store := &withdraw.Store{DB: d, Coins: coins, Chains: nodeChain{ltc, pair}}
	want := map[string][]int64{} // address -> the received amounts of its withdrawals
	made := 0
	// addWithdrawals credits and withdraws n more, the i-th to addrs[i % len(addrs)].
	addWithdrawals := func(n int) {
		for range n {
			i := made
			made++
			user := int64(1 + i%len(addrs))
			addr := addrs[i%len(addrs)]
			amount := int64(10_000_000 + i*1000) // 0.1 LTC and a little, each its own
			err := d.InTx(ctx, func(tx *db.Tx) error {
				_, err := ledger.Post(ctx, tx, []ledger.Entry{{SubAccountID: user, UserID: user, Coin: "LTC", Kind: ledger.KindEarning,
					Available: amount, Earned: amount, Ref: "test", IdemKey: fmt.Sprintf("crash-credit:%d", i), At: time.Now()}})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			entries, _ := store.Addresses(ctx, user, "LTC")
			var a withdraw.Address
			if len(entries) > 0 {
				a = entries[0]
			} else if a, err = store.SaveAddress(ctx, user, withdraw.AddressInput{Coin: "LTC", Address: addr, Network: "LTC"}, noCode); err != nil {
				t.Fatal(err)
			}
			if _, err := d.Exec(ctx, "UPDATE withdraw_addresses SET usable_at = 0 WHERE id = ?", a.ID); err != nil {
				t.Fatal(err)
			}
			w, err := store.Withdraw(ctx, withdraw.Request{UserID: user, SubAccountID: user, Coin: "LTC", AddressID: a.ID, Network: "LTC",
				Amount: chain.FormatAmount(amount, 8)}, noCode)
			if err != nil {
				t.Fatal(err)
			}
			want[addr] = append(want[addr], w.Received)
		}
	}
	addWithdrawals(crashWithdrawals)

	// Blocks keep coming while poold pays and dies.
	mineCtx, stopMining := context.WithCancel(ctx)
	var mining sync.WaitGroup
	mining.Go(func() {
		for mineCtx.Err() == nil {
			_, _ = pair.A.Client.Call(mineCtx, "generatetoaddress", 1, pair.MineAddress)
			select {
			case <-mineCtx.Done():
			case <-time.After(700 * time.Millisecond):
			}
		}
	})
	rng := rand.New(rand.NewPCG(7, uint64(len(dsn))))
	args := []string{"admin", "--db", dsn, "--log-level", "error", "payout", "run", "--coin", "LTC", "--until-done"}
	dealt := 0
	for dealt < kills {
		killed, err := runOrKill(t, args, time.Duration(rng.IntN(1500))*time.Millisecond)
		if !killed {
			if err != nil {
				t.Logf("payout run ended: %v", err)
			}
			continue
		}
		dealt++
		if rep, err := ledger.Check(ctx, d); err != nil || !rep.OK() {
			t.Fatalf("ledger check after a kill: %+v %v", rep.Mismatches, err)
		}
		var n int
		if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM payouts WHERE status IN (?, ?, ?)", withdraw.StatusBatched, withdraw.StatusSigned, withdraw.StatusBroadcast).Scan(&n); err == nil && n > 0 {
			midway++
		}
		// New work keeps the payout job busy for the next kill.
		addWithdrawals(1 + rng.IntN(6))
	}
	if killed, err := runOrKill(t, args, 3*time.Minute); killed || err != nil {
		t.Fatalf("the last payout run: killed %v, %v", killed, err)
	}
	stopMining()
	mining.Wait()
	pair.Sync(t)

	var open int
	if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM withdrawals WHERE status <> ?", withdraw.StatusConfirmed).Scan(&open); err != nil || open != 0 {
		t.Fatalf("%d withdrawals not confirmed (%v)", open, err)
	}
	// Node B's chain: every output to our addresses since the start.
	got := map[string][]int64{}
	for h := start + 1; h <= pair.B.Height(t); h++ {
		for _, o := range pair.B.BlockOutputs(t, h) {
			if _, ours := want[o.Address]; ours {
				v, err := chain.ParseNodeAmount(o.Value.String(), 8)
				if err != nil {
					t.Fatal(err)
				}
				got[o.Address] = append(got[o.Address], v)
			}
		}
	}
	for addr, amounts := range want {
		if !sameAmounts(got[addr], amounts) {
			t.Errorf("%s: paid %v on chain, withdrew %v", addr, got[addr], amounts)
		}
	}
	var payouts int
	if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM payouts WHERE status = ?", withdraw.StatusConfirmed).Scan(&payouts); err != nil {
		t.Fatal(err)
	}
	if rep, err := ledger.Check(ctx, d); err != nil || !rep.OK() {
		t.Fatalf("ledger check: %+v %v", rep.Mismatches, err)
	}
	if err := run(ctx, []string{"admin", "--db", dsn, "--log-level", "error", "wallet", "check", "--coin", "LTC"}); err != nil {
		t.Fatalf("wallet check: %v", err)
	}
	t.Logf("%d withdrawals to %d addresses paid once each in %d transactions through %d kills, %d of them with a payout open", made, crashAddresses, payouts, dealt, midway)
}

// sameAmounts compares two lists of amounts as multisets.
func sameAmounts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	n := map[int64]int{}
	for _, v := range a {
		n[v]++
	}
	for _, v := range b {
		n[v]--
		if n[v] < 0 {
			return false
		}
	}
	return true
}

func noCode(context.Context, *db.Tx) error { return nil }

// run runs poold in this process, its output in the test log.
func run(ctx context.Context, args []string) error {
	out := &testWriter{}
	err := app.Run(ctx, args, func(string) string { return "" }, nil, out, out)
	if err != nil {
		return fmt.Errorf("%w\n%s", err, out.buf)
	}
	return nil
}

type testWriter struct {
	mu  sync.Mutex
	buf []byte
}

func (w *testWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf = append(w.buf, p...)
	return len(p), nil
}

// nodeChain serves the pair's node A wallet as the coin's driver (address checks).
type nodeChain struct {
	c    coin.Coin
	pair *chaintest.Pair
}

func (n nodeChain) Driver(context.Context, coin.Coin) (chain.Node, error) {
	return bitcoind.New(bitcoind.Config{URL: n.pair.URL, User: n.pair.User, Password: n.pair.Password, Wallet: n.pair.Wallet,
		Algorithm: chain.Scrypt, Rules: []string{"mweb", "segwit"}, Decimals: 8})
}
