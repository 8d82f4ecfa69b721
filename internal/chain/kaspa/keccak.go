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

// keccakF1600 is the permutation with one round written out lane by lane (lane (x, y) is
// st[x+5y]); the rotation offsets are FIPS 202's rho table.
func keccakF1600(st *[25]uint64) {
	a00 := st[0]
	a10 := st[1]
	a20 := st[2]
	a30 := st[3]
	a40 := st[4]
	a01 := st[5]
	a11 := st[6]
	a21 := st[7]
	a31 := st[8]
	a41 := st[9]
	a02 := st[10]
	a12 := st[11]
	a22 := st[12]
	a32 := st[13]
	a42 := st[14]
	a03 := st[15]
	a13 := st[16]
	a23 := st[17]
	a33 := st[18]
	a43 := st[19]
	a04 := st[20]
	a14 := st[21]
	a24 := st[22]
	a34 := st[23]
	a44 := st[24]
	for round := 0; round < 24; round++ {
		// theta
		c0 := a00 ^ a01 ^ a02 ^ a03 ^ a04
		c1 := a10 ^ a11 ^ a12 ^ a13 ^ a14
		c2 := a20 ^ a21 ^ a22 ^ a23 ^ a24
		c3 := a30 ^ a31 ^ a32 ^ a33 ^ a34
		c4 := a40 ^ a41 ^ a42 ^ a43 ^ a44
		d0 := c4 ^ bits.RotateLeft64(c1, 1)
		d1 := c0 ^ bits.RotateLeft64(c2, 1)
		d2 := c1 ^ bits.RotateLeft64(c3, 1)
		d3 := c2 ^ bits.RotateLeft64(c4, 1)
		d4 := c3 ^ bits.RotateLeft64(c0, 1)
		// rho and pi: b[y][2x+3y] = rot(a[x][y] ^ d[x], r[x][y])
		b00 := a00 ^ d0
		b13 := bits.RotateLeft64(a01^d0, 36)
		b21 := bits.RotateLeft64(a02^d0, 3)
		b34 := bits.RotateLeft64(a03^d0, 41)
		b42 := bits.RotateLeft64(a04^d0, 18)
		b02 := bits.RotateLeft64(a10^d1, 1)
		b10 := bits.RotateLeft64(a11^d1, 44)
		b23 := bits.RotateLeft64(a12^d1, 10)
		b31 := bits.RotateLeft64(a13^d1, 45)
		b44 := bits.RotateLeft64(a14^d1, 2)
		b04 := bits.RotateLeft64(a20^d2, 62)
		b12 := bits.RotateLeft64(a21^d2, 6)
		b20 := bits.RotateLeft64(a22^d2, 43)
		b33 := bits.RotateLeft64(a23^d2, 15)
		b41 := bits.RotateLeft64(a24^d2, 61)
		b01 := bits.RotateLeft64(a30^d3, 28)
		b14 := bits.RotateLeft64(a31^d3, 55)
		b22 := bits.RotateLeft64(a32^d3, 25)
		b30 := bits.RotateLeft64(a33^d3, 21)
		b43 := bits.RotateLeft64(a34^d3, 56)
		b03 := bits.RotateLeft64(a40^d4, 27)
		b11 := bits.RotateLeft64(a41^d4, 20)
		b24 := bits.RotateLeft64(a42^d4, 39)
		b32 := bits.RotateLeft64(a43^d4, 8)
		b40 := bits.RotateLeft64(a44^d4, 14)
		// chi
		a00 = b00 ^ (^b10 & b20)
		a10 = b10 ^ (^b20 & b30)
		a20 = b20 ^ (^b30 & b40)
		a30 = b30 ^ (^b40 & b00)
		a40 = b40 ^ (^b00 & b10)
		a01 = b01 ^ (^b11 & b21)
		a11 = b11 ^ (^b21 & b31)
		a21 = b21 ^ (^b31 & b41)
		a31 = b31 ^ (^b41 & b01)
		a41 = b41 ^ (^b01 & b11)
		a02 = b02 ^ (^b12 & b22)
		a12 = b12 ^ (^b22 & b32)
		a22 = b22 ^ (^b32 & b42)
		a32 = b32 ^ (^b42 & b02)
		a42 = b42 ^ (^b02 & b12)
		a03 = b03 ^ (^b13 & b23)
		a13 = b13 ^ (^b23 & b33)
		a23 = b23 ^ (^b33 & b43)
		a33 = b33 ^ (^b43 & b03)
		a43 = b43 ^ (^b03 & b13)
		a04 = b04 ^ (^b14 & b24)
		a14 = b14 ^ (^b24 & b34)
		a24 = b24 ^ (^b34 & b44)
		a34 = b34 ^ (^b44 & b04)
		a44 = b44 ^ (^b04 & b14)
		// iota
		a00 ^= keccakRoundConstants[round]
	}
	st[0] = a00
	st[1] = a10
	st[2] = a20
	st[3] = a30
	st[4] = a40
	st[5] = a01
	st[6] = a11
	st[7] = a21
	st[8] = a31
	st[9] = a41
	st[10] = a02
	st[11] = a12
	st[12] = a22
	st[13] = a32
	st[14] = a42
	st[15] = a03
	st[16] = a13
	st[17] = a23
	st[18] = a33
	st[19] = a43
	st[20] = a04
	st[21] = a14
	st[22] = a24
	st[23] = a34
	st[24] = a44
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
