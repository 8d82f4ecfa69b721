package chain

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// HeaderSize is the size of a block header.
const HeaderSize = 80

// Coinbase scriptSig limits (consensus: 2 to 100 bytes).
const (
	MinCoinbaseScriptSize = 2
	MaxCoinbaseScriptSize = 100
	// MaxExtranonceSize is the largest extranonce placeholder, so it stays one direct push.
	MaxExtranonceSize = 75
)

// witnessReservedValue is the coinbase witness of a segwit block: one item of 32 zero bytes.
var witnessReservedValue [32]byte

// AppendVarInt appends n in Bitcoin's CompactSize encoding.
func AppendVarInt(b []byte, n uint64) []byte {
	switch {
	case n < 0xfd:
		return append(b, byte(n))
	case n <= 0xffff:
		return binary.LittleEndian.AppendUint16(append(b, 0xfd), uint16(n))
	case n <= 0xffffffff:
		return binary.LittleEndian.AppendUint32(append(b, 0xfe), uint32(n))
	default:
		return binary.LittleEndian.AppendUint64(append(b, 0xff), n)
	}
}

// ReadVarInt reads a CompactSize number from the start of b and tells how many bytes it
// took. Non-canonical encodings are refused, as nodes refuse them.
func ReadVarInt(b []byte) (uint64, int, error) {
	if len(b) == 0 {
		return 0, 0, errShort
	}
	switch b[0] {
	case 0xfd:
		if len(b) < 3 {
			return 0, 0, errShort
		}
		n := uint64(binary.LittleEndian.Uint16(b[1:]))
		if n < 0xfd {
			return 0, 0, errors.New("non-canonical varint")
		}
		return n, 3, nil
	case 0xfe:
		if len(b) < 5 {
			return 0, 0, errShort
		}
		n := uint64(binary.LittleEndian.Uint32(b[1:]))
		if n <= 0xffff {
			return 0, 0, errors.New("non-canonical varint")
		}
		return n, 5, nil
	case 0xff:
		if len(b) < 9 {
			return 0, 0, errShort
		}
		n := binary.LittleEndian.Uint64(b[1:])
		if n <= 0xffffffff {
			return 0, 0, errors.New("non-canonical varint")
		}
		return n, 9, nil
	default:
		return uint64(b[0]), 1, nil
	}
}

var errShort = errors.New("unexpected end of data")

// ScriptNum is n in the script number encoding: minimal little-endian with a sign bit.
func ScriptNum(n int64) []byte {
	if n == 0 {
		return nil
	}
	neg := n < 0
	u := uint64(n)
	if neg {
		u = uint64(-n)
	}
	var out []byte
	for u > 0 {
		out = append(out, byte(u))
		u >>= 8
	}
	if out[len(out)-1]&0x80 != 0 {
		if neg {
			out = append(out, 0x80)
		} else {
			out = append(out, 0)
		}
	} else if neg {
		out[len(out)-1] |= 0x80
	}
	return out
}

// ScriptPushInt is the script that pushes n, exactly as Bitcoin Core's CScript() << n:
// OP_0, OP_1NEGATE, OP_1..OP_16, or a push of ScriptNum(n). BIP34 requires the coinbase
// scriptSig to start with ScriptPushInt(height).
func ScriptPushInt(n int64) []byte {
	switch {
	case n == 0:
		return []byte{0x00}
	case n == -1:
		return []byte{0x4f}
	case n >= 1 && n <= 16:
		return []byte{0x50 + byte(n)}
	default:
		return ScriptPushData(ScriptNum(n))
	}
}

// ScriptPushData is the script that pushes data with the smallest push opcode.
func ScriptPushData(data []byte) []byte {
	n := len(data)
	var out []byte
	switch {
	case n < 0x4c:
		out = append(out, byte(n))
	case n <= 0xff:
		out = append(out, 0x4c, byte(n))
	case n <= 0xffff:
		out = binary.LittleEndian.AppendUint16(append(out, 0x4d), uint16(n))
	default:
		out = binary.LittleEndian.AppendUint32(append(out, 0x4e), uint32(n))
	}
	return append(out, data...)
}

// CoinbaseParts builds the template's coinbase transaction, serialized without witness,
// and splits it around an extranonce placeholder of extranonceSize bytes (extranonce1 +
// extranonce2), so that coinb1 || extranonce1 || extranonce2 || coinb2 is the whole
// transaction. Its scriptSig is the BIP34 height push, a push of the extranonce and a push
// of tag; its outputs pay CoinbaseValue to payoutScript and, for a segwit template, carry
// the witness commitment.
func CoinbaseParts(t *Template, payoutScript []byte, extranonceSize int, tag string) (coinb1, coinb2 []byte, err error) {
	if t == nil {
		return nil, nil, errors.New("chain: coinbase: no template")
	}
	return CoinbasePartsTo(t, []CoinbaseOutput{{Value: t.CoinbaseValue, Script: payoutScript}}, extranonceSize, tag)
}

