package account_test

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// adminAgents runs `poold admin agent ARGS` at now and answers what it printed and its
// error ("" when none).
func adminAgents(t *testing.T, s *account.Store, now time.Time, args ...string) (string, string) {
	t.Helper()
	var out bytes.Buffer
	err := s.AdminAgents(context.Background(), args, &out, now)
	if err != nil {
		return out.String(), err.Error()
	}
	return out.String(), ""
}

// The operator's commands: add with and without an expiry, every refusal with its
// reason, list with statuses and user counts, disable and enable.
func TestAgentCommands(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := &account.Store{DB: d}
		// 2026-03-01 10:00 Beijing.
		now := time.Date(2026, 3, 1, 2, 0, 0, 0, time.UTC)
		ok := func(want string, args ...string) {
			t.Helper()
			out, err := adminAgents(t, s, now, args...)
			if err != "" || !strings.Contains(out, want) {
				t.Fatalf("agent %v: %q, error %q; want %q", args, out, err, want)
			}
		}
		refused := func(want string, args ...string) {
			t.Helper()
			_, err := adminAgents(t, s, now, args...)
			if err == "" || !strings.Contains(err, want) {
				t.Fatalf("agent %v: error %q, want one saying %q", args, err, want)
			}
		}
		ok("agent AGENT7 (Li Wei) added, never expires; invite link: /mobile/registerInvite/AGENT7", "add", "AGENT7", "--name", "Li Wei")
		// A date is a Beijing day the code works through: it expires at the next midnight.
		ok("agent spring-26 (春季推广) added, expires at 2026-04-01 00:00:00 +08:00", "add", "spring-26", "--name", " 春季推广 ", "--expires", "2026-03-31")
		ok("expires at 2026-03-01 12:00:00 +08:00", "add", "SOON", "--name", "Soon", "--expires", "2026-03-01T04:00:00Z")
		ok("agent OFF_1 (Off) added", "add", "OFF_1", "--name", "Off", "--expires", "never")

		refused("already has this code", "add", "agent7", "--name", "Copy")
		refused("only letters, digits, - and _", "add", "bad code", "--name", "X")
		refused("only letters, digits, - and _", "add", strings.Repeat("A", 33), "--name", "X")
		refused("only letters, digits, - and _", "add", "<script>", "--name", "X")
		refused(`"null" means no code`, "add", "NULL", "--name", "X")
		refused("--name is required", "add", "NONAME")
		refused("--name is required", "add", "NONAME", "--name", "  ")
		refused("control characters", "add", "CTRL", "--name", "Li\tWei")
		refused("control characters", "add", "CTRL", "--name", "Li\x1b[31mWei")
		refused("control characters", "add", "CTRL", "--name", "Li\u202eWei")
		refused("longer than 100", "add", "LONG", "--name", strings.Repeat("名", 101))
		refused("want YYYY-MM-DD", "add", "WHEN", "--name", "X", "--expires", "31/03/2026")
		refused("already past", "add", "PAST", "--name", "X", "--expires", "2026-02-28")
		refused("already past", "add", "PAST", "--name", "X", "--expires", "2026-03-01T01:59:59Z")
		refused("usage: agent add CODE", "add", "--name", "X")
		refused("unexpected", "add", "TWO", "WORDS", "--name", "X")
		refused("flag provided but not defined", "add", "FLAG", "--name", "X", "--colour", "red")

		ok("agent OFF_1 (Off) disabled", "disable", "off_1")
		refused("no agent has this code", "disable", "NOBODY")
		refused("no agent has this code", "enable", "NOBODY")
		refused("only letters", "disable", "no way")
		refused("usage: agent disable CODE", "disable")
		refused("unknown verb", "retire", "AGENT7")
		refused("want a verb", nil...)

		// Users registered with a code count towards its agent, whatever the case.
		for i, code := range []string{"AGENT7", "agent7", "spring-26", ""} {
			if _, err := s.CreateUser(context.Background(), d, account.User{Nickname: "u", Email: "u" + strconv.Itoa(i) + "@example.com",
				PasswordHash: "x", AccountType: account.TypeNormal, Status: account.StatusActive, AgentInviteCode: code, Lang: "en_US"}); err != nil {
				t.Fatal(err)
			}
		}
		later := now.Add(3 * time.Hour) // SOON has expired
		out, _ := adminAgents(t, s, later, "list")
		for _, row := range [][]string{
			{"CODE", "NAME", "EXPIRES", "STATUS", "USERS", "CREATED"},
			{"AGENT7", "Li Wei", "never", "live", "2", "2026-03-01 10:00:00 +08:00"},
			{"spring-26", "春季推广", "2026-04-01 00:00:00 +08:00", "live", "1"},
			{"SOON", "Soon", "2026-03-01 12:00:00 +08:00", "expired", "0"},
			{"OFF_1", "Off", "never", "disabled", "0"},
		} {
			if !strings.Contains(collapse(out), strings.Join(row, " ")) {
				t.Fatalf("list has no row %q:\n%s", row, out)
			}
		}

		// Enabling an expired code says it stays refused; a new expiry brings it back.
		out, err := adminAgents(t, s, later, "enable", "soon")
		if err != "" || !strings.Contains(out, "enabled, but it expired at 2026-03-01 12:00:00 +08:00") {
			t.Fatalf("enable expired: %q %q", out, err)
		}
		out, err = adminAgents(t, s, later, "enable", "SOON", "--expires", "2026-03-02")
		if err != "" || !strings.Contains(out, "agent SOON (Soon) enabled, expires at 2026-03-03 00:00:00 +08:00") {
			t.Fatalf("enable with expiry: %q %q", out, err)
		}
		ok("agent OFF_1 (Off) enabled, never expires", "enable", "OFF_1")
		ok("agent SOON (Soon) enabled, never expires", "enable", "SOON", "--expires", "never")
		refused("already past", "enable", "SOON", "--expires", "2026-01-01")
		a, e := s.AgentByCode(context.Background(), d, "soon")
		if e != nil || a.Disabled || a.ExpiresAt != 0 || !a.Live(later) {
			t.Fatalf("SOON after a refused enable: %+v %v", a, e)
		}
	})
}

