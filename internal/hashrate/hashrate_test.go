package hashrate

import (
	"math"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
)

func TestFormat(t *testing.T) {
	for _, c := range []struct {
		hs         float64
		show, unit string
	}{
		{-5, "0.00", "H/s"},
		{math.NaN(), "0.00", "H/s"},
		{math.Inf(1), "0.00", "H/s"},
		{0, "0.00", "H/s"},
		{999.99, "999.99", "H/s"},
		{999.996, "1.00", "KH/s"},
		{1000, "1.00", "KH/s"},
		{65536, "65.54", "KH/s"},
		// The home page used to show this as "1000.00 KH/s" and the pool pages as "1.00 MH/s".
		{999_999, "1.00", "MH/s"},
		{4294967296, "4.29", "GH/s"},
		{44739242.67, "44.74", "MH/s"},
		{1.5e12, "1.50", "TH/s"},
		{2e15, "2.00", "PH/s"},
		{3.25e18, "3.25", "EH/s"},
		{6.5432109876e20, "654.32", "EH/s"},
		{7e21, "7000.00", "EH/s"},
	} {
		show, unit := Format(c.hs)
		if show != c.show || unit != c.unit {
			t.Errorf("%g: %s %s, want %s %s", c.hs, show, unit, c.show, c.unit)
		}
		if r := New(c.hs); r.Show != c.show || r.Unit != c.unit {
			t.Errorf("New(%g) = %+v", c.hs, r)
		}
	}
}

func TestFactorAndUnits(t *testing.T) {
	if f, ok := Factor("th/s"); !ok || f != 1e12 {
		t.Fatalf("th/s: %g %v", f, ok)
	}
	if _, ok := Factor("ZH/s"); ok {
		t.Fatal("ZH/s known")
	}
	if got := UnitsFrom("MH/s"); len(got) != 5 || got[0] != "MH/s" || got[4] != "EH/s" {
		t.Fatalf("%v", got)
	}
	if got := UnitsFrom("nope"); len(got) != len(Units) {
		t.Fatalf("%v", got)
	}
	if got := In(1.5e12, "GH/s"); got != "1500.00" {
		t.Fatal(got)
	}
}

func TestFromDifficulty(t *testing.T) {
	// 900 difficulty-1 sha256d shares in 15 minutes: one share a second, 2^32 H/s.
	if got := FromDifficulty(900, chain.SHA256d, 15*time.Minute); got != 1<<32 {
		t.Fatalf("sha256d: %g", got)
	}
	if got := FromDifficulty(60, chain.Scrypt, time.Minute); got != 1<<16 {
		t.Fatalf("scrypt: %g", got)
	}
	if got := FromDifficulty(60, chain.SHA256d, 0); got != 0 {
		t.Fatalf("empty window: %g", got)
	}
}
