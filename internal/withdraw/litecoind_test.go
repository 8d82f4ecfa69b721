package withdraw_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/bitcoind"
	"github.com/uniplus-pool/pool/internal/chain/chaintest"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// On litecoind regtest: one payout batches five withdrawals, two of which deliver less
// than Litecoin's dust limit (1000 litoshi to a legacy address, whose limit is 5460, and
// 2000 to a bech32 one, limit 2940), made under a dust floor set too low. The node refuses
// the whole build ("Transaction amount too small", naming no output). The run refunds
// those two with the refused reason and sends the other three in one transaction, which
// confirms paying each its exact amount; the ledger and wallet checks pass. Before, the
// payout stayed batched and every run had the same build refused: nobody was paid.
func TestDustOutputOnLitecoinRegtest(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		p := chaintest.StartLitecoinPair(t)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		drv, err := bitcoind.New(bitcoind.Config{URL: p.URL, User: p.User, Password: p.Password, Wallet: p.Wallet,
			Algorithm: chain.Scrypt, Rules: []string{"mweb", "segwit"}, Decimals: 8})
		if err != nil {
			t.Fatal(err)
		}
		c := coin.Coin{Type: "LTC", Name: "Litecoin", AliasName: "LTC", Algorithm: "scrypt", ChainUnit: "LTC", MinHashUnit: "H/s",
			Decimals: 8, SettleModel: coin.SettleModelPPS, SettleTime: "08:00", FeeBps: 100, Driver: coin.DriverBitcoind,
			DriverConfig: map[string]string{"rpc_url": p.URL}, WithdrawFee: 100_000, PayoutConfirmations: 1, DustFloor: 1}
		coins := &coin.Store{DB: d}
		if err := coins.Put(ctx, c); err != nil {
			t.Fatal(err)
		}
		clk := &clock{t: time.Date(2025, 3, 1, 6, 0, 0, 0, time.UTC)}
		store := &withdraw.Store{DB: d, Coins: coins, Chains: chains{drv}, Now: clk.Now}
		newAddress := func(kind string) string {
			var a string
			if err := json.Unmarshal(p.A.CallWallet(t, "getnewaddress", "", kind), &a); err != nil {
				t.Fatal(err)
			}
			return a
		}
		type want struct {
			w    withdraw.Withdrawal
			dust bool
		}
		var ws []want
		for u, o := range []struct {
			kind, amount string
			dust         bool
		}{
			{"bech32", "0.25", false},
			{"legacy", "0.00101", true}, // 1000 litoshi arrive
			{"legacy", "0.1", false},
			{"bech32", "0.00102", true}, // 2000
			{"p2sh-segwit", "0.3", false},
		} {
			user := int64(u + 1)
			err := d.InTx(ctx, func(tx *db.Tx) error {
				_, err := ledger.Post(ctx, tx, []ledger.Entry{{SubAccountID: user, UserID: user, Coin: "LTC", Kind: ledger.KindEarning,
					Available: coinU, Earned: coinU, Ref: "test", IdemKey: "regtest-credit:" + o.amount + o.kind, At: clk.Now()}})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			a, err := store.SaveAddress(ctx, user, withdraw.AddressInput{Coin: "LTC", Address: newAddress(o.kind), Network: "LTC"}, noCode)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := d.Exec(ctx, "UPDATE withdraw_addresses SET usable_at = 0 WHERE id = ?", a.ID); err != nil {
				t.Fatal(err)
			}
			w, err := store.Withdraw(ctx, withdraw.Request{UserID: user, SubAccountID: user, Coin: "LTC", AddressID: a.ID, Network: "LTC", Amount: o.amount}, noCode)
			if err != nil {
				t.Fatal(err)
			}
			ws = append(ws, want{w, o.dust})
		}
		log := slog.New(slog.DiscardHandler)
		r, err := store.Pay(ctx, c, drv, log)
		if err != nil || r.Batched != 1 || r.Refused != 2 || r.Broadcast != 1 {
			t.Fatalf("first run: %+v %v", r, err)
		}
		var txid string
		if err := d.QueryRow(ctx, "SELECT txid FROM payouts WHERE status = ?", withdraw.StatusBroadcast).Scan(&txid); err != nil {
			t.Fatal(err)
		}
		p.Generate(t, p.A, 1)
		p.Sync(t)
		if r, err := store.Pay(ctx, c, drv, log); err != nil || r.Paid != 1 || r.Pending != 0 {
			t.Fatalf("second run: %+v %v", r, err)
		}
		// Node B's copy of the transaction: one output per paid withdrawal, of its
		// received amount, and change.
		var tx struct {
			Confirmations int64 `json:"confirmations"`
			Vout          []struct {
				Value        json.Number `json:"value"`
				ScriptPubKey struct {
					Addresses []string `json:"addresses"`
					Address   string   `json:"address"`
				} `json:"scriptPubKey"`
			} `json:"vout"`
		}
		var block string
		if err := json.Unmarshal(p.B.Call(t, "getbestblockhash"), &block); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(p.B.Call(t, "getrawtransaction", txid, true, block), &tx); err != nil || tx.Confirmations != 1 || len(tx.Vout) != 4 {
			t.Fatalf("node B: %+v %v", tx, err)
		}
		paid := map[string]int64{}
		for _, o := range tx.Vout {
			v, err := chain.ParseNodeAmount(o.Value.String(), 8)
			if err != nil {
				t.Fatal(err)
			}
			addr := o.ScriptPubKey.Address
			if addr == "" && len(o.ScriptPubKey.Addresses) == 1 {
				addr = o.ScriptPubKey.Addresses[0]
			}
			paid[addr] += v
		}
		for i, x := range ws {
			got, err := store.Get(ctx, d, x.w.ID)
			if err != nil {
				t.Fatal(err)
			}
			var b ledger.Sums
			if err := d.QueryRow(ctx, "SELECT available, frozen, earned, withdrawn FROM balances WHERE sub_account_id = ? AND coin = 'LTC'", int64(i+1)).
				Scan(&b.Available, &b.Frozen, &b.Earned, &b.Withdrawn); err != nil {
				t.Fatal(err)
			}
			switch {
			case x.dust:
				if got.Status != withdraw.StatusFailed || got.ReasonKey != withdraw.ReasonRefused || paid[got.Address] != 0 ||
					b.Available != coinU || b.Frozen != 0 || b.Withdrawn != 0 {
					t.Errorf("dust withdrawal %+v, paid %d, balance %+v", got, paid[got.Address], b)
				}
			default:
				if got.Status != withdraw.StatusConfirmed || got.TxID != txid || paid[got.Address] != got.Received ||
					b.Frozen != 0 || b.Withdrawn != got.Amount || b.Available != coinU-got.Amount {
					t.Errorf("withdrawal %+v, paid %d, balance %+v", got, paid[got.Address], b)
				}
			}
		}
		if rep, err := ledger.Check(ctx, d); err != nil || !rep.OK() {
			t.Fatalf("ledger check %+v %v", rep, err)
		}
		if rep, err := store.CheckWallet(ctx, c, drv); err != nil || rep.Problem() != "" {
			t.Fatalf("wallet check %+v %v", rep, err)
		}
	})
}
