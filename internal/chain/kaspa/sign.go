package kaspa

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/btcsuite/btcd/btcec/v2"
	"github.com/btcsuite/btcd/btcec/v2/schnorr"
)

// PrivateKey is a secp256k1 key that signs Kaspa's Schnorr (BIP-340) signatures.
type PrivateKey struct{ k *btcec.PrivateKey }

// ErrKey is returned for a private key that is not a valid secp256k1 scalar.
var ErrKey = errors.New("kaspa: invalid private key")

// ParsePrivateKey reads a 32-byte secret key (big-endian, 1 ≤ k < n).
func ParsePrivateKey(b []byte) (*PrivateKey, error) {
	if len(b) != 32 {
		return nil, fmt.Errorf("%w: %d bytes, want 32", ErrKey, len(b))
	}
	var s btcec.ModNScalar
	if overflow := s.SetByteSlice(b); overflow || s.IsZero() {
		return nil, fmt.Errorf("%w: out of range", ErrKey)
	}
	k, _ := btcec.PrivKeyFromBytes(b)
	return &PrivateKey{k}, nil
}

// XOnly is the key's 32-byte x-only public key: what a Schnorr address pays.
func (k *PrivateKey) XOnly() []byte { return schnorr.SerializePubKey(k.k.PubKey()) }

// Address is the key's pay-to-pubkey (Schnorr) address under prefix.
func (k *PrivateKey) Address(prefix string) Address {
	return Address{Prefix: prefix, Version: AddressPubKey, Payload: k.XOnly()}
}

// SignHash signs a 32-byte message with BIP-340 (fresh auxiliary randomness, as
// libsecp256k1's schnorrsig_sign that kaspad's wallets use).
func (k *PrivateKey) SignHash(h Hash) ([64]byte, error) {
	var aux [32]byte
	if _, err := rand.Read(aux[:]); err != nil {
		return [64]byte{}, err
	}
	sig, err := schnorr.Sign(k.k, h[:], schnorr.CustomNonce(aux))
	if err != nil {
		return [64]byte{}, err
	}
	var out [64]byte
	copy(out[:], sig.Serialize())
	return out, nil
}

// VerifySchnorr checks a BIP-340 signature of h by the x-only key.
func VerifySchnorr(xonly []byte, h Hash, sig []byte) bool {
	pub, err := schnorr.ParsePubKey(xonly)
	if err != nil {
		return false
	}
	s, err := schnorr.ParseSignature(sig)
	if err != nil {
		return false
	}
	return s.Verify(h[:], pub)
}

// Sign fills the signature script of every input that spends an output paying k's
// Schnorr address (entries[i], the outputs spent, in input order): OP_DATA_65, the
// signature of the input's SIGHASH_ALL hash, SigHashAll. Sig-op counts must be set
// before (1 for such an input), since the hash commits to them. It fails when an input
// spends an output that is not k's.
func (tx *Transaction) Sign(k *PrivateKey, entries []UTXOEntry) error {
	if len(entries) != len(tx.Inputs) {
		return fmt.Errorf("%w: %d entries for %d inputs", ErrSigHash, len(entries), len(tx.Inputs))
	}
	own := k.Address("").ScriptPublicKey()
	reused := &SigHashReused{}
	scripts := make([][]byte, len(tx.Inputs))
	for i := range tx.Inputs {
		spk := entries[i].ScriptPublicKey
		if spk.Version != own.Version || !bytes.Equal(spk.Script, own.Script) {
			return fmt.Errorf("kaspa: sign: input %d spends %x, not the key's output", i, spk.Script)
		}
		h, err := tx.SigHash(i, entries, reused)
		if err != nil {
			return err
		}
		sig, err := k.SignHash(h)
		if err != nil {
			return err
		}
		scripts[i] = append(append([]byte{65}, sig[:]...), SigHashAll)
	}
	for i := range tx.Inputs {
		tx.Inputs[i].SignatureScript = scripts[i]
	}
	return nil
}

// VerifyInput checks input i's signature script as a pay-to-pubkey spend of entries[i]:
// the script is one push of a 64-byte signature with SIGHASH_ALL, and it verifies under
// the key of the spent output's OP_DATA_32 <key> OP_CHECKSIG script.
func (tx *Transaction) VerifyInput(i int, entries []UTXOEntry, reused *SigHashReused) error {
	h, err := tx.SigHash(i, entries, reused)
	if err != nil {
		return err
	}
	spk := entries[i].ScriptPublicKey.Script
	if entries[i].ScriptPublicKey.Version != 0 || len(spk) != 34 || spk[0] != opData32 || spk[33] != opCheckSig {
		return fmt.Errorf("kaspa: input %d spends a script that is not pay-to-pubkey", i)
	}
	ss := tx.Inputs[i].SignatureScript
	if len(ss) != SchnorrSigScriptLen || ss[0] != 65 || ss[65] != SigHashAll {
		return fmt.Errorf("kaspa: input %d: signature script is not one SIGHASH_ALL Schnorr signature", i)
	}
	if !VerifySchnorr(spk[1:33], h, ss[1:65]) {
		return fmt.Errorf("kaspa: input %d: signature does not verify", i)
	}
	return nil
}
