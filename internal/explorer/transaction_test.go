package explorer_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/explorer"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/solo"
)

// devnetAddress is a devnet address of a 20-byte key: "dvn1", the key and two bytes of its
// SHA-256 (internal/chain/devnet).
func devnetAddress(seed string) string {
	k := sha256.Sum256([]byte(seed))
	sum := sha256.Sum256(k[:20])
	return "dvn1" + hex.EncodeToString(k[:20]) + hex.EncodeToString(sum[:2])
}

// A withdrawal's transaction hash (issue 31): the search names it a transaction, and the
// transaction call shows what the pool's records know of it (the addresses it pays, the
// network fee, when it was sent) beside what the node's wallet says (confirmations, block),
// pending until the coin's payout confirmations, then confirmed; a send of the wallet the
// pool has no record of shows without amounts; a payout that was never broadcast is no
// transaction; one the payout job gave up is failed.
func TestExplorerTransactions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		cfg := devnet.DefaultConfig("BTC", chain.SHA256d)
		cfg.OtherMiners, cfg.Premine, cfg.TxFee = false, 10_0000_0000, 10_000
		chn, err := devnet.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		cs := &coin.Store{DB: d}
		if err := cs.Put(ctx, coin.Coin{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC", Decimals: 8, OpenStatus: true,
			SettleModel: coin.SettleModelPPS, SettleTime: "00:00", Driver: coin.DriverDevnet, StratumPorts: []int{3333}, PayoutConfirmations: 2}); err != nil {
			t.Fatal(err)
		}
		alice, bob := devnetAddress("alice"), devnetAddress("bob")
		built, err := chn.BuildPayout(ctx, []chain.PayoutOutput{{Address: alice, Amount: 150_000_000}, {Address: bob, Amount: 25_000_000}})
		if err != nil {
			t.Fatal(err)
		}
		paid, err := chn.Broadcast(ctx, built.Raw)
		if err != nil {
			t.Fatal(err)
		}
		other, err := chn.Send(ctx, bob, 20_000_000, "")
		if err != nil {
			t.Fatal(err)
		}
		sent := time.Now().Add(-time.Minute).UnixMilli()
		never, gaveUp := chain.DoubleSHA256([]byte("never broadcast")), chain.DoubleSHA256([]byte("given up"))
		for _, p := range []struct {
			id          int64
			status      string
			txid        chain.Hash
			broadcastAt int64
		}{{1, "broadcast", paid, sent}, {2, "signed", never, 0}, {3, "failed", gaveUp, sent}} {
			if _, err := d.Exec(ctx, `INSERT INTO payouts (id, coin, status, txid, network_fee, outputs, confirmations, created_at, broadcast_at)
				VALUES (?, 'BTC', ?, ?, 10000, 2, 0, ?, ?)`, p.id, p.status, p.txid.String(), sent, p.broadcastAt); err != nil {
				t.Fatal(err)
			}
		}
		// Two withdrawals to alice (one output of their sum) and one to bob, in payout 1.
		for i, w := range []struct {
			address  string
			received int64
		}{{alice, 100_000_000}, {alice, 50_000_000}, {bob, 25_000_000}} {
			if _, err := d.Exec(ctx, `INSERT INTO withdrawals (order_no, idem_key, user_id, sub_account_id, coin, kind, address, network, amount, fee,
				received, remark, status, payout_id, created_at, updated_at) VALUES (?, ?, 1, 1, 'BTC', 'manual', ?, 'BTC', ?, 100000, ?, 'rent', 'broadcast', 1, ?, ?)`,
				"W"+string(rune('0'+i)), "k"+string(rune('0'+i)), w.address, w.received+100_000, w.received, sent, sent); err != nil {
				t.Fatal(err)
			}
		}

		rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US"})
		(&explorer.Handler{Explorer: &explorer.Explorer{Blocks: &mining.Blocks{DB: d}, Pool: &pool.Store{DB: d}, Solo: &solo.Store{DB: d}, Chains: oneChain{chn}},
			Coins: cs}).Routes(rt)
		get := serveExplorer(t, rt)
		type txView struct {
			TxID, Status, BlockHash, NetworkFee, Unit, Total string
			Pool                                             bool
			Confirmations, Required, BlockHeight, Time       int64
			Outputs                                          []struct{ Address, Amount string }
		}
		tx := func(h chain.Hash) txView {
			t.Helper()
			var v txView
			if st, env := get("/api/pc/v1/explorer/transaction?currencyType=BTC&txid="+h.String(), &v); st != 200 {
				t.Fatalf("transaction %s: %d %+v", h, st, env)
			}
			return v
		}

		var found struct{ Kind, TxID string }
		if _, env := get("/api/pc/v1/explorer/search?currencyType=BTC&q="+paid.String(), &found); env.Code != 0 || found.Kind != "transaction" || found.TxID != paid.String() {
			t.Fatalf("search by a withdrawal's hash: %+v %+v", found, env)
		}
		v := tx(paid)
		if !v.Pool || v.Status != explorer.TxPending || v.Confirmations != 0 || v.Required != 2 || v.BlockHash != "" || v.BlockHeight != -1 ||
			v.NetworkFee != "0.00010000" || v.Unit != "BTC" || v.Time != sent || v.Total != "1.75000000" || len(v.Outputs) != 2 {
			t.Fatalf("in the mempool: %+v", v)
		}
		want := map[string]string{alice: "1.50000000", bob: "0.25000000"}
		for _, o := range v.Outputs {
			if want[o.Address] != o.Amount {
				t.Errorf("output %+v, want %s", o, want[o.Address])
			}
		}
		// A block holds it: one confirmation of two, its block by height; a second confirms it.
		first := chn.MineExternal()
		v = tx(paid)
		if info, _ := chn.Block(ctx, first); v.Status != explorer.TxPending || v.Confirmations != 1 || v.BlockHash != first.String() || v.BlockHeight != info.Height {
			t.Fatalf("one confirmation: %+v (block %s at %d)", v, first, info.Height)
		}
		chn.MineExternal()
		if v = tx(paid); v.Status != explorer.TxConfirmed || v.Confirmations != 2 {
			t.Fatalf("two confirmations: %+v", v)
		}
		// The wallet's own send without a record: what the node says, no amounts.
		if _, env := get("/api/pc/v1/explorer/search?coin=BTC&q="+other.String(), &found); env.Code != 0 || found.Kind != "transaction" {
			t.Fatalf("search a wallet send: %+v %+v", found, env)
		}
		if v = tx(other); v.Pool || v.Confirmations != 2 || v.NetworkFee != "0.00010000" || len(v.Outputs) != 0 || v.Total != "" || v.Status != explorer.TxConfirmed {
			t.Fatalf("wallet send: %+v", v)
		}
		// Given up by the payout job: failed, from the record alone (the node never had it).
		if v = tx(gaveUp); !v.Pool || v.Status != explorer.TxFailed || v.BlockHeight != -1 {
			t.Fatalf("given up: %+v", v)
		}
		// Never broadcast, and unknown: no such transaction.
		for _, h := range []chain.Hash{never, chain.DoubleSHA256([]byte("nobody's"))} {
			if st, env := get("/api/pc/v1/explorer/search?currencyType=BTC&q="+h.String(), nil); st != 404 || env.Msg != "There is no block or transaction with this hash." {
				t.Errorf("search %s: %d %+v", h, st, env)
			}
			if st, env := get("/api/pc/v1/explorer/transaction?currencyType=BTC&txid="+h.String(), nil); st != 404 || env.Msg != "There is no such transaction." {
				t.Errorf("transaction %s: %d %+v", h, st, env)
			}
		}
		if st, env := get("/api/pc/v1/explorer/transaction?currencyType=BTC&txid=12", nil); st != 400 || env.Msg != "Transaction hash is not valid." {
			t.Errorf("bad txid: %d %+v", st, env)
		}
		if st, env := get("/api/pc/v1/explorer/transaction?currencyType=BTC", nil); st != 400 {
			t.Errorf("no txid: %d %+v", st, env)
		}
	})
}
