package kaspa

import "math/bits"

// The Keccak-f[1600] permutation (FIPS 202), written out here because the PoW hashes
// below absorb a fixed-length input into a precomputed state: one permutation per hash,
// no allocation, which golang.org/x/crypto/sha3's streaming API cannot give.

var keccakRoundConstants = [24]uint64{
	0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
	0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
	0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
	0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
	0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
	0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
}

// keccakRho and keccakPi walk the 24 lanes other than (0,0) along the rho-pi cycle: lane
// keccakPi[i] receives the previous lane rotated by keccakRho[i].
var (
	keccakRho = [24]int{1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44}
	keccakPi  = [24]int{10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1}
)

func keccakF1600(a *[25]uint64) {
	var c [5]uint64
	for round := 0; round < 24; round++ {
		// theta
		for x := 0; x < 5; x++ {
			c[x] = a[x] ^ a[x+5] ^ a[x+10] ^ a[x+15] ^ a[x+20]
		}
		for x := 0; x < 5; x++ {
			d := c[(x+4)%5] ^ bits.RotateLeft64(c[(x+1)%5], 1)
			a[x] ^= d
			a[x+5] ^= d
			a[x+10] ^= d
			a[x+15] ^= d
			a[x+20] ^= d
		}
		// rho and pi
		t := a[1]
		for i := 0; i < 24; i++ {
			j := keccakPi[i]
			t, a[j] = a[j], bits.RotateLeft64(t, keccakRho[i])
		}
		// chi
		for y := 0; y < 25; y += 5 {
			r0, r1, r2, r3, r4 := a[y], a[y+1], a[y+2], a[y+3], a[y+4]
			a[y] = r0 ^ (^r1 & r2)
			a[y+1] = r1 ^ (^r2 & r3)
			a[y+2] = r2 ^ (^r3 & r4)
			a[y+3] = r3 ^ (^r4 & r0)
			a[y+4] = r4 ^ (^r0 & r1)
		}
		// iota
		a[0] ^= keccakRoundConstants[round]
	}
}

// cshake256Rate is cSHAKE256's rate in bytes (1600 - 2*256 bits).
const cshake256Rate = 136

// cshake256Prefixed returns the Keccak state after cSHAKE256 with an empty function name
// and customization s has absorbed its prefix block, bytepad(encode_string("") ||
// encode_string(s), 136) (NIST SP 800-185), for inputs short enough to absorb into the
// following block.
func cshake256Prefixed(s string) [25]uint64 {
	var block [cshake256Rate]byte
	// left_encode(136), left_encode(0) for the empty name, left_encode(8*len(s)), s.
	n := copy(block[:], []byte{1, cshake256Rate, 1, 0})
	if 8*len(s) > 255 || len(s) > cshake256Rate-n-2 {
		panic("kaspa: cSHAKE customization too long for one block")
	}
	block[n], block[n+1] = 1, byte(8*len(s))
	copy(block[n+2:], s)
	var a [25]uint64
	absorbBytes(&a, block[:])
	keccakF1600(&a)
	return a
}

// withPadding returns st with cSHAKE's domain bits and pad10*1 XORed in for an input of
// inputLen bytes (< 136), so that hashing an input is XOR, one permutation, read.
func withPadding(st [25]uint64, inputLen int) [25]uint64 {
	st[inputLen/8] ^= 0x04 << (8 * (inputLen % 8))
	st[(cshake256Rate-1)/8] ^= 0x80 << (8 * ((cshake256Rate - 1) % 8))
	return st
}

func absorbBytes(a *[25]uint64, b []byte) {
	for i, v := range b {
		a[i/8] ^= uint64(v) << (8 * (i % 8))
	}
}
