package kaspa

import (
	"errors"
	"fmt"
	"strings"
)

// Address prefixes: the network part before the colon.
const (
	PrefixMainnet = "kaspa"
	PrefixTestnet = "kaspatest"
	PrefixSimnet  = "kaspasim"
	PrefixDevnet  = "kaspadev"
)

func knownPrefix(p string) bool {
	switch p {
	case PrefixMainnet, PrefixTestnet, PrefixSimnet, PrefixDevnet:
		return true
	}
	return false
}

// AddressVersion is the address's first payload byte: what kind of key or script it pays.
type AddressVersion byte

const (
	// AddressPubKey pays a 32-byte Schnorr (x-only) public key.
	AddressPubKey AddressVersion = 0
	// AddressPubKeyECDSA pays a 33-byte compressed ECDSA public key.
	AddressPubKeyECDSA AddressVersion = 1
	// AddressScriptHash pays the 32-byte BLAKE2b-256 hash of a redeem script.
	AddressScriptHash AddressVersion = 8
)

// PayloadLen is the payload length the version requires, or -1 for an unknown version.
func (v AddressVersion) PayloadLen() int {
	switch v {
	case AddressPubKey, AddressScriptHash:
		return 32
	case AddressPubKeyECDSA:
		return 33
	}
	return -1
}

// String is the version's name as kaspa-wasm's Address.version gives it.
func (v AddressVersion) String() string {
	switch v {
	case AddressPubKey:
		return "PubKey"
	case AddressPubKeyECDSA:
		return "PubKeyECDSA"
	case AddressScriptHash:
		return "ScriptHash"
	}
	return fmt.Sprintf("AddressVersion(%d)", byte(v))
}

// Address is a decoded Kaspa address.
type Address struct {
	Prefix  string
	Version AddressVersion
	Payload []byte
}

// ErrAddress wraps every reason ParseAddress refuses an address.
var ErrAddress = errors.New("kaspa: invalid address")

// ParseAddress decodes s ("prefix:payload") and requires its prefix to be prefix, or any
// of the four networks' when prefix is empty. It accepts exactly the addresses
// rusty-kaspa's Address::try_from accepts without error or panic
// (crypto/addresses/src/{lib,bech32}.rs): a known lower-case prefix; payload characters
// from the lower-case charset only (an upper-case letter anywhere is refused, all upper
// case included); at least 8 characters of checksum; the 40-bit checksum right; a known
// version byte followed by exactly the payload length it needs. Like rusty-kaspa it
// ignores the bits that do not fill a whole byte at the end of the data part, so a few
// texts other than the canonical one can decode to the same address: Address.String
// gives the canonical text, which is the one to store and compare.
func ParseAddress(s, prefix string) (Address, error) {
	p, data, ok := strings.Cut(s, ":")
	if !ok {
		return Address{}, fmt.Errorf("%w %q: no prefix", ErrAddress, s)
	}
	if !knownPrefix(p) {
		return Address{}, fmt.Errorf("%w %q: unknown prefix %q", ErrAddress, s, p)
	}
	if prefix != "" && p != prefix {
		return Address{}, fmt.Errorf("%w %q: prefix %q, want %q", ErrAddress, s, p, prefix)
	}
	u5 := make([]byte, len(data))
	for i := 0; i < len(data); i++ {
		c := data[i]
		if int(c) >= len(charsetRev) || charsetRev[c] < 0 {
			return Address{}, fmt.Errorf("%w %q: character %q is not in the charset", ErrAddress, s, c)
		}
		u5[i] = byte(charsetRev[c])
	}
	if len(u5) < 8 {
		return Address{}, fmt.Errorf("%w %q: too short", ErrAddress, s)
	}
	body, sum := u5[:len(u5)-8], u5[len(u5)-8:]
	var want uint64
	for _, b := range conv5to8(sum) {
		want = want<<8 | uint64(b)
	}
	if checksum(p, body) != want {
		return Address{}, fmt.Errorf("%w %q: bad checksum", ErrAddress, s)
	}
	payload := conv5to8(body)
	if len(payload) == 0 {
		return Address{}, fmt.Errorf("%w %q: no version byte", ErrAddress, s)
	}
	v := AddressVersion(payload[0])
	if n := v.PayloadLen(); n < 0 {
		return Address{}, fmt.Errorf("%w %q: unknown version %d", ErrAddress, s, payload[0])
	} else if len(payload)-1 != n {
		return Address{}, fmt.Errorf("%w %q: %s payload of %d bytes, want %d", ErrAddress, s, v, len(payload)-1, n)
	}
	return Address{Prefix: p, Version: v, Payload: payload[1:]}, nil
}

// EncodeAddress returns the canonical text of the address: prefix, ':', then the version
// byte and payload in 5-bit groups (zero-padded at the end) and the 8-character checksum,
// all in the charset "qpzry9x8gf2tvdw0s3jn54khce6mua7l".
func EncodeAddress(prefix string, v AddressVersion, payload []byte) (string, error) {
	if !knownPrefix(prefix) {
		return "", fmt.Errorf("%w: unknown prefix %q", ErrAddress, prefix)
	}
	if n := v.PayloadLen(); n < 0 {
		return "", fmt.Errorf("%w: unknown version %d", ErrAddress, byte(v))
	} else if len(payload) != n {
		return "", fmt.Errorf("%w: %s payload of %d bytes, want %d", ErrAddress, v, len(payload), n)
	}
	return encodeAddress(prefix, v, payload), nil
}

