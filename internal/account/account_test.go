package account_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/ops/audit"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// outbox records the codes and notices the service sends, as a mailbox or phone would.
type outbox struct {
	mu      sync.Mutex
	codes   []notify.Code
	notices []notify.Notice
	fail    bool
}

func (o *outbox) SendNotice(_ context.Context, n notify.Notice) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.fail {
		return fmt.Errorf("gateway down")
	}
	o.notices = append(o.notices, n)
	return nil
}

// noticesTo answers the notices of a kind sent to to.
func (o *outbox) noticesTo(to, kind string) []notify.Notice {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []notify.Notice
	for _, n := range o.notices {
		if n.To == to && n.Kind == kind {
			out = append(out, n)
		}
	}
	return out
}

// all answers every notice sent.
func (o *outbox) all() []notify.Notice {
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]notify.Notice(nil), o.notices...)
}

// codesTo counts the codes sent to to.
func (o *outbox) codesTo(to string) int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := 0
	for _, c := range o.codes {
		if c.To == to {
			n++
		}
	}
	return n
}

func (o *outbox) SendCode(_ context.Context, c notify.Code) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.fail {
		return fmt.Errorf("gateway down")
	}
	o.codes = append(o.codes, c)
	return nil
}

func (o *outbox) last(t *testing.T, to, scene string) string {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	for i := len(o.codes) - 1; i >= 0; i-- {
		if o.codes[i].To == to && o.codes[i].Scene == scene {
			return o.codes[i].Code
		}
	}
	t.Fatalf("no %s code sent to %s", scene, to)
	return ""
}

// clock is a time the test moves.
type clock = accounttest.Clock

type unbinder struct{ calls []int64 }

func (u *unbinder) UnbindAllDevices(_ context.Context, _ db.Querier, userID int64) (int, error) {
	u.calls = append(u.calls, userID)
	return 2, nil
}

type harness struct {
	t       *testing.T
	srv     *httptest.Server
	mail    *outbox
	sms     *outbox
	clock   *clock
	devices *unbinder
	db      *db.DB
	addr    string // X-Forwarded-For of the next requests
	lang    string // language header of the next requests (en_US when empty)
	svc     *account.Service
}

func newHarness(t *testing.T, d *db.DB) *harness {
	clk := accounttest.NewClock(time.Now())
	h := &harness{t: t, mail: &outbox{}, sms: &outbox{}, clock: clk, devices: &unbinder{}, db: d, addr: "198.51.100.7"}
	limiter := &ratelimit.DB{DB: d, Now: clk.Now}
	svc := &account.Service{
		Store: &account.Store{DB: d}, Guard: &ratelimit.DBGuard{DB: d, Now: clk.Now},
		Email: h.mail, SMS: h.sms, Devices: h.devices,
		Argon: account.Argon2Params{Memory: 1024, Time: 1, Threads: 1}, Now: clk.Now,
		Async: func(f func()) { f() }, Limiter: limiter,
	}
	// The agent whose invite code h.register carries.
	if _, err := svc.Store.AddAgent(context.Background(), audit.CLI, account.Agent{Code: "AGENT7", Name: "Agent Seven"}, clk.Now()); err != nil {
		t.Fatal(err)
	}
	rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US", TrustProxy: true})
	(&account.Handler{Service: svc, Limiter: limiter}).Routes(rt)
	h.srv = httptest.NewServer(rt)
	t.Cleanup(h.srv.Close)
	h.svc = svc
	return h
}

type reply struct {
	Status int
	Code   int             `json:"code"`
	Msg    string          `json:"msg"`
	Data   json.RawMessage `json:"data"`
}

