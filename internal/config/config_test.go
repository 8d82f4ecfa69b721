package config

import (
	"io"
	"strings"
	"testing"
	"time"
)

func TestPriceFeedFlags(t *testing.T) {
	env := func(string) string { return "" }
	cfg, _, err := Load("serve", ScopeServe, []string{"--price-api", "https://prices.example/api/v3", "--price-ids", " btc=bitcoin, KAS = kaspa ,", "--price-every", "2m"}, env, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	ids, err := cfg.PriceIDMap()
	if err != nil || len(ids) != 2 || ids["BTC"] != "bitcoin" || ids["KAS"] != "kaspa" || cfg.PriceEvery != 2*time.Minute {
		t.Fatalf("%v %v %v", ids, err, cfg.PriceEvery)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--price-api", "ftp://x"}, "--price-api"},
		{[]string{"--price-api", "https://x"}, "--price-ids: name at least one"},
		{[]string{"--price-api", "https://x", "--price-ids", "BTC"}, `"BTC" is not COIN=id`},
		{[]string{"--price-api", "https://x", "--price-ids", "BTC="}, "is not COIN=id"},
		{[]string{"--price-api", "https://x", "--price-ids", "=bitcoin"}, "is not COIN=id"},
		{[]string{"--price-api", "https://x", "--price-ids", "BTC=a,btc=b"}, "BTC named twice"},
		{[]string{"--price-api", "https://x", "--price-ids", "BTC=a", "--price-every", "10s"}, "--price-every: 10s is below 1m"},
		{[]string{"--price-ids", "BTC=bitcoin"}, "--price-ids needs --price-api"},
	} {
		if _, _, err := Load("serve", ScopeServe, tc.args, env, io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

// --admin-http is host:port and not the public address; --metrics-token is long enough
// to be the only thing between the figures and the internet.
func TestAdminListenerFlags(t *testing.T) {
	env := func(string) string { return "" }
	cfg, _, err := Load("serve", ScopeServe, []string{"--admin-http", "127.0.0.1:9090", "--metrics-token", "0123456789abcdef"}, env, io.Discard)
	if err != nil || cfg.AdminHTTP != "127.0.0.1:9090" || cfg.MetricsToken != "0123456789abcdef" {
		t.Fatalf("%+v %v", cfg, err)
	}
	if cfg, _, err := Load("serve", ScopeServe, nil, func(k string) string {
		return map[string]string{"POOLD_METRICS_TOKEN": "from-the-environment"}[k]
	}, io.Discard); err != nil || cfg.MetricsToken != "from-the-environment" || cfg.AdminHTTP != "" {
		t.Fatalf("environment: %+v %v", cfg, err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--admin-http", "9090"}, `--admin-http: "9090" is not host:port`},
		{[]string{"--admin-http", "127.0.0.1:8080"}, "--admin-http must differ from --http"},
		{[]string{"--metrics-token", "short"}, "--metrics-token: at least 16 characters"},
	} {
		if _, _, err := Load("serve", ScopeServe, tc.args, env, io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

// --trust-proxy is a switch (any peer) or the proxies' addresses and networks; a bad one
// is refused with its own message, and the environment sets it as a flag would.
func TestTrustProxyFlag(t *testing.T) {
	none := func(string) string { return "" }
	for _, c := range []struct {
		args    []string
		env     string
		on      bool
		proxies string
	}{
		{nil, "", false, ""},
		{[]string{"--trust-proxy"}, "", true, ""},
		{[]string{"--trust-proxy=true"}, "", true, ""},
		{[]string{"--trust-proxy=false"}, "true", false, ""},
		{nil, "true", true, ""},
		{[]string{"--trust-proxy=127.0.0.1, 10.1.2.3/8,::1"}, "", true, "127.0.0.1/32,10.0.0.0/8,::1/128"},
		{nil, "192.168.1.10,fd00::/8", true, "192.168.1.10/32,fd00::/8"},
		{[]string{"--trust-proxy=::ffff:127.0.0.1"}, "", true, "127.0.0.1/32"},
	} {
		env := func(k string) string {
			if k == "POOLD_TRUST_PROXY" {
				return c.env
			}
			return ""
		}
		cfg, _, err := Load("serve", ScopeServe, c.args, env, io.Discard)
		if err != nil {
			t.Errorf("%v %q: %v", c.args, c.env, err)
			continue
		}
		var got []string
		for _, p := range cfg.TrustedProxies {
			got = append(got, p.String())
		}
		if cfg.TrustProxy != c.on || strings.Join(got, ",") != c.proxies {
			t.Errorf("%v %q: trust %v %v, want %v %s", c.args, c.env, cfg.TrustProxy, got, c.on, c.proxies)
		}
	}
	for _, v := range []string{"--trust-proxy=nginx", "--trust-proxy=10.0.0.0/33", "--trust-proxy=,", "--trust-proxy=1.2.3.4;5.6.7.8"} {
		if _, _, err := Load("serve", ScopeServe, []string{v}, none, io.Discard); err == nil || !strings.Contains(err.Error(), "trust-proxy") {
			t.Errorf("%s: %v, want refused", v, err)
		}
	}
}

func TestStratumProxyProtocolFlag(t *testing.T) {
	none := func(string) string { return "" }
	cfg, _, err := Load("serve", ScopeServe, []string{"--stratum-proxy-protocol", "10.0.0.5, 10.1.2.3/16"}, none, io.Discard)
	if err != nil || len(cfg.StratumProxyProtocol) != 2 || cfg.StratumProxyProtocol[0].String() != "10.0.0.5/32" || cfg.StratumProxyProtocol[1].String() != "10.1.0.0/16" {
		t.Fatalf("%v %v", cfg.StratumProxyProtocol, err)
	}
	if cfg, _, err := Load("serve", ScopeServe, nil, none, io.Discard); err != nil || cfg.StratumProxyProtocol != nil {
		t.Fatalf("default %v %v", cfg.StratumProxyProtocol, err)
	}
	if _, _, err := Load("serve", ScopeServe, []string{"--stratum-proxy-protocol", "haproxy"}, none, io.Discard); err == nil || !strings.Contains(err.Error(), `"haproxy" is not an address`) {
		t.Fatalf("a host name: %v", err)
	}
}

// The host miners are shown: --stratum-host, else a stratum bound to one address is that
// address (it listens nowhere else), else the site's own host (""). A loopback host
// advertised for a stratum that listens beyond loopback is warned about at start.
func TestAdvertisedStratumHost(t *testing.T) {
	env := func(string) string { return "" }
	for _, tc := range []struct {
		args       []string
		host, warn string
	}{
		{nil, "", ""},
		{[]string{"--stratum-bind", "127.66.0.1"}, "127.66.0.1", ""},
		{[]string{"--stratum-bind", "::"}, "", ""},
		{[]string{"--stratum-bind", "10.1.2.3"}, "10.1.2.3", ""},
		{[]string{"--stratum-bind", "10.1.2.3", "--stratum-host", "pool.example.com"}, "pool.example.com", ""},
		{[]string{"--stratum-host", "127.0.0.1"}, "127.0.0.1", "loopback"},
		{[]string{"--stratum-host", "localhost", "--stratum-bind", "10.1.2.3"}, "localhost", "loopback"},
		{[]string{"--stratum-host", "::1"}, "::1", "loopback"},
		{[]string{"--stratum-host", "127.0.0.1", "--stratum-bind", "127.0.0.1"}, "127.0.0.1", ""},
	} {
		cfg, _, err := Load("serve", ScopeServe, tc.args, env, io.Discard)
		if err != nil {
			t.Fatal(err)
		}
		host, warn := cfg.AdvertisedStratumHost(), cfg.StratumHostWarning()
		if host != tc.host || (tc.warn == "") != (warn == "") || !strings.Contains(warn, tc.warn) {
			t.Errorf("%v: host %q, warning %q; want %q and %q", tc.args, host, warn, tc.host, tc.warn)
		}
	}
}
