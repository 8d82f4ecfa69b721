package withdraw_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/bitcoind"
	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// refusing is the devnet driver with a node's dust rule: a build holding an output below
// floor is refused the way bitcoind refuses it (-4 "Transaction amount too small", the
// output not named), and builds are counted.
type refusing struct {
	chain.Driver
	floor  int64
	builds int
	// down fails the next builds as a node that does not answer.
	down int
	// many refuses every build of more than one output for its outputs, though each
	// output builds alone: a refusal no single withdrawal is proved guilty of.
	many bool
	// midBuild runs once, after a build is made and before the payout job has it: an
	// operator acting while the job builds.
	midBuild func()
}

func (r *refusing) BuildPayout(ctx context.Context, outs []chain.PayoutOutput) (chain.SignedPayout, error) {
	r.builds++
	if r.down > 0 {
		r.down--
		return chain.SignedPayout{}, errors.New("test: connection refused")
	}
	tooSmall := &bitcoind.OutputsRefusedError{Err: &bitcoind.RPCError{Code: bitcoind.CodeWallet, Message: "Transaction amount too small"}}
	if r.many && len(outs) > 1 {
		return chain.SignedPayout{}, tooSmall
	}
	for _, o := range outs {
		if o.Amount < r.floor {
			return chain.SignedPayout{}, tooSmall
		}
	}
	sp, err := r.Driver.BuildPayout(ctx, outs)
	if err == nil && r.midBuild != nil {
		f := r.midBuild
		r.midBuild = nil
		f()
	}
	return sp, err
}

// allowDust sets the coin's dust floor to one unit, below what the test's node takes: a
// withdrawal made before the floor existed, or under a floor set too low.
func (e *env) allowDust() {
	e.t.Helper()
	e.coin.DustFloor = 1
	if err := e.store.Coins.Put(context.Background(), e.coin); err != nil {
		e.t.Fatal(err)
	}
}

// withdrawFor credits user u one coin, gives them a usable address and withdraws amount.
func (e *env) withdrawFor(u int64, amount string) withdraw.Withdrawal {
	e.t.Helper()
	e.credit(u, u, coinU)
	a := e.usableAddress(u, e.otherAddress(int(u)))
	w, err := e.store.Withdraw(context.Background(), withdraw.Request{UserID: u, SubAccountID: u, Coin: "TST", AddressID: a.ID, Network: "TST", Amount: amount}, noCode)
	if err != nil {
		e.t.Fatal(err)
	}
	return w
}

func (e *env) get(id int64) withdraw.Withdrawal {
	e.t.Helper()
	w, err := e.store.Get(context.Background(), e.d, id)
	if err != nil {
		e.t.Fatal(err)
	}
	return w
}

// refunded fails the test unless withdrawal w failed with reason key and user u's balance
// holds all of its coin again, nothing frozen or withdrawn.
func (e *env) refunded(w withdraw.Withdrawal, u int64, key string) {
	e.t.Helper()
	got := e.get(w.ID)
	if got.Status != withdraw.StatusFailed || got.ReasonKey != key {
		e.t.Fatalf("withdrawal %d: %s %q (%s), want failed %q", w.ID, got.Status, got.ReasonKey, got.Reason, key)
	}
	if b := e.balance(u); b.Available != coinU || b.Frozen != 0 || b.Withdrawn != 0 {
		e.t.Fatalf("user %d balance after the refund of %d: %+v", u, w.ID, b)
	}
}

// paidOnChain fails the test unless the confirmed payouts pay each withdrawal of want
// exactly its received amount, and the address of each of none nothing.
func (e *env) paidOnChain(want, none []withdraw.Withdrawal) {
	e.t.Helper()
	ctx := context.Background()
	paid := e.onChain()
	for _, w := range want {
		v, _ := e.chain.ValidateAddress(ctx, w.Address)
		if got := paid[fmt.Sprintf("%x", v.Script)]; got != w.Received {
			e.t.Errorf("withdrawal %d: %d paid on chain, want %d", w.ID, got, w.Received)
		}
		if got := e.get(w.ID); got.Status != withdraw.StatusConfirmed {
			e.t.Errorf("withdrawal %d is %s, want confirmed", w.ID, got.Status)
		}
	}
	for _, w := range none {
		v, _ := e.chain.ValidateAddress(ctx, w.Address)
		if got := paid[fmt.Sprintf("%x", v.Script)]; got != 0 {
			e.t.Errorf("withdrawal %d failed, yet %d was paid to its address", w.ID, got)
		}
	}
}

// moneyChecks runs the ledger check and the wallet check (frozen money equals the open
// withdrawals, the wallet covers what is owed).
func (e *env) moneyChecks() {
	e.t.Helper()
	e.checkLedger()
	rep, err := e.store.CheckWallet(context.Background(), e.coin, e.chain)
	if err != nil || rep.Problem() != "" {
		e.t.Fatalf("wallet check %+v: %v %s", rep, err, rep.Problem())
	}
}

