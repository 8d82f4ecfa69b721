package earnings

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// The int64 sum of minute values gives what the big.Int sum gives, across the point where
// it must become a big.Int, and splits the same way.
func TestMicrosMatchBigSums(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, scale := range []float64{1e3, 1e12, 1e18, 4e18} {
		var m micros
		want := new(big.Int)
		for range 200 {
			v, err := minuteFloor(rng.Float64(), int64(scale), rng.IntN(10000))
			if err != nil {
				t.Fatal(err)
			}
			m.add(v)
			b, _ := MinuteMicro(0, 0, 0) // zero; then the real value
			b, _ = new(big.Float).SetFloat64(v).Int(b)
			want.Add(want, b)
		}
		if m.String() != want.String() || m.Big().Cmp(want) != 0 {
			t.Fatalf("scale %g: sum %s, want %s", scale, m.String(), want)
		}
		for _, carry := range []int64{0, 1, 999_999} {
			a1, c1, e1 := m.split(carry)
			a2, c2, e2 := Split(want, carry)
			if a1 != a2 || c1 != c2 || (e1 == nil) != (e2 == nil) {
				t.Fatalf("scale %g carry %d: split %d %d %v, want %d %d %v", scale, carry, a1, c1, e1, a2, c2, e2)
			}
		}
	}
	// Past 2^62 the sum goes on in a big.Int.
	var m micros
	m.add(float64(1 << 62))
	m.add(float64(1 << 62))
	if m.big == nil || m.String() != "9223372036854775808" {
		t.Fatalf("2^62 + 2^62 = %s (big %v)", m.String(), m.big != nil)
	}
}
