package twofactor_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/app"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/twofactor"
)

const password = "Granite-Otter-71"

type world struct {
	t   *testing.T
	d   *db.DB
	clk *accounttest.Clock
	srv *httptest.Server
}

type envelope struct {
	Code int             `json:"code"`
	Msg  string          `json:"msg"`
	Data json.RawMessage `json:"data"`
}

func (w *world) call(path, token string, body any) envelope {
	w.t.Helper()
	method := "POST"
	var rd io.Reader
	if body == nil {
		method = "GET"
	} else {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, w.srv.URL+path, rd)
	req.Header.Set("language", "en_US")
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("x-token", token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer resp.Body.Close()
	var env envelope
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		w.t.Fatalf("%s: %v", path, err)
	}
	return env
}

func (w *world) ok(path, token string, body any, into any) {
	w.t.Helper()
	env := w.call(path, token, body)
	if env.Code != 0 {
		w.t.Fatalf("%s: code %d %s", path, env.Code, env.Msg)
	}
	if into != nil {
		if err := json.Unmarshal(env.Data, into); err != nil {
			w.t.Fatalf("%s: %v (%s)", path, err, env.Data)
		}
	}
}

// user makes an active account with a password (and a session for the account page); an
// empty email makes one with no contact bound, which the SPEC's money codes then skip.
func (w *world) user(email string) (account.User, string) {
	w.t.Helper()
	ctx := context.Background()
	hash, err := account.HashPassword(password, account.DefaultArgon2)
	if err != nil {
		w.t.Fatal(err)
	}
	store := &account.Store{DB: w.d}
	u, err := store.CreateUser(ctx, w.d, account.User{Nickname: "ann", Email: email, PasswordHash: hash,
		AccountType: account.TypeNormal, Status: account.StatusActive, Lang: "en_US"})
	if err != nil {
		w.t.Fatal(err)
	}
	token, err := store.CreateSession(ctx, w.d, u.ID, "127.0.0.1", "test", w.clk.Now())
	if err != nil {
		w.t.Fatal(err)
	}
	return u, token
}

// enrol turns the second factor on through the calls and answers the key and recovery codes.
func (w *world) enrol(token string) (string, []string) {
	w.t.Helper()
	var e twofactor.Enrolment
	w.ok("/api/pc/v1/customer/2fa/setup", token, map[string]any{}, &e)
	code, _ := twofactor.Code(e.Secret, w.clk.Now())
	var r struct {
		RecoveryCodes []string `json:"recoveryCodes"`
	}
	w.ok("/api/pc/v1/customer/2fa/enable", token, map[string]string{"code": code}, &r)
	if len(r.RecoveryCodes) != twofactor.RecoveryCodes {
		w.t.Fatalf("recovery codes %v", r.RecoveryCodes)
	}
	return e.Secret, r.RecoveryCodes
}

// nextCode moves the clock to the next 30-second step (a code works once) and answers its code.
func (w *world) nextCode(secret string) string {
	w.clk.Add(twofactor.Period)
	code, _ := twofactor.Code(secret, w.clk.Now())
	return code
}

func (w *world) passwordLogin(email string) envelope {
	w.t.Helper()
	var c json.RawMessage
	w.ok("/api/pc/v1/common/captcha/new", "", map[string]any{}, &c)
	var ticket struct {
		Ticket string `json:"ticket"`
	}
	w.ok("/api/pc/v1/common/captcha/check", "", accounttest.CaptchaCheck(w.t, c), &ticket)
	return w.call("/api/pc/v1/common/customer/login/email/pwd", "", map[string]string{"email": email, "password": password, "ticket": ticket.Ticket})
}

func newWorld(t *testing.T, d *db.DB) *world {
	w := &world{t: t, d: d, clk: accounttest.NewClock(time.Now())}
	rt := app.NewRouter(app.Deps{Config: config.Default(), DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Limiter: &ratelimit.DB{DB: d, Now: w.clk.Now}, Guard: &ratelimit.DBGuard{DB: d, Now: w.clk.Now}, Now: w.clk.Now})
	w.srv = httptest.NewServer(rt)
	t.Cleanup(w.srv.Close)
	return w
}

