package kaspa

import (
	"encoding/hex"
	"fmt"

	"github.com/uniplus-pool/pool/internal/chain"
)

// Hash is a Kaspa hash (block hash, merkle root, pre-PoW hash) in the byte order kaspad
// stores and prints it: unlike Bitcoin, Kaspa's hex form is the bytes as they are, with
// no reversal.
type Hash [32]byte

// ParseHash reads the 64-hex-digit form kaspad's RPC uses.
func ParseHash(s string) (Hash, error) {
	var h Hash
	if len(s) != 2*len(h) {
		return h, fmt.Errorf("kaspa: hash %q: want %d hex digits, got %d", s, 2*len(h), len(s))
	}
	if _, err := hex.Decode(h[:], []byte(s)); err != nil {
		return h, fmt.Errorf("kaspa: hash %q: %w", s, err)
	}
	return h, nil
}

// String is kaspad's display form: the bytes in hex, in order.
func (h Hash) String() string { return hex.EncodeToString(h[:]) }

// MarshalText writes the display form, so JSON carries hashes as kaspad shows them.
func (h Hash) MarshalText() ([]byte, error) { return []byte(h.String()), nil }

// UnmarshalText reads the display form.
func (h *Hash) UnmarshalText(b []byte) error {
	p, err := ParseHash(string(b))
	if err != nil {
		return err
	}
	*h = p
	return nil
}

// ChainHash converts h to the pool's chain.Hash so that chain.Hash's display form (which
// reverses the bytes, Bitcoin-style) prints exactly kaspad's hex.
func (h Hash) ChainHash() chain.Hash {
	var c chain.Hash
	for i := range h {
		c[i] = h[len(h)-1-i]
	}
	return c
}

// HashFromChain undoes ChainHash.
func HashFromChain(c chain.Hash) Hash {
	var h Hash
	for i := range c {
		h[i] = c[len(c)-1-i]
	}
	return h
}
