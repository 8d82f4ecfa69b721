package kaspa

import (
	"math/rand/v2"
	"testing"
)

// TestCheckPowAllocatesNothing: the per-nonce path is what a share costs the pool.
func TestCheckPowAllocatesNothing(t *testing.T) {
	st := NewState(randHash(rand.New(rand.NewPCG(5, 6))), 1_700_000_000_000, 0x1f7fffff)
	target := NewTarget(TargetFromBits(0x207fffff))
	nonce := uint64(0)
	if n := testing.AllocsPerRun(100, func() {
		nonce++
		p, _ := st.CheckPow(nonce)
		_ = p.Meets(target)
	}); n != 0 {
		t.Fatalf("CheckPow allocates %v times per nonce", n)
	}
}

func BenchmarkCheckPow(b *testing.B) {
	st := NewState(randHash(rand.New(rand.NewPCG(5, 6))), 1_700_000_000_000, 0x1f7fffff)
	b.ReportAllocs()
	nonce := uint64(0)
	for b.Loop() {
		nonce++
		st.CheckPow(nonce)
	}
}

func BenchmarkNewState(b *testing.B) {
	r := rand.New(rand.NewPCG(7, 8))
	b.ReportAllocs()
	for b.Loop() {
		NewState(randHash(r), 1_700_000_000_000, 0x1f7fffff)
	}
}
