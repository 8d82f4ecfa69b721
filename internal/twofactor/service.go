package twofactor

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/seal"
	"github.com/uniplus-pool/pool/internal/secrettoken"
)

// The rules (docs/accounts.md "Two-factor sign-in").
const (
	RecoveryCodes = 10
	// Tries are counted per user, right or wrong, so guessing 10^6 codes takes years:
	// TriesPerWindow in TryWindow and TriesPerDay in a day.
	TriesPerWindow = 5
	TryWindow      = 15 * time.Minute
	TriesPerDay    = 20
	// A login waiting for its second factor lasts ChallengeTTL and allows ChallengeTries.
	ChallengeTTL   = 5 * time.Minute
	ChallengeTries = 5
	recoveryLen    = 10
	// recoveryAlphabet has no 0/o, 1/l/i: the codes are read off paper.
	recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"
)

// Service is a user's second factor: enrolment, checks, recovery codes and login challenges.
// It owns user_totp, totp_recovery_codes and login_challenges.
type Service struct {
	DB      *db.DB
	Sealer  *seal.Sealer
	Limiter ratelimit.Limiter
	// Issuer names the pool in the authenticator app.
	Issuer string
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Status is what the account page shows.
type Status struct {
	Enabled           bool `json:"enabled"`
	RecoveryCodesLeft int  `json:"recoveryCodesLeft"`
}

// Enrolment is what the set-up dialog shows: the key as text and as an otpauth address
// for the QR code.
type Enrolment struct {
	Secret string `json:"secret"`
	URI    string `json:"uri"`
}

var errNoRow = errors.New("twofactor: no row")

func sealContext(userID int64) []byte { return []byte("totp:" + strconv.FormatInt(userID, 10)) }

// key reads a user's sealed key, whether it is on and its last accepted step.
func (s *Service) key(ctx context.Context, q db.Querier, userID int64) (secret string, enabled bool, last int64, err error) {
	var sealed string
	var enabledAt int64
	err = q.QueryRow(ctx, "SELECT secret, enabled_at, last_step FROM user_totp WHERE user_id = ?", userID).Scan(&sealed, &enabledAt, &last)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, 0, errNoRow
	}
	if err != nil {
		return "", false, 0, err
	}
	secret, ok := s.Sealer.Open(sealed, sealContext(userID))
	if !ok {
		// The pool's secret key was replaced: the key cannot be read, so no code can
		// match. The operator turns the user's second factor off (docs).
		return "", enabledAt > 0, last, nil
	}
	return secret, enabledAt > 0, last, nil
}

// Enabled says whether a user signs in with a second factor.
func (s *Service) Enabled(ctx context.Context, userID int64) (bool, error) {
	var n int
	err := s.DB.QueryRow(ctx, "SELECT COUNT(*) FROM user_totp WHERE user_id = ? AND enabled_at > 0", userID).Scan(&n)
	return n > 0, err
}

// StatusOf is a user's second factor for the account page.
func (s *Service) StatusOf(ctx context.Context, userID int64) (Status, error) {
	on, err := s.Enabled(ctx, userID)
	if err != nil || !on {
		return Status{}, err
	}
	var left int
	err = s.DB.QueryRow(ctx, "SELECT COUNT(*) FROM totp_recovery_codes WHERE user_id = ? AND used_at = 0", userID).Scan(&left)
	return Status{Enabled: true, RecoveryCodesLeft: left}, err
}

// Begin starts enrolment with a new key (a set-up begun before is replaced); the key is on
// only once Enable sees a code made from it.
func (s *Service) Begin(ctx context.Context, userID int64, accountName string) (Enrolment, error) {
	on, err := s.Enabled(ctx, userID)
	if err != nil {
		return Enrolment{}, err
	}
	if on {
		return Enrolment{}, httpx.Warn("twofactor.alreadyOn", nil)
	}
	secret := NewSecret()
	sealed, err := s.Sealer.Seal(secret, sealContext(userID))
	if err != nil {
		return Enrolment{}, err
	}
	now := s.now().UnixMilli()
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "DELETE FROM user_totp WHERE user_id = ? AND enabled_at = 0", userID); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO user_totp (user_id, secret, created_at) VALUES (?, ?, ?)", userID, sealed, now)
		return err
	})
	if db.IsUniqueViolation(err) {
		return Enrolment{}, httpx.Warn("twofactor.alreadyOn", nil) // turned on by another tab meanwhile
	}
	if err != nil {
		return Enrolment{}, err
	}
	return Enrolment{Secret: secret, URI: URI(s.Issuer, accountName, secret)}, nil
}