// CoinbaseOutput is one output of a coinbase: value in minor units to a script.
type CoinbaseOutput struct {
	Value  int64
	Script []byte
}

// CoinbasePartsTo is CoinbaseParts with the coinbase value split between outputs (a solo
// miner's address and the pool's fee): each has a script and a value from 0, and together
// they pay no more than CoinbaseValue.
func CoinbasePartsTo(t *Template, outs []CoinbaseOutput, extranonceSize int, tag string) (coinb1, coinb2 []byte, err error) {
	return CoinbasePartsJob(t, outs, extranonceSize, tag, nil)
}

// MaxJobValueSize is the longest per-job value CoinbasePartsJob takes.
const MaxJobValueSize = 16

// CoinbasePartsJob is CoinbasePartsTo with a push of jobValue (when not empty) after the
// extranonce in the scriptSig. A pool gives every job its own value so that no two jobs
// have the same coinbase: otherwise two jobs built from one template (a refresh while the
// chain is quiet) give the same header for the same extranonce2, ntime and nonce, and one
// solution could be sent, and paid, under each of them.
func CoinbasePartsJob(t *Template, outs []CoinbaseOutput, extranonceSize int, tag string, jobValue []byte) (coinb1, coinb2 []byte, err error) {
	if len(jobValue) > MaxJobValueSize {
		return nil, nil, fmt.Errorf("chain: coinbase: job value of %d bytes, at most %d", len(jobValue), MaxJobValueSize)
	}
	if t == nil {
		return nil, nil, errors.New("chain: coinbase: no template")
	}
	if len(outs) == 0 {
		return nil, nil, errors.New("chain: coinbase: no output")
	}
	var total int64
	for _, o := range outs {
		if len(o.Script) == 0 {
			return nil, nil, errors.New("chain: coinbase: empty payout script")
		}
		if o.Value < 0 {
			return nil, nil, fmt.Errorf("chain: coinbase: negative output %d", o.Value)
		}
		total += o.Value
	}
	if total > t.CoinbaseValue {
		return nil, nil, fmt.Errorf("chain: coinbase: outputs pay %d of %d", total, t.CoinbaseValue)
	}
	if extranonceSize < 0 || extranonceSize > MaxExtranonceSize {
		return nil, nil, fmt.Errorf("chain: coinbase: extranonce size %d out of 0..%d", extranonceSize, MaxExtranonceSize)
	}
	if t.Height < 0 {
		return nil, nil, fmt.Errorf("chain: coinbase: negative height %d", t.Height)
	}
	if t.CoinbaseValue < 0 {
		return nil, nil, fmt.Errorf("chain: coinbase: negative value %d", t.CoinbaseValue)
	}

	// scriptSig = <height> [<extranonce>] [<job value>] [<tag>]; the extranonce push opcode
	// goes at the end of coinb1 so that the miner's bytes are exactly the pushed data.
	head := ScriptPushInt(t.Height)
	if extranonceSize > 0 {
		head = append(head, byte(extranonceSize))
	}
	var tail []byte
	if len(jobValue) > 0 {
		tail = ScriptPushData(jobValue)
	}
	if tag != "" {
		tail = append(tail, ScriptPushData([]byte(tag))...)
	}
	size := len(head) + extranonceSize + len(tail)
	if size < MinCoinbaseScriptSize || size > MaxCoinbaseScriptSize {
		return nil, nil, fmt.Errorf("chain: coinbase: scriptSig is %d bytes, want %d..%d (shorten the tag or the extranonce)",
			size, MinCoinbaseScriptSize, MaxCoinbaseScriptSize)
	}

	coinb1 = binary.LittleEndian.AppendUint32(nil, 1) // version
	coinb1 = append(coinb1, 1)                        // one input
	coinb1 = append(coinb1, make([]byte, 32)...)      // null prevout hash
	coinb1 = binary.LittleEndian.AppendUint32(coinb1, 0xffffffff)
	coinb1 = AppendVarInt(coinb1, uint64(size))
	coinb1 = append(coinb1, head...)

	coinb2 = append(coinb2, tail...)
	coinb2 = binary.LittleEndian.AppendUint32(coinb2, 0xffffffff) // sequence
	outputs := uint64(len(outs))
	if len(t.WitnessCommitment) > 0 {
		outputs++
	}
	coinb2 = AppendVarInt(coinb2, outputs)
	for _, o := range outs {
		coinb2 = appendOutput(coinb2, o.Value, o.Script)
	}
	if len(t.WitnessCommitment) > 0 {
		coinb2 = appendOutput(coinb2, 0, t.WitnessCommitment)
	}
	coinb2 = binary.LittleEndian.AppendUint32(coinb2, 0) // lock time
	return coinb1, coinb2, nil
}

