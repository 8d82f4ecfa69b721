package ops

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// The first sign-in enrols the authenticator; the next ones need its code. Each outcome
// is in the audit log, and the cookie is HttpOnly, SameSite=Strict, Path=/.
func TestSignInEnrolsThenNeedsTheCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		o := e.addOperator("Ann@Ops.example.com", RoleSupport)
		c := e.client()
		login := func(password, code string) answer {
			return c.do("POST", "/ops/api/v1/login", map[string]string{"email": "ann@ops.example.com", "password": password, "code": code})
		}
		if a := login("wrong password here", ""); a.Status != 400 || a.errorCode() != "ops.loginFailed" {
			t.Fatalf("wrong password: %d %s", a.Status, a.Body)
		}
		if a := c.do("POST", "/ops/api/v1/login", map[string]string{"email": "nobody@ops.example.com", "password": testPassword}); a.Status != 400 || a.errorCode() != "ops.loginFailed" {
			t.Fatalf("unknown email: %d %s", a.Status, a.Body)
		}
		a := login(testPassword, "")
		var step LoginStep
		if a.Status != 200 || json.Unmarshal(a.Data, &step) != nil || step.Step != "enrol" || step.Secret == "" ||
			!strings.HasPrefix(step.URI, "otpauth://totp/") || !strings.Contains(step.URI, "secret="+step.Secret) {
			t.Fatalf("first sign-in: %d %s", a.Status, a.Body)
		}
		checkCookie(t, a.Header)
		e.secrets["ann@ops.example.com"] = step.Secret
		// Signing in again before the first code shows the same key.
		if again := login(testPassword, ""); !strings.Contains(string(again.Data), step.Secret) {
			t.Fatalf("second try shows another key: %s", again.Body)
		}
		// The enrolment's session is not signed in.
		if a := c.do("GET", "/ops/api/v1/me", nil); a.Status != 401 {
			t.Fatalf("me while enrolling: %d %s", a.Status, a.Body)
		}
		if a := c.do("POST", "/ops/api/v1/enrol", map[string]string{"code": "000000"}); a.Status != 403 || a.errorCode() != "ops.wrongCode" {
			t.Fatalf("enrol with a wrong code: %d %s", a.Status, a.Body)
		}
		if a := c.do("POST", "/ops/api/v1/enrol", map[string]string{"code": e.code("ann@ops.example.com")}); a.Status != 200 {
			t.Fatalf("enrol: %d %s", a.Status, a.Body)
		} else {
			checkCookie(t, a.Header)
		}
		me := c.do("GET", "/ops/api/v1/me", nil)
		if me.Status != 200 || !strings.Contains(string(me.Data), `"email":"ann@ops.example.com"`) ||
			!strings.Contains(string(me.Data), `"permissions":["read","users","content"]`) || !strings.Contains(string(me.Data), `"totpEnrolled":true`) {
			t.Fatalf("me: %d %s", me.Status, me.Body)
		}
		if a := c.do("POST", "/ops/api/v1/logout", map[string]string{}); a.Status != 200 {
			t.Fatalf("logout: %d %s", a.Status, a.Body)
		}
		if a := c.do("GET", "/ops/api/v1/me", nil); a.Status != 401 || a.errorCode() != "ops.signInRequired" {
			t.Fatalf("me after logout: %d %s", a.Status, a.Body)
		}
		// Enrolled: the password alone asks for the code, and gives no session.
		if a := login(testPassword, ""); a.Status != 200 || !strings.Contains(string(a.Data), `"step":"code"`) || a.Header.Get("Set-Cookie") != "" {
			t.Fatalf("password alone: %d %s %v", a.Status, a.Body, a.Header)
		}
		if a := login(testPassword, "123456"); a.Status != 403 || a.errorCode() != "ops.wrongCode" {
			t.Fatalf("wrong code: %d %s", a.Status, a.Body)
		}
		if a := login(testPassword, e.code("ann@ops.example.com")); a.Status != 200 || !strings.Contains(string(a.Data), `"step":"done"`) {
			t.Fatalf("sign-in with the code: %d %s", a.Status, a.Body)
		}
		if a := c.do("GET", "/ops/api/v1/me", nil); a.Status != 200 {
			t.Fatalf("me: %d %s", a.Status, a.Body)
		}
		rows := auditRows(t, d, AuditFilter{Action: "operator."})
		var got []string
		for i := len(rows) - 1; i >= 0; i-- {
			r := rows[i]
			got = append(got, r.Action+" "+r.Actor+" "+r.ObjectID+" "+r.Reason)
			if r.Action != "operator.add" && r.Addr != "127.0.0.1" {
				t.Errorf("%s from %q", r.Action, r.Addr)
			}
		}
		id := itoa(o.ID)
		want := []string{
			"operator.add cli " + id + " ",
			"operator.login.failed ann@ops.example.com " + id + " wrong password",
			"operator.login.failed nobody@ops.example.com  unknown email",
			"operator.login.failed ann@ops.example.com " + id + " wrong enrolment code",
			"operator.enrol ann@ops.example.com " + id + " ",
			"operator.login.failed ann@ops.example.com " + id + " wrong authenticator code",
			"operator.login ann@ops.example.com " + id + " ",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("audit:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		if rows[len(rows)-3].OperatorID != nil || rows[len(rows)-3].Actor != "nobody@ops.example.com" {
			t.Error("a failed sign-in of an unknown email has an operator id")
		}
	})
}

