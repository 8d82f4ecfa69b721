package config

import (
	"io"
	"strings"
	"testing"
	"time"
)

// --job-lease defaults to 30 s, comes from POOLD_JOB_LEASE too, and stays within 1 s to 10 min.
func TestJobLeaseFlag(t *testing.T) {
	env := func(string) string { return "" }
	if cfg, _, err := Load("serve", ScopeServe, nil, env, io.Discard); err != nil || cfg.JobLease != 30*time.Second {
		t.Fatalf("default %s %v", cfg.JobLease, err)
	}
	if cfg, _, err := Load("serve", ScopeServe, nil, func(k string) string {
		return map[string]string{"POOLD_JOB_LEASE": "2s"}[k]
	}, io.Discard); err != nil || cfg.JobLease != 2*time.Second {
		t.Fatalf("POOLD_JOB_LEASE=2s: %s %v", cfg.JobLease, err)
	}
	for _, v := range []string{"500ms", "11m0s"} {
		if _, _, err := Load("serve", ScopeServe, []string{"--job-lease", v}, env, io.Discard); err == nil || !strings.Contains(err.Error(), "--job-lease: "+v+" is not between 1s and 10m") {
			t.Errorf("--job-lease %s: %v", v, err)
		}
	}
}