func appendOutput(b []byte, value int64, script []byte) []byte {
	b = binary.LittleEndian.AppendUint64(b, uint64(value))
	b = AppendVarInt(b, uint64(len(script)))
	return append(b, script...)
}

// MerkleBranch is the stratum merkle branch of the coinbase: given the txids of the
// transactions after the coinbase, in block order, the hashes that MerkleRootFromBranch
// folds the coinbase txid with to reach the merkle root.
func MerkleBranch(txids []Hash) []Hash {
	var branch []Hash
	// level[0] stands for the coinbase-side hash, which the branch never needs.
	level := make([]Hash, 1, len(txids)+2)
	level = append(level, txids...)
	for len(level) > 1 {
		branch = append(branch, level[1])
		if len(level)%2 == 1 {
			level = append(level, level[len(level)-1])
		}
		next := make([]Hash, 1, len(level)/2+1)
		for i := 2; i < len(level); i += 2 {
			next = append(next, hashPair(level[i], level[i+1]))
		}
		level = next
	}
	return branch
}

// MerkleRootFromBranch folds the coinbase txid with a branch from MerkleBranch.
func MerkleRootFromBranch(coinbaseHash Hash, branch []Hash) Hash {
	h := coinbaseHash
	for _, b := range branch {
		h = hashPair(h, b)
	}
	return h
}

// MerkleRoot is the merkle root of txids (coinbase first).
func MerkleRoot(txids []Hash) Hash {
	if len(txids) == 0 {
		return Hash{}
	}
	return MerkleRootFromBranch(txids[0], MerkleBranch(txids[1:]))
}

func hashPair(a, b Hash) Hash {
	var buf [64]byte
	copy(buf[:32], a[:])
	copy(buf[32:], b[:])
	return DoubleSHA256(buf[:])
}

// Header serializes an 80-byte block header.
func Header(version int32, prev Hash, merkleRoot Hash, ntime, bits, nonce uint32) []byte {
	h := make([]byte, 0, HeaderSize)
	h = binary.LittleEndian.AppendUint32(h, uint32(version))
	h = append(h, prev[:]...)
	h = append(h, merkleRoot[:]...)
	h = binary.LittleEndian.AppendUint32(h, ntime)
	h = binary.LittleEndian.AppendUint32(h, bits)
	return binary.LittleEndian.AppendUint32(h, nonce)
}

// AssembleBlock serializes a whole block: header, transaction count, the coinbase (given
// without witness, as coinb1 || extranonce1 || extranonce2 || coinb2; for a segwit template
// it is written with its witness, the 32-byte witness reserved value), the template's
// transactions, and for a Litecoin MWEB template the extension block after them.
//
// Litecoin Core serializes a block as header, vtx and then, when the last transaction is
// the HogEx, MWEB::Block as an optional pointer: 0x01 followed by the extension block that
// getblocktemplate returns in "mweb" (0x00 would mean none).
func AssembleBlock(t *Template, header []byte, coinbase []byte) ([]byte, error) {
	if t == nil {
		return nil, errors.New("chain: assemble block: no template")
	}
	if len(header) != HeaderSize {
		return nil, fmt.Errorf("chain: assemble block: header is %d bytes, want %d", len(header), HeaderSize)
	}
	// version(4) in-count(1) prevout(36) script-len(1) ... sequence(4) out-count(1) lock(4)
	if len(coinbase) < 51 {
		return nil, fmt.Errorf("chain: assemble block: coinbase of %d bytes is too short", len(coinbase))
	}
	if coinbase[4] == 0 {
		return nil, errors.New("chain: assemble block: coinbase must be given without witness")
	}
	size := HeaderSize + 9 + len(coinbase) + 2 + 34 + len(t.MWEB) + 1
	for _, tx := range t.Transactions {
		size += len(tx.Data)
	}
	b := make([]byte, 0, size)
	b = append(b, header...)
	b = AppendVarInt(b, uint64(1+len(t.Transactions)))
	if len(t.WitnessCommitment) > 0 {
		b = append(b, coinbase[:4]...)
		b = append(b, 0x00, 0x01) // segwit marker and flag
		b = append(b, coinbase[4:len(coinbase)-4]...)
		b = append(b, 1, byte(len(witnessReservedValue)))
		b = append(b, witnessReservedValue[:]...)
		b = append(b, coinbase[len(coinbase)-4:]...)
	} else {
		b = append(b, coinbase...)
	}
	for _, tx := range t.Transactions {
		b = append(b, tx.Data...)
	}
	if t.MWEB != nil {
		b = append(b, 0x01)
		b = append(b, t.MWEB...)
	}
	return b, nil
}