func encodeAddress(prefix string, v AddressVersion, payload []byte) string {
	body := conv8to5(append([]byte{byte(v)}, payload...))
	c := checksum(prefix, body)
	var cb [5]byte
	for i := range cb {
		cb[i] = byte(c >> (8 * (4 - i)))
	}
	var b strings.Builder
	b.Grow(len(prefix) + 1 + len(body) + 8)
	b.WriteString(prefix)
	b.WriteByte(':')
	for _, d := range body {
		b.WriteByte(charset[d])
	}
	for _, d := range conv8to5(cb[:]) {
		b.WriteByte(charset[d])
	}
	return b.String()
}

// String returns the canonical text of a; an address that EncodeAddress would refuse
// prints in Go syntax instead.
func (a Address) String() string {
	s, err := EncodeAddress(a.Prefix, a.Version, a.Payload)
	if err != nil {
		return fmt.Sprintf("kaspa.Address{%q, %d, %x}", a.Prefix, byte(a.Version), a.Payload)
	}
	return s
}

// ScriptPublicKey is an output's locking script with its script version.
type ScriptPublicKey struct {
	Version uint16
	Script  []byte
}

// Standard script opcodes (rusty-kaspa crypto/txscript/src/opcodes).
const (
	opData32        = 0x20
	opData33        = 0x21
	opEqual         = 0x87
	opBlake2b       = 0xaa
	opCheckSigECDSA = 0xab
	opCheckSig      = 0xac
)

// ScriptPublicKey returns the script an output paying a carries (rusty-kaspa
// pay_to_address_script), version 0:
// PubKey: OP_DATA_32 <key> OP_CHECKSIG; PubKeyECDSA: OP_DATA_33 <key> OP_CHECKSIGECDSA;
// ScriptHash: OP_BLAKE2B OP_DATA_32 <hash> OP_EQUAL. An address of unknown version gives
// an empty script.
func (a Address) ScriptPublicKey() ScriptPublicKey {
	var s []byte
	switch a.Version {
	case AddressPubKey:
		s = append(append([]byte{opData32}, a.Payload...), opCheckSig)
	case AddressPubKeyECDSA:
		s = append(append([]byte{opData33}, a.Payload...), opCheckSigECDSA)
	case AddressScriptHash:
		s = append(append([]byte{opBlake2b, opData32}, a.Payload...), opEqual)
	}
	return ScriptPublicKey{Version: 0, Script: s}
}

const charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// charsetRev maps an ASCII byte to its 5-bit value, -1 where it is not in the charset.
var charsetRev = func() [123]int8 {
	var r [123]int8
	for i := range r {
		r[i] = -1
	}
	for i := 0; i < len(charset); i++ {
		r[charset[i]] = int8(i)
	}
	return r
}()

// polymod is the CashAddr BCH checksum over GF(32) with 40-bit state (the generator
// constants below), ending with the XOR by 1.
func polymod(c uint64, values []byte) uint64 {
	for _, d := range values {
		c0 := c >> 35
		c = (c&0x07ffffffff)<<5 ^ uint64(d)
		if c0&0x01 != 0 {
			c ^= 0x98f2bc8e61
		}
		if c0&0x02 != 0 {
			c ^= 0x79b76d99e2
		}
		if c0&0x04 != 0 {
			c ^= 0xf33e5fb3c4
		}
		if c0&0x08 != 0 {
			c ^= 0xae2eabe2a8
		}
		if c0&0x10 != 0 {
			c ^= 0x1e4f43e470
		}
	}
	return c
}

// checksum covers the prefix's characters (low 5 bits each), a zero separator, the data
// in 5-bit groups and eight zero groups.
func checksum(prefix string, body []byte) uint64 {
	pre := make([]byte, len(prefix)+1)
	for i := 0; i < len(prefix); i++ {
		pre[i] = prefix[i] & 0x1f
	}
	c := polymod(1, pre)
	c = polymod(c, body)
	c = polymod(c, make([]byte, 8))
	return c ^ 1
}

// conv8to5 regroups bytes into 5-bit groups, zero-padding the last one.
func conv8to5(in []byte) []byte {
	out := make([]byte, 0, (len(in)*8+4)/5)
	var acc uint16
	bits := 0
	for _, b := range in {
		acc = acc<<8 | uint16(b)
		bits += 8
		for bits >= 5 {
			bits -= 5
			out = append(out, byte(acc>>bits)&0x1f)
		}
		acc &= 1<<bits - 1
	}
	if bits > 0 {
		out = append(out, byte(acc<<(5-bits))&0x1f)
	}
	return out
}

// conv5to8 regroups 5-bit groups into bytes, dropping the bits left over at the end
// whatever their value, as rusty-kaspa does.
func conv5to8(in []byte) []byte {
	out := make([]byte, 0, len(in)*5/8)
	var acc uint16
	bits := 0
	for _, d := range in {
		acc = acc<<5 | uint16(d)
		bits += 5
		for bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
		}
		acc &= 1<<bits - 1
	}
	return out
}
