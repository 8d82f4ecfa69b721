package chain

import (
	"encoding/hex"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func mustHash(t testing.TB, s string) Hash {
	t.Helper()
	h, err := ParseHash(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func bigHex(t testing.TB, s string) *big.Int {
	t.Helper()
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		t.Fatalf("bad hex %q", s)
	}
	return v
}

// Genesis headers of Bitcoin and Litecoin.
func bitcoinGenesis(t testing.TB) []byte {
	return Header(1, Hash{}, mustHash(t, "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"),
		1231006505, 0x1d00ffff, 2083236893)
}

func litecoinGenesis(t testing.TB) []byte {
	return Header(1, Hash{}, mustHash(t, "97ddfbbae6be97fd6cdf3e7ca13232a3afff2353e29badfab7f73011edd4ced9"),
		1317972665, 0x1e0ffff0, 2084524493)
}

func TestHashText(t *testing.T) {
	const s = "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f"
	h := mustHash(t, s)
	if h[31] != 0 || h[0] != 0x6f {
		t.Fatalf("internal byte order wrong: %x", h[:])
	}
	if h.String() != s {
		t.Fatalf("String = %s", h)
	}
	var back Hash
	if err := back.UnmarshalText([]byte(s)); err != nil || back != h {
		t.Fatalf("UnmarshalText = %v, %v", back, err)
	}
	for _, bad := range []string{"", "00", s + "00", "zz" + s[2:]} {
		if _, err := ParseHash(bad); err == nil {
			t.Errorf("ParseHash(%q) took it", bad)
		}
	}
}

func TestPowHash(t *testing.T) {
	tests := []struct {
		name   string
		algo   string
		header []byte
		want   string
		bits   uint32
	}{
		{"bitcoin genesis", SHA256d, bitcoinGenesis(t), "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f", 0x1d00ffff},
		{"litecoin genesis block hash", SHA256d, litecoinGenesis(t), "12a765e31ffd4059bada1e25190f6e98c99d9714d334efa41a195a7e7e04bfe2", 0},
		{"litecoin genesis scrypt", Scrypt, litecoinGenesis(t), "0000050c34a64b415b6b15b37f2216634b5b1669cb9a2e38d76f7213b0671e00", 0x1e0ffff0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := PowHash(tt.algo, tt.header)
			if err != nil {
				t.Fatal(err)
			}
			if h.String() != tt.want {
				t.Fatalf("hash = %s, want %s", h, tt.want)
			}
			if tt.bits != 0 {
				target := CompactToTarget(tt.bits)
				if !HashMeetsTarget(h, target) {
					t.Fatalf("%s does not meet target %x", h, target)
				}
				// The block hash, not the scrypt hash, is what sha256d would check; it
				// is far above Litecoin's genesis target.
				if tt.algo == Scrypt && HashMeetsTarget(DoubleSHA256(tt.header), target) {
					t.Fatal("sha256d hash meets the scrypt target: test vector is wrong")
				}
			}
		})
	}
	if _, err := PowHash(SHA256d, make([]byte, 79)); err == nil {
		t.Error("79-byte header accepted")
	}
	if _, err := PowHash("x11", make([]byte, 80)); err == nil {
		t.Error("unknown algorithm accepted")
	}
}

func TestCompactToTarget(t *testing.T) {
	tests := []struct {
		bits      uint32
		target    string
		canonical bool // TargetToCompact gives bits back
	}{
		{0x1d00ffff, "ffff" + zeros(52), true},
		{0x1e0ffff0, "0ffff0" + zeros(54), true},
		{0x1f00ffff, "ffff" + zeros(56), true},
		{0x207fffff, "7fffff" + zeros(58), true},
		{0x1b0404cb, "0404cb" + zeros(48), true},
		{0x03123456, "123456", true},
		{0x04123456, "12345600", true},
		{0x02008000, "80", true},
		{0x01003456, "0", false},
		{0x02123456, "1234", false},
		{0x04923456, "0", false}, // negative
		{0x00000000, "0", false},
		{0x22000001, "1" + zeros(62), false},
		{0x23000001, "0", false}, // overflow
	}
	for _, tt := range tests {
		got := CompactToTarget(tt.bits)
		if got.Cmp(bigHex(t, tt.target)) != 0 {
			t.Errorf("CompactToTarget(%08x) = %x, want %s", tt.bits, got, tt.target)
		}
		if tt.canonical {
			if back := TargetToCompact(got); back != tt.bits {
				t.Errorf("TargetToCompact(%x) = %08x, want %08x", got, back, tt.bits)
			}
		}
	}
	// A mantissa whose top bit is set moves to the next exponent.
	if got := TargetToCompact(big.NewInt(0x80)); got != 0x02008000 {
		t.Errorf("TargetToCompact(0x80) = %08x", got)
	}
}

func zeros(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = '0'
	}
	return string(b)
}

