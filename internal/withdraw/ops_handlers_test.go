package withdraw_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/ops/opstest"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

type queuePage struct {
	Items      []withdraw.OpsWithdrawal `json:"items"`
	NextCursor *string                  `json:"nextCursor"`
}

// auditOf is the audit log's entries on an object, newest first.
func auditOf(t *testing.T, d *db.DB, object string) []ops.AuditRow {
	t.Helper()
	rows, err := ops.ListAudit(context.Background(), d, ops.AuditFilter{Object: object})
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// statusIn reads the status of an audit entry's before or after.
func statusIn(t *testing.T, raw json.RawMessage) string {
	t.Helper()
	var v struct {
		Status string `json:"status"`
	}
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return v.Status
}

// The review queue in the console: filters and pages; approve and reject by a finance
// operator with the code asked again, reject only with a reason; each action in the audit
// log with the withdrawal before and after; a withdrawal's whole history once paid.
func TestConsoleReviewQueue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.coin.WithdrawReviewAbove = coinU
		if err := e.store.Coins.Put(ctx, e.coin); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(ctx, `INSERT INTO users (id, uid, nickname, email, password_hash, lang, created_at, updated_at)
			VALUES (1, 'U100001', 'miner', 'miner@example.com', 'x', 'en_US', 0, 0)`); err != nil {
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
		console := opstest.New(t, d, e.store.OpsRoutes())
		finance, viewer := console.Operator(ops.RoleFinance), console.Operator(ops.RoleViewer)

		list := func(c *opstest.Client, query string) queuePage {
			t.Helper()
			a := c.Do("GET", "/ops/api/v1/withdrawals?"+query, nil)
			if a.Status != 200 {
				t.Fatalf("list %s: %d %s", query, a.Status, a.Body)
			}
			var p queuePage
			a.Into(t, &p)
			return p
		}
		ids := func(p queuePage) string {
			var s []string
			for _, w := range p.Items {
				s = append(s, fmt.Sprint(w.ID))
			}
			return strings.Join(s, ",")
		}
		both := fmt.Sprintf("%d,%d", w2.ID, w1.ID)
		if p := list(viewer, "status=review"); ids(p) != both || p.Items[0].Amount != "2.00000000" || p.Items[0].UserEmail != "miner@example.com" || p.NextCursor != nil {
			t.Fatalf("review queue: %+v", p)
		}
		for query, want := range map[string]string{
			"user=U100001": both, "user=MINER@example.com": both, "user=U9": "", "coin=TST": both, "coin=BTC": "",
			"status=requested": "", "olderThan=1h": "",
		} {
			if got := ids(list(viewer, query)); got != want {
				t.Errorf("%s: %q, want %q", query, got, want)
			}
		}
		e.clock.Add(24 * time.Hour)
		if got := ids(list(viewer, "olderThan=23h")); got != both {
			t.Errorf("older than 23 h after a day: %q", got)
		}
		first := list(viewer, "status=review&limit=1")
		if ids(first) != fmt.Sprint(w2.ID) || first.NextCursor == nil {
			t.Fatalf("first page: %+v", first)
		}
		if second := list(viewer, "status=review&limit=1&cursor="+*first.NextCursor); ids(second) != fmt.Sprint(w1.ID) {
			t.Fatalf("second page: %+v", second)
		}
		for _, bad := range []string{"status=lost", "olderThan=soon", "cursor=x", "limit=501"} {
			if a := viewer.Do("GET", "/ops/api/v1/withdrawals?"+bad, nil); a.Status != 400 || a.ErrorCode() != "withdraw.admin.badFilter" {
				t.Errorf("%s: %d %s", bad, a.Status, a.Body)
			}
		}

		path := func(id int64, verb string) string { return fmt.Sprintf("/ops/api/v1/withdrawals/%d/%s", id, verb) }
		// A viewer may not; finance only with the code again.
		if a := viewer.Do("POST", path(w1.ID, "approve"), map[string]string{}); a.Status != 403 || a.ErrorCode() != "ops.forbidden" {
			t.Fatalf("viewer approves: %d %s", a.Status, a.Body)
		}
		if a := finance.Do("POST", path(w1.ID, "approve"), map[string]string{}); a.Status != 403 || a.ErrorCode() != "ops.totpRequired" {
			t.Fatalf("approve without the code: %d %s", a.Status, a.Body)
		}
		if got := e.get(w1.ID); got.Status != withdraw.StatusReview || len(auditOf(t, d, "withdrawal")) != 0 {
			t.Fatalf("a refused approval changed %+v", got)
		}
		if a := finance.Write(path(w1.ID, "approve"), map[string]string{"reason": "known miner"}); a.Status != 200 {
			t.Fatalf("approve: %d %s", a.Status, a.Body)
		}
		if got := e.get(w1.ID); got.Status != withdraw.StatusRequested {
			t.Fatalf("approved withdrawal %+v", got)
		}
		rows := auditOf(t, d, fmt.Sprintf("withdrawal:%d", w1.ID))
		if len(rows) != 1 || rows[0].Action != "withdrawal.approve" || rows[0].Actor != "finance@ops.example.com" || rows[0].OperatorID == nil ||
			rows[0].Reason != "known miner" || statusIn(t, rows[0].Before) != "review" || statusIn(t, rows[0].After) != "requested" || rows[0].Addr == "" {
			t.Fatalf("approval's audit entry: %+v", rows)
		}
		// Reject needs a reason; the refusal changes nothing.
		if a := finance.Write(path(w2.ID, "reject"), map[string]string{"reason": "  "}); a.Status != 400 || a.ErrorCode() != "withdraw.admin.reasonRequired" {
			t.Fatalf("reject without a reason: %d %s", a.Status, a.Body)
		}
		if got := e.get(w2.ID); got.Status != withdraw.StatusReview || len(auditOf(t, d, fmt.Sprintf("withdrawal:%d", w2.ID))) != 0 {
			t.Fatalf("a refused rejection changed %+v", got)
		}
		if a := finance.Write(path(w2.ID, "reject"), map[string]string{"reason": "unusual"}); a.Status != 200 {
			t.Fatalf("reject: %d %s", a.Status, a.Body)
		}
		if got, b := e.get(w2.ID), e.balance(1); got.Status != withdraw.StatusFailed || got.ReasonKey != withdraw.ReasonByPoolNote ||
			got.Reason != "unusual" || b.Frozen != 2*coinU || b.Available != 3*coinU {
			t.Fatalf("rejected withdrawal %+v, balance %+v", got, b)
		}
		rows = auditOf(t, d, fmt.Sprintf("withdrawal:%d", w2.ID))
		if len(rows) != 1 || rows[0].Action != "withdrawal.reject" || statusIn(t, rows[0].Before) != "review" || statusIn(t, rows[0].After) != "failed" {
			t.Fatalf("rejection's audit entry: %+v", rows)
		}
		// Refusals of the service, in the operator's language.
		a2 := finance.Do("POST", path(w2.ID, "approve"), map[string]string{}, ops.TOTPHeader, console.Code(finance.Email), "language", "zh_CN")
		if a2.Status != 409 || a2.ErrorCode() != "withdraw.admin.notInReview" || !strings.Contains(a2.Msg, "不在待审核中") {
			t.Fatalf("approve a rejected one: %d %s", a2.Status, a2.Body)
		}
		if a := finance.Write(path(999999, "reject"), map[string]string{"reason": "x"}); a.Status != 404 || a.ErrorCode() != "withdraw.admin.noWithdrawal" {
			t.Fatalf("reject an unknown one: %d %s", a.Status, a.Body)
		}

		// Paid: its whole history.
		e.payUntilDone(e.chain)
		hist := finance.Do("GET", fmt.Sprintf("/ops/api/v1/withdrawals/%d", w1.ID), nil)
		var h withdraw.History
		hist.Into(t, &h)
		var states []string
		for _, s := range h.States {
			states = append(states, s.State)
		}
		if hist.Status != 200 || strings.Join(states, ",") != "created,batched,signed,broadcast,confirmed" || h.Payout == nil ||
			h.Payout.TxID == "" || h.Payout.Raw == "" || h.Payout.Confirmations < 2 || h.Withdrawal.TxID != h.Payout.TxID ||
			len(h.Audit) != 1 || h.Audit[0].Action != "withdrawal.approve" {
			t.Fatalf("history: %d %s", hist.Status, hist.Body)
		}
	})
}

