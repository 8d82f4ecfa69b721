package web

import (
	"bytes"
	"compress/gzip"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

const (
	appJS     = "console.log('app');\n"
	indexHTML = "<!doctype html><title>app</title><div id=root></div>\n"
)

func gz(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	w, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	_, _ = w.Write([]byte(s))
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// testApp is a built app in miniature: a hashed script with both siblings, a style sheet
// with gzip only, an image without any, and a small index.html.
func testApp(t *testing.T) fstest.MapFS {
	return fstest.MapFS{
		"index.html":                   {Data: []byte(indexHTML)},
		"favicon.svg":                  {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
		"assets/index-AbC123.js":       {Data: []byte(appJS)},
		"assets/index-AbC123.js.br":    {Data: []byte("brotli bytes")},
		"assets/index-AbC123.js.gz":    {Data: gz(t, appJS)},
		"assets/index-AbC123.css":      {Data: []byte("body{margin:0}")},
		"assets/index-AbC123.css.gz":   {Data: gz(t, "body{margin:0}")},
		"assets/logo-Xy9.png":          {Data: []byte("\x89PNG\r\n\x1a\n....")},
		"coins/btc.svg":                {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'/>")},
		"assets/archive-Q1.tar.gz":     {Data: []byte("a real gzip download")},
		"assets/not-a-sibling-Q1.br":   {Data: []byte("a file of its own")},
		"assets/trend-chart-Zz9.js":    {Data: []byte("chart")},
		"assets/trend-chart-Zz9.js.gz": {Data: gz(t, "chart")},
	}
}

func get(t *testing.T, h http.Handler, method, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestServeBrotliPreferred(t *testing.T) {
	h := newHandler(testApp(t), sitePage, consolePage)
	for _, accept := range []string{"gzip, deflate, br, zstd", "br", "gzip;q=1, br;q=1", "*"} {
		w := get(t, h, http.MethodGet, "/assets/index-AbC123.js", "Accept-Encoding", accept)
		if w.Code != 200 || w.Header().Get("Content-Encoding") != "br" || w.Body.String() != "brotli bytes" {
			t.Fatalf("%q: %d %q %q", accept, w.Code, w.Header().Get("Content-Encoding"), w.Body)
		}
		if got := w.Header().Get("Content-Type"); got != "text/javascript; charset=utf-8" {
			t.Errorf("%q: Content-Type %q, want the original's", accept, got)
		}
		if got := w.Header().Get("Content-Length"); got != strconv.Itoa(len("brotli bytes")) {
			t.Errorf("%q: Content-Length %q", accept, got)
		}
		if got := w.Header().Values("Vary"); len(got) != 1 || got[0] != "Accept-Encoding" {
			t.Errorf("%q: Vary %q", accept, got)
		}
		if etag := w.Header().Get("ETag"); !strings.HasSuffix(etag, `-br"`) {
			t.Errorf("%q: ETag %q is the original's", accept, etag)
		}
	}
}

func TestServeGzipFallback(t *testing.T) {
	h := newHandler(testApp(t), sitePage, consolePage)
	for _, c := range []struct{ path, accept string }{
		{"/assets/index-AbC123.js", "gzip, deflate"},
		{"/assets/index-AbC123.js", "br;q=0, gzip"},
		{"/assets/index-AbC123.js", "br;q=0.5, gzip;q=0.8"},
		{"/assets/index-AbC123.js", "x-gzip"},
		{"/assets/index-AbC123.css", "gzip, deflate, br"}, // no .br sibling
	} {
		w := get(t, h, http.MethodGet, c.path, "Accept-Encoding", c.accept)
		if w.Code != 200 || w.Header().Get("Content-Encoding") != "gzip" || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Fatalf("%s %q: %d %q vary %q", c.path, c.accept, w.Code, w.Header().Get("Content-Encoding"), w.Header().Get("Vary"))
		}
		zr, err := gzip.NewReader(w.Body)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(zr)
		if want := map[bool]string{true: appJS, false: "body{margin:0}"}[strings.HasSuffix(c.path, ".js")]; string(body) != want {
			t.Errorf("%s %q: decoded %q", c.path, c.accept, body)
		}
		if got := w.Header().Get("Content-Length"); got != strconv.Itoa(w.Body.Len()) && w.Body.Len() != 0 {
			t.Errorf("%s: Content-Length %q", c.path, got)
		}
		if !strings.HasPrefix(w.Header().Get("Content-Type"), map[bool]string{true: "text/javascript", false: "text/css"}[strings.HasSuffix(c.path, ".js")]) {
			t.Errorf("%s: Content-Type %q", c.path, w.Header().Get("Content-Type"))
		}
	}
}

func TestServeIdentity(t *testing.T) {
	h := newHandler(testApp(t), sitePage, consolePage)
	for _, accept := range []string{"", "identity", "br;q=0, gzip;q=0", "deflate, zstd", "*;q=0", "gzip;q=0, *;q=0", "br;q=0.2, identity", "gzip;q=bad"} {
		w := get(t, h, http.MethodGet, "/assets/index-AbC123.js", "Accept-Encoding", accept)
		if w.Code != 200 || w.Header().Get("Content-Encoding") != "" || w.Body.String() != appJS {
			t.Fatalf("%q: %d %q %q", accept, w.Code, w.Header().Get("Content-Encoding"), w.Body)
		}
		if w.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("%q: no Vary on the original of a file with variants", accept)
		}
		if got := w.Header().Get("Content-Length"); got != strconv.Itoa(len(appJS)) {
			t.Errorf("%q: Content-Length %q", accept, got)
		}
		if got := w.Header().Get("Content-Type"); got != "text/javascript; charset=utf-8" {
			t.Errorf("%q: Content-Type %q", accept, got)
		}
	}
	// A file without variants does not vary.
	w := get(t, h, http.MethodGet, "/assets/logo-Xy9.png", "Accept-Encoding", "br, gzip")
	if w.Code != 200 || w.Header().Get("Content-Encoding") != "" || w.Header().Get("Vary") != "" || w.Header().Get("Content-Type") != "image/png" {
		t.Errorf("png: %d %v", w.Code, w.Header())
	}
}

func TestServeRangeGetsOriginal(t *testing.T) {
	h := newHandler(testApp(t), sitePage, consolePage)
	w := get(t, h, http.MethodGet, "/assets/index-AbC123.js", "Accept-Encoding", "br, gzip", "Range", "bytes=0-6")
	if w.Code != http.StatusPartialContent || w.Body.String() != appJS[:7] || w.Header().Get("Content-Encoding") != "" {
		t.Fatalf("range: %d %q %q", w.Code, w.Header().Get("Content-Encoding"), w.Body)
	}
	if w.Header().Get("Vary") != "Accept-Encoding" {
		t.Error("range answer without Vary")
	}
}

func TestServeHeadAndConditional(t *testing.T) {
	h := newHandler(testApp(t), sitePage, consolePage)
	w := get(t, h, http.MethodHead, "/assets/index-AbC123.js", "Accept-Encoding", "br")
	if w.Code != 200 || w.Body.Len() != 0 || w.Header().Get("Content-Encoding") != "br" ||
		w.Header().Get("Content-Length") != strconv.Itoa(len("brotli bytes")) || w.Header().Get("Vary") != "Accept-Encoding" {
		t.Fatalf("HEAD: %d %v %q", w.Code, w.Header(), w.Body)
	}
	etag := w.Header().Get("ETag")
	w = get(t, h, http.MethodGet, "/assets/index-AbC123.js", "Accept-Encoding", "br", "If-None-Match", etag)
	if w.Code != http.StatusNotModified || w.Header().Get("Vary") != "Accept-Encoding" || w.Header().Get("ETag") != etag {
		t.Fatalf("If-None-Match: %d %v", w.Code, w.Header())
	}
	// The br ETag does not validate the gzip or the original representation.
	for _, accept := range []string{"gzip", ""} {
		if w = get(t, h, http.MethodGet, "/assets/index-AbC123.js", "Accept-Encoding", accept, "If-None-Match", etag); w.Code != 200 {
			t.Errorf("%q with the br ETag: %d", accept, w.Code)
		}
	}
	w = get(t, h, http.MethodHead, "/mobile/home")
	if w.Code != 200 || w.Body.Len() != 0 || w.Header().Get("Content-Length") != strconv.Itoa(len(indexHTML)) {
		t.Errorf("HEAD fallback: %d %v", w.Code, w.Header())
	}
	if w = get(t, h, http.MethodPost, "/"); w.Code != http.StatusMethodNotAllowed || w.Header().Get("Allow") != "GET, HEAD" {
		t.Errorf("POST: %d %v", w.Code, w.Header())
	}
}

func TestServeCaching(t *testing.T) {
	h := newHandler(testApp(t), sitePage, consolePage)
	for _, c := range []struct{ path, cache, body string }{
		{"/assets/index-AbC123.js", cacheImmutable, "brotli bytes"},
		{"/assets/logo-Xy9.png", cacheImmutable, ""},
		{"/", cacheNoCache, indexHTML},
		{"/index.html", cacheNoCache, indexHTML},
		{"/mobile", cacheNoCache, indexHTML},
		{"/mobile/help/helplist?type=faq", cacheNoCache, indexHTML},
		{"/account/orePoolDeviceOverview", cacheNoCache, indexHTML},
		{"/assets", cacheNoCache, indexHTML}, // a folder is no file: the app answers
		{"/favicon.svg", "", ""},
	} {
		w := get(t, h, http.MethodGet, c.path, "Accept-Encoding", "gzip, br")
		if w.Code != 200 || w.Header().Get("Cache-Control") != c.cache {
			t.Errorf("%s: %d Cache-Control %q, want %q", c.path, w.Code, w.Header().Get("Cache-Control"), c.cache)
		}
		if c.body != "" && w.Body.String() != c.body {
			t.Errorf("%s: body %q", c.path, w.Body)
		}
		if c.cache == cacheNoCache && !strings.HasPrefix(w.Header().Get("Content-Type"), "text/html") {
			t.Errorf("%s: Content-Type %q", c.path, w.Header().Get("Content-Type"))
		}
	}
}

func TestServeMissingAssetIs404(t *testing.T) {
	h := newHandler(testApp(t), sitePage, consolePage)
	for _, p := range []string{
		"/assets/missing-1234.js",
		"/assets/missing",
		"/missing.png",
		"/coins/doge.svg",
		"/assets/index-AbC123.js.br", // a sibling is not served by its own name
		"/assets/index-AbC123.js.gz",
	} {
		w := get(t, h, http.MethodGet, p, "Accept-Encoding", "br, gzip")
		if w.Code != http.StatusNotFound || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") ||
			w.Header().Get("Cache-Control") != "" || w.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: %d %v", p, w.Code, w.Header())
		}
	}
	// A .gz or .br that is no sibling is an ordinary file.
	for _, p := range []string{"/assets/archive-Q1.tar.gz", "/assets/not-a-sibling-Q1.br"} {
		if w := get(t, h, http.MethodGet, p, "Accept-Encoding", "br, gzip"); w.Code != 200 || w.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: %d %v", p, w.Code, w.Header())
		}
	}
}

func TestServeIndexVariants(t *testing.T) {
	app := testApp(t)
	app["index.html.br"] = &fstest.MapFile{Data: []byte("br index")}
	h := newHandler(app, sitePage, consolePage)
	for _, p := range []string{"/", "/mobile/currencyList"} {
		w := get(t, h, http.MethodGet, p, "Accept-Encoding", "gzip, br")
		if w.Code != 200 || w.Header().Get("Content-Encoding") != "br" || w.Body.String() != "br index" ||
			w.Header().Get("Vary") != "Accept-Encoding" || w.Header().Get("Cache-Control") != cacheNoCache ||
			w.Header().Get("Content-Type") != "text/html; charset=utf-8" {
			t.Errorf("%s: %d %v %q", p, w.Code, w.Header(), w.Body)
		}
		if w := get(t, h, http.MethodGet, p, "Accept-Encoding", "gzip"); w.Body.String() != indexHTML || w.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s gzip only: %v %q", p, w.Header(), w.Body)
		}
	}
}

