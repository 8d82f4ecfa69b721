// Package web embeds the built React app (web/dist/app, made by `npm run build`) and
// serves it with an index.html fallback for the app's own routes.
package web

import (
	"bytes"
	"embed"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

//go:embed all:dist
var dist embed.FS

// notBuilt is served when the binary was built without the web app (go build before
// npm run build), so the cause is plain instead of a blank page.
const notBuilt = `<!doctype html><meta charset="utf-8"><title>Uniplus Pool</title>
<p>The web app is not built into this binary. Run <code>make build</code>.</p>`

// Handler serves files from the built app; a path that names no file gets index.html so
// that deep links such as /mobile/help/helplist load the app, which routes on the client.
func Handler() http.Handler {
	app, err := fs.Sub(dist, "dist/app")
	if err != nil {
		panic(err)
	}
	index, err := fs.ReadFile(app, "index.html")
	if err != nil {
		index = []byte(notBuilt)
	}
	files := http.FileServerFS(app)
	start := time.Now()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(app, name); err == nil && !st.IsDir() {
				// Vite puts a content hash in every asset name, so they never change.
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				files.ServeHTTP(w, r)
				return
			}
			// A missing asset is a 404, not the app: a stale chunk must fail loudly so
			// the client's reload-once rule can fetch the new build.
			if strings.HasPrefix(name, "assets/") || path.Ext(name) != "" {
				http.NotFound(w, r)
				return
			}
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		http.ServeContent(w, r, "index.html", start, bytes.NewReader(index))
	})
}
