package account_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// Passwords of these tests: none is on the common-password list.
const (
	ownerPW = "rig-boss-2026!"
	otherPW = "Hash-Rate-77"
)

// Notice kinds the tests look for (package notify names them).
const (
	kindFailedLogins   = "failedLogins"
	kindLoginNoAccount = "loginNoAccount"
	kindRegistered     = "alreadyRegistered"
	kindContactInUse   = "contactInUse"
)

func (h *harness) loginPw(email, password string) reply {
	h.t.Helper()
	return h.post("/api/pc/v1/common/customer/login/email/pwd", "", map[string]any{"email": email, "password": password, "ticket": h.ticket()})
}

func retryAfter(t *testing.T, r reply) int {
	t.Helper()
	var d struct {
		RetryAfter int `json:"retryAfter"`
	}
	if err := json.Unmarshal(r.Data, &d); err != nil {
		t.Fatalf("data %s: %v", r.Data, err)
	}
	return d.RetryAfter
}

// Audit item 1: five wrong passwords from anywhere locked the owner out everywhere, even
// with the right password from another address or a valid login code.
func TestLockoutIsNotAWeapon(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.register("victim@example.com", ownerPW)
		h.addr = "203.0.113.66"
		for i := 0; i < 12; i++ {
			if r := h.loginPw("victim@example.com", fmt.Sprintf("guess-%d-xx", i)); r.Status != 400 && r.Status != 429 {
				t.Fatalf("guess %d: %d %s", i, r.Status, r.Msg)
			}
		}
		// The attacker's address waits; the owner's does not.
		h.want(h.loginPw("victim@example.com", ownerPW), 429, 3, "try again")
		h.addr = "198.51.100.20"
		h.login("victim@example.com", ownerPW)
		// A login code works from anywhere, also from the attacker's address.
		h.addr = "198.51.100.21"
		lc := h.sendEmail("victim@example.com", "login", "")
		h.want(h.post("/api/pc/v1/common/customer/login/email/code", "", map[string]any{"email": "victim@example.com", "code": lc}), 200, 0, "Login successful")
		h.addr = "203.0.113.66"
		lc = h.sendEmail("victim@example.com", "login", "")
		h.want(h.post("/api/pc/v1/common/customer/login/email/code", "", map[string]any{"email": "victim@example.com", "code": lc}), 200, 0, "Login successful")
	})
}

// While throttled, the answer says when to try again, in the request's language; the wait
// doubles with each failure of one account from one address.
func TestThrottleSaysWhenToRetry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.register("slow@example.com", ownerPW)
		h.addr = "203.0.113.7"
		for i := 0; i < 4; i++ {
			h.want(h.loginPw("slow@example.com", "wrong-pass-1"), 400, 3, "Login failed")
		}
		r := h.loginPw("slow@example.com", "wrong-pass-1") // the fifth starts a wait
		h.want(r, 429, 3, "Please try again in 15 s.")
		if s := retryAfter(t, r); s != 15 {
			t.Fatalf("retryAfter %d, want 15", s)
		}
		h.want(h.loginPw("slow@example.com", ownerPW), 429, 3, "in 15 s")
		h.clock.Add(10 * time.Second)
		h.want(h.loginPw("slow@example.com", ownerPW), 429, 3, "in 5 s")
		h.clock.Add(5 * time.Second)
		h.want(h.loginPw("slow@example.com", "wrong-pass-1"), 429, 3, "in 30 s")
		for lang, msg := range map[string]string{"zh_CN": "请 30 秒后再试", "zh_HK": "請 30 秒後再試", "ko_KR": "30초 후에 다시", "en_US": "in 30 s"} {
			h.lang = lang
			h.want(h.loginPw("slow@example.com", ownerPW), 429, 3, msg)
		}
		h.lang = ""
		h.clock.Add(30 * time.Second)
		h.want(h.loginPw("slow@example.com", "wrong-pass-1"), 429, 3, "in 1 min")
		h.lang = "ko_KR"
		h.want(h.loginPw("slow@example.com", ownerPW), 429, 3, "1분 후에 다시")
		h.lang = ""
		h.clock.Add(time.Minute)
		h.login("slow@example.com", ownerPW)
		// A success forgets the failures of this address.
		h.want(h.loginPw("slow@example.com", "wrong-pass-1"), 400, 3, "Login failed")
	})
}

