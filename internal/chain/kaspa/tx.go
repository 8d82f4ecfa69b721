package kaspa

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash"

	"golang.org/x/crypto/blake2b"
)

// Transactions (rusty-kaspa consensus/core/src/tx.rs): inputs name the outputs they spend
// by outpoint and carry a signature script; outputs carry a value in sompi and a script
// public key. A native transaction has the all-zero subnetwork id, no gas and, for a
// payment, no payload.

// Outpoint names a transaction output.
type Outpoint struct {
	TxID  Hash
	Index uint32
}

// String is "txid:index".
func (o Outpoint) String() string { return fmt.Sprintf("%s:%d", o.TxID, o.Index) }

// TxInput is a transaction input.
type TxInput struct {
	Previous        Outpoint
	SignatureScript []byte
	Sequence        uint64
	SigOpCount      uint8
}

// TxOutput is a transaction output.
type TxOutput struct {
	Value           uint64 // sompi
	ScriptPublicKey ScriptPublicKey
}

// SubnetworkID is a transaction's 20-byte subnetwork id; the zero value is the native one.
type SubnetworkID [20]byte

// Transaction is a Kaspa transaction.
type Transaction struct {
	Version      uint16
	Inputs       []TxInput
	Outputs      []TxOutput
	LockTime     uint64
	SubnetworkID SubnetworkID
	Gas          uint64
	Payload      []byte
}

// UTXOEntry is what the UTXO set holds for an output: what signing it and weighing the
// spending transaction need.
type UTXOEntry struct {
	Amount          uint64
	ScriptPublicKey ScriptPublicKey
	BlockDAAScore   uint64
	IsCoinbase      bool
}

// Domain keys of the BLAKE2b hashes (rusty-kaspa crypto/hashes).
var (
	keyTransactionID      = []byte("TransactionID")
	keyTransactionSigning = []byte("TransactionSigningHash")
)

// writer feeds a hash the way rusty-kaspa's HasherExtensions do: integers little-endian,
// byte strings with their length as a u64 first (write_var_bytes).
type writer struct{ h hash.Hash }

func newHasher(key []byte) writer {
	h, err := blake2b.New256(key)
	if err != nil {
		panic(err) // keys are short constants
	}
	return writer{h}
}

func (w writer) bytes(b []byte) { w.h.Write(b) }
func (w writer) u8(v uint8)     { w.h.Write([]byte{v}) }
func (w writer) u16(v uint16)   { w.h.Write(binary.LittleEndian.AppendUint16(nil, v)) }
func (w writer) u32(v uint32)   { w.h.Write(binary.LittleEndian.AppendUint32(nil, v)) }
func (w writer) u64(v uint64)   { w.h.Write(binary.LittleEndian.AppendUint64(nil, v)) }
func (w writer) varBytes(b []byte) {
	w.u64(uint64(len(b)))
	w.h.Write(b)
}
func (w writer) sum() Hash {
	var out Hash
	copy(out[:], w.h.Sum(nil))
	return out
}

func (w writer) outpoint(o Outpoint) {
	w.bytes(o.TxID[:])
	w.u32(o.Index)
}

func (w writer) scriptPublicKey(s ScriptPublicKey) {
	w.u16(s.Version)
	w.varBytes(s.Script)
}

// ID is the transaction id (rusty-kaspa hashing::tx::id): BLAKE2b-256 keyed
// "TransactionID" over the transaction without its signature scripts, so that signing
// does not change it.
func (tx *Transaction) ID() Hash {
	w := newHasher(keyTransactionID)
	tx.write(w, false)
	return w.sum()
}