// Payout batches in the console: list, one payout with its withdrawals, unbatch and fail
// (fail only with a reason), a withdrawal failed out of its payout; each in the audit log
// with the payout before and after. The command line's actions are in it too, as cli.
func TestConsolePayouts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.fund(20 * coinU)
		console := opstest.New(t, d, e.store.OpsRoutes())
		finance := console.Operator(ops.RoleFinance)
		p1, ws := e.stuckPayout(1, 2, 3)

		a := finance.Do("GET", "/ops/api/v1/payouts?status=batched", nil)
		var page struct {
			Items []withdraw.OpsPayout `json:"items"`
		}
		a.Into(t, &page)
		if a.Status != 200 || len(page.Items) != 1 || page.Items[0].ID != p1 || page.Items[0].Outputs != 3 {
			t.Fatalf("batched payouts: %d %s", a.Status, a.Body)
		}
		var view withdraw.PayoutView
		a = finance.Do("GET", fmt.Sprintf("/ops/api/v1/payouts/%d", p1), nil)
		a.Into(t, &view)
		if a.Status != 200 || len(view.Withdrawals) != 3 || view.Withdrawals[0].Amount != "0.50000000" {
			t.Fatalf("payout: %d %s", a.Status, a.Body)
		}

		// One withdrawal out of the batch.
		if a := finance.Write(fmt.Sprintf("/ops/api/v1/withdrawals/%d/fail", ws[0].ID), map[string]string{"reason": "address typo"}); a.Status != 200 {
			t.Fatalf("fail a withdrawal: %d %s", a.Status, a.Body)
		}
		e.refunded(ws[0], 1, withdraw.ReasonByPoolNote)
		rows := auditOf(t, d, fmt.Sprintf("withdrawal:%d", ws[0].ID))
		if len(rows) != 1 || rows[0].Action != "withdrawal.fail" || statusIn(t, rows[0].Before) != "batched" || statusIn(t, rows[0].After) != "failed" {
			t.Fatalf("withdrawal fail's audit entry: %+v", rows)
		}
		// The rest back to be batched again.
		a = finance.Write(fmt.Sprintf("/ops/api/v1/payouts/%d/unbatch", p1), map[string]string{"reason": "node upgrade"})
		if a.Status != 200 || !strings.Contains(string(a.Data), `"withdrawals":2`) {
			t.Fatalf("unbatch: %d %s", a.Status, a.Body)
		}
		for _, w := range ws[1:] {
			if got := e.get(w.ID); got.Status != withdraw.StatusRequested || got.PayoutID != 0 {
				t.Fatalf("unbatched withdrawal %+v", got)
			}
		}
		rows = auditOf(t, d, fmt.Sprintf("payout:%d", p1))
		if len(rows) != 1 || rows[0].Action != "payout.unbatch" || statusIn(t, rows[0].Before) != "batched" || statusIn(t, rows[0].After) != "failed" ||
			!strings.Contains(string(rows[0].Before), fmt.Sprintf(`"withdrawals":[%d,%d]`, ws[1].ID, ws[2].ID)) ||
			!strings.Contains(string(rows[0].After), `"withdrawals":[]`) {
			t.Fatalf("unbatch's audit entry: %+v", rows)
		}
		if a := finance.Write(fmt.Sprintf("/ops/api/v1/payouts/%d/unbatch", p1), map[string]string{}); a.Status != 409 || a.ErrorCode() != "withdraw.admin.payoutFinal" {
			t.Fatalf("unbatch twice: %d %s", a.Status, a.Body)
		}

		// A whole payout fails, with a reason only.
		p2, ws2 := e.stuckPayout(4, 5)
		if a := finance.Write(fmt.Sprintf("/ops/api/v1/payouts/%d/fail", p2), map[string]string{}); a.Status != 400 || a.ErrorCode() != "withdraw.admin.reasonRequired" {
			t.Fatalf("fail without a reason: %d %s", a.Status, a.Body)
		}
		if a := finance.Write(fmt.Sprintf("/ops/api/v1/payouts/%d/fail", p2), map[string]string{"reason": "wallet moved"}); a.Status != 200 {
			t.Fatalf("fail a payout: %d %s", a.Status, a.Body)
		}
		e.refunded(ws2[0], 4, withdraw.ReasonByPoolNote)
		e.refunded(ws2[1], 5, withdraw.ReasonByPoolNote)
		if rows := auditOf(t, d, fmt.Sprintf("payout:%d", p2)); len(rows) != 1 || rows[0].Action != "payout.fail" || rows[0].Reason != "wallet moved" {
			t.Fatalf("payout fail's audit entry: %+v", rows)
		}
		if a := finance.Write("/ops/api/v1/payouts/999999/fail", map[string]string{"reason": "x"}); a.Status != 404 || a.ErrorCode() != "withdraw.admin.noPayout" {
			t.Fatalf("fail an unknown payout: %d %s", a.Status, a.Body)
		}

		// The command line writes the same entries, as cli.
		p3, _ := e.stuckPayout(6)
		if _, err := e.admin("payout", "unbatch", fmt.Sprint(p3), "--reason", "from the shell"); err != nil {
			t.Fatal(err)
		}
		rows = auditOf(t, d, fmt.Sprintf("payout:%d", p3))
		if len(rows) != 1 || rows[0].Actor != ops.ActorCLI || rows[0].OperatorID != nil || rows[0].Action != "payout.unbatch" || rows[0].Reason != "from the shell" {
			t.Fatalf("the command line's audit entry: %+v", rows)
		}
		e.checkLedger()
	})
}