// The owner hears of repeated failures by email, in the language of the account, once a
// burst however many addresses take part; a new burst after a quiet day tells again.
func TestRepeatedFailuresTellTheOwnerOncePerBurst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		code := h.sendEmail("told@example.com", "register", "")
		h.lang = "ko_KR" // the account's language is the one it registered in
		h.want(h.post("/api/pc/v1/common/customer/register/email", "", map[string]any{
			"email": "told@example.com", "emailCode": code, "nickName": "told", "password": ownerPW,
		}), 200, 0, "")
		h.lang = ""
		fail := func(n int, prefix string) {
			for i := 0; i < n; i++ {
				h.addr = fmt.Sprintf("%s.%d", prefix, i)
				h.want(h.loginPw("told@example.com", "wrong-pass-1"), 400, 3, "Login failed")
			}
		}
		fail(4, "203.0.113")
		if n := len(h.mail.noticesTo("told@example.com", kindFailedLogins)); n != 0 {
			t.Fatalf("%d notices after 4 failures", n)
		}
		fail(1, "198.51.100")
		got := h.mail.noticesTo("told@example.com", kindFailedLogins)
		if len(got) != 1 || got[0].Lang != "ko_KR" || got[0].Channel != "email" || got[0].Params["count"] != "5" {
			t.Fatalf("notices after 5 failures: %+v", got)
		}
		fail(20, "192.0.2")
		if n := len(h.mail.noticesTo("told@example.com", kindFailedLogins)); n != 1 {
			t.Fatalf("%d notices in one burst", n)
		}
		// No notice for an account that does not exist, nor one to anybody else.
		for i := 0; i < 6; i++ {
			h.addr = fmt.Sprintf("203.0.113.%d", 100+i)
			h.want(h.loginPw("ghost@example.com", "wrong-pass-1"), 400, 3, "Login failed")
		}
		if all := h.mail.all(); len(all) != 1 {
			t.Fatalf("notices %+v", all)
		}
		h.clock.Add(25 * time.Hour)
		fail(5, "198.18.0")
		if n := len(h.mail.noticesTo("told@example.com", kindFailedLogins)); n != 2 {
			t.Fatalf("%d notices after a second burst, want 2", n)
		}
	})
}

// One address failing across many accounts is slowed for all of them; other addresses
// are not.
func TestAddressCapAcrossAccounts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.register("spray@example.com", ownerPW)
		h.addr = "192.0.2.99"
		for i := 0; i < 30; i++ {
			h.want(h.loginPw(fmt.Sprintf("u%d@example.com", i), "wrong-pass-1"), 400, 3, "Login failed")
		}
		h.want(h.loginPw("u30@example.com", "wrong-pass-1"), 429, 3, "try again in 15 s")
		h.want(h.loginPw("spray@example.com", ownerPW), 429, 3, "try again")
		h.addr = "198.51.100.7"
		h.login("spray@example.com", ownerPW)
	})
}

// Failures of one account from many addresses only slow it, by seconds, past a generous
// ceiling; addresses the owner logged in from, and login codes, are not slowed at all.
func TestAccountCeilingOnlySlows(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.register("popular@example.com", ownerPW)
		h.addr = "198.51.100.1" // home
		h.login("popular@example.com", ownerPW)
		for i := 0; i < 50; i++ {
			h.addr = fmt.Sprintf("203.0.%d.%d", 113+i/200, i%200+1)
			h.want(h.loginPw("popular@example.com", "wrong-pass-1"), 400, 3, "Login failed")
		}
		h.addr = "192.0.2.1"
		h.want(h.loginPw("popular@example.com", "wrong-pass-1"), 429, 3, "in 1 s")
		h.addr = "192.0.2.2" // a new address, no failures of its own: slowed, not locked
		r := h.loginPw("popular@example.com", ownerPW)
		h.want(r, 429, 3, "in 1 s")
		h.addr = "198.51.100.1"
		h.login("popular@example.com", ownerPW)
		h.addr = "192.0.2.3"
		lc := h.sendEmail("popular@example.com", "login", "")
		h.want(h.post("/api/pc/v1/common/customer/login/email/code", "", map[string]any{"email": "popular@example.com", "code": lc}), 200, 0, "Login successful")
		h.addr = "192.0.2.2"
		h.clock.Add(time.Second)
		h.login("popular@example.com", ownerPW)
	})
}

// sameReply fails unless two answers are alike for whoever reads them.
func sameReply(t *testing.T, what string, a, b reply) {
	t.Helper()
	if a.Status != b.Status || a.Code != b.Code || a.Msg != b.Msg {
		t.Fatalf("%s: known %d/%d %q, unknown %d/%d %q", what, a.Status, a.Code, a.Msg, b.Status, b.Code, b.Msg)
	}
}

