package twofactor

import (
	"context"
	"crypto/rand"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/seal"
)

type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

func newService(t *testing.T, d *db.DB) (*Service, *clock) {
	t.Helper()
	key := make([]byte, seal.KeySize)
	if _, err := rand.Read(key); err != nil {
		t.Fatal(err)
	}
	sealer, err := seal.New(key)
	if err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Date(2026, 11, 26, 12, 0, 5, 0, time.UTC)}
	return &Service{DB: d, Sealer: sealer, Limiter: &ratelimit.DB{DB: d, Now: c.now}, Issuer: "Uniplus Pool", Now: c.now}, c
}

// messageOf is the message key of a refusal, "" for none.
func messageOf(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var e *httpx.Error
	if !errors.As(err, &e) {
		t.Fatalf("not a client error: %v", err)
	}
	return e.Key
}

func must[T any](t *testing.T) func(T, error) T {
	return func(v T, err error) T {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
}

// enrol turns the second factor on for userID and answers its key and recovery codes.
func enrol(t *testing.T, s *Service, c *clock, userID int64) (string, []string) {
	t.Helper()
	e := must[Enrolment](t)(s.Begin(context.Background(), userID, "ann@example.com"))
	code, _ := Code(e.Secret, c.t)
	codes := must[[]string](t)(s.Enable(context.Background(), userID, code, ""))
	return e.Secret, codes
}

func TestEnrolmentNeedsTheAppsCodeAndAnswersRecoveryCodesOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s, c := newService(t, d)
		e := must[Enrolment](t)(s.Begin(ctx, 7, "ann@example.com"))
		if !strings.Contains(e.URI, "secret="+e.Secret) {
			t.Fatalf("uri %s", e.URI)
		}
		var stored string
		if err := d.QueryRow(ctx, "SELECT secret FROM user_totp WHERE user_id = 7").Scan(&stored); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(stored, e.Secret) {
			t.Fatal("the key is stored as it is; it must be sealed")
		}
		if on, _ := s.Enabled(ctx, 7); on {
			t.Fatal("on before the first code")
		}
		wrong, _ := Code(e.Secret, c.t.Add(-10*Period))
		if _, err := s.Enable(ctx, 7, wrong, ""); messageOf(t, err) != "twofactor.wrongCode" {
			t.Fatalf("a wrong first code: %v", err)
		}
		if _, err := s.Enable(ctx, 7, "", ""); messageOf(t, err) != "twofactor.required" {
			t.Fatalf("no code: %v", err)
		}
		code, _ := Code(e.Secret, c.t)
		codes := must[[]string](t)(s.Enable(ctx, 7, code, ""))
		if len(codes) != RecoveryCodes {
			t.Fatalf("%d recovery codes", len(codes))
		}
		seen := map[string]bool{}
		for _, rc := range codes {
			if len(rc) != 11 || rc[5] != '-' || seen[rc] {
				t.Fatalf("recovery code %q", rc)
			}
			seen[rc] = true
		}
		st := must[Status](t)(s.StatusOf(ctx, 7))
		if !st.Enabled || st.RecoveryCodesLeft != RecoveryCodes {
			t.Fatalf("status %+v", st)
		}
		if _, err := s.Begin(ctx, 7, "ann@example.com"); messageOf(t, err) != "twofactor.alreadyOn" {
			t.Fatalf("a second set-up while on: %v", err)
		}
		if st := must[Status](t)(s.StatusOf(ctx, 8)); st.Enabled {
			t.Fatal("another user is on")
		}
	})
}

func TestACodeWorksOnceAndARecoveryCodeOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s, c := newService(t, d)
		secret, codes := enrol(t, s, c, 7)
		// The enrolment's own code is used: the same step's code is refused.
		same, _ := Code(secret, c.t)
		if err := s.Verify(ctx, 7, same); messageOf(t, err) != "twofactor.wrongCode" {
			t.Fatalf("the enrolment's code again: %v", err)
		}
		c.advance(Period)
		next, _ := Code(secret, c.t)
		if err := s.Verify(ctx, 7, next[:3]+" "+next[3:]); err != nil {
			t.Fatalf("the next step's code, as the app shows it: %v", err)
		}
		if err := s.Verify(ctx, 7, next); messageOf(t, err) != "twofactor.wrongCode" {
			t.Fatalf("a replayed code: %v", err)
		}
		c.advance(TryWindow) // a new window of tries
		if err := s.Verify(ctx, 7, strings.ToUpper(codes[0])); err != nil {
			t.Fatalf("a recovery code: %v", err)
		}
		if err := s.Verify(ctx, 7, codes[0]); messageOf(t, err) != "twofactor.wrongCode" {
			t.Fatalf("a used recovery code: %v", err)
		}
		if err := s.Verify(ctx, 8, codes[1]); messageOf(t, err) != "twofactor.wrongCode" {
			t.Fatalf("another user's recovery code: %v", err)
		}
		if st := must[Status](t)(s.StatusOf(ctx, 7)); st.RecoveryCodesLeft != RecoveryCodes-1 {
			t.Fatalf("status %+v", st)
		}
		c.advance(Period)
		now, _ := Code(secret, c.t)
		renewed := must[[]string](t)(s.RenewRecovery(ctx, 7, now))
		c.advance(TryWindow)
		if err := s.Verify(ctx, 7, codes[2]); messageOf(t, err) != "twofactor.wrongCode" {
			t.Fatalf("an old recovery code after renewal: %v", err)
		}
		if err := s.Verify(ctx, 7, renewed[0]); err != nil {
			t.Fatalf("a renewed recovery code: %v", err)
		}
	})
}

