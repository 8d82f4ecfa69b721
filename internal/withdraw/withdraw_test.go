package withdraw_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

func count(t *testing.T, d *db.DB, table string) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestAddressBook(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		good := e.otherAddress(1)
		bad := []struct {
			in   withdraw.AddressInput
			want string
		}{
			{withdraw.AddressInput{Coin: "TST", Network: "TST"}, "validation.required"},
			{withdraw.AddressInput{Coin: "TST", Address: good}, "validation.required"},
			{withdraw.AddressInput{Coin: "TST", Address: good, Network: "BTC"}, "validation.oneOf"},
			{withdraw.AddressInput{Coin: "NOPE", Address: good, Network: "TST"}, "withdraw.coinUnknown"},
			{withdraw.AddressInput{Coin: "TST", Address: mistyped(good), Network: "TST"}, "withdraw.addressInvalid"},
			{withdraw.AddressInput{Coin: "TST", Address: "dvn1 " + good[4:], Network: "TST"}, "withdraw.addressInvalid"},
			{withdraw.AddressInput{Coin: "TST", Address: good, Network: "TST", Description: "a\x07b"}, "textcheck.unsafe"},
			// A label must not turn the text around it: "\u202e" would show the address
			// beside it reversed, "\u2066".."\u2069" isolate and reorder it.
			{withdraw.AddressInput{Coin: "TST", Address: good, Network: "TST", Description: "cold\u202e"}, "textcheck.unsafe"},
			{withdraw.AddressInput{Coin: "TST", Address: good, Network: "TST", Description: "\u2067cold\u2069"}, "textcheck.unsafe"},
			{withdraw.AddressInput{Coin: "TST", Address: good, Network: "TST", Description: "cold\u200f"}, "textcheck.unsafe"},
			{withdraw.AddressInput{Coin: "TST", Address: good, Network: "TST", Description: "c\u00851"}, "textcheck.unsafe"},
			{withdraw.AddressInput{Coin: "TST", Address: good, Network: "TST", Description: strings.Repeat("x", 31)}, "validation.tooLong"},
		}
		for _, b := range bad {
			if _, err := e.store.SaveAddress(ctx, 1, b.in, noCode); key(err) != b.want {
				t.Errorf("SaveAddress(%+v) = %q, want %q", b.in, key(err), b.want)
			}
		}
		if n := count(t, d, "withdraw_addresses"); n != 0 {
			t.Fatalf("%d entries after refusals", n)
		}
		// A refused second verification leaves nothing behind.
		refuse := errors.New("code refused")
		if _, err := e.store.SaveAddress(ctx, 1, withdraw.AddressInput{Coin: "TST", Address: good, Network: "tst"},
			func(context.Context, *db.Tx) error { return refuse }); !errors.Is(err, refuse) {
			t.Fatalf("save with a refused code: %v", err)
		}
		if n := count(t, d, "withdraw_addresses"); n != 0 {
			t.Fatalf("%d entries after a refused code", n)
		}
		a, err := e.store.SaveAddress(ctx, 1, withdraw.AddressInput{Coin: "tst", Address: good, Network: "tst", Description: " cold "}, noCode)
		if err != nil {
			t.Fatal(err)
		}
		if a.Coin != "TST" || a.Network != "TST" || a.Description != "cold" || a.UsableAt != e.clock.Now().Add(48*time.Hour).UnixMilli() {
			t.Fatalf("saved %+v", a)
		}
		if _, err := e.store.SaveAddress(ctx, 1, withdraw.AddressInput{Coin: "TST", Address: good, Network: "TST"}, noCode); key(err) != "withdraw.addressExists" {
			t.Fatalf("duplicate: %v", err)
		}
		// Another user may hold the same address; they cannot see or change this entry.
		if _, err := e.store.SaveAddress(ctx, 2, withdraw.AddressInput{Coin: "TST", Address: good, Network: "TST"}, noCode); err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.SaveAddress(ctx, 2, withdraw.AddressInput{ID: a.ID, Coin: "TST", Address: e.otherAddress(9), Network: "TST"}, noCode); key(err) != "withdraw.addressNotFound" {
			t.Fatalf("edit of another user's entry: %v", err)
		}
		if _, err := e.store.DeleteAddress(ctx, 2, a.ID, noCode); key(err) != "withdraw.addressNotFound" {
			t.Fatalf("delete of another user's entry: %v", err)
		}
		// A description edit keeps the lock where it was; an address change starts it again.
		e.clock.Add(47 * time.Hour)
		b, err := e.store.SaveAddress(ctx, 1, withdraw.AddressInput{ID: a.ID, Coin: "TST", Address: good, Network: "TST", Description: "hot"}, noCode)
		if err != nil || b.UsableAt != a.UsableAt || b.Description != "hot" {
			t.Fatalf("description edit: %+v %v", b, err)
		}
		c, err := e.store.SaveAddress(ctx, 1, withdraw.AddressInput{ID: a.ID, Coin: "TST", Address: e.otherAddress(2), Network: "TST", Description: "hot"}, noCode)
		if err != nil || c.UsableAt != e.clock.Now().Add(48*time.Hour).UnixMilli() {
			t.Fatalf("address edit: %+v %v", c, err)
		}
		// In use by an auto-withdrawal that is on: not deleted.
		if _, err := d.Exec(ctx, "INSERT INTO withdraw_settings (sub_account_id, coin, user_id, enabled, amount, address_id, updated_at) VALUES (1, 'TST', 1, ?, 5, ?, 0)", true, a.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.DeleteAddress(ctx, 1, a.ID, noCode); key(err) != "withdraw.addressInUse" {
			t.Fatalf("delete in use: %v", err)
		}
		if _, err := d.Exec(ctx, "UPDATE withdraw_settings SET enabled = ?", false); err != nil {
			t.Fatal(err)
		}
		if _, err := e.store.DeleteAddress(ctx, 1, a.ID, noCode); err != nil {
			t.Fatal(err)
		}
		if list, _ := e.store.Addresses(ctx, 1, ""); len(list) != 0 {
			t.Fatalf("after delete: %+v", list)
		}
	})
}

