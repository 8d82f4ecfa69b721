package coin

import (
	"net"
	"net/http"
	"strconv"
	"strings"
)

// StratumHost is the host miners connect to: the configured one, else the host the
// request came to (so a pool reached at 10.0.0.5 tells miners 10.0.0.5). IPv6 literals
// come back bracketed, ready for host:port.
func StratumHost(configured string, r *http.Request) string {
	host := configured
	if host == "" {
		host = r.Host
		if h, _, err := net.SplitHostPort(r.Host); err == nil {
			host = h
		}
	}
	if strings.Contains(host, ":") && !strings.HasPrefix(host, "[") {
		host = "[" + host + "]"
	}
	return host
}

// StratumURLs lists the addresses miners use for the coin, one per stratum port in the
// coin's order: the first is the main pool, the rest are backups.
func StratumURLs(host string, tls bool, c Coin) []string {
	return urls(host, tls, c.StratumPorts)
}

// SoloURLs lists the addresses solo miners use for the coin (docs/solo.md), one per solo
// port; none for a coin without solo mining.
func SoloURLs(host string, tls bool, c Coin) []string {
	return urls(host, tls, c.SoloPorts)
}

func urls(host string, tls bool, ports []int) []string {
	scheme := "stratum+tcp://"
	if tls {
		scheme = "stratum+ssl://"
	}
	out := make([]string, 0, len(ports))
	for _, p := range ports {
		out = append(out, scheme+host+":"+strconv.Itoa(p))
	}
	return out
}
