package httpx

import (
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestRouterTurnsPanicsAndUnknownErrorsInto500(t *testing.T) {
	var logged strings.Builder
	rt := NewRouter(slog.New(slog.NewTextHandler(&logged, nil)), Options{DefaultLang: "en_US"})
	rt.Handle("GET /api/boom", func(w http.ResponseWriter, r *http.Request) error { panic("kaboom") })
	rt.Handle("GET /api/fail", func(w http.ResponseWriter, r *http.Request) error { return errors.New("disk on fire") })
	for _, path := range []string{"/api/boom", "/api/fail"} {
		rec := httptest.NewRecorder()
		rt.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		var env Envelope
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
			t.Fatalf("%s: %v %s", path, err, rec.Body)
		}
		if rec.Code != 500 || env.Code != CodeWarning || strings.Contains(env.Msg, "kaboom") || strings.Contains(env.Msg, "disk") {
			t.Fatalf("%s: %d %+v", path, rec.Code, env)
		}
	}
	if !strings.Contains(logged.String(), "kaboom") || !strings.Contains(logged.String(), "disk on fire") {
		t.Fatalf("causes not logged: %s", logged.String())
	}
}

func TestRouterFallbackAndClientAddress(t *testing.T) {
	rt := NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), Options{TrustProxy: true})
	rt.SetFallback(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "app") }))
	rt.Handle("GET /api/addr", func(w http.ResponseWriter, r *http.Request) error {
		return OK(w, r, From(r.Context()).ClientAddr)
	})
	rec := httptest.NewRecorder()
	rt.ServeHTTP(rec, httptest.NewRequest("GET", "/some/deep/link", nil))
	if rec.Body.String() != "app" {
		t.Fatalf("fallback: %q", rec.Body)
	}
	req := httptest.NewRequest("GET", "/api/addr", nil)
	req.Header.Set("X-Forwarded-For", "203.0.113.9, 10.0.0.1")
	rec = httptest.NewRecorder()
	rt.ServeHTTP(rec, req)
	if !strings.Contains(rec.Body.String(), `"203.0.113.9"`) {
		t.Fatalf("client addr: %s", rec.Body)
	}
	rec = httptest.NewRecorder()
	rt.ServeHTTP(rec, httptest.NewRequest("GET", "/api", nil))
	if rec.Code != 404 || !strings.Contains(rec.Body.String(), `"code":3`) {
		t.Fatalf("/api: %d %s", rec.Code, rec.Body)
	}
}

// A prepared answer is the same envelope as OK, plain or gzipped as the client asks.
func TestOKPreparedMatchesOK(t *testing.T) {
	data := []map[string]any{{"a": 1.5, "b": "x<y"}}
	raw, _ := json.Marshal(data)
	for _, lang := range []string{"en_US", "zh_CN"} {
		p, err := Prepare(lang, raw)
		if err != nil {
			t.Fatal(err)
		}
		a, b, c := httptest.NewRecorder(), httptest.NewRecorder(), httptest.NewRecorder()
		r := httptest.NewRequest("GET", "/", nil)
		r = r.WithContext(WithRequest(r.Context(), &Request{Lang: lang, TZ: time.UTC}))
		_ = OK(a, r, data)
		_ = OKPrepared(b, r, p)
		if a.Body.String() != b.Body.String() || a.Code != b.Code || a.Header().Get("Content-Type") != b.Header().Get("Content-Type") || b.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s:\n%s\n%s", lang, a.Body, b.Body)
		}
		r.Header.Set("Accept-Encoding", "gzip")
		_ = OKPrepared(c, r, p)
		zr, err := gzip.NewReader(c.Body)
		if err != nil || c.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s gzip: %v %v", lang, c.Header(), err)
		}
		if unzipped, _ := io.ReadAll(zr); string(unzipped) != a.Body.String() {
			t.Errorf("%s gzipped body differs", lang)
		}
	}
}