// Audit item 2: the code calls told whether an account uses an email or phone, with no
// slider and no limit. Now every send costs a slider ticket and counts against the limits
// before any account is looked up, and known and unknown targets are answered alike.
func TestCodeCallsDoNotTellWhoHasAnAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		const known, unknown = "known@example.com", "nobody@example.com"
		h.register(known, ownerPW)
		send := func(channel, param, target, scene, ticket, token string) reply {
			path := "/api/pc/v1/common/customer/" + channel + "/send"
			if token != "" {
				path = "/api/pc/v1/customer/" + map[string]string{"email": "email", "phone": "sms"}[channel] + "/code/send"
			}
			return h.get(path, token, url.Values{param: {target}, "scenes": {scene}, "ticket": {ticket}})
		}
		// No ticket: the same refusal, no look-up.
		for _, scene := range []string{"login", "register"} {
			sameReply(t, scene+" without a ticket", send("email", "email", known, scene, "", ""), send("email", "email", unknown, scene, "", ""))
			sameReply(t, scene+" with a bad ticket", send("email", "email", known, scene, "forged", ""), send("email", "email", unknown, scene, "forged", ""))
		}
		h.want(send("email", "email", unknown, "login", "", ""), 400, 3, "complete the slider")

		// Login codes: both answer "sent"; only the account's mailbox gets a code, the other
		// is told that no account uses it.
		a, b := send("email", "email", known, "login", h.ticket(), ""), send("email", "email", unknown, "login", h.ticket(), "")
		sameReply(t, "login send", a, b)
		h.want(a, 200, 0, "Code sent")
		if h.mail.codesTo(unknown) != 0 || len(h.mail.noticesTo(unknown, kindLoginNoAccount)) != 1 {
			t.Fatalf("unknown login target: codes %d notices %+v", h.mail.codesTo(unknown), h.mail.all())
		}
		// The 60 s between sends holds for both.
		sameReply(t, "login resend", send("email", "email", known, "login", h.ticket(), ""), send("email", "email", unknown, "login", h.ticket(), ""))
		// Checking or using a wrong code: the same answer.
		wrong := "000000"
		if h.mail.last(t, known, "login") == wrong {
			wrong = "111111"
		}
		check := func(target, scene, code string) reply {
			return h.get("/api/pc/v1/customer/email/code/check", "", url.Values{"email": {target}, "scenes": {scene}, "code": {code}})
		}
		a, b = check(known, "login", wrong), check(unknown, "login", wrong)
		sameReply(t, "login check", a, b)
		h.want(b, 400, 3, "wrong or has expired")
		loginCode := func(target, code string) reply {
			return h.post("/api/pc/v1/common/customer/login/email/code", "", map[string]any{"email": target, "code": code})
		}
		sameReply(t, "login by code", loginCode(known, wrong), loginCode(unknown, wrong))

		// Register codes: the registered address is told so by mail, not by the answer.
		h.clock.Add(61 * time.Second)
		const fresh = "fresh@example.com"
		a, b = send("email", "email", known, "register", h.ticket(), ""), send("email", "email", fresh, "register", h.ticket(), "")
		sameReply(t, "register send", a, b)
		if len(h.mail.noticesTo(known, kindRegistered)) != 1 {
			t.Fatalf("registered address not told: %+v", h.mail.all())
		}
		sameReply(t, "register check", check(known, "register", "000000"), check(unknown, "register", "000000"))
		reg := func(target string) reply {
			return h.post("/api/pc/v1/common/customer/register/email", "", map[string]any{"email": target, "emailCode": "000000", "nickName": "probe", "password": otherPW})
		}
		a, b = reg(known), reg(unknown)
		sameReply(t, "register", a, b)
		h.want(a, 400, 3, "wrong or has expired")

	})
}

// Probes of unknown targets cost a ticket each and count against the hourly limits, like
// real sends.
func TestCodeProbesHitTheLimits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.addr = "192.0.2.50"
		for i := 0; i < 30; i++ {
			h.want(h.get("/api/pc/v1/common/customer/email/send", "", url.Values{"email": {fmt.Sprintf("p%d@example.com", i)}, "scenes": {"login"}, "ticket": {h.ticket()}}), 200, 0, "Code sent")
		}
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", url.Values{"email": {"p30@example.com"}, "scenes": {"login"}, "ticket": {h.ticket()}}), 429, 3, "an hour")
		h.want(h.get("/api/pc/v1/common/customer/email/send", "", url.Values{"email": {"p31@example.com"}, "scenes": {"register"}, "ticket": {h.ticket()}}), 429, 3, "an hour")
		// Ten to one target in an hour, known or not.
		h.addr = "192.0.2.51"
		h.clock.Add(2 * time.Hour)
		for i := 0; i < 10; i++ {
			h.want(h.get("/api/pc/v1/common/customer/phone/send", "", url.Values{"phone": {"13900139000"}, "scenes": {"login"}, "ticket": {h.ticket()}}), 200, 0, "Code sent")
			h.clock.Add(61 * time.Second)
		}
		h.want(h.get("/api/pc/v1/common/customer/phone/send", "", url.Values{"phone": {"13900139000"}, "scenes": {"login"}, "ticket": {h.ticket()}}), 429, 3, "an hour")
		if h.sms.codesTo("13900139000") != 0 || len(h.sms.noticesTo("13900139000", kindLoginNoAccount)) != 10 {
			t.Fatalf("sms to an unknown phone: codes %d, notices %d", h.sms.codesTo("13900139000"), len(h.sms.all()))
		}
	})
}