func TestParseAmount(t *testing.T) {
	c := (&env{}).coin
	c.Decimals = 8
	for in, want := range map[string]string{
		"": "withdraw.fieldsRequired", "abc": "withdraw.amountWrong", "1e3": "withdraw.amountWrong", "1.": "withdraw.amountWrong",
		".5": "withdraw.amountWrong", "-1": "withdraw.positive", "0": "withdraw.positive", "0.00000": "withdraw.positive",
		"1.000001": "withdraw.decimals", "99999999999999": "withdraw.amountWrong", " 1,5": "withdraw.amountWrong",
	} {
		if _, err := withdraw.ParseAmount(in, c); key(err) != want {
			t.Errorf("ParseAmount(%q) = %q, want %q", in, key(err), want)
		}
	}
	for in, want := range map[string]int64{"1": 100_000_000, "0.00001": 1000, "1.50000": 150_000_000, "1.0000000": 100_000_000} {
		if got, err := withdraw.ParseAmount(in, c); err != nil || got != want {
			t.Errorf("ParseAmount(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
}

func TestWithdrawRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.credit(10, 1, 2*coinU)
		a := e.usableAddress(1, e.otherAddress(1))
		locked, err := e.store.SaveAddress(ctx, 1, withdraw.AddressInput{Coin: "TST", Address: e.otherAddress(2), Network: "TST"}, noCode)
		if err != nil {
			t.Fatal(err)
		}
		theirs := e.usableAddress(2, e.otherAddress(3))
		req := func(edit func(*withdraw.Request)) withdraw.Request {
			r := withdraw.Request{UserID: 1, SubAccountID: 10, Coin: "TST", AddressID: a.ID, Network: "TST", Amount: "1"}
			edit(&r)
			return r
		}
		bad := []struct {
			r    withdraw.Request
			want string
		}{
			{req(func(r *withdraw.Request) { r.Amount = "" }), "withdraw.fieldsRequired"},
			{req(func(r *withdraw.Request) { r.AddressID = 0 }), "withdraw.fieldsRequired"},
			{req(func(r *withdraw.Request) { r.Network = " " }), "withdraw.fieldsRequired"},
			{req(func(r *withdraw.Request) { r.Amount = "x" }), "withdraw.amountWrong"},
			{req(func(r *withdraw.Request) { r.Amount = "-0.5" }), "withdraw.positive"},
			{req(func(r *withdraw.Request) { r.Amount = "0.123456" }), "withdraw.decimals"},
			{req(func(r *withdraw.Request) { r.Amount = "0.001" }), "withdraw.notAboveFee"},
			{req(func(r *withdraw.Request) { r.Amount = "2.00001" }), "withdraw.exceedsMax"},
			{req(func(r *withdraw.Request) { r.AddressID = locked.ID }), "withdraw.addressLocked"},
			{req(func(r *withdraw.Request) { r.AddressID = theirs.ID }), "withdraw.addressNotFound"},
			{req(func(r *withdraw.Request) { r.Network = "BTC" }), "validation.oneOf"},
			{req(func(r *withdraw.Request) { r.Coin = "BTC" }), "withdraw.coinUnknown"},
			{req(func(r *withdraw.Request) { r.Remark = "a\nb" }), "textcheck.unsafe"},
			{req(func(r *withdraw.Request) { r.Remark = "rig\u202e4" }), "textcheck.unsafe"},
			{req(func(r *withdraw.Request) { r.SubAccountID = 11 }), "withdraw.exceedsMax"},
		}
		for _, b := range bad {
			if _, err := e.store.Withdraw(ctx, b.r, noCode); key(err) != b.want {
				t.Errorf("Withdraw(%+v) = %q, want %q", b.r, key(err), b.want)
			}
		}
		if n := count(t, d, "withdrawals"); n != 0 {
			t.Fatalf("%d withdrawals after refusals", n)
		}
		if b := e.balance(10); b.Available != 2*coinU || b.Frozen != 0 {
			t.Fatalf("balance moved: %+v", b)
		}
		// The whole balance, twice with one request id: one withdrawal.
		r := req(func(r *withdraw.Request) { r.Amount = "2"; r.RequestID = "abc"; r.Remark = "rig 4" })
		w1, err := e.store.Withdraw(ctx, r, noCode)
		if err != nil {
			t.Fatal(err)
		}
		w2, err := e.store.Withdraw(ctx, r, noCode)
		if err != nil || w2.ID != w1.ID {
			t.Fatalf("resubmitted: %+v %v, first %+v", w2, err, w1)
		}
		if w1.Amount != 2*coinU || w1.Fee != fee || w1.Received != 2*coinU-fee || w1.Status != withdraw.StatusRequested ||
			w1.Address != a.Address || w1.OrderNo != fmt.Sprintf("W20250301%08d", w1.ID) || w1.Remark != "rig 4" {
			t.Fatalf("withdrawal %+v", w1)
		}
		if b := e.balance(10); b.Available != 0 || b.Frozen != 2*coinU {
			t.Fatalf("balance after withdrawing: %+v", b)
		}
		if _, err := e.store.Withdraw(ctx, req(func(r *withdraw.Request) { r.Amount = "0.01" }), noCode); key(err) != "withdraw.exceedsMax" {
			t.Fatalf("frozen money withdrawn: %v", err)
		}
		e.checkLedger()
	})
}

