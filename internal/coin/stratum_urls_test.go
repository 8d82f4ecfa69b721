package coin

import (
	"net/http/httptest"
	"slices"
	"testing"
)

func TestStratumURLs(t *testing.T) {
	c := Coin{Type: "BTC", StratumPorts: []int{1237, 3340}}
	for _, tc := range []struct {
		configured, reqHost string
		tls                 bool
		want                []string
	}{
		{"", "10.0.0.5:8080", false, []string{"stratum+tcp://10.0.0.5:1237", "stratum+tcp://10.0.0.5:3340"}},
		{"", "pool.example.com", false, []string{"stratum+tcp://pool.example.com:1237", "stratum+tcp://pool.example.com:3340"}},
		{"", "[::1]:8080", false, []string{"stratum+tcp://[::1]:1237", "stratum+tcp://[::1]:3340"}},
		{"mine.example.com", "10.0.0.5:8080", true, []string{"stratum+ssl://mine.example.com:1237", "stratum+ssl://mine.example.com:3340"}},
		{"2001:db8::7", "10.0.0.5", false, []string{"stratum+tcp://[2001:db8::7]:1237", "stratum+tcp://[2001:db8::7]:3340"}},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = tc.reqHost
		if got := StratumURLs(StratumHost(tc.configured, r), tc.tls, c); !slices.Equal(got, tc.want) {
			t.Errorf("%q via %q: %v, want %v", tc.configured, tc.reqHost, got, tc.want)
		}
	}
	if got := StratumURLs("h", false, Coin{}); got == nil || len(got) != 0 {
		t.Errorf("no ports: %#v, want an empty list (JSON [])", got)
	}
}