// A logged-in user binding a contact another account uses is answered "sent" and that
// contact's owner is told; the bind then fails like a wrong code.
func TestBindingAnotherAccountsContactTellsNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.register("first@example.com", ownerPW)
		h.register("second@example.com", otherPW)
		tok := h.login("second@example.com", otherPW)
		// second has an email; bind a phone. First binds 13800138000.
		t1 := h.login("first@example.com", ownerPW)
		code := h.sendSMS("13800138000", "bindPhone", t1)
		h.want(h.post("/api/pc/v1/customer/phone/bind", t1, map[string]any{"phone": "13800138000", "code": code, "password": ownerPW}), 200, 0, "Bound")
		used := h.get("/api/pc/v1/customer/sms/code/send", tok, url.Values{"phone": {"13800138000"}, "scenes": {"bindPhone"}, "ticket": {h.ticket()}})
		free := h.get("/api/pc/v1/customer/sms/code/send", tok, url.Values{"phone": {"13700137000"}, "scenes": {"bindPhone"}, "ticket": {h.ticket()}})
		sameReply(t, "bind send", used, free)
		if len(h.sms.noticesTo("13800138000", kindContactInUse)) != 1 {
			t.Fatalf("the phone's owner was not told: %+v", h.sms.all())
		}
		h.want(h.post("/api/pc/v1/customer/phone/bind", tok, map[string]any{"phone": "13800138000", "code": "000000", "password": otherPW}), 400, 3, "wrong or has expired")
		check := h.get("/api/pc/v1/customer/sms/code/check", tok, url.Values{"phone": {"13800138000"}, "scenes": {"bindPhone"}, "code": {"000000"}})
		h.want(check, 400, 3, "wrong or has expired")
	})
}

// Audit item 3: common passwords are refused at registration and at every password
// change, whatever their case, with a translated message.
func TestCommonPasswordsAreRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		code := h.sendEmail("new@example.com", "register", "")
		for lang, msg := range map[string]string{
			"en_US": "too common", "zh_CN": "过于常见", "zh_HK": "過於常見", "ko_KR": "너무 흔한",
		} {
			h.lang = lang
			h.want(h.post("/api/pc/v1/common/customer/register/email", "", map[string]any{
				"email": "new@example.com", "emailCode": code, "nickName": "newbie", "password": " Password1 ",
			}), 400, 3, msg)
		}
		h.lang = ""
		h.want(h.post("/api/pc/v1/common/customer/register/email", "", map[string]any{
			"email": "new@example.com", "emailCode": code, "nickName": "newbie", "password": ownerPW,
		}), 200, 0, "")
		tok := h.login("new@example.com", ownerPW)
		h.want(h.post("/api/pc/v1/customer/password/upd/oldPassword", tok, map[string]any{"password": ownerPW, "newPassword": "QWERTYUIOP"}), 400, 3, "too common")
		reset := h.sendEmail("new@example.com", "resetPwdByEmail", tok)
		h.want(h.post("/api/pc/v1/customer/password/upd/emailCode", tok, map[string]any{"email": "new@example.com", "code": reset, "newPassword": "iloveyou1"}), 400, 3, "too common")
		bind := h.sendSMS("13800138000", "bindPhone", tok)
		h.want(h.post("/api/pc/v1/customer/phone/bind", tok, map[string]any{"phone": "13800138000", "code": bind, "password": ownerPW}), 200, 0, "")
		byPhone := h.sendSMS("13800138000", "resetPwdByPhone", tok)
		h.want(h.post("/api/pc/v1/customer/password/upd/phoneCode", tok, map[string]any{"phone": "13800138000", "code": byPhone, "newPassword": "1q2w3e4r5t"}), 400, 3, "too common")
		// The refused changes left the codes usable and the password as it was.
		h.want(h.post("/api/pc/v1/customer/password/upd/phoneCode", tok, map[string]any{"phone": "13800138000", "code": byPhone, "newPassword": otherPW}), 200, 0, "")
		h.login("new@example.com", otherPW)
	})
}