// One payout of seven withdrawals, two of them dust the node refuses (a build holding
// either is refused without saying which output): the run fails and refunds those two
// alone, with the reason their owners read, and sends the other five. Before, the payout
// stayed batched and the same build was refused on every run, so nobody was paid.
func TestRefusedOutputFailsAloneAndTheRestArePaid(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.allowDust()
		e.fund(20 * coinU)
		drv := &refusing{Driver: e.chain, floor: 5460}
		var good, dust []withdraw.Withdrawal
		for u := int64(1); u <= 7; u++ {
			if u == 3 || u == 6 {
				dust = append(dust, e.withdrawFor(u, "0.00101")) // 1000 units arrive
			} else {
				good = append(good, e.withdrawFor(u, "0.5"))
			}
		}
		r, err := e.store.Pay(ctx, e.coin, drv, nil)
		if err != nil {
			t.Fatalf("run with two dust outputs: %v (%+v)", err, r)
		}
		if r.Batched != 1 || r.Refused != 2 || r.Signed != 1 || r.Broadcast != 1 {
			t.Fatalf("report %+v", r)
		}
		// Bounded: the whole, halves down to the two, the rest again.
		if drv.builds > 2*7 {
			t.Fatalf("%d builds to find 2 refused outputs among 7", drv.builds)
		}
		for i, w := range dust {
			e.refunded(w, []int64{3, 6}[i], withdraw.ReasonRefused)
			if got := e.get(w.ID); got.PayoutID != 0 || !strings.Contains(got.Reason, "Transaction amount too small") {
				t.Fatalf("refused withdrawal %+v: still in the payout, or no node words", got)
			}
		}
		e.payUntilDone(drv)
		e.paidOnChain(good, dust)
		var outputs int
		var status string
		if err := d.QueryRow(ctx, "SELECT outputs, status FROM payouts").Scan(&outputs, &status); err != nil || outputs != 5 || status != withdraw.StatusConfirmed {
			t.Fatalf("payout: %d outputs, %s (%v)", outputs, status, err)
		}
		e.moneyChecks()
		// Refunded once: more runs change nothing.
		if _, err := e.store.Pay(ctx, e.coin, drv, nil); err != nil {
			t.Fatal(err)
		}
		e.refunded(dust[0], 3, withdraw.ReasonRefused)
		e.checkLedger()
	})
}

// Only a refusal of the outputs fails a withdrawal: a node that does not answer fails
// none, and neither does a refusal of the outputs together that no output earns alone.
// Both leave the payout batched for the next run, with its error for the operator.
func TestBuildErrorsThatProveNoOutputFailNone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.fund(20 * coinU)
		var ws []withdraw.Withdrawal
		for u := int64(1); u <= 3; u++ {
			ws = append(ws, e.withdrawFor(u, "0.5"))
		}
		lastError := func() string {
			var s string
			if err := d.QueryRow(ctx, "SELECT last_error FROM payouts WHERE status = ?", withdraw.StatusBatched).Scan(&s); err != nil {
				t.Fatal(err)
			}
			return s
		}
		if _, err := e.store.Pay(ctx, e.coin, &refusing{Driver: e.chain, down: 1}, nil); err == nil || !strings.Contains(lastError(), "connection refused") {
			t.Fatalf("a node that did not answer: %v", err)
		}
		if _, err := e.store.Pay(ctx, e.coin, &refusing{Driver: e.chain, many: true}, nil); err == nil || !strings.Contains(err.Error(), "none alone") {
			t.Fatalf("refused together only: %v", err)
		}
		for _, w := range ws {
			if got := e.get(w.ID); got.Status != withdraw.StatusBatched {
				t.Fatalf("withdrawal %d is %s after errors that prove nothing against it", w.ID, got.Status)
			}
		}
		e.payUntilDone(e.chain)
		e.paidOnChain(ws, nil)
		e.moneyChecks()
	})
}

// stuckPayout makes withdrawals for users and has one run batch them into a payout that a
// node that does not answer leaves batched; it answers the payout's id.
func (e *env) stuckPayout(users ...int64) (int64, []withdraw.Withdrawal) {
	e.t.Helper()
	var ws []withdraw.Withdrawal
	for _, u := range users {
		ws = append(ws, e.withdrawFor(u, "0.5"))
	}
	if _, err := e.store.Pay(context.Background(), e.coin, &refusing{Driver: e.chain, down: 1}, nil); err == nil {
		e.t.Fatal("a build against a node that does not answer went through")
	}
	w := e.get(ws[0].ID)
	if w.Status != withdraw.StatusBatched || w.PayoutID == 0 {
		e.t.Fatalf("withdrawal %+v not batched", w)
	}
	return w.PayoutID, ws
}

