package kaspa

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
)

// Bytes is the transaction with its signature scripts in the encoding rusty-kaspa hashes
// for the transaction hash (write_transaction with signature scripts): the form the pool
// stores a payout in, and sends again as it is.
func (tx *Transaction) Bytes() []byte {
	var b bytes.Buffer
	w := writer{h: bufferHash{&b}}
	tx.write(w, true)
	return b.Bytes()
}

// bufferHash lets writer fill a buffer: only Write is used.
type bufferHash struct{ *bytes.Buffer }

func (bufferHash) Sum([]byte) []byte { panic("kaspa: bufferHash has no sum") }
func (bufferHash) Size() int         { return 0 }
func (bufferHash) BlockSize() int    { return 1 }

// ErrTxBytes wraps every reason ParseTransaction refuses its input.
var ErrTxBytes = errors.New("kaspa: transaction bytes")

// Bounds that keep a malformed length from allocating much: a standard transaction has
// a mass of at most 100,000 grams, which is at most that many bytes.
const maxTxBytes = 1 << 20

// ParseTransaction reads what Bytes writes.
func ParseTransaction(raw []byte) (*Transaction, error) {
	if len(raw) > maxTxBytes {
		return nil, fmt.Errorf("%w: %d bytes", ErrTxBytes, len(raw))
	}
	r := &reader{b: raw}
	tx := &Transaction{Version: r.u16()}
	n := r.count(36 + 8 + 1 + 8)
	tx.Inputs = make([]TxInput, n)
	for i := range tx.Inputs {
		in := &tx.Inputs[i]
		copy(in.Previous.TxID[:], r.take(32))
		in.Previous.Index = r.u32()
		in.SignatureScript = r.varBytes()
		in.SigOpCount = r.u8()
		in.Sequence = r.u64()
	}
	n = r.count(8 + 2 + 8)
	tx.Outputs = make([]TxOutput, n)
	for i := range tx.Outputs {
		o := &tx.Outputs[i]
		o.Value = r.u64()
		o.ScriptPublicKey.Version = r.u16()
		o.ScriptPublicKey.Script = r.varBytes()
	}
	tx.LockTime = r.u64()
	copy(tx.SubnetworkID[:], r.take(20))
	tx.Gas = r.u64()
	tx.Payload = r.varBytes()
	if r.err != nil {
		return nil, r.err
	}
	if len(r.b) != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the transaction", ErrTxBytes, len(r.b))
	}
	return tx, nil
}

type reader struct {
	b   []byte
	err error
}

func (r *reader) take(n int) []byte {
	if r.err != nil || n < 0 || n > len(r.b) {
		if r.err == nil {
			r.err = fmt.Errorf("%w: cut short", ErrTxBytes)
		}
		return make([]byte, max(n, 0))
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) u8() uint8   { return r.take(1)[0] }
func (r *reader) u16() uint16 { return binary.LittleEndian.Uint16(r.take(2)) }
func (r *reader) u32() uint32 { return binary.LittleEndian.Uint32(r.take(4)) }
func (r *reader) u64() uint64 { return binary.LittleEndian.Uint64(r.take(8)) }

// count reads a u64 count of items of at least min bytes each, refusing one the rest of
// the bytes cannot hold.
func (r *reader) count(min int) int {
	n := r.u64()
	if r.err == nil && n > uint64(len(r.b)/min) {
		r.err = fmt.Errorf("%w: %d items in %d bytes", ErrTxBytes, n, len(r.b))
	}
	if r.err != nil {
		return 0
	}
	return int(n)
}

func (r *reader) varBytes() []byte {
	n := r.u64()
	if r.err == nil && n > uint64(len(r.b)) {
		r.err = fmt.Errorf("%w: %d bytes wanted, %d left", ErrTxBytes, n, len(r.b))
	}
	if r.err != nil {
		return nil
	}
	return append([]byte{}, r.take(int(n))...)
}