func checkCookie(t *testing.T, h http.Header) {
	t.Helper()
	c := h.Get("Set-Cookie")
	for _, part := range []string{CookieName + "=", "Path=/", "HttpOnly", "SameSite=Strict"} {
		if !strings.Contains(c, part) {
			t.Fatalf("cookie %q without %s", c, part)
		}
	}
}

// A disabled operator cannot sign in, and their sessions end with the disabling.
func TestDisabledOperatorIsSignedOut(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addOperator("owner@ops.example.com", RoleOwner)
		o := e.addOperator("ben@ops.example.com", RoleViewer)
		c := e.signIn("ben@ops.example.com")
		if _, err := e.svc.DisableOperator(t.Context(), CLI, o.ID, "left the team"); err != nil {
			t.Fatal(err)
		}
		if a := c.do("GET", "/ops/api/v1/me", nil); a.Status != 401 {
			t.Fatalf("session of a disabled operator: %d %s", a.Status, a.Body)
		}
		a := e.client().do("POST", "/ops/api/v1/login", map[string]string{"email": "ben@ops.example.com", "password": testPassword, "code": e.code("ben@ops.example.com")})
		if a.Status != 400 || a.errorCode() != "ops.loginFailed" {
			t.Fatalf("sign-in of a disabled operator: %d %s", a.Status, a.Body)
		}
	})
}

// A session ends after 30 minutes unused; each use moves its end.
func TestSessionIdleExpiry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addOperator("cai@ops.example.com", RoleViewer)
		c := e.signIn("cai@ops.example.com")
		for i := 0; i < 3; i++ {
			e.clock.Add(SessionIdle - time.Minute)
			if a := c.do("GET", "/ops/api/v1/me", nil); a.Status != 200 {
				t.Fatalf("used every 29 minutes, use %d: %d %s", i, a.Status, a.Body)
			}
		}
		e.clock.Add(SessionIdle + time.Second)
		if a := c.do("GET", "/ops/api/v1/me", nil); a.Status != 401 || a.errorCode() != "ops.signInRequired" {
			t.Fatalf("after 30 minutes unused: %d %s", a.Status, a.Body)
		}
	})
}

// Sign-in tries are limited per email and per client address, right or wrong.
func TestSignInTriesAreLimited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addOperator("dee@ops.example.com", RoleViewer)
		c := e.client()
		try := func(email string) answer {
			return c.do("POST", "/ops/api/v1/login", map[string]string{"email": email, "password": "not the password"})
		}
		for i := 0; i < LoginsPerEmail; i++ {
			if a := try("dee@ops.example.com"); a.Status != 400 {
				t.Fatalf("try %d: %d %s", i, a.Status, a.Body)
			}
		}
		if a := try("dee@ops.example.com"); a.Status != 429 || a.errorCode() != "ops.tooMany" {
			t.Fatalf("try past the email's limit: %d %s", a.Status, a.Body)
		}
		// The right password is refused too until the window ends.
		if a := c.do("POST", "/ops/api/v1/login", map[string]string{"email": "dee@ops.example.com", "password": testPassword}); a.Status != 429 {
			t.Fatalf("right password past the limit: %d %s", a.Status, a.Body)
		}
		// Other emails from the same address, up to the address's limit.
		for i := LoginsPerEmail + 2; i < LoginsPerAddr; i++ {
			if a := try("x" + itoa(int64(i)) + "@ops.example.com"); a.Status != 400 {
				t.Fatalf("address try %d: %d %s", i, a.Status, a.Body)
			}
		}
		if a := try("fresh@ops.example.com"); a.Status != 429 {
			t.Fatalf("try past the address's limit: %d %s", a.Status, a.Body)
		}
		e.clock.Add(TryWindow)
		if a := c.do("POST", "/ops/api/v1/login", map[string]string{"email": "dee@ops.example.com", "password": testPassword}); a.Status != 200 {
			t.Fatalf("after the window: %d %s", a.Status, a.Body)
		}
	})
}

