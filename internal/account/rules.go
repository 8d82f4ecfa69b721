package account

import (
	"net/mail"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/account/commonpw"
	"github.com/uniplus-pool/pool/internal/httpx"
)

// Validation limits of SPEC section 5.
const (
	MaxNickname   = 20
	MinPassword   = 8
	MaxPassword   = 20
	MaxEmail      = 50
	CodeLength    = 6
	MaxInviteCode = 32
	PhoneDigits   = 11
	PhoneCountry  = "+86"
)

var (
	phonePattern  = regexp.MustCompile(`^1[0-9]{10}$`)
	emailPattern  = regexp.MustCompile(`^[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,4}$`)
	codePattern   = regexp.MustCompile(`^[0-9]{6}$`)
	invitePattern = regexp.MustCompile(`^[A-Za-z0-9_\-]{1,32}$`)
)

// NormalizePhone checks a mainland phone number (11 digits starting with 1) and returns it.
func NormalizePhone(s string) (string, error) {
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, PhoneCountry)
	s = strings.TrimSpace(s)
	if s == "" {
		return "", httpx.Required("field.phone")
	}
	if !phonePattern.MatchString(s) {
		return "", httpx.Warn("account.badPhone", nil)
	}
	return s, nil
}

// NormalizeEmail checks an address (the client's pattern: a 2-4 letter top-level domain)
// and returns it in lower case, so that one mailbox is one account.
func NormalizeEmail(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", httpx.Required("field.email")
	}
	if len(s) > MaxEmail {
		return "", httpx.TooLong("field.email", MaxEmail)
	}
	if !emailPattern.MatchString(s) {
		return "", httpx.Warn("account.badEmail", nil)
	}
	if a, err := mail.ParseAddress(s); err != nil || a.Address != s {
		return "", httpx.Warn("account.badEmail", nil)
	}
	return strings.ToLower(s), nil
}

// CheckNickname applies the nickname rule: Chinese characters, letters, digits and
// underscore, at most 20.
func CheckNickname(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", httpx.Required("field.nickName")
	}
	if utf8.RuneCountInString(s) > MaxNickname {
		return "", httpx.TooLong("field.nickName", MaxNickname)
	}
	for _, r := range s {
		if !(r == '_' || r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) || unicode.Is(unicode.Han, r)) {
			return "", httpx.Warn("account.badNickname", nil)
		}
	}
	return s, nil
}

// CheckPasswordRule applies the password rule to a new password: trimmed, 8-20
// characters, and not one of the common passwords (package commonpw, whatever the case).
func CheckPasswordRule(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", httpx.Required("field.password")
	}
	if n := utf8.RuneCountInString(s); n < MinPassword || n > MaxPassword {
		return "", httpx.Warn("account.passwordLength", nil)
	}
	if commonpw.Common(s) {
		return "", httpx.Warn("account.passwordCommon", nil)
	}
	return s, nil
}

// PasswordInput trims a password given to log in or confirm; only presence is checked,
// so that a rule change never locks out an old password.
func PasswordInput(s, field string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", httpx.Required(field)
	}
	if len(s) > 200 {
		return "", httpx.TooLong(field, 200)
	}
	return s, nil
}

// CheckCode checks the shape of a verification code.
func CheckCode(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", httpx.Required("field.code")
	}
	if !codePattern.MatchString(s) {
		return "", httpx.Warn("account.badCode", nil)
	}
	return s, nil
}

// CheckInviteCode checks an agent invite code; empty means none.
func CheckInviteCode(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "null" {
		return "", nil
	}
	if !invitePattern.MatchString(s) {
		return "", httpx.Invalid("field.agentInviteCode")
	}
	return s, nil
}

// MaskPhone shows the first 3 and last 4 digits.
func MaskPhone(p string) string {
	if len(p) < 7 {
		return p
	}
	return p[:3] + strings.Repeat("*", len(p)-7) + p[len(p)-4:]
}

// MaskEmail shows the first 3 characters before the domain.
func MaskEmail(e string) string {
	local, domain, ok := strings.Cut(e, "@")
	if !ok {
		return e
	}
	r := []rune(local)
	if len(r) <= 3 {
		return string(r) + "***@" + domain
	}
	return string(r[:3]) + "***@" + domain
}
