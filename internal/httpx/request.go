package httpx

import (
	"context"
	"net"
	"net/http"
	"strings"
	"time"
)

// Request is what the middleware reads once from every API request.
type Request struct {
	Lang       string
	TZ         *time.Location
	Token      string
	ClientAddr string
}

type ctxKey struct{}

// From returns the request context the middleware stored; outside the middleware it
// answers defaults, so handlers never see nil.
func From(ctx context.Context) *Request {
	if r, ok := ctx.Value(ctxKey{}).(*Request); ok {
		return r
	}
	return &Request{Lang: "en_US", TZ: time.UTC}
}

// Lang is the request's language.
func Lang(r *http.Request) string { return From(r.Context()).Lang }

// WithRequest stores rq in ctx; tests and non-HTTP callers use it.
func WithRequest(ctx context.Context, rq *Request) context.Context {
	return context.WithValue(ctx, ctxKey{}, rq)
}

// clientAddr is the peer address, or the first X-Forwarded-For hop behind a trusted proxy.
func clientAddr(r *http.Request, trustProxy bool) string {
	if trustProxy {
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			first, _, _ := strings.Cut(xff, ",")
			if ip := net.ParseIP(strings.TrimSpace(first)); ip != nil {
				return ip.String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
