package httpx

import (
	"crypto/tls"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
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

// With the proxies listed, X-Forwarded-* count only from them, and the client is the
// rightmost X-Forwarded-For hop that is not one of them: an entry the client wrote
// itself is never taken, even through a proxy that appends to the header.
func TestClientAddrBehindListedProxies(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32"), netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	for _, c := range []struct {
		name, peer string
		xff        []string
		proto      string
		want       string
		hsts       bool
	}{
		{"direct, no header", "198.51.100.7:5000", nil, "", "198.51.100.7", false},
		{"direct, forged headers", "198.51.100.7:5000", []string{"1.2.3.4"}, "https", "198.51.100.7", false},
		{"through nginx, replaced", "127.0.0.1:6000", []string{"203.0.113.9"}, "https", "203.0.113.9", true},
		{"through nginx, appended to a forged entry", "127.0.0.1:6000", []string{"1.2.3.4, 203.0.113.9"}, "https", "203.0.113.9", true},
		{"two proxies", "10.1.2.3:6000", []string{"1.2.3.4, 203.0.113.9, 10.9.9.9"}, "", "203.0.113.9", false},
		{"two header lines", "10.1.2.3:6000", []string{"1.2.3.4", "203.0.113.9, 10.9.9.9"}, "", "203.0.113.9", false},
		{"garbage left of the client", "127.0.0.1:6000", []string{"<script>, 203.0.113.9"}, "", "203.0.113.9", false},
		{"garbage right after the proxy", "127.0.0.1:6000", []string{"203.0.113.9, nonsense"}, "", "127.0.0.1", false},
		{"only proxies", "127.0.0.1:6000", []string{"10.0.0.5"}, "", "10.0.0.5", false},
		{"IPv6 loopback proxy", "[::1]:6000", []string{"2001:db8::5"}, "", "2001:db8::5", false},
		{"IPv4 peer written as IPv6", "[::ffff:127.0.0.1]:6000", []string{"203.0.113.9"}, "", "203.0.113.9", false},
	} {
		rt := NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), Options{TrustProxy: true, TrustedProxies: proxies})
		rt.Handle("GET /api/addr", func(w http.ResponseWriter, r *http.Request) error {
			return OK(w, r, From(r.Context()).ClientAddr)
		})
		req := httptest.NewRequest("GET", "/api/addr", nil)
		req.RemoteAddr = c.peer
		for _, v := range c.xff {
			req.Header.Add("X-Forwarded-For", v)
		}
		if c.proto != "" {
			req.Header.Set("X-Forwarded-Proto", c.proto)
		}
		rec := httptest.NewRecorder()
		rt.ServeHTTP(rec, req)
		if !strings.Contains(rec.Body.String(), `"data":"`+c.want+`"`) {
			t.Errorf("%s: %s, want %s", c.name, rec.Body, c.want)
		}
		if got := rec.Header().Get("Strict-Transport-Security") != ""; got != c.hsts {
			t.Errorf("%s: HSTS %v, want %v", c.name, got, c.hsts)
		}
	}
}