func (h *harness) do(method, path, token string, body any) reply {
	h.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = strings.NewReader(string(b))
	}
	req, _ := http.NewRequest(method, h.srv.URL+path, rd)
	lang := h.lang
	if lang == "" {
		lang = "en_US"
	}
	req.Header.Set("language", lang)
	req.Header.Set("X-Forwarded-For", h.addr)
	if token != "" {
		req.Header.Set("x-token", token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	defer resp.Body.Close()
	var r reply
	raw, _ := io.ReadAll(resp.Body)
	if err := json.Unmarshal(raw, &r); err != nil {
		h.t.Fatalf("%s %s: %s", method, path, raw)
	}
	r.Status = resp.StatusCode
	return r
}

func (h *harness) post(path, token string, body any) reply { return h.do("POST", path, token, body) }
func (h *harness) get(path, token string, q url.Values) reply {
	return h.do("GET", path+"?"+q.Encode(), token, nil)
}

func (h *harness) want(r reply, status, code int, msg string) {
	h.t.Helper()
	if r.Status != status || r.Code != code || (msg != "" && !strings.Contains(r.Msg, msg)) {
		h.t.Fatalf("got %d code %d %q (data %s), want %d code %d %q", r.Status, r.Code, r.Msg, r.Data, status, code, msg)
	}
}

// sendEmail asks for an email code and answers it; the clock moves past the resend wait.
func (h *harness) sendEmail(email, scene, token string) string {
	h.t.Helper()
	path := "/api/pc/v1/common/customer/email/send"
	if token != "" {
		path = "/api/pc/v1/customer/email/code/send"
	}
	h.want(h.get(path, token, url.Values{"email": {email}, "scenes": {scene}, "ticket": {h.ticket()}}), 200, 0, "Code sent")
	h.clock.Add(61 * time.Second)
	return h.mail.last(h.t, strings.ToLower(email), scene)
}

func (h *harness) sendSMS(phone, scene, token string) string {
	h.t.Helper()
	h.want(h.get("/api/pc/v1/customer/sms/code/send", token, url.Values{"phone": {phone}, "scenes": {scene}, "ticket": {h.ticket()}}), 200, 0, "Code sent")
	h.clock.Add(61 * time.Second)
	return h.sms.last(h.t, phone, scene)
}

func (h *harness) register(email, password string) {
	h.t.Helper()
	code := h.sendEmail(email, "register", "")
	h.want(h.post("/api/pc/v1/common/customer/register/email", "", map[string]any{
		"email": email, "emailCode": code, "nickName": "矿工_01", "password": password, "agentInviteCode": "AGENT7",
	}), 200, 0, "Registration successful")
}

func (h *harness) login(email, password string) string {
	h.t.Helper()
	r := h.post("/api/pc/v1/common/customer/login/email/pwd", "", map[string]any{"email": email, "password": password, "ticket": h.ticket()})
	h.want(r, 200, 0, "")
	var lr struct {
		Token string
		User  account.UserView
	}
	_ = json.Unmarshal(r.Data, &lr)
	if lr.Token == "" || lr.User.Email != strings.ToLower(email) {
		h.t.Fatalf("login response %s", r.Data)
	}
	return lr.Token
}

func TestRegisterLoginAndSessions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		// Bad input changes nothing.
		reg := "/api/pc/v1/common/customer/register/email"
		code := h.sendEmail("Miner@Example.com", "register", "")
		for _, c := range []struct {
			body map[string]any
			msg  string
		}{
			{map[string]any{"email": "miner@example.com", "emailCode": code, "nickName": "", "password": "Miner-pass-1"}, "Nickname is required"},
			{map[string]any{"email": "miner@example.com", "emailCode": code, "nickName": "bad name!", "password": "Miner-pass-1"}, "only Chinese characters"},
			{map[string]any{"email": "miner@example.com", "emailCode": code, "nickName": strings.Repeat("n", 21), "password": "Miner-pass-1"}, "at most 20"},
			{map[string]any{"email": "miner@example.com", "emailCode": code, "nickName": "miner", "password": "short"}, "8-20"},
			{map[string]any{"email": "miner@example.com", "emailCode": code, "nickName": "miner", "password": strings.Repeat("p", 21)}, "8-20"},
			{map[string]any{"email": "miner@example", "emailCode": code, "nickName": "miner", "password": "Miner-pass-1"}, "valid email"},
			{map[string]any{"email": "miner@example.com", "emailCode": "12345", "nickName": "miner", "password": "Miner-pass-1"}, "6 digits"},
			{map[string]any{"email": "other@example.com", "emailCode": code, "nickName": "miner", "password": "Miner-pass-1"}, "wrong or has expired"},
			{map[string]any{"email": "miner@example.com", "emailCode": code, "nickName": "miner", "password": "Miner-pass-1", "agentInviteCode": "<script>"}, "Invite code is not valid"},
			{map[string]any{"email": []int{1}, "emailCode": code, "nickName": "miner", "password": "Miner-pass-1"}, "Email is not valid"},
		} {
			h.want(h.post(reg, "", c.body), 400, 3, c.msg)
		}
		var n int
		_ = d.QueryRow(context.Background(), "SELECT COUNT(*) FROM users").Scan(&n)
		if n != 0 {
			t.Fatalf("bad input created %d users", n)
		}
		if _, err := h.svc.Store.AddAgent(context.Background(), audit.CLI, account.Agent{Code: "A1", Name: "Agent One"}, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		// A login code is no register code.
		h.want(h.post(reg, "", map[string]any{"email": "miner@example.com", "emailCode": code, "nickName": "矿工_01", "password": " Miner-pass-1 ", "agentInviteCode": "A1"}), 200, 0, "")
		// The code is spent: a second registration with it fails like any wrong code.
		h.want(h.post(reg, "", map[string]any{"email": "miner@example.com", "emailCode": code, "nickName": "again", "password": "Miner-pass-1"}), 400, 3, "wrong or has expired")
		// A register code for a registered address: "sent", and the address is told instead.
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", url.Values{"email": {"MINER@example.com"}, "scenes": {"register"}, "ticket": {h.ticket()}}), 200, 0, "Code sent")
		if len(h.mail.noticesTo("miner@example.com", "alreadyRegistered")) != 1 {
			t.Fatalf("notices %+v", h.mail.all())
		}
		h.clock.Add(61 * time.Second) // it counts as a send to the address

		token := h.login("miner@example.com", "Miner-pass-1") // trimmed at registration
		r := h.get("/api/pc/v1/customer/baseInfo", token, nil)
		h.want(r, 200, 0, "")
		var u account.UserView
		_ = json.Unmarshal(r.Data, &u)
		if u.NickName != "矿工_01" || u.AccountTypeName != "Normal account" || len(u.UID) != 8 || u.RegistDate == 0 {
			t.Fatalf("baseInfo %s", r.Data)
		}
		h.want(h.get("/api/pc/v1/customer/baseInfo", "", nil), 401, 4, "log in")
		h.want(h.get("/api/pc/v1/customer/baseInfo", "forged", nil), 401, 4, "session has ended")

		// Login by code; a register code cannot log in, a login code cannot be reused.
		lc := h.sendEmail("miner@example.com", "login", "")
		h.want(h.post("/api/pc/v1/common/customer/login/email/code", "", map[string]any{"email": "miner@example.com", "code": lc}), 200, 0, "Login successful")
		h.want(h.post("/api/pc/v1/common/customer/login/email/code", "", map[string]any{"email": "miner@example.com", "code": lc}), 400, 3, "wrong or has expired")
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", url.Values{"email": {"nobody@example.com"}, "scenes": {"login"}, "ticket": {h.ticket()}}), 200, 0, "Code sent")

		// Rename.
		h.want(h.post("/api/pc/v1/customer/username/upd", token, map[string]any{"userName": "rig_boss"}), 200, 0, "")
		h.want(h.post("/api/pc/v1/customer/username/upd", token, map[string]any{"userName": "rig boss"}), 400, 3, "only Chinese")

		// Password change by old password ends the other sessions, not this one.
		other := h.login("miner@example.com", "Miner-pass-1")
		h.want(h.post("/api/pc/v1/customer/password/check", token, map[string]any{"oldPassword": "wrong-pass"}), 400, 3, "password is wrong")
		h.want(h.post("/api/pc/v1/customer/password/check", token, map[string]any{"oldPassword": "Miner-pass-1"}), 200, 0, "")
		h.want(h.post("/api/pc/v1/customer/password/upd/oldPassword", token, map[string]any{"password": "Miner-pass-1", "newPassword": "short"}), 400, 3, "8-20")
		h.want(h.post("/api/pc/v1/customer/password/upd/oldPassword", token, map[string]any{"password": "Miner-pass-1", "newPassword": "Miner-pass-2"}), 200, 0, "")
		h.want(h.get("/api/pc/v1/customer/baseInfo", other, nil), 401, 4, "")
		h.want(h.get("/api/pc/v1/customer/baseInfo", token, nil), 200, 0, "")
		h.login("miner@example.com", "Miner-pass-2")

		// Logout ends the session.
		h.want(h.post("/api/app/v1/customer/account/logOut", token, nil), 200, 0, "")
		h.want(h.get("/api/pc/v1/customer/baseInfo", token, nil), 401, 4, "")
	})
}