// Two requests racing for one balance: the ledger's constraint lets one through.
func TestWithdrawRaceCannotOverdraw(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.credit(10, 1, coinU)
		a := e.usableAddress(1, e.otherAddress(1))
		errs := make(chan error, 8)
		for range 8 {
			go func() {
				_, err := e.store.Withdraw(context.Background(), withdraw.Request{UserID: 1, SubAccountID: 10, Coin: "TST", AddressID: a.ID,
					Network: "TST", Amount: "0.6"}, noCode)
				errs <- err
			}()
		}
		ok := 0
		for range 8 {
			err := <-errs
			switch {
			case err == nil:
				ok++
			case key(err) == "withdraw.exceedsMax" || strings.Contains(err.Error(), "database is locked") || strings.Contains(err.Error(), "SQLITE_BUSY"):
			default:
				t.Errorf("racing withdrawal: %v", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d of 8 racing withdrawals of 0.6 from 1.0 went through", ok)
		}
		if b := e.balance(10); b.Available != 40_000_000 || b.Frozen != 60_000_000 {
			t.Fatalf("balance %+v", b)
		}
		e.checkLedger()
	})
}

// confirmAll mines blocks and runs the payout job until no payout is open.
func (e *env) payUntilDone(drv chain.Driver) withdraw.RunReport {
	e.t.Helper()
	var total withdraw.RunReport
	for range 50 {
		r, err := e.store.Pay(context.Background(), e.coin, drv, nil)
		if err != nil {
			e.t.Fatalf("Pay: %v", err)
		}
		total.Batched += r.Batched
		total.Signed += r.Signed
		total.Broadcast += r.Broadcast
		total.Paid += r.Paid
		total.Failed += r.Failed
		if r.Pending == 0 {
			return total
		}
		e.chain.MineExternal()
	}
	e.t.Fatal("payouts still open after 50 rounds")
	return total
}

