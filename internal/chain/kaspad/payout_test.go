package kaspad

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

type oneChain struct{ n chain.Node }

func (c oneChain) Driver(context.Context, coin.Coin) (chain.Node, error) { return c.n, nil }

// TestPayoutStateMachineOnKaspad runs the payout state machine (internal/withdraw) on the
// driver and the test node: two withdrawals are batched, built, stored and sent; the
// first send is lost (the connection drops as submitTransaction arrives), so the next run
// sends the stored bytes again; the node takes the transaction once, it is accepted, and
// once 10 DAA scores deep the withdrawals are paid, each recipient once, and the ledger
// and wallet checks pass.
func TestPayoutStateMachineOnKaspad(t *testing.T) {
	d := dbtest.SQLite(t)
	drv, n, pool := newWalletDriver(t)
	ctx := testCtx(t)
	n.fund(pool.ScriptPublicKey(), 500*kas, 4000, false, "pool")
	c := coin.Coin{Type: "KAS", Name: "Kaspa", AliasName: "KAS", Algorithm: "kheavyhash", ChainUnit: "KAS", MinHashUnit: "H/s",
		Decimals: 8, SettleModel: coin.SettleModelPPS, SettleTime: "08:00", FeeBps: 100, Driver: coin.DriverKaspad,
		DriverConfig: map[string]string{"wrpc_url": n.url, "payout_address": pool.String()}, WithdrawFee: 1_000_000,
		PayoutConfirmations: 10, DustFloor: MinOutput}
	coins := &coin.Store{DB: d}
	if err := coins.Put(ctx, c); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 3, 1, 6, 0, 0, 0, time.UTC)
	store := &withdraw.Store{DB: d, Coins: coins, Chains: oneChain{drv}, Now: func() time.Time { return now }}
	recipients := []string{recipient("u1").String(), recipient("u2").String()}
	for i, addr := range recipients {
		user := int64(i + 1)
		err := d.InTx(ctx, func(tx *db.Tx) error {
			_, err := ledger.Post(ctx, tx, []ledger.Entry{{SubAccountID: user, UserID: user, Coin: "KAS", Kind: ledger.KindEarning,
				Available: 100 * kas, Earned: 100 * kas, Ref: "test", IdemKey: "kas-credit:" + addr, At: now}})
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		a, err := store.SaveAddress(ctx, user, withdraw.AddressInput{Coin: "KAS", Address: addr, Network: "KAS"}, func(context.Context, *db.Tx) error { return nil })
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(ctx, "UPDATE withdraw_addresses SET usable_at = 0 WHERE id = ?", a.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := store.Withdraw(ctx, withdraw.Request{UserID: user, SubAccountID: user, Coin: "KAS", AddressID: a.ID, Network: "KAS", Amount: "25"},
			func(context.Context, *db.Tx) error { return nil }); err != nil {
			t.Fatal(err)
		}
	}
	log := slog.New(slog.DiscardHandler)

	// The first send is lost: the server drops the connection when submitTransaction comes.
	n.mu.Lock()
	n.inject["submitTransaction"] = func(string) []string { n.dropAll(); return nil }
	n.mu.Unlock()
	r, err := store.Pay(ctx, c, drv, log)
	if err != nil || r.Batched != 1 || r.Signed != 1 || r.Broadcast != 0 {
		t.Fatalf("first run: %+v %v", r, err)
	}
	n.mu.Lock()
	delete(n.inject, "submitTransaction")
	n.mu.Unlock()
	r, err = store.Pay(ctx, c, drv, log)
	if err != nil || r.Broadcast != 1 {
		t.Fatalf("second run: %+v %v", r, err)
	}
	n.mine(4) // 5 deep: not yet paid
	if r, err := store.Pay(ctx, c, drv, log); err != nil || r.Paid != 0 || r.Pending == 0 {
		t.Fatalf("third run, 5 deep: %+v %v", r, err)
	}
	n.mu.Lock()
	n.wallet.virtualDAA += 5
	adds := n.wallet.mempoolAdds
	n.mu.Unlock()
	if r, err := store.Pay(ctx, c, drv, log); err != nil || r.Paid != 1 {
		t.Fatalf("fourth run, 10 deep: %+v %v", r, err)
	}
	if adds != 1 {
		t.Fatalf("the node took %d transactions, want 1", adds)
	}
	for _, addr := range recipients {
		got := n.outputsTo(mustAddress(t, addr).ScriptPublicKey())
		if len(got) != 1 {
			t.Fatalf("%s paid %v, want once", addr, got)
		}
		for _, v := range got {
			if v != 25*kas-1_000_000 {
				t.Fatalf("%s paid %d", addr, v)
			}
		}
	}
	if rep, err := ledger.Check(ctx, d); err != nil || !rep.OK() {
		t.Fatalf("ledger check %+v %v", rep, err)
	}
	if rep, err := store.CheckWallet(ctx, c, drv); err != nil || rep.Problem() != "" {
		t.Fatalf("wallet check %+v %v", rep, err)
	}
}
