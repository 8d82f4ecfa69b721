package ironfishrpc

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/uniplus-pool/pool/internal/chain"
)

const subsidy = 20_0000_0000 // devnet's first-year block subsidy, 20 IRON in ore

// IronFish has no coinbase maturity in consensus: a miner fee note can be spent once it is
// in the chain. The wallet counts a note available once it is `confirmations` (2) blocks
// deep, and the driver spends only such notes.
func testRewardInWallet(w *walk) {
	t := w.t
	w.node.WaitWalletAt(t, w.node.Account)
	seq, _ := w.node.Head(t)
	want := int64(0)
	for _, m := range w.mined {
		if m.height <= seq-2 {
			want += m.reward
		}
	}
	got, err := w.drv.Balance(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if node := w.node.Balance(t, w.node.Account, 2); got != want || node.Available != want {
		t.Fatalf("balance at tip %d: driver %d, node %d, want %d (blocks %+v)", seq, got, node.Available, want, w.mined)
	}
	before := got
	w.mineNext(false)
	w.mineNext(false)
	w.node.WaitWalletAt(t, w.node.Account)
	got, err = w.drv.Balance(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	// The two blocks that were 1 and 0 deep are now 3 and 2 deep.
	if got != before+2*subsidy {
		t.Errorf("balance after two more blocks %d, want %d", got, before+2*subsidy)
	}
	if node := w.node.Balance(t, w.node.Account, 2); node.Available != got {
		t.Errorf("node's available %d, driver %d", node.Available, got)
	}

	// The miner fee transaction of the first block, as the wallet shows it.
	first := w.mined[0]
	det, err := w.drv.BlockDetail(w.ctx, first.hash)
	if err != nil {
		t.Fatal(err)
	}
	wt, err := w.drv.Transaction(w.ctx, det.TxIDs[0])
	if err != nil {
		t.Fatal(err)
	}
	seq, _ = w.node.Head(t)
	if wt.Amount != subsidy || wt.Fee != 0 || wt.BlockHash != first.hash || wt.Confirmations != seq-first.height+1 {
		t.Errorf("miner fee transaction %+v; block %+v at tip %d", wt, first, seq)
	}
	addr, err := w.drv.NewAddress(w.ctx)
	if err != nil || addr != w.node.PublicAddress {
		t.Errorf("NewAddress %q, %v; the account's address is %s", addr, err, w.node.PublicAddress)
	}
}

func testPayouts(w *walk) {
	t := w.t
	recipient := w.node.CreateAccount(t, "recipient")
	other := w.node.CreateAccount(t, "other")
	const amount = 1_2345_6789 // ore

	p1, err := w.drv.BuildPayout(w.ctx, []chain.PayoutOutput{{Address: recipient, Amount: amount}})
	if err != nil {
		t.Fatalf("build: %v\n%s", err, w.node.Log())
	}
	if p1.TxID != TxHash(p1.Raw) || len(p1.Inputs) != 1 || p1.Fee < 1 {
		t.Fatalf("payout %s: %d inputs, fee %d", p1.TxID, len(p1.Inputs), p1.Fee)
	}
	if fee, _ := txFee(p1.Raw); fee != p1.Fee {
		t.Errorf("fee %d in the bytes, %d reported", fee, p1.Fee)
	}
	// Built, not sent: the recipient has nothing, and the node's mempool does not know it.
	w.node.WaitWalletAt(t, "recipient")
	if b := w.node.Balance(t, "recipient", 0); b.Unconfirmed != 0 {
		t.Errorf("recipient has %d before the broadcast", b.Unconfirmed)
	}
	if _, err := w.drv.Transaction(w.ctx, p1.TxID); !errors.Is(err, chain.ErrNotFound) {
		t.Errorf("the wallet knows the unsent payout: %v", err)
	}

	// The first build's note is reserved: the second takes the other spendable note, and a
	// third finds none until the second is released.
	p2, err := w.drv.BuildPayout(w.ctx, []chain.PayoutOutput{{Address: other, Amount: 5_0000_0000}})
	if err != nil {
		t.Fatal(err)
	}
	if len(p2.Inputs) != 1 || p2.Inputs[0] == p1.Inputs[0] {
		t.Fatalf("second payout spends %v, first %v", p2.Inputs, p1.Inputs)
	}
	_, err = w.drv.BuildPayout(w.ctx, []chain.PayoutOutput{{Address: other, Amount: 1_0000_0000}})
	if !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("third build with every note reserved: %v", err)
	}
	if err := w.drv.ReleasePayout(w.ctx, p2); err != nil {
		t.Fatal(err)
	}
	x, err := w.drv.BuildPayout(w.ctx, []chain.PayoutOutput{{Address: other, Amount: 1_0000_0000}})
	if err != nil {
		t.Fatalf("build after release: %v", err)
	}
	if !slices.Equal(x.Inputs, p2.Inputs) {
		t.Errorf("after release the build spends %v, the released note was %v", x.Inputs, p2.Inputs)
	}
	// x stays stored but unsent; its note is given back and spent by y: x can then never
	// confirm.
	if err := w.drv.ReleasePayout(w.ctx, x); err != nil {
		t.Fatal(err)
	}
	y, err := w.drv.BuildPayout(w.ctx, []chain.PayoutOutput{{Address: other, Amount: 2_0000_0000}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(y.Inputs, x.Inputs) {
		t.Fatalf("y spends %v, x %v", y.Inputs, x.Inputs)
	}
	// HoldOnly with p1 and y keeps exactly those: nothing else is left to build with.
	if err := w.drv.HoldOnly(w.ctx, []chain.SignedPayout{p1, y}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.drv.BuildPayout(w.ctx, []chain.PayoutOutput{{Address: other, Amount: 1}}); !errors.Is(err, ErrInsufficientFunds) {
		t.Fatalf("build with every note held: %v", err)
	}

	for i := range 2 {
		txid, err := w.drv.Broadcast(w.ctx, p1.Raw)
		if err != nil || txid != p1.TxID {
			t.Fatalf("broadcast %d: %s, %v", i+1, txid, err)
		}
	}
	if _, err := w.drv.Broadcast(w.ctx, y.Raw); err != nil {
		t.Fatal(err)
	}
	wt, err := w.drv.Transaction(w.ctx, p1.TxID)
	if err != nil {
		t.Fatal(err)
	}
	if wt.Confirmations != 0 || wt.Amount != -amount || wt.Fee != p1.Fee || !wt.BlockHash.IsZero() {
		t.Errorf("pending payout %+v", wt)
	}
	sends, _, err := w.drv.WalletSends(w.ctx, chain.Hash{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(sends, p1.TxID) || !slices.Contains(sends, y.TxID) || len(sends) != 2 {
		t.Errorf("pending sends %v, want %s and %s", sends, p1.TxID, y.TxID)
	}

	// The template of the tip was made before the broadcast; the next block's second
	// template has the mempool's transactions.
	empty := w.mineNext(false)
	b := w.mineNext(true)
	det, err := w.drv.BlockDetail(w.ctx, b.hash)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(det.TxIDs, p1.TxID) || !slices.Contains(det.TxIDs, y.TxID) {
		t.Fatalf("block %d holds %v, want %s and %s", b.height, det.TxIDs, p1.TxID, y.TxID)
	}
	if b.reward != subsidy+p1.Fee+y.Fee || det.CoinbaseValue != b.reward {
		t.Errorf("block reward %d (block says %d), want subsidy and fees %d", b.reward, det.CoinbaseValue, subsidy+p1.Fee+y.Fee)
	}

	// Sent again once in a block: harmless.
	if txid, err := w.drv.Broadcast(w.ctx, p1.Raw); err != nil || txid != p1.TxID {
		t.Errorf("broadcast after the block: %s, %v", txid, err)
	}
	// x's note is spent by y in the chain.
	if _, err := w.drv.Broadcast(w.ctx, x.Raw); !errors.Is(err, chain.ErrConflict) {
		t.Errorf("broadcast of a payout whose note another spent: %v", err)
	}

	w.node.WaitWalletAt(t, w.node.Account)
	wt, err = w.drv.Transaction(w.ctx, p1.TxID)
	if err != nil {
		t.Fatal(err)
	}
	if wt.Confirmations != 1 || wt.BlockHash != b.hash || wt.Amount != -amount || wt.Fee != p1.Fee {
		t.Errorf("confirmed payout %+v, block %s", wt, b.hash)
	}
	w.node.WaitWalletAt(t, "recipient")
	if got := w.node.Balance(t, "recipient", 0).Unconfirmed; got != amount {
		t.Errorf("recipient received %d, want exactly %d", got, amount)
	}

	// WalletSends from a block: sends after it, and the block 6 deep for the next call.
	sends, next, err := w.drv.WalletSends(w.ctx, empty.hash)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(sends, p1.TxID) || !slices.Contains(sends, y.TxID) {
		t.Errorf("sends after block %d: %v", empty.height, sends)
	}
	sends, _, err = w.drv.WalletSends(w.ctx, b.hash)
	if err != nil {
		t.Fatal(err)
	}
	if len(sends) != 0 {
		t.Errorf("sends after the block that holds them: %v", sends)
	}
	seq, _ := w.node.Head(t)
	if want, _ := w.drv.BlockHash(w.ctx, seq-chain.SendsDepth+1); next != want {
		t.Errorf("next %s, want the block at %d: %s", next, seq-chain.SendsDepth+1, want)
	}
}

func testRefusedPayouts(w *walk) {
	t := w.t
	a, err := w.drv.ValidateAddress(w.ctx, strings.ToUpper(w.node.PublicAddress))
	if err != nil || !a.Valid || a.Normalized != w.node.PublicAddress {
		t.Errorf("upper-case address: %+v, %v", a, err)
	}
	for _, bad := range []string{"", "xyz", w.node.PublicAddress[:62], w.node.PublicAddress + "00", strings.Repeat("g", 64)} {
		if a, err := w.drv.ValidateAddress(w.ctx, bad); err != nil || a.Valid {
			t.Errorf("ValidateAddress(%q) = %+v, %v", bad, a, err)
		}
	}
	// 32 bytes of hex that are not a point of the curve: the node says which.
	checked := 0
	for i := range 16 {
		cand := fmt.Sprintf("%064x", i)
		var r struct{ Valid bool }
		w.node.MustCall(t, "chain/isValidPublicAddress", map[string]any{"address": cand}, &r)
		a, err := w.drv.ValidateAddress(w.ctx, cand)
		if err != nil || a.Valid != r.Valid {
			t.Errorf("ValidateAddress(%s) = %+v, %v; node says %v", cand, a, err, r.Valid)
		}
		if !r.Valid {
			checked++
		}
	}
	if checked == 0 {
		t.Error("no invalid 32-byte address among the candidates: the test checks nothing")
	}

	_, err = w.drv.BuildPayout(w.ctx, []chain.PayoutOutput{{Address: "not-an-address", Amount: 1000}})
	var refused interface{ OutputsRefused() bool }
	if !errors.As(err, &refused) || !refused.OutputsRefused() || !strings.Contains(err.Error(), "not-an-address") {
		t.Errorf("payout to a bad address: %v", err)
	}
	if err := w.drv.HoldOnly(w.ctx, nil); err != nil {
		t.Fatal(err)
	}
	bal, err := w.drv.Balance(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	_, err = w.drv.BuildPayout(w.ctx, []chain.PayoutOutput{{Address: w.node.PublicAddress, Amount: bal + 1}})
	if !errors.Is(err, ErrInsufficientFunds) || !strings.Contains(err.Error(), "spendable") {
		t.Errorf("payout over the balance %d: %v", bal, err)
	}
	if _, err := w.drv.BuildPayout(w.ctx, nil); err == nil {
		t.Error("payout without outputs was built")
	}
}
