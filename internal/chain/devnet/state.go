package devnet

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/uniplus-pool/pool/internal/chain"
)

// stateFormat is the version of the state file layout.
const stateFormat = 1

// state is the state file: the block tree and the wallet. The main chain, confirmations
// and credits are rebuilt from it.
type state struct {
	Format  int        `json:"format"`
	Coin    string     `json:"coin"`
	Genesis chain.Hash `json:"genesis"`
	Tip     chain.Hash `json:"tip"`
	// Blocks are every block but genesis, orphans included, parents before children.
	Blocks    []*block    `json:"blocks"`
	Addresses []string    `json:"addresses"`
	Txs       []*walletTx `json:"txs"`
}

// snapshot is the state file's content at one moment, seq telling which.
type snapshot struct {
	data []byte
	seq  uint64
}

// snapshotLocked encodes the state when there is a state file (a zero snapshot otherwise).
// Encoding happens under the lock, writing outside it.
func (c *Chain) snapshotLocked() snapshot {
	if c.cfg.StatePath == "" {
		return snapshot{}
	}
	st := state{
		Format:    stateFormat,
		Coin:      c.cfg.Coin,
		Genesis:   c.genesis.Hash,
		Tip:       c.tip().Hash,
		Blocks:    c.order,
		Addresses: c.addrs,
		Txs:       c.txOrder,
	}
	data, err := json.Marshal(&st)
	if err != nil {
		// Nothing in state can fail to encode; should it, the last good file stays.
		c.log.Error("devnet: encode state", "err", err)
		return snapshot{}
	}
	return snapshot{data: data, seq: c.seq}
}

// persist writes a snapshot, logging a failure: the change it records has been made, and
// Close tries again.
func (c *Chain) persist(s snapshot) {
	if s.data == nil {
		return
	}
	if err := c.write(s); err != nil {
		c.log.Error("devnet: save state", "err", err)
	}
}

// write replaces the state file with s unless a newer snapshot is already there.
func (c *Chain) write(s snapshot) error {
	c.saveMu.Lock()
	defer c.saveMu.Unlock()
	if s.seq < c.savedSeq {
		return nil
	}
	if err := writeFileAtomic(c.cfg.StatePath, s.data); err != nil {
		return err
	}
	c.savedSeq = s.seq
	return nil
}

// writeFileAtomic writes data to a temporary file beside path and renames it over path,
// so that a crash leaves the old file or the new one, never half of one.
func writeFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("devnet: state file %s: %w", path, err)
	}
	f, err := os.CreateTemp(dir, filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("devnet: state file %s: %w", path, err)
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("devnet: state file %s: %w", path, err)
	}
	return nil
}

// load reads the state file at path into the fresh chain c; a missing file is a new chain.
func (c *Chain) load(path string) error {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("devnet: state file %s: %w", path, err)
	}
	if err := c.restore(data); err != nil {
		return fmt.Errorf("devnet: state file %s: %w", path, err)
	}
	c.log.Info("devnet: state loaded", "path", path, "height", c.tip().Height, "addresses", len(c.addrs), "txs", len(c.txOrder))
	return nil
}

// restore rebuilds the chain from a state file's content, checking that it hangs together.
func (c *Chain) restore(data []byte) error {
	var st state
	if err := json.Unmarshal(data, &st); err != nil {
		return fmt.Errorf("corrupt: %w", err)
	}
	if st.Format != stateFormat {
		return fmt.Errorf("format %d, want %d", st.Format, stateFormat)
	}
	if st.Coin != c.cfg.Coin || st.Genesis != c.genesis.Hash {
		return fmt.Errorf("belongs to coin %q (genesis %s), not %q", st.Coin, st.Genesis, c.cfg.Coin)
	}
	for i, b := range st.Blocks {
		if b == nil {
			return fmt.Errorf("corrupt: block %d is null", i)
		}
		parent := c.blocks[b.Prev]
		switch {
		case c.blocks[b.Hash] != nil:
			return fmt.Errorf("corrupt: block %s twice", b.Hash)
		case parent == nil:
			return fmt.Errorf("corrupt: block %s: parent %s comes later or not at all", b.Hash, b.Prev)
		case b.Height != parent.Height+1:
			return fmt.Errorf("corrupt: block %s: height %d on a parent at %d", b.Hash, b.Height, parent.Height)
		}
		c.blocks[b.Hash] = b
		c.order = append(c.order, b)
	}
	tip := c.blocks[st.Tip]
	if tip == nil {
		return fmt.Errorf("corrupt: tip %s is not among the blocks", st.Tip)
	}
	c.main = make([]*block, tip.Height+1)
	for b := tip; ; b = c.blocks[b.Prev] {
		c.main[b.Height] = b
		if b.Height == 0 {
			break
		}
	}
	for _, b := range c.order {
		if !c.inMainLocked(b) {
			// Only the tip can still lose a race; anything below it has been decided.
			b.Doomed = false
			continue
		}
		if b.Doomed && b != tip {
			b.Doomed = false
		}
		for _, id := range b.TxIDs {
			c.confirmed[id] = b
		}
	}
	for _, b := range c.order {
		if b.Credit > 0 {
			c.credits = append(c.credits, b)
		}
	}
	for _, addr := range st.Addresses {
		key, err := decodeAddress(addr)
		if err != nil {
			return fmt.Errorf("corrupt: %w", err)
		}
		c.keys[key] = true
		c.addrs = append(c.addrs, addr)
	}
	for i, tx := range st.Txs {
		if tx == nil {
			return fmt.Errorf("corrupt: transaction %d is null", i)
		}
		if chain.DoubleSHA256(tx.Data) != tx.TxID {
			return fmt.Errorf("corrupt: transaction %s: data does not hash to its txid", tx.TxID)
		}
		if _, _, err := chain.ParseTx(tx.Data); err != nil {
			return fmt.Errorf("corrupt: transaction %s: %w", tx.TxID, err)
		}
		if c.txs[tx.TxID] != nil {
			return fmt.Errorf("corrupt: transaction %s twice", tx.TxID)
		}
		c.txs[tx.TxID] = tx
		c.txOrder = append(c.txOrder, tx)
	}
	return nil
}
