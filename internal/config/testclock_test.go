package config

import (
	"io"
	"strings"
	"testing"
)

// --test-clock is off by default and starts only on a loopback listener, without a
// proxy in front, with the api role or else an admin listener to serve it.
func TestTestClockGuards(t *testing.T) {
	noEnv := func(string) string { return "" }
	cfg, _, err := Load("serve", ScopeServe, nil, noEnv, io.Discard)
	if err != nil || cfg.TestClock {
		t.Fatalf("default: TestClock %v, err %v", cfg.TestClock, err)
	}
	for _, args := range [][]string{
		{"--test-clock"},
		{"--test-clock", "--http", "127.0.0.1:0"},
		{"--test-clock", "--http", "127.9.8.7:8080", "--roles", "api"},
		{"--test-clock", "--http", "[::1]:8080"},
		{"--test-clock", "--roles", "jobs", "--admin-http", "127.0.0.1:0"},
	} {
		cfg, _, err := Load("serve", ScopeServe, args, noEnv, io.Discard)
		if err != nil || !cfg.TestClock {
			t.Errorf("%v: refused (%v)", args, err)
		}
	}
	if cfg, _, err := Load("serve", ScopeServe, []string{"--http", "127.0.0.1:0"}, func(k string) string {
		if k == "POOLD_TEST_CLOCK" {
			return "true"
		}
		return ""
	}, io.Discard); err != nil || !cfg.TestClock {
		t.Errorf("POOLD_TEST_CLOCK=true: %v %v", cfg.TestClock, err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--test-clock", "--http", "0.0.0.0:8080"}, `--http "0.0.0.0:8080" is not a loopback address`},
		{[]string{"--test-clock", "--http", ":8080"}, "is not a loopback address"},
		{[]string{"--test-clock", "--http", "[::]:8080"}, "is not a loopback address"},
		{[]string{"--test-clock", "--http", "localhost:8080"}, "is not a loopback address"},
		{[]string{"--test-clock", "--http", "192.168.1.10:8080"}, "is not a loopback address"},
		{[]string{"--test-clock", "--trust-proxy"}, "--test-clock and --trust-proxy do not go together"},
		{[]string{"--test-clock", "--roles", "stratum,jobs"}, "--test-clock needs the api role or --admin-http"},
		{[]string{"--test-clock", "--roles", "jobs", "--admin-http", "0.0.0.0:9090"}, `--admin-http "0.0.0.0:9090" is not a loopback address`},
	} {
		if _, _, err := Load("serve", ScopeServe, tc.args, noEnv, io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}
