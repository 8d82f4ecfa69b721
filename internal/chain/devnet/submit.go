package devnet

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
)

// SubmitBlock implements chain.Driver. It checks a block the way a node does, with the
// node's reasons: "duplicate", "stale-prevblk" (built on an older tip),
// "prev-blk-not-found", "bad-diffbits", "high-hash", "bad-txnmrklroot",
// "bad-txns-duplicate", "time-too-old", "time-too-new", "bad-cb-height",
// "bad-txns-inputs-missingorspent" (a transaction that is not a pending wallet
// transaction), "bad-txns-vout-negative", "bad-cb-amount", and "bad-blk-decode" for bytes
// that are not a block. An accepted block becomes the tip, and its coinbase outputs that
// pay wallet addresses are credited once they mature.
func (c *Chain) SubmitBlock(ctx context.Context, raw []byte) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("devnet: submit block: %w", err)
	}
	// Decoding and hashing (scrypt takes a while) need no lock.
	p, err := parseBlock(c.powAlgo, raw)
	if err != nil {
		return fmt.Errorf("devnet: submit block: %v: %w", err, reject("bad-blk-decode"))
	}
	c.mu.Lock()
	seq := c.seq
	b, err := c.acceptLocked(p, c.cfg.Now())
	var doomed bool
	if b != nil {
		doomed = b.Doomed // read under the lock: the network goroutine clears it
	}
	var snap snapshot
	if c.seq != seq {
		// Accepted, or a doomed tip was replaced on the way to a rejection.
		snap = c.snapshotLocked()
	}
	c.mu.Unlock()
	c.persist(snap)
	if err != nil {
		return fmt.Errorf("devnet: submit block %s: %w", p.hash, err)
	}
	c.log.Info("devnet: block accepted", "height", b.Height, "hash", b.Hash,
		"value", chain.FormatAmount(b.CoinbaseValue, c.cfg.Decimals), "doomed", doomed)
	return nil
}

func reject(reason string) error { return &chain.RejectedError{Reason: reason} }

// parsedBlock is what SubmitBlock learns from a block before it looks at the chain.
type parsedBlock struct {
	hash, prev, merkleRoot chain.Hash
	time, bits             uint32
	powHash                chain.Hash
	coinbase               *chain.Tx
	txids                  []chain.Hash // every transaction's, the coinbase first
}

// parseBlock decodes a whole block: header, and every transaction to the last byte.
func parseBlock(powAlgo string, raw []byte) (*parsedBlock, error) {
	if len(raw) < chain.HeaderSize+1 {
		return nil, fmt.Errorf("block of %d bytes is too short", len(raw))
	}
	header := raw[:chain.HeaderSize]
	count, n, err := chain.ReadVarInt(raw[chain.HeaderSize:])
	if err != nil {
		return nil, fmt.Errorf("transaction count: %w", err)
	}
	if count == 0 {
		return nil, errors.New("no transactions")
	}
	p := &parsedBlock{
		hash:  chain.DoubleSHA256(header),
		prev:  chain.Hash(header[4:36]),
		time:  binary.LittleEndian.Uint32(header[68:72]),
		bits:  binary.LittleEndian.Uint32(header[72:76]),
		txids: make([]chain.Hash, 0, min(count, 1024)),
	}
	p.merkleRoot = chain.Hash(header[36:68])
	off := chain.HeaderSize + n
	for i := uint64(0); i < count; i++ {
		tx, size, err := chain.ParseTx(raw[off:])
		if err != nil {
			return nil, fmt.Errorf("transaction %d: %w", i, err)
		}
		if (i == 0) != tx.IsCoinbase() {
			if i == 0 {
				return nil, errors.New("first transaction is not a coinbase")
			}
			return nil, fmt.Errorf("transaction %d is a second coinbase", i)
		}
		if i == 0 {
			p.coinbase = tx
		}
		p.txids = append(p.txids, txID(raw[off:off+size], tx))
		off += size
	}
	if off != len(raw) {
		return nil, fmt.Errorf("%d bytes after the last transaction", len(raw)-off)
	}
	if p.powHash, err = chain.PowHash(powAlgo, header); err != nil {
		return nil, err
	}
	return p, nil
}

// txID is the hash of a transaction without its witness, what merkle roots commit to.
func txID(data []byte, tx *chain.Tx) chain.Hash {
	if len(data) > 4 && data[4] != 0 {
		return chain.DoubleSHA256(data) // no segwit marker: data is already the plain form
	}
	return chain.DoubleSHA256(serializeTx(tx))
}

