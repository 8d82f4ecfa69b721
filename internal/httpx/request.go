package httpx

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/netlist"
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

// peerAddr is the address of the connection's other end.
func peerAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// hasAddr tells whether the address written as addr is in networks.
func hasAddr(networks netlist.Networks, addr string) bool {
	a, err := netip.ParseAddr(addr)
	return err == nil && networks.Has(a)
}

// behindProxy tells whether r came through a proxy the operator trusts, so that its
// X-Forwarded-* headers count: TrustProxy on, and the peer one of TrustedProxies (any
// peer when that list is empty).
func (o Options) behindProxy(r *http.Request) bool {
	return o.TrustProxy && (len(o.TrustedProxies) == 0 || hasAddr(o.TrustedProxies, peerAddr(r)))
}

// clientAddr is the peer address, or behind a trusted proxy (behind, from behindProxy)
// the client's as X-Forwarded-For names it. With the proxies listed (TrustedProxies) the header is read
// from the right, skipping the listed proxies' own hops: whatever the client wrote into
// the header itself sits to the left of the address the first proxy appended, so a
// forged entry is never taken. With any peer trusted, the list of proxies is unknown,
// and the first entry counts (the proxy must replace the header, docs/deployment.md).
func clientAddr(r *http.Request, o Options, behind bool) string {
	peer := peerAddr(r)
	if !behind {
		return peer
	}
	xff := r.Header.Values("X-Forwarded-For")
	if len(xff) == 0 {
		return peer
	}
	hops := strings.Split(strings.Join(xff, ","), ",")
	if len(o.TrustedProxies) == 0 {
		if ip := net.ParseIP(strings.TrimSpace(hops[0])); ip != nil {
			return ip.String()
		}
		return peer
	}
	client := peer
	for i := len(hops) - 1; i >= 0; i-- {
		ip := net.ParseIP(strings.TrimSpace(hops[i]))
		if ip == nil {
			break // not an address a proxy wrote: the hop to its right is the last one known
		}
		client = ip.String()
		if !hasAddr(o.TrustedProxies, client) {
			break
		}
	}
	return client
}
