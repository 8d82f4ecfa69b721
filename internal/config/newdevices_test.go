package config

import (
	"io"
	"strings"
	"testing"
)

// --max-new-devices-per-address bounds the devices one client address makes in a
// sub-account an hour (device squatting, docs/security.md): 100 by default, 0 for none,
// never negative.
func TestMaxNewDevicesPerAddressFlag(t *testing.T) {
	none := func(string) string { return "" }
	cfg, _, err := Load("serve", ScopeServe, nil, none, io.Discard)
	if err != nil || cfg.MaxNewDevicesPerAddress != 100 {
		t.Fatalf("default: %d %v, want 100", cfg.MaxNewDevicesPerAddress, err)
	}
	env := func(k string) string {
		if k == "POOLD_MAX_NEW_DEVICES_PER_ADDRESS" {
			return "0"
		}
		return ""
	}
	if cfg, _, err = Load("serve", ScopeServe, nil, env, io.Discard); err != nil || cfg.MaxNewDevicesPerAddress != 0 {
		t.Fatalf("from the environment: %d %v, want 0", cfg.MaxNewDevicesPerAddress, err)
	}
	if cfg, _, err = Load("serve", ScopeServe, []string{"--max-new-devices-per-address", "500"}, env, io.Discard); err != nil || cfg.MaxNewDevicesPerAddress != 500 {
		t.Fatalf("flag over environment: %d %v, want 500", cfg.MaxNewDevicesPerAddress, err)
	}
	if _, _, err := Load("serve", ScopeServe, []string{"--max-new-devices-per-address", "-1"}, none, io.Discard); err == nil ||
		!strings.Contains(err.Error(), "--max-new-devices-per-address: must be 0 (no bound) or more") {
		t.Errorf("-1: %v, want refused", err)
	}
}