// serializeTx writes tx in the plain (non-witness) form.
func serializeTx(tx *chain.Tx) []byte {
	b := binary.LittleEndian.AppendUint32(nil, uint32(tx.Version))
	b = chain.AppendVarInt(b, uint64(len(tx.Inputs)))
	for _, in := range tx.Inputs {
		b = append(b, in.PrevHash[:]...)
		b = binary.LittleEndian.AppendUint32(b, in.PrevIndex)
		b = chain.AppendVarInt(b, uint64(len(in.Script)))
		b = append(b, in.Script...)
		b = binary.LittleEndian.AppendUint32(b, in.Sequence)
	}
	b = chain.AppendVarInt(b, uint64(len(tx.Outputs)))
	for _, out := range tx.Outputs {
		b = binary.LittleEndian.AppendUint64(b, uint64(out.Value))
		b = chain.AppendVarInt(b, uint64(len(out.Script)))
		b = append(b, out.Script...)
	}
	return binary.LittleEndian.AppendUint32(b, tx.LockTime)
}

// acceptLocked checks p against the chain and appends it, or says why not.
func (c *Chain) acceptLocked(p *parsedBlock, now time.Time) (*block, error) {
	if c.blocks[p.hash] != nil {
		return nil, reject("duplicate")
	}
	// A doomed pool block loses its race before the next block arrives, this one included.
	if c.tip().Doomed {
		if _, err := c.mineExternalLocked(now); err != nil {
			return nil, err
		}
	}
	tip := c.tip()
	if p.prev != tip.Hash {
		if c.blocks[p.prev] != nil {
			return nil, reject("stale-prevblk")
		}
		return nil, reject("prev-blk-not-found")
	}
	if p.bits != c.bits && !c.tipBits[p.bits] {
		return nil, reject("bad-diffbits")
	}
	if !chain.HashMeetsTarget(p.powHash, chain.CompactToTarget(p.bits)) {
		return nil, reject("high-hash")
	}
	if chain.MerkleRoot(p.txids) != p.merkleRoot {
		return nil, reject("bad-txnmrklroot")
	}
	// A repeated transaction leaves the merkle root unchanged (CVE-2012-2459), so the root
	// check alone does not catch it.
	seen := make(map[chain.Hash]bool, len(p.txids))
	for _, id := range p.txids {
		if seen[id] {
			return nil, reject("bad-txns-duplicate")
		}
		seen[id] = true
	}
	if int64(p.time) <= tip.Time {
		return nil, reject("time-too-old")
	}
	if int64(p.time) > now.Add(maxFutureDrift).Unix() {
		return nil, reject("time-too-new")
	}
	height := tip.Height + 1
	if !bytes.HasPrefix(p.coinbase.Inputs[0].Script, chain.ScriptPushInt(height)) {
		return nil, reject("bad-cb-height")
	}
	allowed := c.cfg.BlockReward
	for _, id := range p.txids[1:] {
		tx := c.txs[id]
		if tx == nil || c.confirmed[id] != nil {
			return nil, reject("bad-txns-inputs-missingorspent")
		}
		allowed += tx.Fee
	}
	var value, credit int64
	for _, out := range p.coinbase.Outputs {
		if out.Value < 0 {
			return nil, reject("bad-txns-vout-negative")
		}
		// Compared before adding, so that huge values cannot overflow the sum.
		if out.Value > allowed-value {
			return nil, reject("bad-cb-amount")
		}
		value += out.Value
		if k, ok := keyFromScript(out.Script); ok && c.keys[k] {
			credit += out.Value
		}
	}

	b := &block{
		Hash:          p.hash,
		Prev:          p.prev,
		Height:        height,
		Time:          int64(p.time),
		CoinbaseValue: value,
		Coinbase:      p.txids[0],
		TxIDs:         p.txids[1:],
		Pool:          true,
		Credit:        credit,
	}
	if len(b.TxIDs) == 0 {
		b.TxIDs = nil
	}
	c.appendLocked(b)
	if c.cfg.OrphanRate > 0 && c.rng.Float64() < c.cfg.OrphanRate {
		// Orphan races are settled within seconds on real networks: the competitor comes
		// well before the next block is due.
		b.Doomed = true
		c.orphanDue = now.Add(c.expWaitLocked(c.cfg.BlockTime / 10))
	}
	return b, nil
}
