// Package twofactor is the second factor of a login: time-based one-time passwords
// (RFC 6238) from an authenticator app, with single-use recovery codes for a lost phone.
// It owns its tables (user_totp, totp_recovery_codes, login_challenges) and its calls.
package twofactor

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha1" //nolint:gosec // RFC 6238's default, and what every authenticator app computes
	"encoding/base32"
	"encoding/binary"
	"fmt"
	"net/url"
	"strings"
	"time"
)

// Parameters every authenticator app understands: HMAC-SHA1, 6 digits, 30-second steps.
const (
	Digits   = 6
	Period   = 30 * time.Second
	keyBytes = 20 // 160 bits, RFC 4226's recommended key length
)

var b32 = base32.StdEncoding.WithPadding(base32.NoPadding)

// NewSecret is a fresh random key in the base32 form apps take.
func NewSecret() string {
	k := make([]byte, keyBytes)
	if _, err := rand.Read(k); err != nil {
		panic(err) // crypto/rand does not fail on supported platforms
	}
	return b32.EncodeToString(k)
}

// stepOf is the RFC 6238 counter of a time.
func stepOf(t time.Time) int64 { return t.Unix() / int64(Period/time.Second) }

// codeAt is the RFC 4226 HOTP value of key at counter, as Digits decimal digits.
func codeAt(key []byte, counter int64) string {
	var msg [8]byte
	binary.BigEndian.PutUint64(msg[:], uint64(counter))
	mac := hmac.New(sha1.New, key)
	mac.Write(msg[:])
	sum := mac.Sum(nil)
	off := sum[len(sum)-1] & 0x0f
	bin := binary.BigEndian.Uint32(sum[off:off+4]) & 0x7fffffff
	return fmt.Sprintf("%0*d", Digits, bin%1_000_000)
}

func decodeSecret(secret string) ([]byte, error) {
	return b32.DecodeString(strings.ToUpper(strings.TrimRight(secret, "=")))
}

// Code is the code an app shows for secret at t (tests and the CLI use it).
func Code(secret string, t time.Time) (string, error) {
	key, err := decodeSecret(secret)
	if err != nil {
		return "", err
	}
	return codeAt(key, stepOf(t)), nil
}

// Match finds the step whose code is code, allowing one step of clock drift either way,
// and only steps after last (a code once used is refused, RFC 6238 section 5.2).
// It answers the matched step, or -1.
func Match(secret, code string, t time.Time, last int64) int64 {
	key, err := decodeSecret(secret)
	if err != nil || len(code) != Digits {
		return -1
	}
	now := stepOf(t)
	for _, step := range []int64{now, now - 1, now + 1} {
		if step <= last {
			continue
		}
		if hmac.Equal([]byte(codeAt(key, step)), []byte(code)) {
			return step
		}
	}
	return -1
}

// URI is the otpauth:// address an app reads from the enrolment QR code.
func URI(issuer, account, secret string) string {
	label := url.PathEscape(issuer) + ":" + url.PathEscape(account)
	q := url.Values{}
	q.Set("secret", secret)
	q.Set("issuer", issuer)
	q.Set("algorithm", "SHA1")
	q.Set("digits", fmt.Sprint(Digits))
	q.Set("period", fmt.Sprint(int(Period/time.Second)))
	return "otpauth://totp/" + label + "?" + q.Encode()
}