// A finance write needs the authenticator code again: without it, or with a wrong or
// used one, it is refused; with it, in the header or the body, it runs, and the handler
// sees the body without the code.
func TestFinanceWriteNeedsTheCodeAgain(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addOperator("fay@ops.example.com", RoleFinance)
		c := e.signIn("fay@ops.example.com")
		const path = "/ops/api/v1/probe/finance"
		if a := c.do("POST", path, map[string]string{"amount": "1.5"}); a.Status != 403 || a.errorCode() != "ops.totpRequired" {
			t.Fatalf("no code: %d %s", a.Status, a.Body)
		}
		if a := c.do("POST", path, map[string]string{"amount": "1.5"}, TOTPHeader, "000000"); a.Status != 403 || a.errorCode() != "ops.wrongCode" {
			t.Fatalf("wrong code: %d %s", a.Status, a.Body)
		}
		code := e.code("fay@ops.example.com")
		if a := c.do("POST", path, map[string]string{"amount": "1.5", "totp": code}); a.Status != 200 || string(a.Data) != `"1.5"` {
			t.Fatalf("code in the body: %d %s", a.Status, a.Body)
		}
		if a := c.do("POST", path, map[string]string{"amount": "1.5"}, TOTPHeader, code); a.Status != 403 || a.errorCode() != "ops.wrongCode" {
			t.Fatalf("a used code: %d %s", a.Status, a.Body)
		}
		if a := c.do("POST", path, map[string]string{"amount": "2"}, TOTPHeader, e.code("fay@ops.example.com")); a.Status != 200 || string(a.Data) != `"2"` {
			t.Fatalf("code in the header: %d %s", a.Status, a.Body)
		}
		// Reading needs no code.
		if a := c.do("GET", path, nil); a.Status != 200 {
			t.Fatalf("finance read: %d %s", a.Status, a.Body)
		}
		// A write that is not JSON, or from another site, is refused first.
		if a := c.do("POST", path, map[string]string{"amount": "2"}, "Content-Type", "text/plain", TOTPHeader, e.code("fay@ops.example.com")); a.Status != 415 {
			t.Fatalf("text/plain: %d %s", a.Status, a.Body)
		}
		if a := c.do("POST", path, map[string]string{"amount": "2"}, "Origin", "https://evil.example", TOTPHeader, e.code("fay@ops.example.com")); a.Status != 403 || a.errorCode() != "ops.badOrigin" {
			t.Fatalf("another origin: %d %s", a.Status, a.Body)
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// `poold admin operator reset-totp` removes a lost authenticator: the sessions end, and
// the next sign-in enrols a new key.
func TestResetTOTPFromTheCommandLine(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		e.addOperator("uma@ops.example.com", RoleViewer)
		c := e.signIn("uma@ops.example.com")
		old := e.secrets["uma@ops.example.com"]
		var out strings.Builder
		if err := e.svc.Admin(t.Context(), "operator", []string{"reset-totp", "uma@ops.example.com"}, nil, &out); err == nil {
			t.Fatal("reset-totp without a reason went through")
		}
		if err := e.svc.Admin(t.Context(), "operator", []string{"reset-totp", "uma@ops.example.com", "--reason", "lost phone"}, nil, &out); err != nil {
			t.Fatal(err)
		}
		if a := c.do("GET", "/ops/api/v1/me", nil); a.Status != 401 {
			t.Fatalf("session after the reset: %d %s", a.Status, a.Body)
		}
		e.signIn("uma@ops.example.com")
		if e.secrets["uma@ops.example.com"] == old {
			t.Fatal("the same key after the reset")
		}
		if rows := auditRows(t, d, AuditFilter{Action: "operator.resetTotp"}); len(rows) != 1 || rows[0].Actor != ActorCLI || rows[0].Reason != "lost phone" {
			t.Fatalf("entries: %+v", rows)
		}
	})
}
