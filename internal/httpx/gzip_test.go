package httpx

import (
	"compress/gzip"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestAcceptsGzip(t *testing.T) {
	for h, want := range map[string]bool{
		"": false, "gzip": true, "gzip, deflate, br": true, "br;q=1.0, gzip;q=0.8": true, "gzip;q=0": false,
		"*": true, "*;q=0": false, "br, *;q=0.1": true, "gzip;q=0, *": false, "identity": false, "GZIP": true, "gzip;q=x": false,
	} {
		if got := acceptsGzip([]string{h}); got != want {
			t.Errorf("%q: %v, want %v", h, got, want)
		}
	}
}

// API answers past 1 KiB go gzipped to clients that accept it; short ones, and any to
// clients that do not, go as they are. Every API answer varies by Accept-Encoding.
func TestAPIAnswersGzipped(t *testing.T) {
	rt := NewRouter(slog.New(slog.DiscardHandler), Options{DefaultLang: "en_US"})
	big := strings.Repeat(`{"execTime":1767312000000,"price":"60000.000000"},`, 100)
	rt.Handle("GET /api/big", func(w http.ResponseWriter, r *http.Request) error { return OK(w, r, big) })
	rt.Handle("GET /api/small", func(w http.ResponseWriter, r *http.Request) error { return OK(w, r, "hi") })
	rt.Handle("GET /api/bad", func(w http.ResponseWriter, r *http.Request) error { return Warn("error.badJSON", nil) })
	srv := httptest.NewServer(rt)
	defer srv.Close()
	raw := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	get := func(path, accept string) (*http.Response, string) {
		req, _ := http.NewRequest("GET", srv.URL+path, nil)
		if accept != "" {
			req.Header.Set("Accept-Encoding", accept)
		}
		resp, err := raw.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var body io.Reader = resp.Body
		if resp.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(resp.Body)
			if err != nil {
				t.Fatal(err)
			}
			body = zr
		}
		b, _ := io.ReadAll(body)
		return resp, string(b)
	}
	resp, plain := get("/api/big", "")
	if resp.Header.Get("Content-Encoding") != "" || len(plain) < len(big) || resp.Header.Get("Vary") != "Accept-Encoding" {
		t.Fatalf("no gzip asked: %v %d bytes", resp.Header, len(plain))
	}
	resp, unzipped := get("/api/big", "gzip, br")
	if resp.Header.Get("Content-Encoding") != "gzip" || unzipped != plain || resp.ContentLength >= int64(len(plain)/4) && resp.ContentLength != -1 {
		t.Fatalf("gzip: %v, same body %v", resp.Header, unzipped == plain)
	}
	if resp, _ := get("/api/big", "gzip;q=0"); resp.Header.Get("Content-Encoding") != "" {
		t.Fatal("gzip;q=0 got gzip")
	}
	if resp, body := get("/api/small", "gzip"); resp.Header.Get("Content-Encoding") != "" || !strings.Contains(body, `"hi"`) {
		t.Fatalf("short answer: %v %s", resp.Header, body)
	}
	if resp, body := get("/api/bad", "gzip"); resp.StatusCode != 400 || resp.Header.Get("Content-Encoding") != "" || !strings.Contains(body, `"code":3`) {
		t.Fatalf("error answer: %d %v %s", resp.StatusCode, resp.Header, body)
	}
	if resp, body := get("/api/nowhere", "gzip"); resp.StatusCode != 404 || !strings.Contains(body, `"code":3`) {
		t.Fatalf("unknown path: %d %s", resp.StatusCode, body)
	}
}
