package seal

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func TestSealOpensOnlyWithItsKeyAndContext(t *testing.T) {
	dir := t.TempDir()
	key, err := LoadKey(filepath.Join(dir, "k", "secret.key"))
	if err != nil {
		t.Fatal(err)
	}
	again, _ := LoadKey(filepath.Join(dir, "k", "secret.key"))
	if !bytes.Equal(key, again) {
		t.Fatal("a second load made a new key")
	}
	s, _ := New(key)
	sealed, err := s.Seal("JBSWY3DPEHPK3PXP", []byte("totp:7"))
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := s.Open(sealed, []byte("totp:7")); !ok || got != "JBSWY3DPEHPK3PXP" {
		t.Fatalf("open: %q %v", got, ok)
	}
	if _, ok := s.Open(sealed, []byte("totp:8")); ok {
		t.Error("opened under another row's context")
	}
	other := make([]byte, KeySize)
	o, _ := New(other)
	if _, ok := o.Open(sealed, []byte("totp:7")); ok {
		t.Error("opened with another key")
	}
	if err := os.WriteFile(filepath.Join(dir, "short.key"), []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadKey(filepath.Join(dir, "short.key")); err == nil {
		t.Error("a key of the wrong size was taken")
	}
}