func TestBindChangeResetTypeAndCancel(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.register("owner@example.com", "Miner-pass-1")
		token := h.login("owner@example.com", "Miner-pass-1")

		// No phone yet: the phone tabs are refused.
		h.want(h.post("/api/pc/v1/customer/password/upd/phoneCode", token, map[string]any{"phone": "13800138000", "code": "123456", "newPassword": "Miner-pass-9"}), 400, 3, "not bound a phone or email")
		h.want(h.get("/api/pc/v1/customer/sms/code/send", token, url.Values{"phone": {"13800138000"}, "scenes": {"resetPwdByPhone"}, "ticket": {h.ticket()}}), 400, 3, "not bound")
		// Logged-in scenes need a session.
		h.want(h.get("/api/pc/v1/customer/sms/code/send", "", url.Values{"phone": {"13800138000"}, "scenes": {"bindPhone"}, "ticket": {"x"}}), 401, 4, "")
		h.want(h.get("/api/pc/v1/customer/sms/code/send", token, url.Values{"phone": {"23800138000"}, "scenes": {"bindPhone"}, "ticket": {"x"}}), 400, 3, "11-digit")
		h.want(h.get("/api/pc/v1/customer/sms/code/send", token, url.Values{"phone": {"13800138000"}, "scenes": {"newEmail"}, "ticket": {"x"}}), 400, 3, "must be one of")

		bind := h.sendSMS("13800138000", "bindPhone", token)
		// A bind code for another number, or a wrong code, binds nothing.
		h.want(h.post("/api/pc/v1/customer/phone/bind", token, map[string]any{"phone": "13900139000", "code": bind, "password": "Miner-pass-1"}), 400, 3, "wrong or has expired")
		h.want(h.post("/api/pc/v1/customer/phone/bind", token, map[string]any{"phone": 13800138000, "code": bind, "password": "Miner-pass-1"}), 200, 0, "Bound")
		h.want(h.get("/api/pc/v1/customer/sms/code/send", token, url.Values{"phone": {"13800138000"}, "scenes": {"bindPhone"}, "ticket": {h.ticket()}}), 400, 3, "already bound to your account")

		// Change phone: a code for the current number and one for the new number.
		oldCode := h.sendSMS("13800138000", "changePhone", token)
		h.want(h.get("/api/pc/v1/customer/sms/code/check", token, url.Values{"phone": {"13800138000"}, "code": {oldCode}, "scenes": {"changePhone"}}), 200, 0, "")
		newCode := h.sendSMS("13700137000", "newPhone", token)
		h.want(h.post("/api/pc/v1/customer/phone/change", token, map[string]any{"code": oldCode, "newPhone": "13700137000", "newCode": "000000"}), 400, 3, "wrong or has expired")
		h.want(h.post("/api/pc/v1/customer/phone/change", token, map[string]any{"code": oldCode, "newPhone": "13700137000", "newCode": newCode}), 200, 0, "")
		r := h.get("/api/pc/v1/customer/baseInfo", token, nil)
		if !strings.Contains(string(r.Data), `"phone":"13700137000"`) {
			t.Fatalf("phone not changed: %s", r.Data)
		}

		// Reset the password by phone code.
		reset := h.sendSMS("13700137000", "resetPwdByPhone", token)
		h.want(h.post("/api/pc/v1/customer/password/upd/phoneCode", token, map[string]any{"phone": "13700137000", "code": reset, "newPassword": "Miner-pass-3"}), 200, 0, "")
		h.login("owner@example.com", "Miner-pass-3")

		// A second account cannot take the bound phone.
		h.register("second@example.com", "Miner-pass-1")
		t2 := h.login("second@example.com", "Miner-pass-1")
		// A second account cannot take the bound phone: it is answered "sent", the phone's
		// owner is told, and no code exists for the second account to bind with.
		h.want(h.get("/api/pc/v1/customer/sms/code/send", t2, url.Values{"phone": {"13700137000"}, "scenes": {"bindPhone"}, "ticket": {h.ticket()}}), 200, 0, "Code sent")
		if len(h.sms.noticesTo("13700137000", "contactInUse")) != 1 {
			t.Fatalf("notices %+v", h.sms.all())
		}
		h.want(h.post("/api/pc/v1/customer/phone/bind", t2, map[string]any{"phone": "13700137000", "code": reset, "password": "Miner-pass-1"}), 400, 3, "wrong or has expired")

		// Account types.
		r = h.get("/api/pc/v1/common/basic/account/type/list", "", nil)
		if !strings.Contains(string(r.Data), `{"code":"asic","name":"ASIC account"}`) {
			t.Fatalf("types %s", r.Data)
		}
		h.want(h.post("/api/pc/v1/customer/change/account/type", token, map[string]any{"accountTypeCode": "gpu"}), 400, 3, "Account type is not valid")
		r = h.post("/api/pc/v1/customer/change/account/type", token, map[string]any{"accountTypeCode": "normal"})
		h.want(r, 200, 0, "")
		if string(r.Data) != `{"changed":false}` || len(h.devices.calls) != 0 {
			t.Fatalf("unchanged type did something: %s %v", r.Data, h.devices.calls)
		}
		r = h.post("/api/pc/v1/customer/change/account/type", token, map[string]any{"accountTypeCode": "asic"})
		if string(r.Data) != `{"changed":true}` || len(h.devices.calls) != 1 {
			t.Fatalf("type change: %s %v", r.Data, h.devices.calls)
		}

		// Cancel: wrong password refused; then every session ends and the contacts are free.
		h.want(h.post("/api/pc/v1/customer/account/cancel", token, map[string]any{"password": ""}), 400, 3, "Password is required")
		h.want(h.post("/api/pc/v1/customer/account/cancel", token, map[string]any{"password": "Miner-pass-1"}), 400, 3, "password is wrong")
		h.want(h.post("/api/pc/v1/customer/account/cancel", token, map[string]any{"password": "Miner-pass-3"}), 200, 0, "cancelled")
		h.want(h.get("/api/pc/v1/customer/baseInfo", token, nil), 401, 4, "")
		h.want(h.post("/api/pc/v1/common/customer/login/email/pwd", "", map[string]any{"email": "owner@example.com", "password": "Miner-pass-3", "ticket": h.ticket()}), 400, 3, "Login failed")
		h.register("owner@example.com", "Miner-pass-1")
	})
}

