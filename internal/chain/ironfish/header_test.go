package ironfish

import (
	"bytes"
	"encoding/binary"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"
)

func TestParseRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for range 1000 {
		h := randHeader(r)
		b3 := h.MarshalBlake3()
		if p, err := ParseBlake3(b3[:]); err != nil || p != h {
			t.Fatalf("ParseBlake3(MarshalBlake3(%+v)) = %+v, %v", h, p, err)
		}
		fh := h.MarshalFishHash()
		if p, err := ParseFishHash(fh[:]); err != nil || p != h {
			t.Fatalf("ParseFishHash(MarshalFishHash(%+v)) = %+v, %v", h, p, err)
		}
	}
}

// TestLayoutsDiffer pins what a miner relies on: where the randomness is in each layout,
// and that the FishHash layout is the Blake3 one with graffiti and randomness swapped.
func TestLayoutsDiffer(t *testing.T) {
	h := randHeader(rand.New(rand.NewPCG(13, 14)))
	b3, fh := h.MarshalBlake3(), h.MarshalFishHash()
	if got := binary.BigEndian.Uint64(b3[RandomnessOffsetBlake3:]); got != h.Randomness {
		t.Errorf("Blake3 layout: randomness at %d reads %x, want %x", RandomnessOffsetBlake3, got, h.Randomness)
	}
	if got := binary.BigEndian.Uint64(fh[RandomnessOffsetFishHash:]); got != h.Randomness {
		t.Errorf("FishHash layout: randomness at %d reads %x, want %x", RandomnessOffsetFishHash, got, h.Randomness)
	}
	if !bytes.Equal(b3[8:148], fh[32:172]) || !bytes.Equal(b3[148:], fh[:32]) {
		t.Errorf("the layouts differ beyond the swap:\n %x\n %x", b3, fh)
	}
}

func TestParseWrongLength(t *testing.T) {
	for _, n := range []int{0, HeaderSize - 1, HeaderSize + 1} {
		if _, err := ParseBlake3(make([]byte, n)); err == nil {
			t.Errorf("ParseBlake3 of %d bytes: no error", n)
		}
		if _, err := ParseFishHash(make([]byte, n)); err == nil {
			t.Errorf("ParseFishHash of %d bytes: no error", n)
		}
		if _, err := HashHeader(make([]byte, n), [8]byte{}); err == nil {
			t.Errorf("HashHeader of %d bytes: no error", n)
		}
	}
}

func TestSetTarget(t *testing.T) {
	var h Header
	for _, bad := range []*big.Int{nil, big.NewInt(-1), new(big.Int).Lsh(big.NewInt(1), 256)} {
		if err := h.SetTarget(bad); err == nil {
			t.Errorf("SetTarget(%v): no error", bad)
		}
	}
	want := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	if err := h.SetTarget(want); err != nil || h.TargetInt().Cmp(want) != 0 {
		t.Errorf("SetTarget(2^256-1): %v, reads back %v", err, h.TargetInt())
	}
	if err := h.SetTarget(big.NewInt(0x1234)); err != nil || h.Target[30] != 0x12 || h.Target[31] != 0x34 || h.Target[0] != 0 {
		t.Errorf("SetTarget(0x1234) = %x, %v: want big-endian, high bytes cleared", h.Target, err)
	}
}

func TestTime(t *testing.T) {
	h := Header{Timestamp: 1681339461513}
	want := time.Date(2023, 4, 12, 22, 44, 21, 513e6, time.UTC)
	if !h.Time().Equal(want) {
		t.Errorf("Time() = %v, want %v", h.Time().UTC(), want)
	}
}
