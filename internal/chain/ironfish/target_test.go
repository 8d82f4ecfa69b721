package ironfish

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestMaxTarget(t *testing.T) {
	if want := new(big.Int).Lsh(big.NewInt(1), 239); MaxTarget().Cmp(want) != 0 {
		t.Fatalf("MaxTarget = %v, want 2^239", MaxTarget())
	}
	if got := ShareDifficulty(MaxTarget()); got != MinDifficulty {
		t.Errorf("ShareDifficulty(MaxTarget) = %v, want %d", got, MinDifficulty)
	}
	MaxTarget().SetInt64(1) // callers get a copy
	if MaxTarget().BitLen() != 240 {
		t.Error("MaxTarget handed out its own value")
	}
}

// TestShareTargetFraction: vardiff gives fractional difficulties, and the target must still
// be floor(2^256/d) exactly, here computed with rationals.
func TestShareTargetFraction(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	two256 := new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), 256))
	ds := []float64{MinDifficulty + 0.5, 131072.000001, 1.5e10, 1e300, math.MaxFloat64}
	for range 1000 {
		ds = append(ds, MinDifficulty+r.Float64()*math.Pow(2, float64(r.IntN(120))))
	}
	for _, d := range ds {
		q := new(big.Rat).Quo(two256, new(big.Rat).SetFloat64(d))
		want := new(big.Int).Quo(q.Num(), q.Denom()) // both positive: floor
		if got := ShareTarget(d); got.Cmp(want) != 0 {
			t.Fatalf("ShareTarget(%v) = %v, want %v", d, got, want)
		}
	}
}

func TestShareTargetEdges(t *testing.T) {
	for _, d := range []float64{math.NaN(), math.Inf(-1), -1, 0, 1, MinDifficulty} {
		if got := ShareTarget(d); got.Cmp(MaxTarget()) != 0 {
			t.Errorf("ShareTarget(%v) = %v, want MaxTarget", d, got)
		}
	}
	if got := ShareTarget(math.Inf(1)); got.Sign() != 0 {
		t.Errorf("ShareTarget(+Inf) = %v, want 0", got)
	}
}

func TestTargetBytes(t *testing.T) {
	var zero, ones [32]byte
	for i := range ones {
		ones[i] = 0xff
	}
	cases := []struct {
		in   *big.Int
		want [32]byte
	}{
		{nil, zero},
		{big.NewInt(-7), zero},
		{new(big.Int).Lsh(big.NewInt(1), 256), ones},
		{big.NewInt(0x0102), [32]byte{30: 0x01, 31: 0x02}},
	}
	for _, c := range cases {
		if got := TargetBytes(c.in); got != c.want {
			t.Errorf("TargetBytes(%v) = %x, want %x", c.in, got, c.want)
		}
	}
}