// collapse turns the list's column padding into single spaces.
func collapse(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.Join(strings.Fields(l), " ")
	}
	return strings.Join(lines, "\n")
}

func TestAgentLive(t *testing.T) {
	now := time.UnixMilli(1_800_000_000_000)
	for _, c := range []struct {
		a    account.Agent
		live bool
	}{
		{account.Agent{}, true},
		{account.Agent{ExpiresAt: now.UnixMilli() + 1}, true},
		{account.Agent{ExpiresAt: now.UnixMilli()}, false},
		{account.Agent{Disabled: true}, false},
		{account.Agent{Disabled: true, ExpiresAt: now.UnixMilli() + 1}, false},
	} {
		if got := c.a.Live(now); got != c.live {
			t.Errorf("%+v live %v, want %v", c.a, got, c.live)
		}
	}
}

// addAgent adds an agent through the store; expiresIn 0 is never.
func (h *harness) addAgent(code string, expiresIn time.Duration, disabled bool) {
	h.t.Helper()
	a := account.Agent{Code: code, Name: "Agent " + code}
	if expiresIn != 0 {
		a.ExpiresAt = h.clock.Now().Add(expiresIn).UnixMilli()
	}
	ctx := context.Background()
	if _, err := h.svc.Store.AddAgent(ctx, audit.CLI, a, h.clock.Now()); err != nil {
		h.t.Fatal(err)
	}
	if disabled {
		if _, err := h.svc.Store.SetAgent(ctx, audit.CLI, code, true, nil); err != nil {
			h.t.Fatal(err)
		}
	}
}

// wrongCode is a code of the right shape other than code.
func wrongCode(code string) string {
	if code == "000000" {
		return "111111"
	}
	return "000000"
}

func (h *harness) users() int {
	h.t.Helper()
	var n int
	if err := h.db.QueryRow(context.Background(), "SELECT COUNT(*) FROM users").Scan(&n); err != nil {
		h.t.Fatal(err)
	}
	return n
}