// `poold admin withdrawal approve|reject` write their audit entries as cli, with the
// withdrawal before and after; reject needs --reason.
func TestAdminReviewIsAudited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.coin.WithdrawReviewAbove = coinU / 10
		if err := e.store.Coins.Put(ctx, e.coin); err != nil {
			t.Fatal(err)
		}
		e.fund(5 * coinU)
		w1, w2 := e.withdrawFor(1, "0.5"), e.withdrawFor(2, "0.5")
		if _, err := e.admin("withdrawal", "reject", fmt.Sprint(w2.ID)); err == nil || !strings.Contains(err.Error(), "reasonRequired") {
			t.Fatalf("reject without --reason: %v", err)
		}
		if _, err := e.admin("withdrawal", "approve", fmt.Sprint(w1.ID)); err != nil {
			t.Fatal(err)
		}
		if _, err := e.admin("withdrawal", "reject", fmt.Sprint(w2.ID), "--reason", "unusual"); err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			w             withdraw.Withdrawal
			action, after string
		}{{w1, "withdrawal.approve", "requested"}, {w2, "withdrawal.reject", "failed"}} {
			rows := auditOf(t, d, fmt.Sprintf("withdrawal:%d", c.w.ID))
			if len(rows) != 1 || rows[0].Actor != ops.ActorCLI || rows[0].Action != c.action || statusIn(t, rows[0].Before) != "review" ||
				statusIn(t, rows[0].After) != c.after {
				t.Fatalf("%s's audit entry: %+v", c.action, rows)
			}
		}
	})
}