func TestTriesAreLimitedPerUserRightOrWrong(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s, c := newService(t, d)
		secret, _ := enrol(t, s, c, 7) // the enrolment was one try
		for i := 1; i < TriesPerWindow; i++ {
			if err := s.Verify(ctx, 7, "000000"); messageOf(t, err) != "twofactor.wrongCode" {
				t.Fatalf("try %d: %v", i, err)
			}
		}
		c.advance(Period)
		right, _ := Code(secret, c.t)
		var e *httpx.Error
		if err := s.Verify(ctx, 7, right); !errors.As(err, &e) || e.Key != "twofactor.tooMany" || e.Status != http.StatusTooManyRequests {
			t.Fatalf("past the limit even a right code is refused, got %v", err)
		}
		if err := s.Verify(ctx, 8, "000000"); messageOf(t, err) == "twofactor.tooMany" {
			t.Fatal("another user is limited too")
		}
		c.advance(TryWindow)
		right, _ = Code(secret, c.t)
		if err := s.Verify(ctx, 7, right); err != nil {
			t.Fatalf("after the window: %v", err)
		}
	})
}

func TestLoginChallengeIsUsedOnceAndExpires(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s, c := newService(t, d)
		secret, codes := enrol(t, s, c, 7)
		c.advance(Period)
		token := must[string](t)(s.Challenge(ctx, 7))
		code, _ := Code(secret, c.t)
		if uid, err := s.Redeem(ctx, token, code); err != nil || uid != 7 {
			t.Fatalf("redeem: %d %v", uid, err)
		}
		if _, err := s.Redeem(ctx, token, codes[0]); messageOf(t, err) != "twofactor.challengeGone" {
			t.Fatalf("a used challenge: %v", err)
		}
		late := must[string](t)(s.Challenge(ctx, 7))
		c.advance(ChallengeTTL + time.Second)
		if _, err := s.Redeem(ctx, late, codes[0]); messageOf(t, err) != "twofactor.challengeGone" {
			t.Fatalf("an expired challenge: %v", err)
		}
		if _, err := s.Redeem(ctx, "nonsense", codes[0]); messageOf(t, err) != "twofactor.challengeGone" {
			t.Fatalf("an unknown challenge: %v", err)
		}
		// Wrong codes burn the challenge after ChallengeTries (the window moves on so the
		// per-user limit is not what stops them).
		burnt := must[string](t)(s.Challenge(ctx, 7))
		for i := 0; i < ChallengeTries; i++ {
			if _, err := s.Redeem(ctx, burnt, "000000"); messageOf(t, err) != "twofactor.wrongCode" && messageOf(t, err) != "twofactor.tooMany" {
				t.Fatalf("wrong try %d: %v", i, err)
			}
		}
		c.advance(TryWindow)
		if _, err := s.Redeem(ctx, burnt, codes[1]); messageOf(t, err) != "twofactor.challengeGone" {
			t.Fatalf("a challenge out of tries: %v", err)
		}
	})
}

func TestDisableNeedsACodeAndResetNeedsNone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s, c := newService(t, d)
		_, codes := enrol(t, s, c, 7)
		if err := s.Disable(ctx, 7, "123456"); messageOf(t, err) != "twofactor.wrongCode" {
			t.Fatalf("disable with a wrong code: %v", err)
		}
		if on, _ := s.Enabled(ctx, 7); !on {
			t.Fatal("a wrong code turned it off")
		}
		if err := s.Disable(ctx, 7, codes[3]); err != nil {
			t.Fatalf("disable with a recovery code: %v", err)
		}
		if err := s.Verify(ctx, 7, codes[4]); messageOf(t, err) != "twofactor.notOn" && messageOf(t, err) != "twofactor.wrongCode" {
			t.Fatalf("after disable: %v", err)
		}
		var n int
		if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM totp_recovery_codes WHERE user_id = 7").Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d recovery codes left (%v)", n, err)
		}
		enrol(t, s, c, 9)
		if err := s.Reset(ctx, 9); err != nil {
			t.Fatal(err)
		}
		if on, _ := s.Enabled(ctx, 9); on {
			t.Fatal("reset left it on")
		}
	})
}

func TestOperatorResetsALostSecondFactor(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s, c := newService(t, d)
		u := accounttest.NewUser(t, d, "lost@example.com", "", c.t)
		enrol(t, s, c, u.ID)
		var out strings.Builder
		if err := s.Admin(ctx, []string{"status", "LOST@example.com"}, &out); err != nil || !strings.Contains(out.String(), "on, 10 recovery codes left") {
			t.Fatalf("status: %v %q", err, out.String())
		}
		if err := s.Admin(ctx, []string{"reset", "lost@example.com"}, &out); err == nil {
			t.Fatal("a reset without --reason passed")
		}
		if err := s.Admin(ctx, []string{"reset", "lost@example.com", "--reason", "lost phone and codes"}, &out); err != nil {
			t.Fatal(err)
		}
		// In the operator audit log, as the command line's, with the status before and after.
		var actor, reason, before, after string
		err := d.QueryRow(ctx, "SELECT actor, reason, before_json, after_json FROM ops_audit WHERE action = ?", "user.2fa.reset").
			Scan(&actor, &reason, &before, &after)
		if err != nil || actor != "cli" || reason != "lost phone and codes" || !strings.Contains(before, `"enabled":true`) ||
			!strings.Contains(after, `"enabled":false`) {
			t.Fatalf("audit log: %s %s %s %s %v", actor, reason, before, after, err)
		}
		if on, _ := s.Enabled(ctx, u.ID); on {
			t.Fatal("still on after the reset")
		}
		if err := s.Admin(ctx, []string{"reset", "nobody@example.com"}, &out); err == nil {
			t.Fatal("a reset of no one passed")
		}
	})
}
