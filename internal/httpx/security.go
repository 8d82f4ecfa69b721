package httpx

import (
	"mime"
	"net/http"
	"strings"
)

// Content-Security-Policy of the web app's pages (docs/security.md, "Security headers").
// Scripts come only from the site's own files: the built index.html has no inline script
// and the bundles call no eval. Styles also allow 'unsafe-inline' because antd writes its
// CSS-in-JS into <style> elements at run time (a nonce would need a per-request
// index.html). Images may come from elsewhere: an operator's coin icons may be any
// http(s) URL. Nothing may frame the site.
const appPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob: https: http:; font-src 'self' data:; connect-src 'self'; " +
	"object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// apiPolicy is for the API's answers: data, never a document that loads anything.
const apiPolicy = "default-src 'none'; frame-ancestors 'none'"

// hstsValue asks browsers to use HTTPS only for a year. No includeSubDomains or preload:
// those bind every host under the operator's domain, which is the operator's call.
const hstsValue = "max-age=31536000"

// setSecurityHeaders adds the headers every answer carries. A handler may replace the
// policy with a stricter one of its own (the legal pages do).
func setSecurityHeaders(h http.Header, r *http.Request, trustProxy bool) {
	policy := appPolicy
	if isAPI(r.URL.Path) {
		policy = apiPolicy
	}
	h.Set("Content-Security-Policy", policy)
	h.Set("X-Frame-Options", "DENY") // frame-ancestors for browsers that predate it
	h.Set("X-Content-Type-Options", "nosniff")
	// No referrer at all: observer links carry their token in the address, and the app
	// needs no referrer from anyone.
	h.Set("Referrer-Policy", "no-referrer")
	if overHTTPS(r, trustProxy) {
		h.Set("Strict-Transport-Security", hstsValue)
	}
}

// PageHeaders adds the web app's security headers (the policy above) to the answers of
// next: for a listener without this package's router, the admin listener's console page.
// No proxy is trusted there, so HSTS goes only with TLS on the server itself.
func PageHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		setSecurityHeaders(w.Header(), r, false)
		next.ServeHTTP(w, r)
	})
}

// overHTTPS tells whether the request reached us over HTTPS: TLS on this server, or the
// first X-Forwarded-Proto of a proxy the operator trusts. (A browser ignores HSTS sent
// over plain HTTP, so a client that forges the header gains nothing.)
func overHTTPS(r *http.Request, trustProxy bool) bool {
	if r.TLS != nil {
		return true
	}
	if !trustProxy {
		return false
	}
	proto, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.EqualFold(strings.TrimSpace(proto), "https")
}

// requireJSON refuses a write to the API that carries a body not declared as JSON
// (application/json, charset utf-8 allowed): a form or text/plain body is what a
// cross-site page can send without a preflight, and what a confused client sends by
// mistake. A write without a body needs no Content-Type.
func requireJSON(r *http.Request) error {
	switch r.Method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
	default:
		return nil
	}
	if r.ContentLength == 0 {
		return nil
	}
	if !isJSONType(r.Header.Get("Content-Type")) {
		return &Error{Code: CodeWarning, Status: http.StatusUnsupportedMediaType, Key: "error.unsupportedMediaType"}
	}
	return nil
}

// isJSONType tells whether a Content-Type is application/json with no parameter but an
// optional charset=utf-8 (RFC 8259: JSON between systems is UTF-8).
func isJSONType(contentType string) bool {
	mt, params, err := mime.ParseMediaType(contentType)
	if err != nil || mt != "application/json" {
		return false
	}
	for k, v := range params {
		if k != "charset" || !strings.EqualFold(v, "utf-8") {
			return false
		}
	}
	return true
}

func isAPI(path string) bool { return path == "/api" || strings.HasPrefix(path, "/api/") }