// Enable turns the second factor on with the first code from the app, and answers the
// recovery codes (shown once). The user's other sessions end with it, in the same
// transaction: whoever else is signed in (someone with the password, the reason to turn
// it on) would otherwise stay in without the second factor. keepToken, the session that
// turned it on, stays ("" ends them all).
func (s *Service) Enable(ctx context.Context, userID int64, rawCode, keepToken string) ([]string, error) {
	code, err := codeInput(rawCode)
	if err != nil {
		return nil, err
	}
	if err := s.allowTry(ctx, userID); err != nil {
		return nil, err
	}
	secret, on, _, err := s.key(ctx, s.DB, userID)
	if errors.Is(err, errNoRow) {
		return nil, httpx.Warn("twofactor.notStarted", nil)
	}
	if err != nil {
		return nil, err
	}
	if on {
		return nil, httpx.Warn("twofactor.alreadyOn", nil)
	}
	step := Match(secret, code, s.now(), 0)
	if step < 0 {
		return nil, httpx.Warn("twofactor.wrongCode", nil)
	}
	codes := newRecoveryCodes()
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, "UPDATE user_totp SET enabled_at = ?, last_step = ? WHERE user_id = ? AND enabled_at = 0",
			s.now().UnixMilli(), step, userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return httpx.Warn("twofactor.alreadyOn", nil)
		}
		if err := replaceRecovery(ctx, tx, userID, codes); err != nil {
			return err
		}
		return (&account.Store{DB: s.DB}).RevokeUserSessions(ctx, tx, userID, keepToken)
	})
	if err != nil {
		return nil, err
	}
	return display(codes), nil
}

// Verify checks a code from the app, or a recovery code, for a user whose second factor is
// on, and uses it up. Every try counts against the user's limits.
func (s *Service) Verify(ctx context.Context, userID int64, rawCode string) error {
	if strings.TrimSpace(rawCode) == "" {
		return httpx.Warn("twofactor.required", nil)
	}
	if err := s.allowTry(ctx, userID); err != nil {
		return err
	}
	if rc, ok := recoveryInput(rawCode); ok {
		res, err := s.DB.Exec(ctx, "UPDATE totp_recovery_codes SET used_at = ? WHERE code_hash = ? AND user_id = ? AND used_at = 0",
			s.now().UnixMilli(), recoveryHash(userID, rc), userID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			return nil
		}
		return httpx.Warn("twofactor.wrongCode", nil)
	}
	code, err := codeInput(rawCode)
	if err != nil {
		return err
	}
	secret, on, last, err := s.key(ctx, s.DB, userID)
	if errors.Is(err, errNoRow) || (err == nil && !on) {
		return httpx.Warn("twofactor.notOn", nil)
	}
	if err != nil {
		return err
	}
	step := Match(secret, code, s.now(), last)
	if step < 0 {
		return httpx.Warn("twofactor.wrongCode", nil)
	}
	// Of two requests racing with one code, one moves the step and the other is refused.
	res, err := s.DB.Exec(ctx, "UPDATE user_totp SET last_step = ? WHERE user_id = ? AND last_step < ?", step, userID, step)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return httpx.Warn("twofactor.wrongCode", nil)
	}
	return nil
}

// Disable turns the second factor off after a code (the caller checked the password).
func (s *Service) Disable(ctx context.Context, userID int64, rawCode string) error {
	if err := s.Verify(ctx, userID, rawCode); err != nil {
		return err
	}
	return s.Reset(ctx, userID)
}

// Reset turns a user's second factor off with no code: Disable after its checks, and the
// operator's `poold admin user reset-2fa` for a user who lost both phone and codes.
func (s *Service) Reset(ctx context.Context, userID int64) error {
	return s.DB.InTx(ctx, func(tx *db.Tx) error { return resetIn(ctx, tx, userID) })
}

// RenewRecovery replaces the recovery codes after a code; the old ones stop working.
func (s *Service) RenewRecovery(ctx context.Context, userID int64, rawCode string) ([]string, error) {
	if err := s.Verify(ctx, userID, rawCode); err != nil {
		return nil, err
	}
	codes := newRecoveryCodes()
	if err := s.DB.InTx(ctx, func(tx *db.Tx) error { return replaceRecovery(ctx, tx, userID, codes) }); err != nil {
		return nil, err
	}
	return display(codes), nil
}

// allowTry counts a try at a code against the user's limits.
func (s *Service) allowTry(ctx context.Context, userID int64) error {
	if s.Limiter == nil {
		return nil
	}
	id := strconv.FormatInt(userID, 10)
	for _, l := range []struct {
		bucket string
		limit  int
		window time.Duration
	}{{"2fa:" + id, TriesPerWindow, TryWindow}, {"2fa-day:" + id, TriesPerDay, 24 * time.Hour}} {
		ok, err := s.Limiter.Allow(ctx, l.bucket, l.limit, l.window)
		if err != nil {
			return err
		}
		if !ok {
			return httpx.TooManyRequests("twofactor.tooMany")
		}
	}
	return nil
}

