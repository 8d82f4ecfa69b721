package httpx

import (
	"crypto/tls"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// HSTS is sent only for a request that came over HTTPS: TLS on this server, or a proxy
// the operator trusts saying X-Forwarded-Proto: https (its first value).
func TestHSTSOnlyOverHTTPS(t *testing.T) {
	for _, c := range []struct {
		name       string
		trustProxy bool
		tls        bool
		proto      string
		want       bool
	}{
		{"plain http", false, false, "", false},
		{"tls", false, true, "", true},
		{"untrusted forwarded https", false, false, "https", false},
		{"trusted forwarded https", true, false, "https", true},
		{"trusted forwarded HTTPS, two hops", true, false, "HTTPS, http", true},
		{"trusted forwarded http", true, false, "http", false},
		{"trusted, no header", true, false, "", false},
	} {
		rt := NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), Options{TrustProxy: c.trustProxy})
		rt.SetFallback(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
		req := httptest.NewRequest("GET", "/", nil)
		if c.tls {
			req.TLS = &tls.ConnectionState{}
		}
		if c.proto != "" {
			req.Header.Set("X-Forwarded-Proto", c.proto)
		}
		rec := httptest.NewRecorder()
		rt.ServeHTTP(rec, req)
		if got := rec.Header().Get("Strict-Transport-Security") != ""; got != c.want {
			t.Errorf("%s: HSTS %v, want %v", c.name, got, c.want)
		}
	}
}

// With RequireJSON, a write to the API that carries a body must say it is JSON; a write
// without a body, a read, and a path outside the API need not.
func TestRequireJSONContentType(t *testing.T) {
	rt := NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), Options{DefaultLang: "en_US", RequireJSON: true})
	for _, m := range []string{"POST", "PUT", "PATCH", "DELETE", "GET"} {
		rt.Handle(m+" /api/x", func(w http.ResponseWriter, r *http.Request) error { return OK(w, r, nil) })
	}
	rt.SetFallback(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	for _, c := range []struct {
		method, path, ctype, body string
		status                    int
	}{
		{"POST", "/api/x", "application/json", "{}", 200},
		{"POST", "/api/x", "application/json;charset=utf-8", "{}", 200},
		{"POST", "/api/x", "Application/JSON; Charset=\"UTF-8\"", "{}", 200},
		{"POST", "/api/x", "", "", 200},
		{"POST", "/api/x", "text/plain", "", 200},
		{"POST", "/api/x", "", "{}", 415},
		{"POST", "/api/x", "text/plain", "{}", 415},
		{"POST", "/api/x", "text/plain; charset=utf-8", "{}", 415},
		{"POST", "/api/x", "application/json; charset=utf-16", "{}", 415},
		{"POST", "/api/x", "application/json; boundary=x", "{}", 415},
		{"POST", "/api/x", "application/jsonx", "{}", 415},
		{"POST", "/api/x", "application/json;", "{}", 200},
		{"PUT", "/api/x", "multipart/form-data; boundary=x", "{}", 415},
		{"PATCH", "/api/x", "text/plain", "{}", 415},
		{"DELETE", "/api/x", "text/plain", "{}", 415},
		{"GET", "/api/x", "text/plain", "{}", 200},
		{"POST", "/not-api", "text/plain", "{}", 200},
	} {
		req := httptest.NewRequest(c.method, c.path, strings.NewReader(c.body))
		if c.ctype != "" {
			req.Header.Set("Content-Type", c.ctype)
		}
		rec := httptest.NewRecorder()
		rt.ServeHTTP(rec, req)
		if rec.Code != c.status {
			t.Errorf("%s %s %q %q: %d, want %d %s", c.method, c.path, c.ctype, c.body, rec.Code, c.status, rec.Body)
		}
		if c.status == 415 && !strings.Contains(rec.Body.String(), `"code":3`) {
			t.Errorf("%s %q: not an envelope: %s", c.method, c.ctype, rec.Body)
		}
	}
	// A body of unknown length (chunked) counts as a body.
	req := httptest.NewRequest("POST", "/api/x", strings.NewReader("{}"))
	req.ContentLength = -1
	rec := httptest.NewRecorder()
	rt.ServeHTTP(rec, req)
	if rec.Code != 415 {
		t.Errorf("chunked body without a type: %d", rec.Code)
	}
}