// The two entries of one build: the site's handler never serves the console's page, and
// the console's serves ops.html for its own deep links, the shared assets, and never
// index.html.
func TestSiteAndConsoleServeOnlyTheirOwnPage(t *testing.T) {
	const opsHTML = "<!doctype html><title>console</title>\n"
	app := testApp(t)
	app["ops.html"] = &fstest.MapFile{Data: []byte(opsHTML)}
	site := newHandler(app, sitePage, consolePage)
	if w := get(t, site, http.MethodGet, "/ops.html"); w.Code != http.StatusNotFound {
		t.Errorf("site /ops.html: %d %q", w.Code, w.Body)
	}
	for _, p := range []string{"/", "/withdrawals/12"} {
		if w := get(t, site, http.MethodGet, p); w.Body.String() != indexHTML {
			t.Errorf("site %s: %q", p, w.Body)
		}
	}
	console := newHandler(app, consolePage, sitePage)
	for _, p := range []string{"/", "/withdrawals/12", "/ops.html"} {
		if w := get(t, console, http.MethodGet, p); w.Code != 200 || w.Body.String() != opsHTML || w.Header().Get("Cache-Control") != cacheNoCache {
			t.Errorf("console %s: %d %q", p, w.Code, w.Body)
		}
	}
	if w := get(t, console, http.MethodGet, "/index.html"); w.Code != http.StatusNotFound {
		t.Errorf("console /index.html: %d %q", w.Code, w.Body)
	}
	if w := get(t, console, http.MethodGet, "/assets/index-AbC123.js"); w.Code != 200 || w.Body.String() != appJS {
		t.Errorf("console asset: %d %q", w.Code, w.Body)
	}
}