func TestBruteForceAndCodeLimits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.register("target@example.com", "Miner-pass-1")
		// (The throttle of wrong passwords has its own tests in security_test.go.)

		// A code: 5 wrong tries burn it; the right one then fails.
		lc := h.sendEmail("target@example.com", "login", "")
		wrong := "000000"
		if lc == wrong {
			wrong = "111111"
		}
		for i := 0; i < 4; i++ {
			h.want(h.get("/api/pc/v1/customer/email/code/check", "", url.Values{"email": {"target@example.com"}, "code": {wrong}, "scenes": {"login"}}), 400, 3, "wrong or has expired")
		}
		h.want(h.get("/api/pc/v1/customer/email/code/check", "", url.Values{"email": {"target@example.com"}, "code": {wrong}, "scenes": {"login"}}), 400, 3, "Too many wrong codes")
		h.clock.Add(16 * time.Minute)
		h.want(h.post("/api/pc/v1/common/customer/login/email/code", "", map[string]any{"email": "target@example.com", "code": lc}), 400, 3, "")

		// Resend waits 60 s; a code expires after 10 minutes.
		q := func() url.Values {
			return url.Values{"email": {"target@example.com"}, "scenes": {"login"}, "ticket": {h.ticket()}}
		}
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", q()), 200, 0, "")
		// A send refused as too soon leaves the slider ticket usable.
		kept := q()
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", kept), 429, 3, "wait")
		h.clock.Add(61 * time.Second)
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", kept), 200, 0, "")
		code := h.mail.last(t, "target@example.com", "login")
		h.clock.Add(10*time.Minute + time.Second)
		h.want(h.post("/api/pc/v1/common/customer/login/email/code", "", map[string]any{"email": "target@example.com", "code": code}), 400, 3, "")

		// A failed delivery is an error and leaves no live code.
		h.mail.fail = true
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", q()), 502, 3, "could not be sent")
		h.mail.fail = false
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", q()), 200, 0, "")

		// Hourly cap per target.
		h.clock.Add(2 * time.Hour)
		for i := 0; i < account.CodesPerTargetHour; i++ {
			h.want(h.get("/api/pc/v1/common/customer/email/send", "", q()), 200, 0, "")
			h.clock.Add(61 * time.Second)
		}
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", q()), 429, 3, "an hour")
	})
}

