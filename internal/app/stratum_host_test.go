package app

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"path/filepath"
	"slices"
	"testing"
)

// A pool whose stratum is bound to one address shows miners that address, not the host
// the browser reached the site on (127.0.0.1 here, where nothing listens for stratum).
func TestStratumURLsFollowTheBindAddress(t *testing.T) {
	const bind = "127.66.0.1" // loopback on Linux, but not the address the site is reached on
	if ln, err := net.Listen("tcp", bind+":0"); err != nil {
		t.Skipf("cannot bind %s here: %v", bind, err)
	} else {
		ln.Close()
	}
	dbPath := filepath.Join(t.TempDir(), "poold.db")
	add := []string{"admin", "--db", dbPath, "coin", "add", "BTC", "--name", "Bitcoin", "--algorithm", "sha256d",
		"--ports", fmt.Sprint(freePort(t)), "--driver", "devnet"}
	if err := Run(context.Background(), add, noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	s := startServeOn(t, dbPath, "BTC", "--stratum-bind", bind)
	type coinURLs struct {
		Type        string
		StratumURLs []string `json:"stratumUrls"`
	}
	var coins []coinURLs
	if err := json.Unmarshal(s.ok(t, "GET", "/api/pc/v1/currency/list", nil), &coins); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("stratum+tcp://%s:%d", bind, s.StratumPort)
	i := slices.IndexFunc(coins, func(c coinURLs) bool { return c.Type == "BTC" })
	if i < 0 || len(coins[i].StratumURLs) != 1 || coins[i].StratumURLs[0] != want {
		t.Fatalf("coins %+v, want BTC at %s", coins, want)
	}
	c, err := net.Dial("tcp", net.JoinHostPort(bind, fmt.Sprint(s.StratumPort)))
	if err != nil {
		t.Fatalf("the advertised address does not answer: %v", err)
	}
	c.Close()
}