func TestLoginAsksTheSecondFactorAndOnlyItOpensTheSession(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		_, session := w.user("ann@example.com")
		var st twofactor.Status
		w.ok("/api/pc/v1/customer/2fa/status", session, nil, &st)
		if st.Enabled {
			t.Fatal("on before enrolment")
		}
		// Without a second factor, the password opens a session.
		if env := w.passwordLogin("ann@example.com"); env.Code != 0 || !bytes.Contains(env.Data, []byte(`"token"`)) {
			t.Fatalf("plain login: %d %s", env.Code, env.Data)
		}
		secret, recovery := w.enrol(session)
		w.ok("/api/pc/v1/customer/2fa/status", session, nil, &st)
		if !st.Enabled || st.RecoveryCodesLeft != 10 {
			t.Fatalf("status %+v", st)
		}

		env := w.passwordLogin("ann@example.com")
		var pending struct {
			TwoFactor bool   `json:"twoFactor"`
			Challenge string `json:"challenge"`
			Token     string `json:"token"`
		}
		if err := json.Unmarshal(env.Data, &pending); env.Code != 0 || err != nil || !pending.TwoFactor || pending.Challenge == "" || pending.Token != "" {
			t.Fatalf("the password alone gave %d %s", env.Code, env.Data)
		}
		bad := w.call("/api/pc/v1/common/customer/login/2fa", "", map[string]string{"challenge": pending.Challenge, "code": "000000"})
		if bad.Code != 3 || bad.Msg == "" {
			t.Fatalf("a wrong code: %+v", bad)
		}
		var done struct {
			Token string `json:"token"`
		}
		w.ok("/api/pc/v1/common/customer/login/2fa", "", map[string]string{"challenge": pending.Challenge, "code": w.nextCode(secret)}, &done)
		if done.Token == "" {
			t.Fatal("no session after the second step")
		}
		w.ok("/api/pc/v1/customer/baseInfo", done.Token, nil, nil)
		if again := w.call("/api/pc/v1/common/customer/login/2fa", "", map[string]string{"challenge": pending.Challenge, "code": recovery[0]}); again.Code != 3 || string(again.Data) != `{"challengeGone":true}` {
			t.Fatalf("a used challenge opened another session: %+v", again)
		}

		// Off with the password and a code; then the password alone opens a session again.
		if env := w.call("/api/pc/v1/customer/2fa/disable", session, map[string]string{"password": "Wrong-Otter-71", "code": recovery[1]}); env.Code != 3 {
			t.Fatalf("disable with a wrong password: %+v", env)
		}
		w.ok("/api/pc/v1/customer/2fa/disable", session, map[string]string{"password": password, "code": recovery[1]}, nil)
		if env := w.passwordLogin("ann@example.com"); env.Code != 0 || !bytes.Contains(env.Data, []byte(`"token"`)) {
			t.Fatalf("login after disable: %d %s", env.Code, env.Data)
		}
	})
}

func TestMoneyCallsNeedTheAppsCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		// No contact bound: the SPEC's code is skipped, so only the app's code guards the call.
		u, session := w.user("")
		now := w.clk.Now().UnixMilli()
		addAddress := func() int64 {
			var id int64
			err := d.QueryRow(context.Background(), `INSERT INTO withdraw_addresses (user_id, coin, address, network, description, usable_at, created_at, updated_at)
				VALUES (?, 'BTC', ?, 'BTC', '', 0, ?, ?) RETURNING id`, u.ID, "addr"+time.Now().Format("150405.000000"), now, now).Scan(&id)
			if err != nil {
				t.Fatal(err)
			}
			return id
		}
		plain := addAddress()
		w.ok("/api/pc/v1/customer/address/delete", session, map[string]any{"id": plain}, nil)

		secret, _ := w.enrol(session)
		guarded := addAddress()
		env := w.call("/api/pc/v1/customer/address/delete", session, map[string]any{"id": guarded})
		if env.Code != 3 || env.Msg != "Enter the 6-digit code from your authenticator app, or a recovery code." {
			t.Fatalf("a delete without the app's code: %+v", env)
		}
		if env := w.call("/api/pc/v1/customer/address/delete", session, map[string]any{"id": guarded, "totpCode": "123456"}); env.Code != 3 {
			t.Fatalf("a delete with a wrong code: %+v", env)
		}
		var n int
		if err := d.QueryRow(context.Background(), "SELECT COUNT(*) FROM withdraw_addresses WHERE id = ?", guarded).Scan(&n); err != nil || n != 1 {
			t.Fatalf("the refused delete deleted (%d, %v)", n, err)
		}
		w.ok("/api/pc/v1/customer/address/delete", session, map[string]any{"id": guarded, "totpCode": w.nextCode(secret)}, nil)
	})
}

// Turning the second factor on ends the user's other sessions and keeps the one that
// turned it on (issue 29: an older session, perhaps an intruder's who had the password,
// stayed signed in without the second factor). Another user's sessions are untouched.
func TestEnablingEndsTheOtherSessions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWorld(t, d)
		u, session := w.user("ann@example.com")
		_, bystander := w.user("bob@example.com")
		store := &account.Store{DB: d}
		older, err := store.CreateSession(context.Background(), d, u.ID, "203.0.113.9", "elsewhere", w.clk.Now())
		if err != nil {
			t.Fatal(err)
		}
		w.ok("/api/pc/v1/customer/baseInfo", older, nil, nil)

		w.enrol(session)
		if env := w.call("/api/pc/v1/customer/baseInfo", older, nil); env.Code != 4 {
			t.Fatalf("the older session after 2FA was turned on: code %d %s, want 4 (ended)", env.Code, env.Msg)
		}
		w.ok("/api/pc/v1/customer/baseInfo", session, nil, nil)
		w.ok("/api/pc/v1/customer/2fa/status", session, nil, nil)
		w.ok("/api/pc/v1/customer/baseInfo", bystander, nil, nil)

		// A refused enable (wrong code) ends nothing.
		other, err := store.CreateSession(context.Background(), d, u.ID, "203.0.113.9", "elsewhere", w.clk.Now())
		if err != nil {
			t.Fatal(err)
		}
		if env := w.call("/api/pc/v1/customer/2fa/enable", session, map[string]string{"code": "000000"}); env.Code != 3 {
			t.Fatalf("enable when on: %+v", env)
		}
		w.ok("/api/pc/v1/customer/baseInfo", other, nil, nil)
	})
}