// Wrong codes given to an action (not only to the check call) count and burn the code:
// the count must not vanish with the action's rolled-back transaction.
func TestWrongCodesThroughAnActionBurnTheCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		code := h.sendEmail("late@example.com", "register", "")
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		body := func(c string) map[string]any {
			return map[string]any{"email": "late@example.com", "emailCode": c, "nickName": "late", "password": "Miner-pass-1"}
		}
		for i := 0; i < 4; i++ {
			h.want(h.post("/api/pc/v1/common/customer/register/email", "", body(wrong)), 400, 3, "wrong or has expired")
		}
		h.want(h.post("/api/pc/v1/common/customer/register/email", "", body(wrong)), 400, 3, "Too many wrong codes")
		h.clock.Add(time.Hour) // past the wait the five failures started
		h.want(h.post("/api/pc/v1/common/customer/register/email", "", body(code)), 400, 3, "wrong or has expired")
		var n int
		_ = d.QueryRow(context.Background(), "SELECT COUNT(*) FROM users").Scan(&n)
		if n != 0 {
			t.Fatalf("a burned code registered %d users", n)
		}
	})
}

// OptionalUser adds the session's user when the token is live and lets everyone through.
func TestOptionalUser(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.register("opt@example.com", "Miner-pass-1")
		token := h.login("opt@example.com", "Miner-pass-1")
		ah := &account.Handler{Service: &account.Service{Store: &account.Store{DB: d}, Now: h.clock.Now}}
		rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US"})
		rt.Handle("GET /api/who", func(w http.ResponseWriter, r *http.Request) error {
			u, ok := account.CurrentUser(r.Context())
			if !ok {
				return httpx.OK(w, r, "visitor")
			}
			return httpx.OK(w, r, u.Email)
		}, ah.OptionalUser)
		srv := httptest.NewServer(rt)
		defer srv.Close()
		for tok, want := range map[string]string{token: `"opt@example.com"`, "": `"visitor"`, "forged": `"visitor"`} {
			req, _ := http.NewRequest("GET", srv.URL+"/api/who", nil)
			req.Header.Set("x-token", tok)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var e struct{ Data json.RawMessage }
			_ = json.NewDecoder(resp.Body).Decode(&e)
			resp.Body.Close()
			if resp.StatusCode != 200 || string(e.Data) != want {
				t.Errorf("token %q: %d %s, want %s", tok, resp.StatusCode, e.Data, want)
			}
		}
	})
}

