package config

import (
	"io"
	"strings"
	"testing"
)

func TestCaptchaPowBitsFlag(t *testing.T) {
	none := func(string) string { return "" }
	cfg, _, err := Load("serve", ScopeServe, nil, none, io.Discard)
	if err != nil || cfg.CaptchaPowBits != 16 {
		t.Fatalf("default: %d %v, want 16", cfg.CaptchaPowBits, err)
	}
	env := func(k string) string {
		if k == "POOLD_CAPTCHA_POW_BITS" {
			return "18"
		}
		return ""
	}
	if cfg, _, err = Load("serve", ScopeServe, nil, env, io.Discard); err != nil || cfg.CaptchaPowBits != 18 {
		t.Fatalf("from the environment: %d %v, want 18", cfg.CaptchaPowBits, err)
	}
	if cfg, _, err = Load("serve", ScopeServe, []string{"--captcha-pow-bits", "12"}, env, io.Discard); err != nil || cfg.CaptchaPowBits != 12 {
		t.Fatalf("flag over environment: %d %v, want 12", cfg.CaptchaPowBits, err)
	}
	for _, v := range []string{"0", "25", "-1"} {
		if _, _, err := Load("serve", ScopeServe, []string{"--captcha-pow-bits", v}, none, io.Discard); err == nil || !strings.Contains(err.Error(), "--captcha-pow-bits: must be 1 to 24") {
			t.Errorf("--captcha-pow-bits %s: %v, want refused", v, err)
		}
	}
}