// onChain sums what the payout transactions the wallet sent pay to each address.
func (e *env) onChain() map[string]int64 {
	e.t.Helper()
	ctx := context.Background()
	rows, err := e.d.Query(ctx, "SELECT raw FROM payouts WHERE status = ?", withdraw.StatusConfirmed)
	if err != nil {
		e.t.Fatal(err)
	}
	defer rows.Close()
	paid := map[string]int64{}
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			e.t.Fatal(err)
		}
		tx, _, err := chain.ParseTx(mustHex(e.t, raw))
		if err != nil {
			e.t.Fatal(err)
		}
		for _, o := range tx.Outputs {
			paid[fmt.Sprintf("%x", o.Script)] += o.Value
		}
	}
	return paid
}

func TestPayoutBatchesAndPaysOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.fund(400 * coinU)
		start, _ := e.chain.Balance(ctx)
		// 230 users, and user 1 withdrawing 20 times to one address: 250 withdrawals.
		var want int64
		perAddress := map[string]int64{}
		for u := int64(1); u <= 230; u++ {
			e.credit(u, u, coinU)
			a := e.usableAddress(u, e.otherAddress(int(u)))
			n := 1
			if u == 1 {
				n = 21
			}
			for range n {
				w, err := e.store.Withdraw(ctx, withdraw.Request{UserID: u, SubAccountID: u, Coin: "TST", AddressID: a.ID, Network: "TST", Amount: "0.04"}, noCode)
				if err != nil {
					t.Fatal(err)
				}
				want += w.Received
				perAddress[a.Address] += w.Received
			}
		}
		r := e.payUntilDone(e.chain)
		if r.Failed != 0 || r.Paid != r.Batched || r.Batched < 21 {
			t.Fatalf("report %+v", r)
		}
		// Every payout: at most 100 outputs, each address once.
		rows, err := d.Query(ctx, "SELECT payout_id, COUNT(*), COUNT(DISTINCT address) FROM withdrawals GROUP BY payout_id")
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var id, n, distinct int
			if err := rows.Scan(&id, &n, &distinct); err != nil {
				t.Fatal(err)
			}
			if n > chain.MaxPayoutOutputs || n != distinct {
				t.Errorf("payout %d: %d withdrawals to %d addresses", id, n, distinct)
			}
		}
		rows.Close()
		var open int
		if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM withdrawals WHERE status <> ?", withdraw.StatusConfirmed).Scan(&open); err != nil || open != 0 {
			t.Fatalf("%d withdrawals not confirmed (%v)", open, err)
		}
		// On chain: each address got exactly its withdrawals, once.
		paid := e.onChain()
		for addr, amount := range perAddress {
			v, _ := e.chain.ValidateAddress(ctx, addr)
			if got := paid[fmt.Sprintf("%x", v.Script)]; got != amount {
				t.Errorf("%s paid %d on chain, withdrew %d", addr, got, amount)
			}
		}
		var fees int64
		if err := d.QueryRow(ctx, "SELECT SUM(network_fee) FROM payouts").Scan(&fees); err != nil {
			t.Fatal(err)
		}
		if end, _ := e.chain.Balance(ctx); end != start-want-fees {
			t.Fatalf("wallet %d, want %d - %d paid - %d fees", end, start, want, fees)
		}
		for _, u := range []int64{1, 2, 230} {
			b := e.balance(u)
			n := int64(1)
			if u == 1 {
				n = 21
			}
			if b.Frozen != 0 || b.Withdrawn != n*4_000_000 || b.Available != coinU-n*4_000_000 {
				t.Errorf("user %d balance %+v", u, b)
			}
		}
		e.checkLedger()
		rep, err := e.store.CheckWallet(ctx, e.coin, e.chain)
		if err != nil || rep.Problem() != "" || rep.Open != 0 || rep.Unsent != 0 {
			t.Fatalf("wallet check %+v %v", rep, err)
		}
		// A second run finds nothing to do.
		if r, err := e.store.Pay(ctx, e.coin, e.chain, nil); err != nil || r != (withdraw.RunReport{Coin: "TST"}) {
			t.Fatalf("second run %+v %v", r, err)
		}
	})
}