// The second verification of money actions (SPEC section 5): by a bound contact's code,
// only when one is bound, used up once inside the action's transaction.
func TestSecondFactor(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		ctx := context.Background()
		h.register("payer@example.com", "Passw0rd!x")
		token := h.login("payer@example.com", "Passw0rd!x")
		u, err := h.svc.Store.UserByContact(ctx, d, account.ChannelEmail, "payer@example.com")
		if err != nil {
			t.Fatal(err)
		}
		key := func(err error) string {
			var he *httpx.Error
			if errors.As(err, &he) {
				return he.Key
			}
			return fmt.Sprint(err)
		}
		// Nothing bound: nothing to verify with, nothing asked.
		if id, err := h.svc.SecondFactor(ctx, account.User{ID: 99}, account.SceneWithdraw, "", ""); err != nil || id != 0 {
			t.Fatalf("no contact: %d %v", id, err)
		}
		for _, c := range []struct{ verify, code, want string }{
			{"", "123456", "validation.required"},
			{"fax", "123456", "validation.oneOf"},
			{"phone", "123456", "account.notBound"},
			{"email", "", "validation.required"},
			{"email", "123456", "account.codeInvalid"},
		} {
			if _, err := h.svc.SecondFactor(ctx, u, account.SceneWithdraw, c.verify, c.code); key(err) != c.want {
				t.Errorf("SecondFactor(%q, %q) = %q, want %q", c.verify, c.code, key(err), c.want)
			}
		}
		code := h.sendEmail("payer@example.com", account.SceneWithdraw, token)
		// A code of the other scene does not verify a withdrawal.
		other := h.sendEmail("payer@example.com", account.SceneAddressBook, token)
		if _, err := h.svc.SecondFactor(ctx, u, account.SceneWithdraw, "email", other); key(err) != "account.codeInvalid" {
			t.Fatalf("an address-book code verified a withdrawal: %v", err)
		}
		id, err := h.svc.SecondFactor(ctx, u, account.SceneWithdraw, "email", code)
		if err != nil || id == 0 {
			t.Fatalf("right code: %d %v", id, err)
		}
		spend := func() error {
			return d.InTx(ctx, func(tx *db.Tx) error { return account.SpendCode(ctx, tx, id, h.clock.Now()) })
		}
		if err := spend(); err != nil {
			t.Fatal(err)
		}
		if err := spend(); key(err) != "account.codeInvalid" {
			t.Fatalf("a code spent twice: %v", err)
		}
		if _, err := h.svc.SecondFactor(ctx, u, account.SceneWithdraw, "email", code); key(err) != "account.codeInvalid" {
			t.Fatalf("a spent code verified again: %v", err)
		}
	})
}