// write is rusty-kaspa's write_transaction: version, inputs (outpoint, signature script
// with its sig-op count when withScripts, else an empty one, sequence), outputs (value,
// script public key), lock time, subnetwork id, gas, payload.
func (tx *Transaction) write(w writer, withScripts bool) {
	w.u16(tx.Version)
	w.u64(uint64(len(tx.Inputs)))
	for _, in := range tx.Inputs {
		w.outpoint(in.Previous)
		if withScripts {
			w.varBytes(in.SignatureScript)
			w.u8(in.SigOpCount)
		} else {
			w.varBytes(nil)
		}
		w.u64(in.Sequence)
	}
	w.u64(uint64(len(tx.Outputs)))
	for _, out := range tx.Outputs {
		w.u64(out.Value)
		w.scriptPublicKey(out.ScriptPublicKey)
	}
	w.u64(tx.LockTime)
	w.bytes(tx.SubnetworkID[:])
	w.u64(tx.Gas)
	w.varBytes(tx.Payload)
}

// SigHashAll is the only signature hash type the wallet uses: the signature commits to
// every input and output.
const SigHashAll = 0x01

// SigHashReused holds the parts of the signature hash that are the same for every input
// of a transaction (rusty-kaspa SigHashReusedValues), computed on first use.
type SigHashReused struct {
	previousOutputs, sequences, sigOpCounts, outputs, payload *Hash
}

func (r *SigHashReused) once(p **Hash, f func(w writer)) Hash {
	if *p == nil {
		w := newHasher(keyTransactionSigning)
		f(w)
		h := w.sum()
		*p = &h
	}
	return **p
}

// ErrSigHash is returned for an input index or entries that do not fit the transaction.
var ErrSigHash = errors.New("kaspa: signature hash")

// SigHash is the Schnorr signature hash of input i with SIGHASH_ALL (rusty-kaspa
// hashing::sighash::calc_schnorr_signature_hash): BLAKE2b-256 keyed
// "TransactionSigningHash" over the version, the hashes of all previous outpoints, all
// sequences and all sig-op counts, the input's outpoint, the script public key and amount
// of the output it spends (entries[i]), its sequence and sig-op count, the hash of all
// outputs, the lock time, subnetwork id, gas, the payload's hash, and the hash type.
// reused may be nil; share one across the inputs of one transaction.
func (tx *Transaction) SigHash(i int, entries []UTXOEntry, reused *SigHashReused) (Hash, error) {
	if i < 0 || i >= len(tx.Inputs) || len(entries) != len(tx.Inputs) {
		return Hash{}, fmt.Errorf("%w: input %d of %d with %d entries", ErrSigHash, i, len(tx.Inputs), len(entries))
	}
	if reused == nil {
		reused = &SigHashReused{}
	}
	in := tx.Inputs[i]
	w := newHasher(keyTransactionSigning)
	w.u16(tx.Version)
	prev := reused.once(&reused.previousOutputs, func(h writer) {
		for _, in := range tx.Inputs {
			h.outpoint(in.Previous)
		}
	})
	w.bytes(prev[:])
	seq := reused.once(&reused.sequences, func(h writer) {
		for _, in := range tx.Inputs {
			h.u64(in.Sequence)
		}
	})
	w.bytes(seq[:])
	ops := reused.once(&reused.sigOpCounts, func(h writer) {
		for _, in := range tx.Inputs {
			h.u8(in.SigOpCount)
		}
	})
	w.bytes(ops[:])
	w.outpoint(in.Previous)
	w.scriptPublicKey(entries[i].ScriptPublicKey)
	w.u64(entries[i].Amount)
	w.u64(in.Sequence)
	w.u8(in.SigOpCount)
	outs := reused.once(&reused.outputs, func(h writer) {
		for _, o := range tx.Outputs {
			h.u64(o.Value)
			h.scriptPublicKey(o.ScriptPublicKey)
		}
	})
	w.bytes(outs[:])
	w.u64(tx.LockTime)
	w.bytes(tx.SubnetworkID[:])
	w.u64(tx.Gas)
	var payload Hash // zero for a native transaction without payload
	if tx.SubnetworkID != (SubnetworkID{}) || len(tx.Payload) > 0 {
		payload = reused.once(&reused.payload, func(h writer) { h.varBytes(tx.Payload) })
	}
	w.bytes(payload[:])
	w.u8(SigHashAll)
	return w.sum(), nil
}
