package config

import (
	"io"
	"strings"
	"testing"
)

// --http-max-conns and --http-max-per-address: 0 (derived from the file limit) by
// default, set by flag or environment, never negative.
func TestHTTPConnectionCapFlags(t *testing.T) {
	none := func(string) string { return "" }
	cfg, _, err := Load("serve", ScopeServe, nil, none, io.Discard)
	if err != nil || cfg.HTTPMaxConns != 0 || cfg.HTTPMaxPerAddress != 0 {
		t.Fatalf("default: %d %d %v", cfg.HTTPMaxConns, cfg.HTTPMaxPerAddress, err)
	}
	env := func(k string) string {
		return map[string]string{"POOLD_HTTP_MAX_CONNS": "5000", "POOLD_HTTP_MAX_PER_ADDRESS": "64"}[k]
	}
	if cfg, _, err = Load("serve", ScopeServe, nil, env, io.Discard); err != nil || cfg.HTTPMaxConns != 5000 || cfg.HTTPMaxPerAddress != 64 {
		t.Fatalf("environment: %d %d %v", cfg.HTTPMaxConns, cfg.HTTPMaxPerAddress, err)
	}
	if cfg, _, err = Load("serve", ScopeServe, []string{"--http-max-conns", "100", "--http-max-per-address", "10"}, env, io.Discard); err != nil ||
		cfg.HTTPMaxConns != 100 || cfg.HTTPMaxPerAddress != 10 {
		t.Fatalf("flags over environment: %d %d %v", cfg.HTTPMaxConns, cfg.HTTPMaxPerAddress, err)
	}
	for _, flag := range []string{"--http-max-conns", "--http-max-per-address"} {
		if _, _, err := Load("serve", ScopeServe, []string{flag, "-1"}, none, io.Discard); err == nil || !strings.Contains(err.Error(), flag+": must be 0") {
			t.Errorf("%s -1: %v, want refused", flag, err)
		}
	}
}
