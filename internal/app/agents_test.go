package app

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ops/audit"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// `poold admin agent ...` reaches the agents: flags after the code are the command's,
// --db anywhere is the store's, and refusals are errors.
func TestAdminAgentCommands(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "agents.db")
	run := func(args ...string) (string, error) {
		var out bytes.Buffer
		err := Run(context.Background(), append([]string{"admin", "--db", dbPath, "agent"}, args...), noEnv, nil, &out, io.Discard)
		return out.String(), err
	}
	if out, err := run("add", "AGENT7", "--name", "Li Wei", "--expires", "2099-12-31"); err != nil ||
		!strings.Contains(out, "agent AGENT7 (Li Wei) added, expires at 2100-01-01 00:00:00 +08:00") {
		t.Fatalf("add: %q %v", out, err)
	}
	if _, err := run("add", "agent7", "--name", "Copy"); err == nil || !strings.Contains(err.Error(), "already has this code") {
		t.Fatalf("duplicate: %v", err)
	}
	if _, err := run("disable", "NOBODY"); err == nil || !strings.Contains(err.Error(), "no agent has this code") {
		t.Fatalf("unknown: %v", err)
	}
	if out, err := run("disable", "AGENT7"); err != nil || !strings.Contains(out, "disabled") {
		t.Fatalf("disable: %q %v", out, err)
	}
	out, err := run("list")
	if err != nil || !strings.Contains(out, "AGENT7") || !strings.Contains(out, "disabled") {
		t.Fatalf("list: %q %v", out, err)
	}
	var help bytes.Buffer
	if err := Run(context.Background(), []string{"admin", "--db", dbPath, "help"}, noEnv, nil, &help, io.Discard); err != nil ||
		!strings.Contains(help.String(), "agent add CODE --name NAME") {
		t.Fatalf("admin help: %v\n%s", err, help.String())
	}
}

// The invite check through the whole router: live, unknown, disabled and expired codes,
// and the per-address budget that the service (shared with registration) counts.
func TestInviteCheckEndpoint(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		// A fixed clock at the start of a rate-limit window, so the budget's window cannot
		// turn over while the test runs.
		w := account.InviteCheckWindow.Milliseconds()
		now := time.UnixMilli(time.Now().UnixMilli()/w*w + 1000)
		clk := accounttest.NewClock(now)
		clock := clk.Now
		store := &account.Store{DB: d}
		for _, a := range []account.Agent{
			{Code: "AGENT7", Name: "Live"},
			{Code: "OFF", Name: "Disabled"},
			{Code: "OLD", Name: "Expired", ExpiresAt: now.UnixMilli()},
		} {
			if _, err := store.AddAgent(ctx, audit.CLI, a, now); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := store.SetAgent(ctx, audit.CLI, "OFF", true, nil); err != nil {
			t.Fatal(err)
		}
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		srv := httptest.NewServer(NewRouter(Deps{Config: config.Default(), DB: d, Log: log,
			Limiter: &ratelimit.DB{DB: d, Now: clock}, Guard: &ratelimit.DBGuard{DB: d, Now: clock}, Now: clock}))
		t.Cleanup(srv.Close)
		p := "/api/pc/v1/common/customer/invite/check?code="
		for _, c := range []call{
			{name: "live", path: p + "AGENT7", headers: en(), status: 200, code: 0, data: `{"valid":true}`},
			{name: "any case", path: p + "agent7", headers: en(), status: 200, code: 0, data: `{"valid":true}`},
			{name: "unknown", path: p + "NOBODY", headers: en(), status: 200, code: 0, data: `{"valid":false}`},
			{name: "disabled", path: p + "OFF", headers: en(), status: 200, code: 0, data: `{"valid":false}`},
			{name: "expired", path: p + "OLD", headers: en(), status: 200, code: 0, data: `{"valid":false}`},
			{name: "bad shape", path: p + "a%20b", headers: en(), status: 400, code: 3, msg: "Invite code is not valid"},
			{name: "missing", path: p, headers: map[string]string{"language": "zh_HK"}, status: 400, code: 3, msg: "邀請碼"},
		} {
			c.run(t, srv.URL)
		}
		for i := 5; i < account.InviteChecksPerClient; i++ {
			call{name: "within the budget", path: p + "NOBODY", headers: en(), status: 200, code: 0}.run(t, srv.URL)
		}
		call{name: "over the budget", path: p + "AGENT7", headers: en(), status: 429, code: 3, msg: "Too many requests"}.run(t, srv.URL)
		clk.Add(account.InviteCheckWindow)
		call{name: "next window", path: p + "AGENT7", headers: en(), status: 200, code: 0, data: `{"valid":true}`}.run(t, srv.URL)
	})
}