// A user whose withdrawals (or account) an operator froze is refused a withdrawal, with
// withdraw.frozen in every language, and no money moves; unfrozen, the same request goes
// through.
func TestFrozenUserCannotWithdraw(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		u := accounttest.NewUser(t, d, "frozen@example.com", "", e.clock.Now())
		e.credit(1, u.ID, coinU)
		a := e.usableAddress(u.ID, e.otherAddress(1))
		req := withdraw.Request{UserID: u.ID, SubAccountID: 1, Coin: "TST", AddressID: a.ID, Network: "TST", Amount: "0.5"}
		accounts := &account.Store{DB: d}
		for _, what := range []string{account.FreezeWithdrawals, account.FreezeAccount} {
			if _, err := accounts.SetFrozen(ctx, ops.CLI, u.ID, what, true, "under review", e.clock.Now()); err != nil {
				t.Fatal(err)
			}
			_, err := e.store.Withdraw(ctx, req, noCode)
			if key(err) != "withdraw.frozen" {
				t.Fatalf("%s frozen: withdrawal answered %v", what, err)
			}
			for _, lang := range i18n.Languages {
				if msg := i18n.T(lang, "withdraw.frozen", nil); msg == "" || msg == "withdraw.frozen" {
					t.Fatalf("withdraw.frozen has no %s text", lang)
				}
			}
			if _, err := accounts.SetFrozen(ctx, ops.CLI, u.ID, what, false, "cleared", e.clock.Now()); err != nil {
				t.Fatal(err)
			}
		}
		if b := e.balance(1); b.Frozen != 0 || b.Available != coinU {
			t.Fatalf("a refused withdrawal moved money: %+v", b)
		}
		if w, err := e.store.Withdraw(ctx, req, noCode); err != nil || w.Status != withdraw.StatusRequested {
			t.Fatalf("after the unfreeze: %+v %v", w, err)
		}
	})
}