func TestServeNotBuilt(t *testing.T) {
	h := newHandler(fstest.MapFS{}, sitePage, consolePage)
	w := get(t, h, http.MethodGet, "/mobile")
	if w.Code != 200 || !strings.Contains(w.Body.String(), "make build") || w.Header().Get("Cache-Control") != cacheNoCache {
		t.Fatalf("%d %v %q", w.Code, w.Header(), w.Body)
	}
}

func TestNegotiate(t *testing.T) {
	both := map[string]string{"br": "x.br", "gzip": "x.gz"}
	gzOnly := map[string]string{"gzip": "x.gz"}
	for _, c := range []struct {
		accept string
		alts   map[string]string
		want   string
	}{
		{"gzip, deflate, br, zstd", both, "br"},
		{"BR;Q=0.9, GZIP;Q=0.8", both, "br"},
		{"br;q=0.1, gzip;q=0.9", both, "gzip"},
		{"br;q=0", both, ""},
		{"br;q=0, *", both, "gzip"},
		{"*;q=0.5, br;q=0", both, "gzip"},
		{"gzip ; q=0.000", both, ""},
		{"identity;q=1, br;q=0.5", both, ""},
		{"br, identity", both, "br"},
		{"br", gzOnly, ""},
		{"gzip, br", gzOnly, "gzip"},
		{"", both, ""},
		{",, ;q=1", both, ""},
	} {
		if got := negotiate([]string{c.accept}, c.alts); got != c.want {
			t.Errorf("negotiate(%q) = %q, want %q", c.accept, got, c.want)
		}
	}
	if got := negotiate([]string{"gzip", "br"}, both); got != "br" {
		t.Errorf("two header lines: %q", got)
	}
}