// flaky wraps the devnet driver with the failures a crash or a node leaves behind.
type flaky struct {
	chain.Driver
	// broadcastFails makes the next Broadcast calls fail after (sent true) or before
	// sending.
	broadcastFails int
	sent           bool
	conflict       bool
	builds         int
}

func (f *flaky) BuildPayout(ctx context.Context, outs []chain.PayoutOutput) (chain.SignedPayout, error) {
	f.builds++
	return f.Driver.BuildPayout(ctx, outs)
}

func (f *flaky) Broadcast(ctx context.Context, raw []byte) (chain.Hash, error) {
	if f.conflict {
		return chain.Hash{}, fmt.Errorf("test: %w", chain.ErrConflict)
	}
	if f.broadcastFails > 0 {
		f.broadcastFails--
		if f.sent {
			_, _ = f.Driver.Broadcast(ctx, raw)
		}
		return chain.Hash{}, errors.New("test: connection reset")
	}
	return f.Driver.Broadcast(ctx, raw)
}

func TestPayoutSurvivesEveryCrashPoint(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.fund(10 * coinU)
		start, _ := e.chain.Balance(ctx)
		e.credit(1, 1, 3*coinU)
		a := e.usableAddress(1, e.otherAddress(1))
		withdrawOne := func() withdraw.Withdrawal {
			w, err := e.store.Withdraw(ctx, withdraw.Request{UserID: 1, SubAccountID: 1, Coin: "TST", AddressID: a.ID, Network: "TST", Amount: "0.5"}, noCode)
			if err != nil {
				t.Fatal(err)
			}
			return w
		}
		// 1. Built and signed, then the process died before storing it: the wallet's
		// reservation is freed by the next run, which builds anew; only that one is sent.
		w := withdrawOne()
		if _, err := e.chain.BuildPayout(ctx, []chain.PayoutOutput{{Address: a.Address, Amount: w.Received}}); err != nil {
			t.Fatal(err)
		}
		e.payUntilDone(e.chain)
		// 2. Stored, then the broadcast failed before reaching the node, twice.
		f := &flaky{Driver: e.chain, broadcastFails: 2}
		withdrawOne()
		e.payUntilDone(f)
		// 3. Sent, then the answer was lost: the same bytes again, the same txid.
		f = &flaky{Driver: e.chain, broadcastFails: 1, sent: true}
		withdrawOne()
		e.payUntilDone(f)
		if f.builds != 1 {
			t.Fatalf("%d builds for one payout", f.builds)
		}
		var n int
		if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM payouts WHERE status = ?", withdraw.StatusConfirmed).Scan(&n); err != nil || n != 3 {
			t.Fatalf("%d confirmed payouts (%v)", n, err)
		}
		var fees int64
		if err := d.QueryRow(ctx, "SELECT SUM(network_fee) FROM payouts").Scan(&fees); err != nil {
			t.Fatal(err)
		}
		if end, _ := e.chain.Balance(ctx); end != start-3*(50_000_000-fee)-fees {
			t.Fatalf("wallet %d: paid more or less than three withdrawals (start %d, fees %d)", end, start, fees)
		}
		b := e.balance(1)
		if b.Withdrawn != 3*50_000_000 || b.Frozen != 0 || b.Available != 3*coinU-3*50_000_000 {
			t.Fatalf("balance %+v", b)
		}
		e.checkLedger()
	})
}

