package app

import (
	"math"
	"net/netip"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/connlimit"
	"github.com/uniplus-pool/pool/internal/fdlimit"
)

// reservedFDs are the file descriptors no listener may take: the database pool (20
// connections at most), the chain nodes' RPC connections, the SMTP and SMS senders, the
// log, the SQLite and state files, the admin listener's scrapes and the demo fleet's
// miners. Issue 29: with only the stratum ports capped, 700 idle HTTP connections took
// these and both listeners failed with "accept4: too many open files".
const reservedFDs = 512

// raiseFileLimit lifts the soft open-file limit to the hard one (fdlimit.Raise).
func raiseFileLimit() (uint64, error) { return fdlimit.Raise() }

// connCaps are a process's connection caps; 0 is no cap.
type connCaps struct {
	httpTotal, httpPerAddress int
	// stratumTotal caps every stratum port of every coin of the process together (the
	// per-port caps divide it; when they are configured, it still holds).
	stratumTotal int
}

// Bounds of the derived --http-max-per-address: a browser opens up to 6 connections to
// a host, and an office or a carrier's NAT puts many behind one address; one address
// should still never hold more than a 16th of the listener.
const (
	minHTTPPerAddress = 8
	maxHTTPPerAddress = 256
)

// planConnCaps shares the open-file limit, less reservedFDs, among the listeners of the
// process's roles (docs/deployment.md "Open files"): --http takes --http-max-conns, or a
// quarter beside the stratum role (HTTP connections are short, and a proxy in front
// keeps few), or everything alone; the stratum ports share what is left. Nothing is
// derived from an unknown limit (0).
func planConnCaps(cfg config.Config, fileLimit uint64) connCaps {
	api, mining := cfg.HasRole(config.RoleAPI), cfg.HasRole(config.RoleStratum)
	var c connCaps
	if api {
		c.httpTotal = cfg.HTTPMaxConns
	}
	if fileLimit > 0 {
		avail := 1 // a limit within the reserve still lets a client in
		if fileLimit > reservedFDs+1 {
			avail = int(min(fileLimit-reservedFDs, math.MaxInt32))
		}
		switch {
		case !api:
		case c.httpTotal > 0:
			c.httpTotal = min(c.httpTotal, avail)
		case mining:
			c.httpTotal = max(avail/4, 1)
		default:
			c.httpTotal = avail
		}
		if mining {
			c.stratumTotal = max(avail-c.httpTotal, 1)
		}
	}
	if api {
		c.httpPerAddress = cfg.HTTPMaxPerAddress
		if c.httpPerAddress == 0 {
			c.httpPerAddress = maxHTTPPerAddress
			if c.httpTotal > 0 {
				c.httpPerAddress = min(max(c.httpTotal/16, minHTTPPerAddress), maxHTTPPerAddress, c.httpTotal)
			}
		}
	}
	return c
}

// perPortCap is the connections each of ports stratum ports may hold when together they
// may hold total (0: no cap); configured (when not 0) wins. At least one connection a
// port, so a tiny limit still lets a miner in.
func perPortCap(configured, total, ports int) int {
	if configured > 0 || total == 0 || ports == 0 {
		return configured
	}
	return max(total/ports, 1)
}

// httpExempt are the peers not held to --http-max-per-address: the proxies --trust-proxy
// names, or every peer with --trust-proxy alone (only proxies reach --http then); nil
// without --trust-proxy. A proxy is one peer carrying every client: the cap would refuse
// the site as a whole, and the proxy is where clients are told apart and limited.
func httpExempt(cfg config.Config) func(netip.Addr) bool {
	switch {
	case !cfg.TrustProxy:
		return nil
	case len(cfg.TrustedProxies) == 0:
		return func(netip.Addr) bool { return true }
	}
	return cfg.TrustedProxies.Has
}

// httpConnMetrics are the figures of the capped --http listener, read at scrape time.
type httpConnMetrics struct{ l *connlimit.Listener }

var (
	httpConnsDesc = prometheus.NewDesc("poold_http_connections",
		"Live connections of --http.", nil, nil)
	httpConnsWaitingDesc = prometheus.NewDesc("poold_http_connections_waiting",
		"Live connections of --http without a request in progress (idle keep-alive, or no request yet).", nil, nil)
	httpConnsRefusedDesc = prometheus.NewDesc("poold_http_connections_refused_total",
		"Connections of --http closed at accept: past --http-max-conns or --http-max-per-address with every connection inside a request.", nil, nil)
	httpConnsEvictedDesc = prometheus.NewDesc("poold_http_connections_evicted_total",
		"Waiting connections of --http (idle keep-alive, or no request yet) closed to make room for a new one.", nil, nil)
)

func (m httpConnMetrics) Describe(ch chan<- *prometheus.Desc) {
	ch <- httpConnsDesc
	ch <- httpConnsWaitingDesc
	ch <- httpConnsRefusedDesc
	ch <- httpConnsEvictedDesc
}

func (m httpConnMetrics) Collect(ch chan<- prometheus.Metric) {
	st := m.l.Stats()
	ch <- prometheus.MustNewConstMetric(httpConnsDesc, prometheus.GaugeValue, float64(st.Open))
	ch <- prometheus.MustNewConstMetric(httpConnsWaitingDesc, prometheus.GaugeValue, float64(st.Waiting))
	ch <- prometheus.MustNewConstMetric(httpConnsRefusedDesc, prometheus.CounterValue, float64(st.Refused))
	ch <- prometheus.MustNewConstMetric(httpConnsEvictedDesc, prometheus.CounterValue, float64(st.Evicted))
}