func TestDifficulty(t *testing.T) {
	tests := []struct {
		name string
		bits uint32
		algo string
		want float64
	}{
		{"sha256d diff 1", 0x1d00ffff, SHA256d, 1},
		{"scrypt diff 1", 0x1f00ffff, Scrypt, 1},
		{"litecoin genesis", 0x1e0ffff0, Scrypt, 16},
		{"litecoin genesis as sha256d", 0x1e0ffff0, SHA256d, 1.0 / 4096},
		{"bitcoin block 100000", 0x1b04864c, SHA256d, 14484.162361225399},
		{"bitcoin block 125552", 0x1b0404cb, SHA256d, 16307.420938523983},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := TargetToDifficulty(CompactToTarget(tt.bits), tt.algo)
			if math.Abs(got-tt.want)/tt.want > 1e-12 {
				t.Fatalf("difficulty = %v, want %v", got, tt.want)
			}
		})
	}

	for _, algo := range []string{SHA256d, Scrypt} {
		for _, d := range []float64{1, 0.001, 1.0 / 65536, 16, 1024, 123456.789, 1e9, 7.5e13} {
			target := DifficultyToTarget(d, algo)
			back := TargetToDifficulty(target, algo)
			if math.Abs(back-d)/d > 1e-9 {
				t.Errorf("%s: difficulty %v -> target %x -> %v", algo, d, target, back)
			}
		}
	}
	if got := DifficultyToTarget(1, SHA256d); got.Cmp(CompactToTarget(0x1d00ffff)) != 0 {
		t.Errorf("sha256d diff-1 target = %x", got)
	}
	if got := DifficultyToTarget(1, Scrypt); got.Cmp(bigHex(t, "0000ffff"+zeros(56))) != 0 {
		t.Errorf("scrypt diff-1 target = %064x", got)
	}
	max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	for _, d := range []float64{0, -1, math.NaN(), 1e-70} {
		if got := DifficultyToTarget(d, SHA256d); got.Cmp(max) != 0 {
			t.Errorf("DifficultyToTarget(%v) = %x, want 2^256-1", d, got)
		}
	}
	if got := DifficultyToTarget(math.Inf(1), Scrypt); got.Sign() != 0 {
		t.Errorf("DifficultyToTarget(+Inf) = %x, want 0", got)
	}
	if HashesPerDifficulty(SHA256d) != 1<<32 || HashesPerDifficulty(Scrypt) != 1<<16 {
		t.Error("HashesPerDifficulty")
	}
}

func TestHashMeetsTarget(t *testing.T) {
	var h Hash
	h[31] = 0x00
	h[30] = 0x01 // little-endian: the number is 0x0001 followed by 30 zero bytes
	target := bigHex(t, "0001"+zeros(60))
	if !HashMeetsTarget(h, target) {
		t.Error("equal hash and target must meet")
	}
	h[0] = 1
	if HashMeetsTarget(h, target) {
		t.Error("hash one above target met it")
	}
	if HashMeetsTarget(Hash{}, big.NewInt(0)) || HashMeetsTarget(Hash{}, nil) {
		t.Error("zero or nil target met")
	}
	if HashToBig(h).Text(16) != "1"+zeros(59)+"1" {
		t.Errorf("HashToBig = %x", HashToBig(h))
	}
}

func TestDoubleSHA256(t *testing.T) {
	// sha256d("") reversed, as Bitcoin displays hashes.
	got := DoubleSHA256(nil)
	if hex.EncodeToString(got[:]) != "5df6e0e2761359d30a8275058e299fcc0381534545f55cf43e41983f5d4c9456" {
		t.Fatalf("DoubleSHA256(\"\") = %x", got[:])
	}
}

// Target256 answers exactly as the big.Int comparison it replaced on the share path, on
// random hashes and targets and on the edges (equal, one apart, zero, the largest).
func TestTarget256MeetsAsBigInt(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	randHash := func() Hash {
		var h Hash
		for i := range h {
			h[i] = byte(rng.Uint32())
		}
		// Leading zero bytes, as real shares have, so that targets and hashes overlap.
		for i := 31; i > 31-int(rng.Uint32()%28); i-- {
			h[i] = 0
		}
		return h
	}
	targets := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Set(maxTarget), new(big.Int).Lsh(big.NewInt(1), 300),
		DifficultyToTarget(1, SHA256d), DifficultyToTarget(1, Scrypt), DifficultyToTarget(1e-9, SHA256d), CompactToTarget(0x1d00ffff)}
	var hashes []Hash
	for range 2000 {
		h := randHash()
		hashes = append(hashes, h)
		n := HashToBig(h)
		targets = append(targets, n, new(big.Int).Add(n, big.NewInt(1)), new(big.Int).Sub(n, big.NewInt(1)))
	}
	hashes = append(hashes, Hash{}, Hash{31: 0xff})
	for _, tg := range targets {
		t256 := TargetFromBig(tg)
		for _, h := range hashes[:50] {
			if got, want := t256.Meets(h), HashMeetsTarget(h, tg); got != want {
				t.Fatalf("hash %s target %x: Meets %v, big.Int %v", h, tg, got, want)
			}
		}
	}
	for i, h := range hashes {
		for _, tg := range targets[8+3*(i%2000) : 8+3*(i%2000)+3] {
			if got, want := TargetFromBig(tg).Meets(h), HashMeetsTarget(h, tg); got != want {
				t.Fatalf("hash %s target %x: Meets %v, big.Int %v", h, tg, got, want)
			}
		}
	}
}

// HashDifficultyFloat is within a few parts in 10^15 of the exact quotient.
func TestHashDifficultyFloat(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		var h Hash
		for i := range h {
			h[i] = byte(rng.Uint32())
		}
		for i := 31; i > 31-int(rng.Uint32()%30); i-- {
			h[i] = 0
		}
		for _, algo := range []string{SHA256d, Scrypt} {
			n := HashToBig(h)
			if n.Sign() == 0 {
				continue
			}
			exact, _ := new(big.Rat).SetFrac(diff1(algo), n).Float64()
			got := HashDifficultyFloat(h, algo)
			if math.Abs(got-exact) > 1e-14*exact {
				t.Fatalf("%s %s: %g, exact %g", algo, h, got, exact)
			}
		}
	}
	if HashDifficultyFloat(Hash{}, SHA256d) != 0 {
		t.Error("a zero hash has difficulty 0")
	}
}
