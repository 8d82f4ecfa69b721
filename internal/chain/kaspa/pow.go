package kaspa

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/big"
	"math/bits"
)

// The cSHAKE256 states kHeavyHash starts from, computed once: after the prefix block for
// its customization string, with the padding for its fixed input length already XORed
// in (rusty-kaspa crypto/hashes/src/pow_hashers.rs keeps the same states as constants).
var (
	// powHashInit is cSHAKE256("ProofOfWorkHash") ready for an 80-byte input:
	// PRE_POW_HASH (32) || TIME (8, LE) || 32 zero bytes || NONCE (8, LE).
	powHashInit = withPadding(cshake256Prefixed("ProofOfWorkHash"), 80)
	// heavyHashInit is cSHAKE256("HeavyHash") ready for a 32-byte input.
	heavyHashInit = withPadding(cshake256Prefixed("HeavyHash"), 32)
)

// PowHash is the first hash of kHeavyHash: cSHAKE256 with customization
// "ProofOfWorkHash" over PRE_POW_HASH || TIME || 32 zero bytes || NONCE, TIME and NONCE
// little-endian, 32 bytes of output.
func PowHash(prePowHash Hash, timestamp, nonce uint64) Hash {
	st := powHashStart(prePowHash, timestamp)
	return powHashFinish(&st, nonce)
}

// HeavyHashFinal is the last hash of kHeavyHash: cSHAKE256 with customization
// "HeavyHash" over 32 bytes, 32 bytes of output.
func HeavyHashFinal(in Hash) Hash {
	st := heavyHashInit
	for i := 0; i < 4; i++ {
		st[i] ^= binary.LittleEndian.Uint64(in[8*i:])
	}
	keccakF1600(&st)
	return squeeze32(&st)
}

func powHashStart(prePowHash Hash, timestamp uint64) [25]uint64 {
	st := powHashInit
	for i := 0; i < 4; i++ {
		st[i] ^= binary.LittleEndian.Uint64(prePowHash[8*i:])
	}
	st[4] ^= timestamp
	// Words 5..8 absorb the 32 zero bytes: nothing to XOR.
	return st
}

func powHashFinish(start *[25]uint64, nonce uint64) Hash {
	st := *start
	st[9] ^= nonce
	keccakF1600(&st)
	return squeeze32(&st)
}

func squeeze32(st *[25]uint64) Hash {
	var h Hash
	for i := 0; i < 4; i++ {
		binary.LittleEndian.PutUint64(h[8*i:], st[i])
	}
	return h
}

// xoshiro256pp is xoshiro256++ (Blackman and Vigna), the generator kHeavyHash fills its
// matrix from, seeded with the pre-PoW hash read as four little-endian words.
type xoshiro256pp [4]uint64

func newXoshiro(seed Hash) xoshiro256pp {
	var x xoshiro256pp
	for i := range x {
		x[i] = binary.LittleEndian.Uint64(seed[8*i:])
	}
	return x
}

func (x *xoshiro256pp) next() uint64 {
	s := x
	res := bits.RotateLeft64(s[0]+s[3], 23) + s[0]
	t := s[1] << 17
	s[2] ^= s[0]
	s[3] ^= s[1]
	s[1] ^= s[2]
	s[0] ^= s[3]
	s[2] ^= t
	s[3] = bits.RotateLeft64(s[3], 45)
	return res
}

// matrix is kHeavyHash's 64x64 matrix of 4-bit values.
type matrix [64][64]uint16

// generateMatrix draws matrices from xoshiro256++ seeded by the pre-PoW hash, each row
// from four outputs taken 4 bits at a time from the low end, until one has full rank
// (rusty-kaspa consensus/pow/src/matrix.rs, Matrix::generate).
func generateMatrix(seed Hash) *matrix {
	gen := newXoshiro(seed)
	m := new(matrix)
	for {
		for i := 0; i < 64; i++ {
			for j := 0; j < 64; j += 16 {
				v := gen.next()
				for shift := 0; shift < 16; shift++ {
					m[i][j+shift] = uint16(v >> (4 * shift) & 0x0f)
				}
			}
		}
		if m.rank() == 64 {
			return m
		}
	}
}

