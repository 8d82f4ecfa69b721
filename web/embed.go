// Package web embeds the built React app (web/dist/app, made by `npm run build`) and
// serves it with an index.html fallback for the app's own routes.
package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/httpx"
)

//go:embed all:dist
var dist embed.FS

// notBuilt is served when the binary was built without the web app (go build before
// npm run build), so the cause is plain instead of a blank page.
const notBuilt = `<!doctype html><meta charset="utf-8"><title>Uniplus Pool</title>
<p>The web app is not built into this binary. Run <code>make build</code>.</p>`

// Cache-Control values: Vite puts a content hash in every name under assets/, so those
// never change; index.html names the current hashes and must be revalidated every time.
const (
	cacheImmutable = "public, max-age=31536000, immutable"
	cacheNoCache   = "no-cache"
)

// encodings are the precompressed siblings the build writes (web/scripts/compress.mjs),
// in order of preference when the client weighs them equally.
var encodings = []struct{ coding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// file is one servable file of the app and the precompressed siblings it has.
type file struct {
	name  string            // path in the app's file system
	ctype string            // Content-Type of the original, also sent with an encoded variant
	etag  string            // strong ETag of the original; a variant appends its coding
	alts  map[string]string // coding -> sibling's path, only for siblings that exist
}

// DirEnv names a folder to serve the app from instead of the embedded build: a vite
// build output (npm run build -- --outDir DIR), so front-end work can be tried against
// a binary built earlier. The folder is read once, at start.
const DirEnv = "POOLD_WEB_DIR"

// The build's two pages: the public site and the operator console (web/ops.html, its own
// entry of the same build). Each handler serves its page and never the other's.
const (
	sitePage    = "index.html"
	consolePage = "ops.html"
)

// Handler serves files from the built app; a path that names no file gets index.html so
// that deep links such as /mobile/help/helplist load the app, which routes on the client.
// The console's page is not served here (404): it belongs to the admin listener only.
func Handler() http.Handler {
	return newHandler(appFS(), sitePage, consolePage)
}

// ConsoleHandler serves the operator console (docs/operations.md): ops.html for / and
// every path that names no file (/withdrawals/12), and the build's assets. The public
// site's index.html is not served here.
func ConsoleHandler() http.Handler {
	return newHandler(appFS(), consolePage, sitePage)
}

func appFS() fs.FS {
	if dir := os.Getenv(DirEnv); dir != "" {
		return os.DirFS(dir)
	}
	app, err := fs.Sub(dist, "dist/app")
	if err != nil {
		panic(err)
	}
	return app
}

// newHandler serves app with page as the fallback document; hidden is the other entry's
// page, answered 404 like any missing file. Every file is read once here to learn its
// type and ETag; a request for a file with a br or gzip sibling gets the sibling when
// Accept-Encoding allows it, with Content-Encoding and Vary: Accept-Encoding.
func newHandler(app fs.FS, page, hidden string) http.Handler {
	files := scan(app)
	delete(files, hidden)
	var index *file
	if f, ok := files[page]; ok {
		index = f
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != page {
			if f, ok := files[name]; ok {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", cacheImmutable)
				}
				serve(w, r, app, f)
				return
			}
			// A missing asset is a 404, not the app: a stale chunk must fail loudly so
			// the client's reload-once rule can fetch the new build.
			if strings.HasPrefix(name, "assets/") || path.Ext(name) != "" {
				http.NotFound(w, r)
				return
			}
		}
		w.Header().Set("Cache-Control", cacheNoCache)
		if index == nil {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			http.ServeContent(w, r, page, time.Time{}, strings.NewReader(notBuilt))
			return
		}
		serve(w, r, app, index)
	})
}

// scan lists the regular files of app, except precompressed siblings, which it attaches
// to their originals (a sibling is never served by its own name).
func scan(app fs.FS) map[string]*file {
	files := map[string]*file{}
	names := map[string]bool{}
	_ = fs.WalkDir(app, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return nil
		}
		names[name] = true
		return nil
	})
	for name := range names {
		if isSibling(name, names) {
			continue
		}
		data, err := fs.ReadFile(app, name)
		if err != nil {
			continue
		}
		sum := sha256.Sum256(data)
		f := &file{name: name, etag: base64.RawURLEncoding.EncodeToString(sum[:12])}
		if f.ctype = mime.TypeByExtension(path.Ext(name)); f.ctype == "" {
			f.ctype = http.DetectContentType(data)
		}
		for _, e := range encodings {
			if names[name+e.suffix] {
				if f.alts == nil {
					f.alts = map[string]string{}
				}
				f.alts[e.coding] = name + e.suffix
			}
		}
		files[name] = f
	}
	return files
}

// isSibling reports whether name is the precompressed copy of another file in names.
func isSibling(name string, names map[string]bool) bool {
	for _, e := range encodings {
		if base, ok := strings.CutSuffix(name, e.suffix); ok && names[base] {
			return true
		}
	}
	return false
}

// serve answers f, or its encoded sibling when the client accepts one. Range requests
// get the original, whose byte offsets are the ones a client can mean.
func serve(w http.ResponseWriter, r *http.Request, app fs.FS, f *file) {
	h := w.Header()
	h.Set("Content-Type", f.ctype)
	name, etag := f.name, f.etag
	if len(f.alts) > 0 {
		h.Add("Vary", "Accept-Encoding")
		if r.Header.Get("Range") == "" {
			if coding := negotiate(r.Header.Values("Accept-Encoding"), f.alts); coding != "" {
				h.Set("Content-Encoding", coding)
				name, etag = f.alts[coding], etag+"-"+coding
			}
		}
	}
	h.Set("ETag", `"`+etag+`"`)
	content, err := app.Open(name)
	if err != nil {
		http.Error(w, "file unreadable", http.StatusInternalServerError)
		return
	}
	defer content.Close()
	rs, ok := content.(io.ReadSeeker)
	if !ok {
		data, err := io.ReadAll(content)
		if err != nil {
			http.Error(w, "file unreadable", http.StatusInternalServerError)
			return
		}
		rs = bytes.NewReader(data)
	}
	if h.Get("Content-Encoding") != "" {
		// ServeContent leaves Content-Length out when Content-Encoding is set (it expects
		// on-the-fly compression); these bytes are the sibling's, so the length is known.
		// Error and 304 answers drop it again.
		if size, err := rs.Seek(0, io.SeekEnd); err == nil {
			h.Set("Content-Length", strconv.FormatInt(size, 10))
		}
	}
	// The zero time keeps Last-Modified out: the ETag is the validator.
	http.ServeContent(w, r, f.name, time.Time{}, rs)
}

// negotiate picks the coding among alts that Accept-Encoding weighs highest, br before
// gzip on a tie; "" means the original. A coding with q=0, or one the header does not name
// (unless "*" allows it), is never picked.
func negotiate(accept []string, alts map[string]string) string {
	q, star := httpx.EncodingWeights(accept)
	best, bestQ := "", 0.0
	for _, e := range encodings {
		if _, ok := alts[e.coding]; !ok {
			continue
		}
		weight, named := q[e.coding]
		if !named {
			weight = max(star, 0)
		}
		if weight > bestQ {
			best, bestQ = e.coding, weight
		}
	}
	// The original is always acceptable; it beats a coding only when the header names
	// identity with a higher weight.
	if weight, named := q["identity"]; named && weight > bestQ {
		return ""
	}
	return best
}