// TestEmbeddedSiblings checks the build that is embedded, when there is one: every gzip
// sibling decodes to its original and the fallback answers index.html.
func TestEmbeddedSiblings(t *testing.T) {
	app, err := fs.Sub(dist, "dist/app")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Stat(app, "index.html"); err != nil {
		t.Skip("web app not built")
	}
	files := scan(app)
	variants := 0
	for name, f := range files {
		if gzName, ok := f.alts["gzip"]; ok {
			variants++
			want, _ := fs.ReadFile(app, name)
			data, _ := fs.ReadFile(app, gzName)
			zr, err := gzip.NewReader(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s: %v", gzName, err)
			}
			got, err := io.ReadAll(zr)
			if err != nil || !bytes.Equal(got, want) {
				t.Errorf("%s does not decode to %s (%v)", gzName, name, err)
			}
		}
	}
	t.Logf("%d files, %d with a gzip sibling", len(files), variants)
	w := get(t, Handler(), http.MethodGet, "/mobile", "Accept-Encoding", "br, gzip")
	if w.Code != 200 || w.Header().Get("Cache-Control") != cacheNoCache {
		t.Errorf("/mobile: %d %v", w.Code, w.Header())
	}
}

func TestHandlerServesTheFolderNamedByTheEnvironment(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<title>from disk</title>"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(DirEnv, dir)
	w := get(t, Handler(), http.MethodGet, "/account/orePoolDeviceOverview")
	if w.Code != http.StatusOK || !strings.Contains(w.Body.String(), "from disk") {
		t.Fatalf("%s=%s: got %d %q, want the folder's index.html", DirEnv, dir, w.Code, w.Body.String())
	}
}
