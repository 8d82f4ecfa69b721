package app

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/web"
)

// consoleBuild writes a built app in miniature (both entries and a shared asset) and makes
// the server read it (POOLD_WEB_DIR) instead of whatever build the binary embeds.
func consoleBuild(t *testing.T) {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"index.html":            "<!doctype html><title>site</title><div id=root></div>",
		"ops.html":              "<!doctype html><title>console</title><div id=root></div>",
		"assets/ops-main-x1.js": "console.log('ops')",
	}
	for name, body := range files {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(web.DirEnv, dir)
}

func fetchPage(t *testing.T, url string) (int, string, http.Header) {
	t.Helper()
	// The admin listener and the page are not in openapi.json: unchecked, as the other
	// admin listener tests.
	resp, err := (&http.Client{Transport: uncheckedTransport()}).Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), resp.Header
}

// The console's page is served at / of --admin-http and for its deep links, with the
// site's security headers; /metrics, /healthz and /ops/api/ answer as before; the public
// listener never serves the console's page.
func TestConsolePageOnlyOnTheAdminListener(t *testing.T) {
	consoleBuild(t)
	p := serveForTest(t, "--admin-http", "127.0.0.1:0")
	if p.adminURL == "" {
		t.Fatal("no admin listening line")
	}
	for _, path := range []string{"/", "/withdrawals/12", "/users/3"} {
		status, body, h := fetchPage(t, p.adminURL+path)
		if status != 200 || !strings.Contains(body, "<title>console</title>") {
			t.Errorf("admin %s: %d %.100s", path, status, body)
		}
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("admin %s: CSP %q", path, csp)
		}
		if h.Get("X-Frame-Options") != "DENY" || h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Referrer-Policy") != "no-referrer" {
			t.Errorf("admin %s: headers %v", path, h)
		}
	}
	if status, body, _ := fetchPage(t, p.adminURL+"/assets/ops-main-x1.js"); status != 200 || body != "console.log('ops')" {
		t.Errorf("admin asset: %d %q", status, body)
	}
	// The site's page is not the console's to serve.
	if status, _, _ := fetchPage(t, p.adminURL+"/index.html"); status != http.StatusNotFound {
		t.Errorf("admin /index.html: %d", status)
	}
	if status, body, _ := fetchPage(t, p.adminURL+"/healthz"); status != 200 || !strings.Contains(body, `"version"`) {
		t.Errorf("admin /healthz: %d %s", status, body)
	}
	if status, body, _ := fetchPage(t, p.adminURL+"/metrics"); status != 200 || strings.Contains(body, "<title>") {
		t.Errorf("admin /metrics: %d %.100s", status, body)
	}
	if status, body, h := fetchPage(t, p.adminURL+"/ops/api/v1/me"); status != http.StatusUnauthorized || !strings.Contains(body, "ops.signInRequired") ||
		!strings.Contains(h.Get("Content-Type"), "json") {
		t.Errorf("admin /ops/api/v1/me: %d %s", status, body)
	}
	if status, _, _ := fetchPage(t, p.adminURL+"/ops/api/v1/nowhere"); status != http.StatusNotFound {
		t.Errorf("admin unknown API path: %d", status)
	}

	// The public listener: its own page everywhere, never the console's.
	if status, _, _ := fetchPage(t, p.httpURL+"/ops.html"); status != http.StatusNotFound {
		t.Errorf("public /ops.html: %d", status)
	}
	for _, path := range []string{"/", "/withdrawals/12", "/ops/", "/ops/api/v1/me"} {
		if _, body, _ := fetchPage(t, p.httpURL+path); strings.Contains(body, "console") {
			t.Errorf("public %s served the console: %.100s", path, body)
		}
	}
}

// Without the console (a process without the api role) the admin listener keeps only
// /metrics and /healthz: no page at /.
func TestAdminListenerWithoutConsoleHasNoPage(t *testing.T) {
	consoleBuild(t)
	metrics := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "# metrics") })
	h := adminHandler(nil, metrics, nil)
	for _, path := range []string{"/", "/withdrawals/12", "/ops.html", "/ops/api/v1/me"} {
		w := httptest.NewRecorder()
		h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
		if w.Code != http.StatusNotFound {
			t.Errorf("%s: %d %.100s", path, w.Code, w.Body)
		}
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", "/metrics", nil))
	if w.Code != 200 || w.Body.String() != "# metrics" {
		t.Errorf("/metrics: %d %q", w.Code, w.Body)
	}
}