// The wallet in the console: the check of every coin (the wallet against what the pool
// owes, and the sends no payout holds), the sends, and accepting one with a note by
// finance, in the audit log.
func TestConsoleWallet(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.fund(10 * coinU)
		stray, err := e.chain.Send(ctx, e.otherAddress(2), coinU, "not the pool")
		if err != nil {
			t.Fatal(err)
		}
		console := opstest.New(t, d, e.store.OpsRoutes())
		finance := console.Operator(ops.RoleFinance)
		var check struct {
			Coins []withdraw.OpsWalletReport `json:"coins"`
		}
		a := finance.Do("GET", "/ops/api/v1/wallet", nil)
		a.Into(t, &check)
		if a.Status != 200 || len(check.Coins) != 1 || check.Coins[0].UnknownSends != 1 || !strings.Contains(check.Coins[0].Problem, "1 wallet sends") ||
			check.Coins[0].Error != "" || check.Coins[0].Wallet == "" {
			t.Fatalf("wallet check: %d %s", a.Status, a.Body)
		}
		if a := finance.Do("GET", "/ops/api/v1/wallet/sends?coin=TST", nil); a.Status != 200 || !strings.Contains(a.Body, stray.String()) ||
			!strings.Contains(a.Body, `"acceptedAt":0`) {
			t.Fatalf("sends: %d %s", a.Status, a.Body)
		}
		body := map[string]string{"coin": "TST", "txid": stray.String()}
		if a := finance.Write("/ops/api/v1/wallet/sends/accept", body); a.Status != 400 || a.ErrorCode() != "withdraw.admin.reasonRequired" {
			t.Fatalf("accept without a note: %d %s", a.Status, a.Body)
		}
		body["note"] = "cold storage move"
		if a := finance.Write("/ops/api/v1/wallet/sends/accept", body); a.Status != 200 {
			t.Fatalf("accept: %d %s", a.Status, a.Body)
		}
		if a := finance.Write("/ops/api/v1/wallet/sends/accept", body); a.Status != 404 || a.ErrorCode() != "withdraw.admin.noSend" {
			t.Fatalf("accept twice: %d %s", a.Status, a.Body)
		}
		rows := auditOf(t, d, "walletSend:TST:"+stray.String())
		if len(rows) != 1 || rows[0].Actor != "finance@ops.example.com" || rows[0].Reason != "cold storage move" {
			t.Fatalf("audit log: %+v", rows)
		}
		a = finance.Do("GET", "/ops/api/v1/wallet", nil)
		a.Into(t, &check)
		if check.Coins[0].UnknownSends != 0 || check.Coins[0].Problem != "" {
			t.Fatalf("wallet check after the accept: %s", a.Body)
		}
	})
}
