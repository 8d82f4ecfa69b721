package httpx

import (
	"log/slog"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/netlist"
)

// HandlerFunc is an API handler: it writes a success itself and returns any error, which
// the router writes as an envelope.
type HandlerFunc func(w http.ResponseWriter, r *http.Request) error

// Middleware wraps a HandlerFunc (authentication, rate limits).
type Middleware func(HandlerFunc) HandlerFunc

// Route is one registered method and path pattern.
type Route struct {
	Method string
	Path   string
}

// Options shape the router's middleware.
type Options struct {
	// DefaultLang answers requests that send no language header.
	DefaultLang string
	// TrustProxy takes the client address from X-Forwarded-For, and HTTPS from
	// X-Forwarded-Proto (for HSTS), on requests from a trusted proxy: a peer in
	// TrustedProxies, or any peer when that is empty.
	TrustProxy     bool
	TrustedProxies netlist.Networks
	// RequireJSON refuses writes to /api whose body is not declared application/json
	// (415). poold's router sets it; the domain packages' test routers post bare bodies.
	RequireJSON bool
	// Observe, when set, is told of every finished request (for metrics).
	Observe func(route string, status int, d time.Duration)
}

// Router is an http.ServeMux that remembers its routes (the OpenAPI test reads them),
// runs API handlers under the envelope, and answers unknown /api paths in JSON.
type Router struct {
	mux      *http.ServeMux
	log      *slog.Logger
	opts     Options
	routes   []Route
	fallback http.Handler
}

// NewRouter returns an empty router.
func NewRouter(log *slog.Logger, opts Options) *Router {
	if opts.DefaultLang == "" {
		opts.DefaultLang = "zh_HK"
	}
	rt := &Router{mux: http.NewServeMux(), log: log, opts: opts}
	rt.mux.HandleFunc("/", rt.unmatched)
	return rt
}

// SetFallback serves every path no route matched outside /api (the web app).
func (rt *Router) SetFallback(h http.Handler) { rt.fallback = h }

// unmatched answers what no pattern took: /api paths get an envelope, others the fallback.
func (rt *Router) unmatched(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/api/") || r.URL.Path == "/api" || rt.fallback == nil {
		rt.unknownAPI(w, r)
		return
	}
	rt.fallback.ServeHTTP(w, r)
}

// Handle registers an API handler for a pattern such as "GET /api/pc/v1/sys/config".
func (rt *Router) Handle(pattern string, h HandlerFunc, mw ...Middleware) {
	for i := len(mw) - 1; i >= 0; i-- {
		h = mw[i](h)
	}
	rt.record(pattern)
	rt.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		if err := h(w, r); err != nil {
			WriteError(w, r, rt.log, err)
		}
	})
}

// HandlePlain registers a handler that writes its own response (files, /metrics, HTML).
func (rt *Router) HandlePlain(pattern string, h http.Handler) {
	rt.record(pattern)
	rt.mux.Handle(pattern, h)
}

func (rt *Router) record(pattern string) {
	method, path, ok := strings.Cut(pattern, " ")
	if !ok {
		method, path = "", pattern
	}
	rt.routes = append(rt.routes, Route{Method: method, Path: path})
}

// Routes lists every registered route.
func (rt *Router) Routes() []Route { return slices.Clone(rt.routes) }

// unknownAPI answers a /api path that no route matched: 405 when another method has it,
// else 404, both as envelopes.
func (rt *Router) unknownAPI(w http.ResponseWriter, r *http.Request) {
	for _, m := range []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete} {
		if m == r.Method {
			continue
		}
		probe := r.Clone(r.Context())
		probe.Method = m
		if _, pattern := rt.mux.Handler(probe); pattern != "/" && pattern != "" {
			w.Header().Set("Allow", m)
			WriteError(w, r, rt.log, &Error{Code: CodeWarning, Status: http.StatusMethodNotAllowed, Key: "error.methodNotAllowed"})
			return
		}
	}
	WriteError(w, r, rt.log, NotFound(""))
}

// ServeHTTP runs the shared middleware: security headers, panic recovery, request
// context, the language, NUL and Content-Type checks for /api, logging and metrics.
func (rt *Router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	sw := &statusWriter{ResponseWriter: w}
	behind := rt.opts.behindProxy(r) // read once: the client address and HSTS both ask
	rq := &Request{
		Lang:       rt.opts.DefaultLang,
		TZ:         time.UTC,
		Token:      r.Header.Get("x-token"),
		ClientAddr: clientAddr(r, rt.opts, behind),
	}
	r = r.WithContext(WithRequest(r.Context(), rq))
	setSecurityHeaders(sw.Header(), r, behind)
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			rt.log.Error("panic", "method", r.Method, "path", r.URL.Path, "panic", p, "stack", string(debug.Stack()))
			if !sw.wrote {
				WriteError(sw, r, nil, &Error{Code: CodeWarning, Status: http.StatusInternalServerError, Key: "error.internal"})
			}
		}
		rt.finish(sw, r, start)
	}()

	if strings.HasPrefix(r.URL.Path, "/api/") {
		if lang := r.Header.Get("language"); lang != "" {
			if !i18n.Supported(lang) {
				e := &Error{Code: CodeBadLanguage, Status: http.StatusBadRequest, Key: "error.unsupportedLanguage",
					Data: map[string]string{"lang": rt.opts.DefaultLang}}
				WriteError(sw, r, rt.log, e)
				return
			}
			rq.Lang = lang
		}
		if tz := r.Header.Get("timezone"); tz != "" {
			loc, err := time.LoadLocation(tz)
			if err != nil || tz == "Local" {
				WriteError(sw, r, rt.log, Warn("error.badTimezone", i18n.Params{"value": tz}))
				return
			}
			rq.TZ = loc
		}
		// After the language, so that the refusals are in the caller's.
		if err := urlNUL(r.URL); err != nil {
			WriteError(sw, r, rt.log, err)
			return
		}
		if rt.opts.RequireJSON {
			if err := requireJSON(r); err != nil {
				WriteError(sw, r, rt.log, err)
				return
			}
		}
	}
	// JSON answers of the API compress well (a month of trend points is 92 kB, about a
	// tenth of that gzipped); the web app's files are compressed at build time instead.
	var out http.ResponseWriter = sw
	if strings.HasPrefix(r.URL.Path, "/api/") {
		sw.Header().Add("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Values("Accept-Encoding")) {
			gw := &gzipWriter{ResponseWriter: sw}
			defer gw.Close()
			out = gw
		}
	}
	rt.mux.ServeHTTP(out, r)
}

func (rt *Router) finish(sw *statusWriter, r *http.Request, start time.Time) {
	d := time.Since(start)
	status := sw.status
	if status == 0 {
		status = http.StatusOK
	}
	route := r.Pattern
	if route == "" {
		route = "unmatched"
	}
	if rt.opts.Observe != nil {
		rt.opts.Observe(route, status, d)
	}
	if route == "GET /healthz" || route == "GET /metrics" {
		return
	}
	level := slog.LevelDebug
	if status >= 500 {
		level = slog.LevelError
	} else if strings.HasPrefix(r.URL.Path, "/api/") {
		level = slog.LevelInfo
	}
	rt.log.Log(r.Context(), level, "http", "method", r.Method, "path", r.URL.Path, "route", route,
		"status", status, "ms", d.Milliseconds(), "client", From(r.Context()).ClientAddr)
}

type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status, w.wrote = code, true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if !w.wrote {
		w.status, w.wrote = http.StatusOK, true
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