// The account calls read their fields by name; a key they do not take is refused and
// named, as every struct-decoded call refuses it (docs/security.md "JSON bodies").
func TestAccountCallsRefuseUnknownFields(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.want(h.post("/api/pc/v1/common/customer/login/email/pwd", "", map[string]any{
			"email": "ann@example.com", "password": "Granite-Otter-71", "ticket": "x", "isAdmin": true,
		}), 400, 3, "isAdmin")
		h.want(h.post("/api/pc/v1/common/customer/login/email/code", "", map[string]any{
			"email": "ann@example.com", "code": "123456", "remember": "1",
		}), 400, 3, "remember")
	})
}

// A session ends after SessionIdle without a use, besides its 30 days (issue 29: a token
// left on a lost device kept working for a month). Uses keep it alive, up to the 30 days.
func TestSessionIdleExpiry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.register("idle@example.com", "Miner-pass-1")
		busy := h.login("idle@example.com", "Miner-pass-1")
		idle := h.login("idle@example.com", "Miner-pass-1")
		baseInfo := "/api/pc/v1/customer/baseInfo"

		// Used every six days, a session lives on; unused for more than seven, it ends.
		for range 4 {
			h.clock.Add(6 * 24 * time.Hour)
			h.want(h.get(baseInfo, busy, nil), 200, 0, "")
		}
		h.want(h.get(baseInfo, idle, nil), 401, 4, "session has ended")

		// A use within the hour does not write (the last use moves at most hourly), and
		// the idle time counts from the last use written: a use just before the seven
		// days are up keeps the session.
		h.clock.Add(7*24*time.Hour - 2*time.Hour)
		h.want(h.get(baseInfo, busy, nil), 401, 4, "") // 24 + 7 days: past the 30-day limit

		fresh := h.login("idle@example.com", "Miner-pass-1")
		loggedIn := h.clock.Now().UnixMilli()
		h.clock.Add(30 * time.Minute)
		h.want(h.get(baseInfo, fresh, nil), 200, 0, "")
		var seen int64
		if err := d.QueryRow(context.Background(), "SELECT MAX(last_seen_at) FROM sessions").Scan(&seen); err != nil || seen != loggedIn {
			t.Fatalf("last use %d (%v), want the login's %d: a use within the hour writes nothing", seen, err, loggedIn)
		}
		h.clock.Add(7*24*time.Hour - 31*time.Minute)
		h.want(h.get(baseInfo, fresh, nil), 200, 0, "") // 7 days less a minute after login
		h.clock.Add(7*24*time.Hour - time.Minute)
		h.want(h.get(baseInfo, fresh, nil), 200, 0, "") // that use was written
		h.clock.Add(7*24*time.Hour + time.Minute)
		h.want(h.get(baseInfo, fresh, nil), 401, 4, "")

		// The sweep deletes idle sessions, not live ones.
		live := h.login("idle@example.com", "Miner-pass-1")
		if err := h.svc.Store.SweepExpired(context.Background(), h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		var n int
		if err := d.QueryRow(context.Background(), "SELECT COUNT(*) FROM sessions").Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d sessions after the sweep (%v), want the live one", n, err)
		}
		h.want(h.get(baseInfo, live, nil), 200, 0, "")
	})
}
