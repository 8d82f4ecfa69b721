package stratum

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
)

// EncodePrevHash writes a previous-block hash, given in header byte order, the way
// mining.notify carries it: each 4-byte word byte-swapped, in hex. That is how the first
// pools sent it and how cgminer, bfgminer and cpuminer read it (they swap the words back
// with swab32 before building the header).
//
// Worked example, the genesis block as its successor's header holds it:
//
//	display hash (RPC, explorers): 000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f
//	header byte order (reversed):  6fe28c0a b6f1b372 c1a6a246 ae63f74f 931e8365 e15a089c 68d61900 00000000
//	each word byte-swapped:        0a8ce26f 72b3f1b6 46a2a6c1 4ff763ae 65831e93 9c085ae1 0019d668 00000000
//	mining.notify prevhash:        0a8ce26f72b3f1b646a2a6c14ff763ae65831e939c085ae10019d66800000000
//
// which is the display hash with its eight words in reverse order.
func EncodePrevHash(h [32]byte) string {
	var b [32]byte
	for i := 0; i < 32; i += 4 {
		binary.BigEndian.PutUint32(b[i:], binary.LittleEndian.Uint32(h[i:]))
	}
	return hex.EncodeToString(b[:])
}

// DecodePrevHash reads a mining.notify prevhash back into header byte order; it undoes
// EncodePrevHash.
func DecodePrevHash(s string) ([32]byte, error) {
	var h [32]byte
	if len(s) != 64 {
		return h, fmt.Errorf("stratum: prevhash: %d hex characters, want 64", len(s))
	}
	if _, err := hex.Decode(h[:], []byte(s)); err != nil {
		return h, fmt.Errorf("stratum: prevhash: %w", err)
	}
	for i := 0; i < 32; i += 4 {
		binary.LittleEndian.PutUint32(h[i:], binary.BigEndian.Uint32(h[i:]))
	}
	return h, nil
}

// appendHex32 appends v as 8 hex digits, big-endian: the form of version, nbits and ntime
// in mining.notify and of ntime, nonce and version bits in mining.submit.
func appendHex32(dst []byte, v uint32) []byte {
	const digits = "0123456789abcdef"
	for shift := 28; shift >= 0; shift -= 4 {
		dst = append(dst, digits[(v>>uint(shift))&0xf])
	}
	return dst
}

// hex32 formats v as appendHex32 does.
func hex32(v uint32) string { return string(appendHex32(make([]byte, 0, 8), v)) }

// parseHex32 reads exactly 8 hex digits, big-endian.
func parseHex32(s string) (uint32, bool) {
	if len(s) != 8 {
		return 0, false
	}
	var v uint32
	for i := 0; i < 8; i++ {
		c := s[i]
		var d byte
		switch {
		case c >= '0' && c <= '9':
			d = c - '0'
		case c >= 'a' && c <= 'f':
			d = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			d = c - 'A' + 10
		default:
			return 0, false
		}
		v = v<<4 | uint32(d)
	}
	return v, true
}

// appendHexBytes appends b in plain hex.
func appendHexBytes(dst, b []byte) []byte {
	n := len(dst)
	dst = append(dst, make([]byte, hex.EncodedLen(len(b)))...)
	hex.Encode(dst[n:], b)
	return dst
}
