package account_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/ops"
)

// An operator freezes an account: its sessions end, its sign-in is refused with a clear
// message in the user's language, and each change is in the audit log with the freeze
// before and after; unfrozen, it signs in again. A reason is required; freezing twice is
// refused.
func TestFrozenAccountCannotSignIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		ctx := context.Background()
		h.register("frozen@example.com", "Miner-pass-1")
		token := h.login("frozen@example.com", "Miner-pass-1")
		u, err := h.svc.Store.UserByContact(ctx, d, account.ChannelEmail, "frozen@example.com")
		if err != nil {
			t.Fatal(err)
		}
		store := h.svc.Store
		if _, err := store.SetFrozen(ctx, ops.CLI, u.ID, account.FreezeAccount, true, " ", h.clock.Now()); errKey(err) != "account.admin.reasonRequired" {
			t.Fatalf("freeze without a reason: %v", err)
		}
		h.want(h.get("/api/pc/v1/customer/baseInfo", token, nil), 200, 0, "")
		f, err := store.SetFrozen(ctx, ops.CLI, u.ID, account.FreezeAccount, true, "chargeback", h.clock.Now())
		if err != nil || !f.Frozen || f.FrozenReason != "chargeback" {
			t.Fatalf("freeze: %+v %v", f, err)
		}
		if _, err := store.SetFrozen(ctx, ops.CLI, u.ID, account.FreezeAccount, true, "again", h.clock.Now()); errKey(err) != "account.admin.alreadyFrozen" {
			t.Fatalf("frozen twice: %v", err)
		}
		h.want(h.get("/api/pc/v1/customer/baseInfo", token, nil), 401, 4, "")
		h.want(h.post("/api/pc/v1/common/customer/login/email/pwd", "", map[string]any{"email": "frozen@example.com", "password": "Miner-pass-1", "ticket": h.ticket()}),
			403, 3, "frozen by the pool")
		h.lang = "zh_CN"
		h.want(h.post("/api/pc/v1/common/customer/login/email/pwd", "", map[string]any{"email": "frozen@example.com", "password": "Miner-pass-1", "ticket": h.ticket()}),
			403, 3, "已被矿池冻结")
		h.lang = ""
		// A login code does not open it either.
		lc := h.sendEmail("frozen@example.com", "login", "")
		h.want(h.post("/api/pc/v1/common/customer/login/email/code", "", map[string]any{"email": "frozen@example.com", "code": lc}), 403, 3, "frozen by the pool")

		if _, err := store.SetFrozen(ctx, ops.CLI, u.ID, account.FreezeAccount, false, "cleared", h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		h.login("frozen@example.com", "Miner-pass-1")
		rows, err := ops.ListAudit(ctx, d, ops.AuditFilter{Object: "user"})
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 || rows[1].Action != "user.freeze.account" || rows[0].Action != "user.unfreeze.account" || rows[1].Actor != "cli" {
			t.Fatalf("audit log: %+v", rows)
		}
		var before, after account.Freeze
		if json.Unmarshal(rows[1].Before, &before) != nil || json.Unmarshal(rows[1].After, &after) != nil || before.Frozen || !after.Frozen {
			t.Fatalf("freeze's before and after: %s %s", rows[1].Before, rows[1].After)
		}
	})
}

// errKey is the message key of a refusal, "" for none.
func errKey(err error) string {
	var he *httpx.Error
	if errors.As(err, &he) {
		return he.Key
	}
	return ""
}

// `poold admin user freeze|unfreeze|end-sessions` call the same functions, need a reason,
// and are in the audit log as cli.
func TestAdminUserFreezeCommands(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		ctx := context.Background()
		h.register("cli@example.com", "Miner-pass-1")
		token := h.login("cli@example.com", "Miner-pass-1")
		run := func(args ...string) error {
			var out strings.Builder
			return h.svc.AdminUsers(ctx, args, nil, &out, "en_US")
		}
		if err := run("freeze", "CLI@example.com", "--withdrawals"); err == nil || !strings.Contains(err.Error(), "reason is required") {
			t.Fatalf("freeze without --reason: %v", err)
		}
		if err := run("freeze", "cli@example.com", "--withdrawals", "--reason", "chargeback"); err != nil {
			t.Fatal(err)
		}
		u, err := h.svc.Store.UserByAdminName(ctx, "cli@example.com")
		if err != nil {
			t.Fatal(err)
		}
		if f, _ := account.FreezeOf(ctx, d, u.ID); !f.WithdrawalsFrozen || f.Frozen {
			t.Fatalf("after freeze --withdrawals: %+v", f)
		}
		if err := run("unfreeze", u.UID, "--withdrawals", "--reason", "cleared"); err != nil {
			t.Fatal(err)
		}
		if err := run("end-sessions", "cli@example.com", "--reason", "asked by the owner"); err != nil {
			t.Fatal(err)
		}
		h.want(h.get("/api/pc/v1/customer/baseInfo", token, nil), 401, 4, "")
		if err := run("freeze", "nobody@example.com", "--reason", "x"); err == nil {
			t.Fatal("froze no one")
		}
		rows, err := ops.ListAudit(ctx, d, ops.AuditFilter{Actor: "cli", Object: "user"})
		if err != nil || len(rows) != 3 || rows[0].Action != "user.sessions.end" || rows[1].Action != "user.unfreeze.withdrawals" ||
			rows[2].Action != "user.freeze.withdrawals" {
			t.Fatalf("audit log: %+v %v", rows, err)
		}
	})
}
