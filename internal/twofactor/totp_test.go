package twofactor

import (
	"encoding/base32"
	"net/url"
	"strings"
	"testing"
	"time"
)

// RFC 6238 appendix B, SHA-1 rows: the key is "12345678901234567890", 8 digits there; the
// last 6 digits are the 6-digit code (the value is taken mod 10^digits).
func TestCodeMatchesRFC6238Vectors(t *testing.T) {
	secret := base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString([]byte("12345678901234567890"))
	for _, v := range []struct {
		unix int64
		want string
	}{
		{59, "94287082"},
		{1111111109, "07081804"},
		{1111111111, "14050471"},
		{1234567890, "89005924"},
		{2000000000, "69279037"},
		{20000000000, "65353130"},
	} {
		got, err := Code(secret, time.Unix(v.unix, 0))
		if err != nil {
			t.Fatal(err)
		}
		if want := v.want[2:]; got != want {
			t.Errorf("T=%d: code %s, want %s", v.unix, got, want)
		}
	}
}

func TestMatchAllowsOneStepOfDriftAndNoReuse(t *testing.T) {
	secret := NewSecret()
	now := time.Unix(1_800_000_015, 0)
	code, _ := Code(secret, now)
	step := Match(secret, code, now, 0)
	if step != stepOf(now) {
		t.Fatalf("step %d, want %d", step, stepOf(now))
	}
	if Match(secret, code, now, step) != -1 {
		t.Error("a used code matched again")
	}
	prev, _ := Code(secret, now.Add(-Period))
	if Match(secret, prev, now, 0) != stepOf(now)-1 {
		t.Error("the previous step's code (a phone 30 s slow) was refused")
	}
	old, _ := Code(secret, now.Add(-2*Period))
	if Match(secret, old, now, 0) != -1 {
		t.Error("a code two steps old matched")
	}
	for _, bad := range []string{"", "12345", "1234567", "abcdef"} {
		if Match(secret, bad, now, 0) != -1 {
			t.Errorf("%q matched", bad)
		}
	}
}

func TestURIIsWhatAppsRead(t *testing.T) {
	u, err := url.Parse(URI("Uniplus Pool", "ann@example.com", "JBSWY3DPEHPK3PXP"))
	if err != nil {
		t.Fatal(err)
	}
	if u.Scheme != "otpauth" || u.Host != "totp" || !strings.HasPrefix(u.Path, "/Uniplus Pool:ann@example.com") {
		t.Fatalf("uri %s", u)
	}
	q := u.Query()
	if q.Get("secret") != "JBSWY3DPEHPK3PXP" || q.Get("issuer") != "Uniplus Pool" || q.Get("digits") != "6" || q.Get("period") != "30" {
		t.Fatalf("query %v", q)
	}
	if len(NewSecret()) != 32 || NewSecret() == NewSecret() {
		t.Fatal("secrets are 160 random bits in 32 base32 characters")
	}
}