// rank is the rank by Gaussian elimination in float64 with the same operations, order and
// tolerance as rusty-kaspa's compute_rank, so that the borderline matrices it rejects
// are the ones we reject.
func (m *matrix) rank() int {
	const eps = 1e-9
	var f [64][64]float64
	for i := range m {
		for j := range m[i] {
			f[i][j] = float64(m[i][j])
		}
	}
	rank := 0
	var selected [64]bool
	for i := 0; i < 64; i++ {
		j := 0
		for ; j < 64; j++ {
			if !selected[j] && math.Abs(f[j][i]) > eps {
				break
			}
		}
		if j == 64 {
			continue
		}
		rank++
		selected[j] = true
		for p := i + 1; p < 64; p++ {
			f[j][p] /= f[j][i]
		}
		for k := 0; k < 64; k++ {
			if k != j && math.Abs(f[k][i]) > eps {
				for p := i + 1; p < 64; p++ {
					// The explicit conversion forbids a fused multiply-add (Go spec,
					// "Floating-point operators"): Rust rounds the product first.
					f[k][p] -= float64(f[j][p] * f[k][i])
				}
			}
		}
	}
	return rank
}

// packedMatrix holds the matrix column by column with four rows to a uint64 (16 bits a
// row): entries and vector nibbles are below 16 and a row has 64 of them, so a row's sum
// stays below 64*15*15 = 14400 and never carries into its neighbour's lane. That makes
// the product 1024 multiplications instead of 4096.
type packedMatrix [64][16]uint64

func (m *matrix) pack() *packedMatrix {
	p := new(packedMatrix)
	for j := 0; j < 64; j++ {
		for g := 0; g < 16; g++ {
			for k := 0; k < 4; k++ {
				p[j][g] |= uint64(m[4*g+k][j]) << (16 * k)
			}
		}
	}
	return p
}

// heavyHash multiplies the matrix by the 64 nibbles of h (high nibble first), keeps the
// top 4 of each 14-bit sum, packs pairs of rows into bytes, XORs them with h and hashes
// the result with cSHAKE256("HeavyHash").
func (m *matrix) heavyHash(h Hash) Hash { return m.pack().heavyHash(h) }

func (p *packedMatrix) heavyHash(h Hash) Hash {
	var sums [16]uint64
	for i, b := range h {
		hi, lo := uint64(b>>4), uint64(b&0x0f)
		c1, c2 := &p[2*i], &p[2*i+1]
		for g := 0; g < 16; g++ {
			sums[g] += c1[g]*hi + c2[g]*lo
		}
	}
	var product Hash
	for g := 0; g < 16; g++ {
		s := sums[g]
		// Rows 4g..4g+3 give product bytes 2g (rows 4g, 4g+1) and 2g+1 (rows 4g+2, 4g+3).
		r0, r1, r2, r3 := s&0xffff>>10, s>>16&0xffff>>10, s>>32&0xffff>>10, s>>48>>10
		product[2*g] = byte(r0<<4|r1) ^ h[2*g]
		product[2*g+1] = byte(r2<<4|r3) ^ h[2*g+1]
	}
	return HeavyHashFinal(product)
}

// Pow is a proof-of-work value: the kHeavyHash output read as a 256-bit little-endian
// integer (kaspad's Uint256::from_le_bytes), kept in its 32 bytes.
type Pow [32]byte

// Big returns p as an integer.
func (p Pow) Big() *big.Int {
	var be [32]byte
	for i := range p {
		be[i] = p[31-i]
	}
	return new(big.Int).SetBytes(be[:])
}

// Meets reports p <= t, the proof-of-work rule for a block (t from its bits) and for a
// share (t from the share difficulty).
func (p Pow) Meets(t Target) bool {
	for i := 3; i >= 0; i-- {
		w := binary.LittleEndian.Uint64(p[8*i:])
		if w != t[i] {
			return w < t[i]
		}
	}
	return true
}

// Target is a 256-bit target as four little-endian 64-bit words, the form Pow.Meets
// compares against without allocating.
type Target [4]uint64

