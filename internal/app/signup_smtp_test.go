package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/notify/smtptest"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// A visitor signs up with an email whose code travels through a real SMTP exchange
// (STARTTLS and AUTH) to a server the test runs, then logs in with the new password.
func TestSignUpWithCodeDeliveredOverSMTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		mailSrv := smtptest.Start(t, smtptest.Options{TLS: notify.TLSStartTLS, Username: "pool", Password: "s3cret"})
		email, err := notify.NewSMTP(notify.SMTPConfig{
			Addr: mailSrv.Addr(), Username: "pool", Password: "s3cret", From: "Uniplus Pool <no-reply@pool.test>",
			TLS: notify.TLSStartTLS, TLSConfig: mailSrv.ClientTLSConfig(), Timeout: 5 * time.Second,
		})
		if err != nil {
			t.Fatal(err)
		}
		log := slog.New(slog.NewTextHandler(io.Discard, nil))
		srv := httptest.NewServer(NewRouter(Deps{Config: config.Default(), DB: d, Log: log, Limiter: &ratelimit.DB{DB: d},
			Guard: &ratelimit.DBGuard{DB: d}, Email: email, SMS: email}))
		defer srv.Close()

		call := func(method, path string, body any) envelope {
			var rd io.Reader
			if body != nil {
				b, _ := json.Marshal(body)
				rd = bytes.NewReader(b)
			}
			req, _ := http.NewRequest(method, srv.URL+path, rd)
			req.Header.Set("language", "ko_KR")
			if body != nil {
				req.Header.Set("Content-Type", "application/json")
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var env envelope
			if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
				t.Fatal(err)
			}
			if env.Code != 0 {
				t.Fatalf("%s %s: %d %s", method, path, env.Code, env.Msg)
			}
			return env
		}
		ticket := func() string {
			check := accounttest.CaptchaCheck(t, call("POST", "/api/pc/v1/common/captcha/new", nil).Data)
			var tk struct{ Ticket string }
			_ = json.Unmarshal(call("POST", "/api/pc/v1/common/captcha/check", check).Data, &tk)
			return tk.Ticket
		}
		q := url.Values{"email": {"newminer@example.org"}, "scenes": {"register"}, "ticket": {ticket()}}
		call("GET", "/api/pc/v1/common/customer/email/send?"+q.Encode(), nil)
		msg, err := mailSrv.WaitFor("newminer@example.org", 5*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if !msg.TLS || msg.AuthUser != "pool" {
			t.Fatalf("mail not sent over TLS with AUTH: tls=%v user=%q", msg.TLS, msg.AuthUser)
		}
		code := msg.Code()
		if len(code) != 6 || !strings.ContainsAny(msg.Text, "인증") {
			t.Fatalf("code %q, text in Korean? %q", code, msg.Text)
		}
		call("POST", "/api/pc/v1/common/customer/register/email", map[string]any{
			"email": "newminer@example.org", "emailCode": code, "nickName": "矿工_kr", "password": "hashing-power", "agentInviteCode": nil,
		})
		_ = call("POST", "/api/pc/v1/common/customer/login/email/pwd", map[string]any{"email": "newminer@example.org", "password": "hashing-power", "ticket": ticket()})
		var stored string
		if err := d.QueryRow(context.Background(), "SELECT password_hash FROM users WHERE email = ?", "newminer@example.org").Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(stored, "$argon2id$") || strings.Contains(stored, "hashing-power") {
			t.Fatalf("password stored as %q", stored)
		}
	})
}
