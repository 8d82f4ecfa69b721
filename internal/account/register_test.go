package account_test

import (
	"context"
	"encoding/json"
	"reflect"
	"sort"
	"testing"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// keysOf lists the top-level keys of a JSON object, sorted.
func keysOf(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("not an object: %s", raw)
	}
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// A registration answers a session as a login does (docs/accounts.md "Sign-up"): the new
// account goes straight in, with no login form and no second slider. The token is a full
// session (it reads the account, it is stored with the address and user agent like a
// login's, logout ends it), in every language the answer is given.
func TestRegisterAnswersASession(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		ctx := context.Background()
		code := h.sendEmail("New.Miner@example.com", "register", "")
		r := h.post("/api/pc/v1/common/customer/register/email", "", map[string]any{
			"email": "New.Miner@example.com", "emailCode": code, "nickName": "new_miner", "password": " Miner-pass-1 ", "agentInviteCode": nil,
		})
		h.want(r, 200, 0, "Registration successful. You are logged in.")
		var reg struct {
			Token string
			User  account.UserView
		}
		if err := json.Unmarshal(r.Data, &reg); err != nil || reg.Token == "" {
			t.Fatalf("register answered no session: %s", r.Data)
		}
		if reg.User.Email != "new.miner@example.com" || reg.User.NickName != "new_miner" || len(reg.User.UID) != 8 || reg.User.Status != "active" {
			t.Fatalf("register user %s", r.Data)
		}

		// The token is a session: it reads the account the answer names.
		me := h.get("/api/pc/v1/customer/baseInfo", reg.Token, nil)
		h.want(me, 200, 0, "")
		var view account.UserView
		_ = json.Unmarshal(me.Data, &view)
		if view.ID != reg.User.ID || view.UID != reg.User.UID {
			t.Fatalf("baseInfo %s, register %s", me.Data, r.Data)
		}

		// The same answer as a login: the same keys, the same user, the session stored alike.
		lr := h.post("/api/pc/v1/common/customer/login/email/pwd", "", map[string]any{"email": "new.miner@example.com", "password": "Miner-pass-1", "ticket": h.ticket()})
		h.want(lr, 200, 0, "")
		if a, b := keysOf(t, r.Data), keysOf(t, lr.Data); !reflect.DeepEqual(a, b) {
			t.Fatalf("register answers %v, login %v", a, b)
		}
		var login struct{ User account.UserView }
		_ = json.Unmarshal(lr.Data, &login)
		if !reflect.DeepEqual(login.User, reg.User) {
			t.Fatalf("register user %+v, login user %+v", reg.User, login.User)
		}
		rows, err := d.Query(ctx, "SELECT client_addr, user_agent, expires_at - created_at FROM sessions WHERE user_id = ? ORDER BY created_at, token_hash", reg.User.ID)
		if err != nil {
			t.Fatal(err)
		}
		type sess struct {
			addr, agent string
			life        int64
		}
		var got []sess
		for rows.Next() {
			var s sess
			if err := rows.Scan(&s.addr, &s.agent, &s.life); err != nil {
				t.Fatal(err)
			}
			got = append(got, s)
		}
		rows.Close()
		if len(got) != 2 || got[0] != got[1] || got[0].addr != h.addr || got[0].life != account.SessionTTL.Milliseconds() {
			t.Fatalf("sessions after register and login: %+v", got)
		}

		// Logout ends the register's session like any other.
		h.want(h.post("/api/app/v1/customer/account/logOut", reg.Token, nil), 200, 0, "")
		h.want(h.get("/api/pc/v1/customer/baseInfo", reg.Token, nil), 401, 4, "")

		// By phone, in Chinese: the message in the request's language, a session all the same.
		pc := h.sendSMS("13700137001", "register", "")
		h.lang = "zh_CN"
		r = h.post("/api/pc/v1/common/customer/register/phone", "", map[string]any{
			"phone": "13700137001", "phoneCode": pc, "nickName": "矿工", "password": "Miner-pass-1",
		})
		h.want(r, 200, 0, "注册成功，已为您登录。")
		var byPhone struct {
			Token string
			User  account.UserView
		}
		_ = json.Unmarshal(r.Data, &byPhone)
		if byPhone.User.Phone != "13700137001" {
			t.Fatalf("register by phone %s", r.Data)
		}
		h.want(h.get("/api/pc/v1/customer/baseInfo", byPhone.Token, nil), 200, 0, "")
	})
}

