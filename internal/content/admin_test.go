package content

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// adminTranscript runs every content command of `poold admin`, good and bad, and answers
// what each printed and the error it returned, times masked.
func adminTranscript(t *testing.T, d *db.DB) string {
	t.Helper()
	ctx := context.Background()
	s := &Store{DB: d}
	doc := filepath.Join(t.TempDir(), "terms.md")
	if err := os.WriteFile(doc, []byte("# Terms of Service\n\nBe nice.\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.AddContact(ctx, ContactMessage{Name: "Li Lei", ContactInformation: "li@example.com", Lang: "en_US", ClientAddr: "198.51.100.7"}); err != nil {
		t.Fatal(err)
	}
	var tr strings.Builder
	for _, c := range []struct {
		area  string
		args  []string
		stdin string
	}{
		{"sysconfig", []string{"set", "global", "maintenance", "on"}, ""},
		{"sysconfig", []string{"set", "global", "maintenance", "maybe"}, ""},
		{"sysconfig", []string{"set", "global", "telegram_url", "ftp://t.me/x"}, ""},
		{"sysconfig", []string{"set", "global", "maintenance"}, ""},
		{"sysconfig", []string{"set", "", "k", "v"}, ""},
		{"sysconfig", []string{"list"}, ""},
		{"legal", []string{"set", "Privacy-Policy", "en_US", "-"}, "# Privacy\n\nWe keep little.\n"},
		{"legal", []string{"set", "Service-Agreement", "zh_HK", doc}, ""},
		{"legal", []string{"set", "Cookies", "en_US", "-"}, "# x"},
		{"legal", []string{"set", "Disclaimer", "xx_XX", "-"}, "# x"},
		{"legal", []string{"set", "Disclaimer", "en_US", "-"}, "  \n"},
		{"legal", []string{"set", "Disclaimer", "en_US", filepath.Join(t.TempDir(), "missing.md")}, ""},
		{"legal", []string{"set", "Disclaimer", "en_US"}, ""},
		{"legal", []string{"list"}, ""},
		{"app", []string{"set", "linux", "--version", "1.4.2", "--url", "https://dl.example.com/u.tar.gz", "--notes", "GPU telemetry"}, ""},
		{"app", []string{"set", "uniplus-os", "--version", "2.0", "--url", "/files/os.img"}, ""},
		{"app", []string{"set", "beos", "--version", "", "--url", "ftp://x"}, ""},
		{"app", []string{"set", "linux", "--colour", "red"}, ""},
		{"app", []string{"set"}, ""},
		{"app", []string{"list"}, ""},
		{"app", []string{"delete", "uniplus-os"}, ""},
		{"app", []string{"delete", "uniplus-os"}, ""},
		{"app", []string{"delete"}, ""},
		{"app", []string{"list"}, ""},
		{"contact", []string{"list", "--limit", "0"}, ""},
		{"contact", []string{"list", "--limit", "x"}, ""},
		{"contact", []string{"list"}, ""},
		{"contact", []string{"list", "--limit", "1"}, ""},
		{"sysconfig", nil, ""},
		{"weather", []string{"list"}, ""},
	} {
		var out bytes.Buffer
		err := s.Admin(ctx, c.area, c.args, strings.NewReader(c.stdin), &out)
		tr.WriteString("$ " + c.area + " " + strings.Join(c.args, " ") + "\n" + out.String())
		if err != nil {
			tr.WriteString("error: " + err.Error() + "\n")
		}
	}
	masked := regexp.MustCompile(`\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ`).ReplaceAllString(tr.String(), "TIME")
	masked = strings.ReplaceAll(masked, doc, "DOC")
	return regexp.MustCompile(`\S*missing\.md`).ReplaceAllString(masked, "MISSING")
}

var update = flag.Bool("update", false, "rewrite testdata/admin.golden from this run")

// Every content command prints, and refuses, exactly what testdata/admin.golden shows (go
// test -run TestAdminTranscript -update rewrites it after a deliberate change).
func TestAdminTranscript(t *testing.T) {
	const golden = "testdata/admin.golden"
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		got := adminTranscript(t, d)
		if *update && d.Dialect == db.SQLite {
			if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if got != string(want) {
			gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
			for i := 0; i < max(len(gl), len(wl)); i++ {
				g, w := "", ""
				if i < len(gl) {
					g = gl[i]
				}
				if i < len(wl) {
					w = wl[i]
				}
				if g != w {
					t.Fatalf("transcript differs from %s at line %d:\n got: %q\nwant: %q", golden, i+1, g, w)
				}
			}
		}
	})
}

// A legal document longer than MaxLegalSize is refused, from a file or from stdin (stdin
// was cut at the limit and stored cut), and the stored document stays.
func TestLegalSetRefusesTooLong(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &Store{DB: d}
		if err := s.EnsureDefaults(ctx); err != nil {
			t.Fatal(err)
		}
		before, err := s.GetLegal(ctx, Disclaimer, "en_US")
		if err != nil {
			t.Fatal(err)
		}
		long := "# Long\n\n" + strings.Repeat("x", MaxLegalSize)
		file := filepath.Join(t.TempDir(), "long.md")
		if err := os.WriteFile(file, []byte(long), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, src := range []string{"-", file} {
			var out bytes.Buffer
			err := s.Admin(ctx, "legal", []string{"set", Disclaimer, "en_US", src}, strings.NewReader(long), &out)
			if err == nil || !strings.Contains(err.Error(), "at most") {
				t.Fatalf("legal set %s of %d bytes: %v", src, len(long), err)
			}
		}
		if after, _ := s.GetLegal(ctx, Disclaimer, "en_US"); after.Body != before.Body {
			t.Fatal("a refused document was stored")
		}
	})
}