func TestConflictedPayoutRefunds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.fund(10 * coinU)
		e.credit(1, 1, coinU)
		a := e.usableAddress(1, e.otherAddress(1))
		w, err := e.store.Withdraw(ctx, withdraw.Request{UserID: 1, SubAccountID: 1, Coin: "TST", AddressID: a.ID, Network: "TST", Amount: "0.5"}, noCode)
		if err != nil {
			t.Fatal(err)
		}
		r, err := e.store.Pay(ctx, e.coin, &flaky{Driver: e.chain, conflict: true}, nil)
		if err != nil || r.Failed != 1 {
			t.Fatalf("report %+v %v", r, err)
		}
		got, _ := e.store.Get(ctx, d, w.ID)
		if got.Status != withdraw.StatusFailed || withdraw.Shown(got.Status) != "failure" || !strings.Contains(got.Reason, "conflict") {
			t.Fatalf("withdrawal %+v", got)
		}
		if b := e.balance(1); b.Available != coinU || b.Frozen != 0 || b.Withdrawn != 0 {
			t.Fatalf("balance after refund %+v", b)
		}
		e.checkLedger()
		// Run again: refunded once, not twice.
		if _, err := e.store.Pay(ctx, e.coin, e.chain, nil); err != nil {
			t.Fatal(err)
		}
		if b := e.balance(1); b.Available != coinU {
			t.Fatalf("balance after a second run %+v", b)
		}
	})
}

func TestReview(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.coin.WithdrawReviewAbove = coinU
		if err := e.store.Coins.Put(ctx, e.coin); err != nil {
			t.Fatal(err)
		}
		e.fund(10 * coinU)
		e.credit(1, 1, 5*coinU)
		a := e.usableAddress(1, e.otherAddress(1))
		big := func() withdraw.Withdrawal {
			w, err := e.store.Withdraw(ctx, withdraw.Request{UserID: 1, SubAccountID: 1, Coin: "TST", AddressID: a.ID, Network: "TST", Amount: "2"}, noCode)
			if err != nil || w.Status != withdraw.StatusReview {
				t.Fatalf("%+v %v", w, err)
			}
			return w
		}
		w1, w2 := big(), big()
		if r, _ := e.store.Pay(ctx, e.coin, e.chain, nil); r.Batched != 0 {
			t.Fatalf("a withdrawal under review was batched: %+v", r)
		}
		if err := e.store.Reject(ctx, ops.CLI, w2.ID, "unusual"); err != nil {
			t.Fatal(err)
		}
		if err := e.store.Reject(ctx, ops.CLI, w2.ID, "again"); err == nil {
			t.Fatal("rejected twice")
		}
		if err := e.store.Approve(ctx, ops.CLI, w2.ID, ""); err == nil {
			t.Fatal("a rejected withdrawal was approved")
		}
		if err := e.store.Approve(ctx, ops.CLI, w1.ID, ""); err != nil {
			t.Fatal(err)
		}
		e.payUntilDone(e.chain)
		if b := e.balance(1); b.Withdrawn != 2*coinU || b.Available != 3*coinU || b.Frozen != 0 {
			t.Fatalf("balance %+v", b)
		}
		e.checkLedger()
	})
}

