package chain

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Tx is a decoded transaction (Bitcoin serialization, with or without segwit witness).
type Tx struct {
	Version  int32
	Inputs   []TxIn
	Outputs  []TxOut
	LockTime uint32
}

// TxIn is a transaction input.
type TxIn struct {
	PrevHash  Hash
	PrevIndex uint32
	Script    []byte
	Sequence  uint32
	Witness   [][]byte
}

// TxOut is a transaction output.
type TxOut struct {
	Value  int64
	Script []byte
}

// IsCoinbase tells whether tx is a coinbase: one input spending the null outpoint.
func (tx *Tx) IsCoinbase() bool {
	return len(tx.Inputs) == 1 && tx.Inputs[0].PrevHash.IsZero() && tx.Inputs[0].PrevIndex == 0xffffffff
}

// OutputValue is the sum of the outputs' values.
func (tx *Tx) OutputValue() int64 {
	var v int64
	for _, o := range tx.Outputs {
		v += o.Value
	}
	return v
}

// Limits that keep a hostile input from making the decoder allocate much.
const (
	maxTxItems  = 1 << 20
	maxItemSize = 4 << 20
)

// ParseTx decodes the transaction at the start of b and tells how many bytes it took. It
// reads the plain and the segwit (marker 0x00, flag 0x01) forms; Litecoin MWEB
// transactions (flag 0x08) are refused.
func ParseTx(b []byte) (*Tx, int, error) {
	r := reader{b: b}
	tx := &Tx{Version: int32(r.u32())}
	n := r.varint()
	witness := false
	if r.err == nil && n == 0 {
		// Segwit: a zero input count is the marker, then the flag.
		flag := r.byte()
		if r.err == nil && flag != 0x01 {
			return nil, 0, fmt.Errorf("chain: parse tx: unsupported flag 0x%02x", flag)
		}
		witness = true
		n = r.varint()
	}
	if r.err == nil && n > maxTxItems {
		return nil, 0, fmt.Errorf("chain: parse tx: %d inputs", n)
	}
	for i := uint64(0); i < n && r.err == nil; i++ {
		var in TxIn
		in.PrevHash = Hash(r.bytes(32))
		in.PrevIndex = r.u32()
		in.Script = r.varbytes()
		in.Sequence = r.u32()
		tx.Inputs = append(tx.Inputs, in)
	}
	n = r.varint()
	if r.err == nil && n > maxTxItems {
		return nil, 0, fmt.Errorf("chain: parse tx: %d outputs", n)
	}
	for i := uint64(0); i < n && r.err == nil; i++ {
		var out TxOut
		out.Value = int64(r.u64())
		out.Script = r.varbytes()
		tx.Outputs = append(tx.Outputs, out)
	}
	if witness {
		for i := range tx.Inputs {
			items := r.varint()
			if r.err == nil && items > maxTxItems {
				return nil, 0, fmt.Errorf("chain: parse tx: %d witness items", items)
			}
			for j := uint64(0); j < items && r.err == nil; j++ {
				tx.Inputs[i].Witness = append(tx.Inputs[i].Witness, r.varbytes())
			}
		}
	}
	tx.LockTime = r.u32()
	if r.err != nil {
		return nil, 0, fmt.Errorf("chain: parse tx: %w", r.err)
	}
	if len(tx.Inputs) == 0 {
		return nil, 0, errors.New("chain: parse tx: no inputs")
	}
	return tx, r.off, nil
}

// ParseBlockCoinbase decodes the header and the first transaction of a serialized block.
func ParseBlockCoinbase(block []byte) (header []byte, coinbase *Tx, err error) {
	if len(block) < HeaderSize+1 {
		return nil, nil, errors.New("chain: parse block: too short")
	}
	count, n, err := ReadVarInt(block[HeaderSize:])
	if err != nil {
		return nil, nil, fmt.Errorf("chain: parse block: transaction count: %w", err)
	}
	if count == 0 {
		return nil, nil, errors.New("chain: parse block: no transactions")
	}
	tx, _, err := ParseTx(block[HeaderSize+n:])
	if err != nil {
		return nil, nil, err
	}
	if !tx.IsCoinbase() {
		return nil, nil, errors.New("chain: parse block: first transaction is not a coinbase")
	}
	return block[:HeaderSize], tx, nil
}

// reader reads little-endian fields and remembers the first error.
type reader struct {
	b   []byte
	off int
	err error
}

func (r *reader) bytes(n int) []byte {
	if r.err != nil {
		return make([]byte, n)
	}
	if n < 0 || len(r.b)-r.off < n {
		r.err = errShort
		return make([]byte, max(n, 0))
	}
	out := r.b[r.off : r.off+n : r.off+n]
	r.off += n
	return out
}

func (r *reader) byte() byte  { return r.bytes(1)[0] }
func (r *reader) u32() uint32 { return binary.LittleEndian.Uint32(r.bytes(4)) }
func (r *reader) u64() uint64 { return binary.LittleEndian.Uint64(r.bytes(8)) }
func (r *reader) varint() uint64 {
	if r.err != nil {
		return 0
	}
	v, n, err := ReadVarInt(r.b[r.off:])
	if err != nil {
		r.err = err
		return 0
	}
	r.off += n
	return v
}

func (r *reader) varbytes() []byte {
	n := r.varint()
	if r.err != nil {
		return nil
	}
	if n > maxItemSize {
		r.err = fmt.Errorf("item of %d bytes", n)
		return nil
	}
	return r.bytes(int(n))
}