// codeInput reads a 6-digit code, spaces allowed ("123 456" as apps show it).
func codeInput(raw string) (string, error) {
	code := strings.ReplaceAll(strings.TrimSpace(raw), " ", "")
	if code == "" {
		return "", httpx.Warn("twofactor.required", nil)
	}
	if len(code) != Digits || strings.Trim(code, "0123456789") != "" {
		return "", httpx.Warn("twofactor.wrongCode", nil)
	}
	return code, nil
}

// recoveryInput reads a recovery code in any case, with or without its dash and spaces.
func recoveryInput(raw string) (string, bool) {
	code := strings.ToLower(strings.NewReplacer("-", "", " ", "").Replace(strings.TrimSpace(raw)))
	if len(code) != recoveryLen {
		return "", false
	}
	for _, r := range code {
		if !strings.ContainsRune(recoveryAlphabet, r) {
			return "", false
		}
	}
	return code, true
}

func newRecoveryCodes() []string {
	codes := make([]string, RecoveryCodes)
	buf := make([]byte, recoveryLen)
	for i := range codes {
		if _, err := rand.Read(buf); err != nil {
			panic(err)
		}
		var b strings.Builder
		for _, x := range buf {
			// 256 is not a multiple of 31: bytes below 248 (8 x 31) map evenly, the rest
			// are drawn again.
			for x >= 248 {
				var one [1]byte
				if _, err := rand.Read(one[:]); err != nil {
					panic(err)
				}
				x = one[0]
			}
			b.WriteByte(recoveryAlphabet[int(x)%len(recoveryAlphabet)])
		}
		codes[i] = b.String()
	}
	return codes
}

// display writes codes as the user copies them: "abcde-fghjk".
func display(codes []string) []string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = c[:recoveryLen/2] + "-" + c[recoveryLen/2:]
	}
	return out
}

func recoveryHash(userID int64, code string) string {
	sum := sha256.Sum256([]byte(strconv.FormatInt(userID, 10) + ":" + code))
	return hex.EncodeToString(sum[:])
}

func replaceRecovery(ctx context.Context, tx *db.Tx, userID int64, codes []string) error {
	if _, err := tx.Exec(ctx, "DELETE FROM totp_recovery_codes WHERE user_id = ?", userID); err != nil {
		return err
	}
	for _, c := range codes {
		if _, err := tx.Exec(ctx, "INSERT INTO totp_recovery_codes (user_id, code_hash) VALUES (?, ?)", userID, recoveryHash(userID, c)); err != nil {
			return err
		}
	}
	return nil
}

// challengeGone says a login's second step must start over; data.challengeGone lets the
// client tell it from a wrong code without reading the message.
func challengeGone() *httpx.Error {
	e := httpx.Warn("twofactor.challengeGone", nil)
	e.Data = map[string]bool{"challengeGone": true}
	return e
}

// Challenge records a login that passed its first step and answers its token.
func (s *Service) Challenge(ctx context.Context, userID int64) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	token := hex.EncodeToString(b)
	now := s.now()
	_, err := s.DB.Exec(ctx, "INSERT INTO login_challenges (token_hash, user_id, expires_at) VALUES (?, ?, ?)",
		secrettoken.Hash(token), userID, now.Add(ChallengeTTL).UnixMilli())
	if err == nil {
		// Old challenges go as new ones come; nothing else reads them.
		_, _ = s.DB.Exec(ctx, "DELETE FROM login_challenges WHERE expires_at < ?", now.Add(-time.Hour).UnixMilli())
	}
	return token, err
}

// Redeem finishes a login: the challenge's second factor checked, the challenge used up.
// It answers the user to start a session for. A challenge that is unknown, expired, used or
// out of tries answers twofactor.challengeGone: the client goes back to the first step.
func (s *Service) Redeem(ctx context.Context, token, rawCode string) (int64, error) {
	h := secrettoken.Hash(strings.TrimSpace(token))
	now := s.now().UnixMilli()
	var id, userID int64
	err := s.DB.QueryRow(ctx, `SELECT id, user_id FROM login_challenges
		WHERE token_hash = ? AND used_at = 0 AND expires_at > ? AND tries < ?`, h, now, ChallengeTries).Scan(&id, &userID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, challengeGone()
	}
	if err != nil {
		return 0, err
	}
	if err := s.Verify(ctx, userID, rawCode); err != nil {
		// Counted outside any transaction that could roll it back.
		if _, uerr := s.DB.Exec(ctx, "UPDATE login_challenges SET tries = tries + 1 WHERE id = ?", id); uerr != nil {
			return 0, uerr
		}
		return 0, err
	}
	res, err := s.DB.Exec(ctx, "UPDATE login_challenges SET used_at = ? WHERE id = ? AND used_at = 0", now, id)
	if err != nil {
		return 0, err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return 0, challengeGone()
	}
	return userID, nil
}