func TestAutoWithdraw(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.credit(1, 1, coinU+123) // 1.00000123: the last 123 units stay (5 decimals)
		e.credit(2, 2, minW/2)
		a := e.usableAddress(1, e.otherAddress(1))
		b := e.usableAddress(2, e.otherAddress(2))
		set := func(in withdraw.SettingInput) error { _, err := e.store.SaveSetting(ctx, in); return err }
		// Settings rules, outside the window.
		for _, c := range []struct {
			in   withdraw.SettingInput
			want string
		}{
			{withdraw.SettingInput{UserID: 1, SubAccountID: 1, Coin: "TST", Enabled: true, Amount: "0.005", AddressID: a.ID}, "withdraw.belowMinimum"},
			{withdraw.SettingInput{UserID: 1, SubAccountID: 1, Coin: "TST", Enabled: true, Amount: "0.5"}, "validation.required"},
			{withdraw.SettingInput{UserID: 1, SubAccountID: 1, Coin: "TST", Enabled: true, Amount: "0.5", AddressID: b.ID}, "withdraw.addressNotFound"},
			{withdraw.SettingInput{UserID: 1, SubAccountID: 1, Coin: "TST", Enabled: true, Amount: "0.5000001", AddressID: a.ID}, "withdraw.decimals"},
		} {
			if err := set(c.in); key(err) != c.want {
				t.Errorf("SaveSetting(%+v) = %q, want %q", c.in, key(err), c.want)
			}
		}
		if n := count(t, d, "withdraw_settings"); n != 0 {
			t.Fatalf("%d settings after refusals", n)
		}
		if err := set(withdraw.SettingInput{UserID: 1, SubAccountID: 1, Coin: "TST", Enabled: true, Amount: "0.5", AddressID: a.ID}); err != nil {
			t.Fatal(err)
		}
		if err := set(withdraw.SettingInput{UserID: 2, SubAccountID: 2, Coin: "TST", Enabled: true, Amount: "0.01", AddressID: b.ID}); err != nil {
			t.Fatal(err)
		}
		// Outside the window nothing is paid.
		if n, err := e.store.AutoWithdraw(ctx); err != nil || n != 0 {
			t.Fatalf("outside the window: %d %v", n, err)
		}
		// 00:30 Beijing the next day: inside; settings are locked.
		e.clock.Add(10*time.Hour + 30*time.Minute)
		if err := set(withdraw.SettingInput{UserID: 1, SubAccountID: 1, Coin: "TST"}); key(err) != "withdraw.windowLocked" {
			t.Fatalf("change inside the window: %v", err)
		}
		for range 2 {
			if n, err := e.store.AutoWithdraw(ctx); err != nil || n > 1 {
				t.Fatalf("inside the window: %d %v", n, err)
			}
		}
		list, _, err := e.store.List(ctx, 1, 0, "", 1, 10)
		if err != nil || len(list) != 1 || list[0].Amount != coinU || list[0].Kind != withdraw.KindAuto {
			t.Fatalf("user 1 auto-withdrawals %+v %v", list, err)
		}
		if list, _, _ := e.store.List(ctx, 2, 0, "", 1, 10); len(list) != 0 {
			t.Fatalf("user 2 below the amount was paid: %+v", list)
		}
		if bal := e.balance(1); bal.Available != 123 || bal.Frozen != coinU {
			t.Fatalf("balance %+v", bal)
		}
		// More earnings the same day: still one withdrawal that day; the next day another.
		e.credit(1, 1, coinU)
		if n, _ := e.store.AutoWithdraw(ctx); n != 0 {
			t.Fatal("a second auto-withdrawal the same day")
		}
		e.clock.Add(24 * time.Hour)
		if n, _ := e.store.AutoWithdraw(ctx); n != 1 {
			t.Fatal("no auto-withdrawal the next day")
		}
		e.checkLedger()
	})
}

