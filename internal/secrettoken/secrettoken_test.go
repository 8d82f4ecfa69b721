package secrettoken

import (
	"encoding/base64"
	"testing"
)

func TestNewIsRandomAndURLSafe(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		tok := New()
		b, err := base64.RawURLEncoding.DecodeString(tok)
		if err != nil || len(b) != 32 || len(tok) != 43 {
			t.Fatalf("token %q: %d bytes, %v", tok, len(b), err)
		}
		if seen[tok] {
			t.Fatalf("token %q twice", tok)
		}
		seen[tok] = true
	}
}

// The hash is SHA-256 in hex: the value the sessions tables already hold, so that a
// session made before this package keeps working.
func TestHashIsSHA256Hex(t *testing.T) {
	if got, want := Hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"; got != want {
		t.Fatalf("Hash(abc) = %s, want %s", got, want)
	}
}