// MaxTarget is 2^256-1, the target every proof of work meets.
var MaxTarget = Target{math.MaxUint64, math.MaxUint64, math.MaxUint64, math.MaxUint64}

// NewTarget converts t; a negative t gives the zero target (nothing meets it) and one of
// 2^256 or more gives MaxTarget.
func NewTarget(t *big.Int) Target {
	var out Target
	if t == nil || t.Sign() <= 0 {
		return out
	}
	if t.BitLen() > 256 {
		return MaxTarget
	}
	var be [32]byte
	t.FillBytes(be[:])
	for i := 0; i < 4; i++ {
		out[i] = binary.BigEndian.Uint64(be[32-8*(i+1):])
	}
	return out
}

// Big returns t as an integer.
func (t Target) Big() *big.Int {
	var be [32]byte
	for i := 0; i < 4; i++ {
		binary.BigEndian.PutUint64(be[32-8*(i+1):], t[i])
	}
	return new(big.Int).SetBytes(be[:])
}

// State is the per-job part of kHeavyHash: the matrix (costly: xoshiro draws and a 64x64
// rank check) and the PoW hash's state with the pre-PoW hash and timestamp absorbed. Build
// one per job with NewState and check every nonce against it; a State is read-only after
// construction and safe for concurrent use.
type State struct {
	prePowHash Hash
	timestamp  uint64
	start      [25]uint64
	matrix     *packedMatrix
	target     Target
}

// NewState prepares kHeavyHash for the header whose pre-PoW hash and timestamp (ms) are
// given, with the block target from its compact bits.
func NewState(prePowHash Hash, timestamp uint64, bits uint32) *State {
	return &State{
		prePowHash: prePowHash,
		timestamp:  timestamp,
		start:      powHashStart(prePowHash, timestamp),
		matrix:     generateMatrix(prePowHash).pack(),
		target:     NewTarget(TargetFromBits(bits)),
	}
}

// NewStateFromHeader is NewState for h's pre-PoW hash, timestamp and bits (kaspad's
// State::new(header)).
func NewStateFromHeader(h *Header) *State {
	return NewState(h.PrePowHash(), h.Timestamp, h.Bits)
}

// PrePowHash returns the pre-PoW hash the state was built for.
func (s *State) PrePowHash() Hash { return s.prePowHash }

// Timestamp returns the timestamp (ms) the state was built for.
func (s *State) Timestamp() uint64 { return s.timestamp }

// Target returns the block target from the bits the state was built with.
func (s *State) Target() Target { return s.target }

// Pow computes the proof-of-work value of nonce: kHeavyHash =
// cSHAKE256_HeavyHash(matrix x PowHash(prePowHash, timestamp, nonce) XOR PowHash(...)).
// It does not allocate.
func (s *State) Pow(nonce uint64) Pow {
	return Pow(s.matrix.heavyHash(powHashFinish(&s.start, nonce)))
}

// CheckPow returns nonce's proof-of-work value and whether it meets the block target
// (kaspad's State::check_pow: pow <= target).
func (s *State) CheckPow(nonce uint64) (Pow, bool) {
	p := s.Pow(nonce)
	return p, p.Meets(s.target)
}

// JobWork is the work a Kaspa stratum job carries (and chain.HeaderTemplate.Work holds):
// the pre-PoW hash followed by the timestamp as 8 little-endian bytes, 40 bytes in all.
// In hex it is the single job string BzMiner-style miners take (kaspa-stratum-bridge
// GenerateLargeJobParams).
func JobWork(prePowHash Hash, timestamp uint64) []byte {
	w := make([]byte, 40)
	copy(w, prePowHash[:])
	binary.LittleEndian.PutUint64(w[32:], timestamp)
	return w
}

// ParseJobWork splits what JobWork made.
func ParseJobWork(w []byte) (prePowHash Hash, timestamp uint64, err error) {
	if len(w) != 40 {
		return prePowHash, 0, fmt.Errorf("kaspa: job work of %d bytes, want 40", len(w))
	}
	copy(prePowHash[:], w)
	return prePowHash, binary.LittleEndian.Uint64(w[32:]), nil
}