// Registration refuses a code that is no live agent's (unknown, disabled, expired) with
// SPEC's message in the request's language, creates nothing and leaves the register code
// usable; a live agent's code is recorded on the user in the agent's spelling.
func TestRegistrationChecksTheInviteCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.addAgent("Live-1", 0, false)
		h.addAgent("OFF", 0, true)
		h.addAgent("OLD", time.Hour, false)
		h.clock.Add(2 * time.Hour) // OLD has expired
		reg := "/api/pc/v1/common/customer/register/email"
		body := func(email, code, invite string) map[string]any {
			return map[string]any{"email": email, "emailCode": code, "nickName": "miner", "password": "Miner-pass-1", "agentInviteCode": invite}
		}
		before := h.users() // none: the harness's agent brought nobody yet

		code := h.sendEmail("first@example.com", "register", "")
		// Without the right register code the answer is the wrong-code one, whatever the
		// invite code: registration tells nothing about agents to who holds no code.
		h.want(h.post(reg, "", body("first@example.com", wrongCode(code), "NOBODY")), 400, 3, "wrong or has expired")
		h.want(h.post(reg, "", body("first@example.com", wrongCode(code), "Live-1")), 400, 3, "wrong or has expired")
		for _, invite := range []string{"NOBODY", "OFF", "off", "OLD"} {
			r := h.post(reg, "", body("first@example.com", code, invite))
			h.want(r, 400, 3, "Invitation link expired; register through the correct link.")
			if string(r.Data) != `{"inviteInvalid":true}` {
				t.Fatalf("%s: data %s", invite, r.Data)
			}
		}
		for lang, msg := range map[string]string{
			"zh_CN": "邀请链接已失效，请通过正确的链接注册。",
			"zh_HK": "邀請連結已失效，請透過正確的連結註冊。",
			"ko_KR": "초대 링크가 만료되었습니다. 올바른 링크로 가입해 주세요.",
		} {
			h.lang = lang
			h.want(h.post(reg, "", body("first@example.com", code, "OLD")), 400, 3, msg)
		}
		h.lang = ""
		if n := h.users(); n != before {
			t.Fatalf("refused registrations created %d users", n-before)
		}
		// The code was not spent: without the bad link's code it registers.
		h.want(h.post(reg, "", body("first@example.com", code, "")), 200, 0, "Registration successful")
		u, err := h.svc.Store.UserByContact(context.Background(), d, account.ChannelEmail, "first@example.com")
		if err != nil || u.AgentInviteCode != "" {
			t.Fatalf("user without a code: %+v %v", u, err)
		}

		// Refused, then the right link: the code is recorded as the agent spells it.
		code = h.sendEmail("second@example.com", "register", "")
		h.want(h.post(reg, "", body("second@example.com", code, "OLD")), 400, 3, "Invitation link expired")
		h.want(h.post(reg, "", body("second@example.com", code, "live-1")), 200, 0, "Registration successful")
		u, err = h.svc.Store.UserByContact(context.Background(), d, account.ChannelEmail, "second@example.com")
		if err != nil || u.AgentInviteCode != "Live-1" {
			t.Fatalf("user with a live agent's code: %+v %v", u, err)
		}

		// A code disabled and enabled again, or given a new expiry, is taken again.
		if _, err := h.svc.Store.SetAgent(context.Background(), audit.CLI, "old", false, new(int64)); err != nil {
			t.Fatal(err)
		}
		code = h.sendEmail("third@example.com", "register", "")
		h.want(h.post(reg, "", body("third@example.com", code, "OLD")), 200, 0, "Registration successful")
		// "null" and null are no code, as before.
		code = h.sendEmail("fourth@example.com", "register", "")
		h.want(h.post(reg, "", body("fourth@example.com", code, "null")), 200, 0, "Registration successful")
		code = h.sendEmail("fifth@example.com", "register", "")
		h.want(h.post(reg, "", map[string]any{"email": "fifth@example.com", "emailCode": code, "nickName": "miner", "password": "Miner-pass-1", "agentInviteCode": nil}), 200, 0, "Registration successful")
	})
}

