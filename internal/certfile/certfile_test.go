package certfile

import (
	"bytes"
	"crypto/tls"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/testcert"
)

// pair makes a self-signed certificate for name and its key, PEM-encoded.
func pair(t *testing.T, name string) (certPEM, keyPEM []byte) {
	t.Helper()
	c, err := testcert.New(name)
	if err != nil {
		t.Fatal(err)
	}
	return c.CertPEM, c.KeyPEM
}

// write puts content at path with a modification time of its own, so that a rewrite
// within the file system's time resolution still counts as a change.
func write(t *testing.T, path string, content []byte, mod time.Time) {
	t.Helper()
	if err := os.WriteFile(path, content, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, mod, mod); err != nil {
		t.Fatal(err)
	}
}

func served(t *testing.T, r *Reloader) string {
	t.Helper()
	c, err := r.GetCertificate(&tls.ClientHelloInfo{})
	if err != nil || c == nil || c.Leaf == nil {
		t.Fatalf("GetCertificate: %v %v", c, err)
	}
	return c.Leaf.Subject.CommonName
}

// A renewed pair is served from the next check on; a half-written or mismatched one
// leaves the previous certificate in use (logged once) until the files are right again.
func TestReloaderPicksUpRenewals(t *testing.T) {
	dir := t.TempDir()
	certPath, keyPath := filepath.Join(dir, "fullchain.pem"), filepath.Join(dir, "privkey.pem")
	base := time.Now().Add(-time.Hour)
	certA, keyA := pair(t, "a.pool.test")
	write(t, certPath, certA, base)
	write(t, keyPath, keyA, base)
	var logged bytes.Buffer
	r, err := New(certPath, keyPath, slog.New(slog.NewTextHandler(&logged, nil)))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	r.now = func() time.Time { return now }
	if got := served(t, r); got != "a.pool.test" {
		t.Fatalf("served %s", got)
	}
	// Renewed: seen at the next check, not before.
	certB, keyB := pair(t, "b.pool.test")
	write(t, certPath, certB, base.Add(time.Minute))
	write(t, keyPath, keyB, base.Add(time.Minute))
	if got := served(t, r); got != "a.pool.test" {
		t.Fatalf("served %s within the check interval", got)
	}
	now = now.Add(CheckEvery)
	if got := served(t, r); got != "b.pool.test" {
		t.Fatalf("served %s after the renewal", got)
	}
	// The certificate of a third pair with the old key: refused, the second stays.
	certC, _ := pair(t, "c.pool.test")
	write(t, certPath, certC, base.Add(2*time.Minute))
	for range 3 {
		now = now.Add(CheckEvery)
		if got := served(t, r); got != "b.pool.test" {
			t.Fatalf("served %s from a mismatched pair", got)
		}
	}
	if n := strings.Count(logged.String(), "not reloaded"); n != 1 {
		t.Fatalf("a bad pair logged %d times:\n%s", n, logged.String())
	}
	// A whole new pair arrives: it is served.
	certD, keyD := pair(t, "d.pool.test")
	write(t, certPath, certD, base.Add(3*time.Minute))
	write(t, keyPath, keyD, base.Add(3*time.Minute))
	now = now.Add(CheckEvery)
	if got := served(t, r); got != "d.pool.test" {
		t.Fatalf("served %s once the pair was whole", got)
	}
	// A file gone: the last good certificate stays.
	if err := os.Remove(keyPath); err != nil {
		t.Fatal(err)
	}
	now = now.Add(CheckEvery)
	if got := served(t, r); got != "d.pool.test" {
		t.Fatalf("served %s with the key gone", got)
	}
	if !strings.Contains(logged.String(), "reloaded") {
		t.Fatalf("renewal not logged:\n%s", logged.String())
	}
}

// A pair that does not load at start is an error then, not at the first handshake.
func TestNewRefusesABadPair(t *testing.T) {
	dir := t.TempDir()
	certPath, keyPath := filepath.Join(dir, "c.pem"), filepath.Join(dir, "k.pem")
	certA, _ := pair(t, "a")
	_, keyB := pair(t, "b")
	write(t, certPath, certA, time.Now())
	write(t, keyPath, keyB, time.Now())
	if _, err := New(certPath, keyPath, nil); err == nil {
		t.Fatal("a certificate with another's key was accepted")
	}
	if _, err := New(certPath, filepath.Join(dir, "missing.pem"), nil); err == nil {
		t.Fatal("a missing key was accepted")
	}
}