func TestPaymentWindow(t *testing.T) {
	for utc, in := range map[string]bool{
		"2025-03-01T15:59:59Z": false, // 23:59:59 Beijing
		"2025-03-01T16:00:00Z": true,  // 00:00
		"2025-03-02T03:59:59Z": true,  // 11:59:59
		"2025-03-02T04:00:00Z": false, // 12:00
	} {
		tm, _ := time.Parse(time.RFC3339, utc)
		if got := withdraw.InPaymentWindow(tm); got != in {
			t.Errorf("InPaymentWindow(%s) = %v", utc, got)
		}
	}
	_ = ledger.KindEarning
}

// mistyped changes an address's last character.
func mistyped(addr string) string {
	last := addr[len(addr)-1]
	if last == '0' {
		return addr[:len(addr)-1] + "1"
	}
	return addr[:len(addr)-1] + "0"
}

// The operator's commands: list by status, approve, reject with the money returned, the
// wallet check's table and its exit on a short wallet, and payouts refused for devnet.
func TestAdminCommands(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.coin.WithdrawReviewAbove = coinU / 2
		if err := e.store.Coins.Put(ctx, e.coin); err != nil {
			t.Fatal(err)
		}
		e.credit(1, 1, 3*coinU)
		a := e.usableAddress(1, e.otherAddress(1))
		var ids []int64
		for range 2 {
			w, err := e.store.Withdraw(ctx, withdraw.Request{UserID: 1, SubAccountID: 1, Coin: "TST", AddressID: a.ID, Network: "TST", Amount: "1"}, noCode)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, w.ID)
		}
		run := e.admin
		out, err := run("withdrawal", "list", "--status", "review")
		if err != nil || strings.Count(out, "review") != 2 {
			t.Fatalf("list: %v\n%s", err, out)
		}
		if _, err := run("withdrawal", "approve", fmt.Sprint(ids[0])); err != nil {
			t.Fatal(err)
		}
		if _, err := run("withdrawal", "reject", fmt.Sprint(ids[1]), "--reason", "unusual"); err != nil {
			t.Fatal(err)
		}
		if _, err := run("withdrawal", "approve", fmt.Sprint(ids[1])); err == nil {
			t.Fatal("a rejected withdrawal was approved")
		}
		if _, err := run("withdrawal", "approve"); err == nil {
			t.Fatal("approve without an id")
		}
		if b := e.balance(1); b.Available != 2*coinU || b.Frozen != coinU {
			t.Fatalf("balance after approve and reject %+v", b)
		}
		// The wallet holds nothing yet: it is short of what the pool owes.
		out, err = run("wallet", "check", "--coin", "TST")
		if err == nil || !strings.Contains(out, "the wallet holds less than the pool owes") {
			t.Fatalf("a short wallet passed: %v\n%s", err, out)
		}
		e.fund(10 * coinU)
		if out, err = run("wallet", "check", "--coin", "TST"); err != nil || !strings.Contains(out, "TST") {
			t.Fatalf("wallet check: %v\n%s", err, out)
		}
		if _, err := run("payout", "run", "--coin", "TST"); err == nil || !strings.Contains(err.Error(), "devnet") {
			t.Fatalf("payout run on devnet: %v", err)
		}
		if _, err := run("nothing"); err == nil {
			t.Fatal("an unknown command ran")
		}
	})
}