// A refused registration creates nothing: no user and no session, and its answer carries
// no token, whatever refused it (the rules, the code, the invite code, the address taken).
func TestRefusedRegisterCreatesNoSession(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		ctx := context.Background()
		count := func() (users, sessions int) {
			t.Helper()
			if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM users").Scan(&users); err != nil {
				t.Fatal(err)
			}
			if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM sessions").Scan(&sessions); err != nil {
				t.Fatal(err)
			}
			return
		}
		reg := "/api/pc/v1/common/customer/register/email"
		code := h.sendEmail("late@example.com", "register", "")
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		body := func(c, password, invite string) map[string]any {
			return map[string]any{"email": "late@example.com", "emailCode": c, "nickName": "late", "password": password, "agentInviteCode": invite}
		}
		for _, c := range []struct {
			body map[string]any
			msg  string
		}{
			{body(code, "password", ""), "too common"},
			{body(code, "short", ""), "8-20"},
			{body(wrong, "Miner-pass-1", ""), "wrong or has expired"},
			{body(code, "Miner-pass-1", "NOBODY"), "Invitation link expired"},
		} {
			r := h.post(reg, "", c.body)
			h.want(r, 400, 3, c.msg)
			var data map[string]any
			_ = json.Unmarshal(r.Data, &data)
			if _, ok := data["token"]; ok {
				t.Fatalf("a refusal answered a token: %s", r.Data)
			}
			if u, s := count(); u != 0 || s != 0 {
				t.Fatalf("%q: %d users, %d sessions", c.msg, u, s)
			}
		}
		// The refusals left the code usable: it registers, with one session.
		h.want(h.post(reg, "", body(code, "Miner-pass-1", "")), 200, 0, "")
		if u, s := count(); u != 1 || s != 1 {
			t.Fatalf("after the registration: %d users, %d sessions", u, s)
		}

		// The address taken between the send and the registration: the code is right, the
		// answer says so to whoever holds the address, and no second session opens.
		phone := "13600136001"
		pc := h.sendSMS(phone, "register", "")
		// Another account binds the phone meanwhile.
		first := registerToken(h, "binder@example.com")
		proof := h.sendEmail("binder@example.com", "bindPhone", first)
		bind := h.sendSMS(phone, "bindPhone", first)
		h.want(h.post("/api/pc/v1/customer/phone/bind", first, map[string]any{"phone": phone, "code": bind, "currentCode": proof}), 200, 0, "")
		u0, s0 := count()
		r := h.post("/api/pc/v1/common/customer/register/phone", "", map[string]any{"phone": phone, "phoneCode": pc, "nickName": "late2", "password": "Miner-pass-1"})
		h.want(r, 400, 3, "already registered")
		if string(r.Data) != "null" {
			t.Fatalf("a refusal answered data %s", r.Data)
		}
		if u, s := count(); u != u0 || s != s0 {
			t.Fatalf("a taken phone: %d users, %d sessions (before %d, %d)", u, s, u0, s0)
		}
	})
}

// registerToken registers email through the API and answers the session the registration
// opened.
func registerToken(h *harness, email string) string {
	h.t.Helper()
	code := h.sendEmail(email, "register", "")
	r := h.post("/api/pc/v1/common/customer/register/email", "", map[string]any{
		"email": email, "emailCode": code, "nickName": "binder", "password": "Miner-pass-1",
	})
	h.want(r, 200, 0, "")
	var reg struct{ Token string }
	_ = json.Unmarshal(r.Data, &reg)
	if reg.Token == "" {
		h.t.Fatalf("register answered no token: %s", r.Data)
	}
	return reg.Token
}