// The invite page's check: valid only for a live agent, shape errors as fields, and a
// budget of look-ups per client address that registrations with a code share.
func TestInviteCheck(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		// The budget is a fixed window: start at the beginning of one, so that the few
		// minutes the test moves the clock stay inside it.
		w := account.InviteCheckWindow.Milliseconds()
		h.clock.Add(time.Duration(w-h.clock.Now().UnixMilli()%w)*time.Millisecond + time.Second)
		h.addAgent("OFF", 0, true)
		h.addAgent("OLD", time.Minute, false)
		h.clock.Add(time.Minute)
		check := func(code string) reply {
			return h.get("/api/pc/v1/common/customer/invite/check", "", url.Values{"code": {code}})
		}
		valid := func(code string, want bool) {
			t.Helper()
			r := check(code)
			h.want(r, 200, 0, "")
			if got := string(r.Data); got != `{"valid":`+strconv.FormatBool(want)+`}` {
				t.Fatalf("check %q: %s, want valid %v", code, got, want)
			}
		}
		valid("AGENT7", true)
		valid("agent7", true)
		valid("NOBODY", false)
		valid("OFF", false)
		valid("OLD", false)
		h.want(check("<script>"), 400, 3, "Invite code is not valid")
		h.want(check(strings.Repeat("A", 33)), 400, 3, "Invite code is not valid")
		h.want(check(""), 400, 3, "Invite code is required")
		used := 5 // shape errors count nothing

		// A registration with a code counts too; past the budget both are refused, and the
		// register code is left unspent.
		code := h.sendEmail("late@example.com", "register", "")
		reg := map[string]any{"email": "late@example.com", "emailCode": code, "nickName": "late", "password": "Miner-pass-1", "agentInviteCode": "NOBODY"}
		h.want(h.post("/api/pc/v1/common/customer/register/email", "", reg), 400, 3, "Invitation link expired")
		used++
		for ; used < account.InviteChecksPerClient; used++ {
			valid("NOBODY", false)
		}
		h.want(check("AGENT7"), 429, 3, "Too many requests")
		reg["agentInviteCode"] = "AGENT7"
		h.want(h.post("/api/pc/v1/common/customer/register/email", "", reg), 429, 3, "Too many requests")
		// Another address has its own budget; registering without a code needs none.
		h.addr = "203.0.113.9"
		valid("AGENT7", true)
		h.addr = "198.51.100.7"
		h.clock.Add(time.Duration(w-h.clock.Now().UnixMilli()%w) * time.Millisecond) // the next window; the code lasts 10 min
		h.want(h.post("/api/pc/v1/common/customer/register/email", "", reg), 200, 0, "Registration successful")
	})
}

// agent add, disable and enable are in the operator audit log as cli, each with the agent
// before and after; a refused one leaves no entry.
func TestAgentCommandsAreAudited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := &account.Store{DB: d}
		now := time.Date(2026, 3, 1, 2, 0, 0, 0, time.UTC)
		for _, args := range [][]string{{"add", "AGENT7", "--name", "Li Wei"}, {"add", "agent7", "--name", "Copy"}, {"disable", "agent7"}, {"enable", "AGENT7"}, {"disable", "NOPE"}} {
			adminAgents(t, s, now, args...)
		}
		rows, err := d.Query(context.Background(), "SELECT actor, action, object_id, COALESCE(before_json, '') <> '', after_json FROM ops_audit ORDER BY id")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var got []string
		for rows.Next() {
			var actor, action, object, after string
			var hadBefore bool
			if err := rows.Scan(&actor, &action, &object, &hadBefore, &after); err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprintf("%s %s %s %v %v", actor, action, object, hadBefore, strings.Contains(after, `"Disabled":true`)))
		}
		want := []string{"cli agent.add AGENT7 false false", "cli agent.disable AGENT7 true true", "cli agent.enable AGENT7 true false"}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("audit entries %q, want %q", got, want)
		}
	})
}
