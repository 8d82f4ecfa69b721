package app

import (
	"net/netip"
	"syscall"
	"testing"

	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/netlist"
)

func TestPerPortCap(t *testing.T) {
	for _, c := range []struct {
		configured, total, ports, want int
	}{
		{0, 384, 4, 96},
		{0, 14616, 4, 3654},
		{300, 14616, 4, 300},
		{0, 0, 4, 0}, // unknown limit: no cap
		{0, 3, 4, 1},
		{0, 14616, 0, 0},
	} {
		if got := perPortCap(c.configured, c.total, c.ports); got != c.want {
			t.Errorf("perPortCap(%d, %d, %d) = %d, want %d", c.configured, c.total, c.ports, got, c.want)
		}
	}
}

// The open-file limit, less the reserve, is shared among the roles' listeners: --http a
// quarter beside the stratum role, all of it alone; the stratum ports the rest. What no
// listener may take is the reserve, whatever is configured.
func TestPlanConnCaps(t *testing.T) {
	cfg := func(roles []string, tweak func(*config.Config)) config.Config {
		c := config.Default()
		c.Roles = roles
		if tweak != nil {
			tweak(&c)
		}
		return c
	}
	all := []string{config.RoleAPI, config.RoleStratum, config.RoleJobs}
	for _, c := range []struct {
		name  string
		cfg   config.Config
		limit uint64
		want  connCaps
	}{
		{"every role, 1,048,576 (poold.service)", cfg(all, nil), 1 << 20, connCaps{httpTotal: 262016, httpPerAddress: 256, stratumTotal: 786048}},
		{"every role, 20,000", cfg(all, nil), 20000, connCaps{httpTotal: 4872, httpPerAddress: 256, stratumTotal: 14616}},
		{"every role, 1,024", cfg(all, nil), 1024, connCaps{httpTotal: 128, httpPerAddress: 8, stratumTotal: 384}},
		{"api alone, 65,536", cfg([]string{config.RoleAPI}, nil), 65536, connCaps{httpTotal: 65024, httpPerAddress: 256}},
		{"stratum alone", cfg([]string{config.RoleStratum}, nil), 1 << 20, connCaps{stratumTotal: 1048064}},
		{"jobs alone", cfg([]string{config.RoleJobs}, nil), 65536, connCaps{}},
		{"configured", cfg(all, func(c *config.Config) { c.HTTPMaxConns, c.HTTPMaxPerAddress = 1000, 50 }), 20000, connCaps{httpTotal: 1000, httpPerAddress: 50, stratumTotal: 18488}},
		{"configured past the limit: the reserve holds", cfg(all, func(c *config.Config) { c.HTTPMaxConns = 100000 }), 20000, connCaps{httpTotal: 19488, httpPerAddress: 256, stratumTotal: 1}},
		{"a small cap, a small share per address", cfg(all, func(c *config.Config) { c.HTTPMaxConns = 4 }), 20000, connCaps{httpTotal: 4, httpPerAddress: 4, stratumTotal: 19484}},
		{"unknown limit", cfg(all, nil), 0, connCaps{httpPerAddress: 256}},
		{"a limit within the reserve", cfg(all, nil), 100, connCaps{httpTotal: 1, httpPerAddress: 1, stratumTotal: 1}},
	} {
		if got := planConnCaps(c.cfg, c.limit); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

// --trust-proxy's proxies are not held to the per-address cap; with --trust-proxy alone
// no peer is; without it every peer is.
func TestHTTPExempt(t *testing.T) {
	proxy, client := netip.MustParseAddr("10.0.0.5"), netip.MustParseAddr("203.0.113.9")
	c := config.Default()
	if httpExempt(c) != nil {
		t.Fatal("without --trust-proxy, a peer is exempt")
	}
	c.TrustProxy = true
	if f := httpExempt(c); !f(proxy) || !f(client) {
		t.Fatal("--trust-proxy alone: every peer is a proxy")
	}
	c.TrustedProxies = netlist.Networks{netip.MustParsePrefix("10.0.0.0/24")}
	if f := httpExempt(c); !f(proxy) || f(client) {
		t.Fatal("--trust-proxy=10.0.0.0/24: only the proxies are exempt")
	}
}

// The soft limit is raised to the hard one.
func TestRaiseFileLimit(t *testing.T) {
	var before syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &before); err != nil {
		t.Fatal(err)
	}
	lowered := before
	lowered.Cur = min(before.Max, 1024)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lowered); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = syscall.Setrlimit(syscall.RLIMIT_NOFILE, &before) })
	got, err := raiseFileLimit()
	if err != nil || got != before.Max {
		t.Fatalf("raised to %d (%v), hard limit %d", got, err, before.Max)
	}
	var after syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &after); err != nil || after.Cur != before.Max {
		t.Fatalf("soft limit now %d", after.Cur)
	}
}