// `poold admin payout fail|unbatch`: fail one withdrawal out of a batched payout or while
// it is requested, unbatch a payout, fail a whole payout; each refused, with nothing
// changed, for a payout whose transaction is stored (it may have been sent) or that is
// already final. Every change is in the command's log.
func TestAdminPayoutFailAndUnbatch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.fund(20 * coinU)
		var logs bytes.Buffer
		run := func(args ...string) (string, error) {
			var out strings.Builder
			err := e.store.Admin(ctx, args[0], args[1:], &out, slog.New(slog.NewTextHandler(&logs, nil)))
			return out.String(), cli.Explain(err) // in English, as poold admin prints it
		}
		p1, ws := e.stuckPayout(1, 2, 3, 4)
		id := func(n int64) string { return fmt.Sprint(n) }
		if _, err := run("payout", "fail", id(p1)); err == nil || !strings.Contains(err.Error(), "reason is required") {
			t.Fatalf("fail without a reason: %v", err)
		}
		if _, err := run("payout", "fail", id(p1), "--withdrawal", id(ws[0].ID), "--reason", "x"); err == nil {
			t.Fatal("fail took a payout and a withdrawal at once")
		}
		// The owners read the note: one that would show reordered is refused.
		if _, err := run("payout", "fail", "--withdrawal", id(ws[0].ID), "--reason", "paid \u202eelsewhere"); err == nil || !strings.Contains(err.Error(), "bidi") {
			t.Fatalf("a note with bidi formatting: %v", err)
		}
		if b := e.balance(1); b.Frozen != 50_000_000 {
			t.Fatalf("a refused command moved money: %+v", b)
		}
		// One withdrawal out of the batched payout: refunded, out of the payout.
		if _, err := run("payout", "fail", "--withdrawal", id(ws[1].ID), "--reason", "address typo"); err != nil {
			t.Fatal(err)
		}
		e.refunded(ws[1], 2, withdraw.ReasonByPoolNote)
		if got := e.get(ws[1].ID); got.Reason != "address typo" || got.PayoutID != 0 {
			t.Fatalf("failed withdrawal %+v", got)
		}
		if !strings.Contains(logs.String(), "admin: withdrawal failed by an operator") || !strings.Contains(logs.String(), "address typo") {
			t.Fatalf("not in the log: %s", logs.String())
		}
		// The rest back to requested; the payout is done with.
		if out, err := run("payout", "unbatch", id(p1), "--reason", "node upgrade"); err != nil || !strings.Contains(out, "3 withdrawals") {
			t.Fatalf("unbatch: %v\n%s", err, out)
		}
		for _, w := range []withdraw.Withdrawal{ws[0], ws[2], ws[3]} {
			if got := e.get(w.ID); got.Status != withdraw.StatusRequested || got.PayoutID != 0 {
				t.Fatalf("unbatched withdrawal %+v", got)
			}
		}
		if _, err := run("payout", "unbatch", id(p1)); err == nil || !strings.Contains(err.Error(), "failed already") {
			t.Fatalf("unbatched twice: %v", err)
		}
		// A requested withdrawal fails too.
		if _, err := run("payout", "fail", "--withdrawal", id(ws[3].ID), "--reason", "asked by the owner"); err != nil {
			t.Fatal(err)
		}
		e.refunded(ws[3], 4, withdraw.ReasonByPoolNote)
		// The two left are paid.
		e.payUntilDone(e.chain)
		e.paidOnChain([]withdraw.Withdrawal{ws[0], ws[2]}, []withdraw.Withdrawal{ws[1], ws[3]})
		p2 := e.get(ws[0].ID).PayoutID
		if _, err := run("payout", "fail", id(p2), "--reason", "late"); err == nil || !strings.Contains(err.Error(), "confirmed already") {
			t.Fatalf("fail of a confirmed payout: %v", err)
		}
		if _, err := run("payout", "fail", "--withdrawal", id(ws[0].ID), "--reason", "late"); err == nil || !strings.Contains(err.Error(), "confirmed already") {
			t.Fatalf("fail of a confirmed withdrawal: %v", err)
		}
		// A whole batched payout fails.
		p3, more := e.stuckPayout(5, 6)
		if out, err := run("payout", "fail", id(p3), "--reason", "wallet moved"); err != nil || !strings.Contains(out, "2 withdrawals failed") {
			t.Fatalf("fail payout: %v\n%s", err, out)
		}
		e.refunded(more[0], 5, withdraw.ReasonByPoolNote)
		e.refunded(more[1], 6, withdraw.ReasonByPoolNote)
		if !strings.Contains(logs.String(), "admin: payout failed by an operator") || !strings.Contains(logs.String(), "admin: payout unbatched") {
			t.Fatalf("not in the log: %s", logs.String())
		}
		// A payout whose transaction is stored (signed: it may have reached the node
		// before the answer was lost) is the node's to settle, not the operator's.
		last := e.withdrawFor(7, "0.5")
		if _, err := e.store.Pay(ctx, e.coin, &flaky{Driver: e.chain, broadcastFails: 1, sent: true}, nil); err != nil {
			t.Fatal(err)
		}
		signed := e.get(last.ID)
		if signed.Status != withdraw.StatusSigned {
			t.Fatalf("withdrawal %+v not signed", signed)
		}
		for _, args := range [][]string{
			{"payout", "fail", id(signed.PayoutID), "--reason", "x"},
			{"payout", "unbatch", id(signed.PayoutID)},
			{"payout", "fail", "--withdrawal", id(last.ID), "--reason", "x"},
		} {
			if _, err := run(args...); err == nil || !strings.Contains(err.Error(), "may have been sent") {
				t.Fatalf("%v on a signed payout: %v", args, err)
			}
		}
		if b := e.balance(7); b.Frozen != 50_000_000 || b.Available != 50_000_000 {
			t.Fatalf("a refused command moved money: %+v", b)
		}
		if out, err := run("payout", "list"); err != nil || !strings.Contains(out, "unbatched by an operator: node upgrade") || !strings.Contains(out, withdraw.StatusSigned) {
			t.Fatalf("payout list: %v\n%s", err, out)
		}
		e.payUntilDone(e.chain)
		e.paidOnChain([]withdraw.Withdrawal{ws[0], ws[2], last}, []withdraw.Withdrawal{ws[1], ws[3], more[0], more[1]})
		e.moneyChecks()
	})
}

// An operator fails a withdrawal, unbatches or fails the payout while the payout job is
// building its transaction (the job holds a signed transaction that pays it, not yet
// stored). That transaction must never be stored: it would pay a withdrawal whose money
// was just returned. The job gives it back to the wallet and the next run builds what
// the payout pays now; each withdrawal is paid or refunded, once.
func TestOperatorDuringABuildNeverPaysARefund(t *testing.T) {
	for _, c := range []struct {
		name string
		act  func(e *env, payout int64, w withdraw.Withdrawal) error
		// failed: which of the three withdrawals end refunded (the rest paid)
		failed []int
	}{
		{"fail a withdrawal", func(e *env, _ int64, w withdraw.Withdrawal) error {
			return e.store.FailWithdrawal(context.Background(), ops.CLI, w.ID, "owner asked")
		}, []int{1}},
		{"unbatch", func(e *env, p int64, _ withdraw.Withdrawal) error {
			_, err := e.store.Unbatch(context.Background(), ops.CLI, p, "")
			return err
		}, nil},
		{"fail the payout", func(e *env, p int64, _ withdraw.Withdrawal) error {
			_, err := e.store.FailPayout(context.Background(), ops.CLI, p, "wallet moved")
			return err
		}, []int{0, 1, 2}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, d *db.DB) {
				e := newEnv(t, d)
				ctx := context.Background()
				e.fund(20 * coinU)
				start, _ := e.chain.Balance(ctx)
				ws := []withdraw.Withdrawal{e.withdrawFor(1, "0.5"), e.withdrawFor(2, "0.5"), e.withdrawFor(3, "0.5")}
				drv := &refusing{Driver: e.chain}
				var actErr error
				drv.midBuild = func() { actErr = c.act(e, e.get(ws[0].ID).PayoutID, ws[1]) }
				r, err := e.store.Pay(ctx, e.coin, drv, nil)
				if err != nil || actErr != nil || drv.midBuild != nil {
					t.Fatalf("run %+v: %v; operator: %v", r, err, actErr)
				}
				if r.Signed != 0 || r.Broadcast != 0 {
					t.Fatalf("the build that pays what the operator changed was stored: %+v", r)
				}
				e.payUntilDone(drv)
				var paid, failed []withdraw.Withdrawal
				var sent int64
				for i, w := range ws {
					if slices.Contains(c.failed, i) {
						failed = append(failed, w)
						e.refunded(w, int64(i+1), withdraw.ReasonByPoolNote)
					} else {
						paid = append(paid, w)
						sent += w.Received
					}
				}
				e.paidOnChain(paid, failed)
				var fees int64
				if err := d.QueryRow(ctx, "SELECT COALESCE(SUM(network_fee), 0) FROM payouts WHERE status = ?", withdraw.StatusConfirmed).Scan(&fees); err != nil {
					t.Fatal(err)
				}
				if end, _ := e.chain.Balance(ctx); end != start-sent-fees {
					t.Fatalf("wallet %d, want %d - %d sent - %d fees: the given-back build was spent", end, start, sent, fees)
				}
				e.moneyChecks()
			})
		})
	}
}
