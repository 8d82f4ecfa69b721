package devnet

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"github.com/uniplus-pool/pool/internal/chain"
)

// ErrInsufficientFunds is returned by Send when the balance does not cover the amount and
// the fee.
var ErrInsufficientFunds = errors.New("insufficient funds")

// AddressPrefix starts every devnet address. An address is the prefix, the 20-byte key
// hash in hex and a checksum of 4 hex digits (the first 2 bytes of SHA-256 of the key
// hash), so that a mistyped address is refused rather than paid.
const AddressPrefix = "dvn1"

const addressHexLen = 2 * (20 + 2)

// EncodeAddress is the devnet address of a 20-byte key hash (tests use it for addresses
// outside the wallet).
func EncodeAddress(key [20]byte) string { return encodeAddress(key) }

func encodeAddress(key [20]byte) string {
	sum := sha256.Sum256(key[:])
	return AddressPrefix + hex.EncodeToString(key[:]) + hex.EncodeToString(sum[:2])
}

// decodeAddress checks addr and returns its key hash.
func decodeAddress(addr string) ([20]byte, error) {
	var key [20]byte
	rest, ok := strings.CutPrefix(addr, AddressPrefix)
	if !ok {
		return key, fmt.Errorf("address %q: a devnet address starts with %s", addr, AddressPrefix)
	}
	if len(rest) != addressHexLen {
		return key, fmt.Errorf("address %q: want %d hex digits after %s, have %d", addr, addressHexLen, AddressPrefix, len(rest))
	}
	b, err := hex.DecodeString(rest)
	if err != nil {
		return key, fmt.Errorf("address %q: not hex", addr)
	}
	copy(key[:], b)
	if sum := sha256.Sum256(key[:]); !bytes.Equal(sum[:2], b[20:]) {
		return key, fmt.Errorf("address %q: checksum mismatch (mistyped?)", addr)
	}
	return key, nil
}

// p2pkhScript pays key: OP_DUP OP_HASH160 <key> OP_EQUALVERIFY OP_CHECKSIG.
func p2pkhScript(key [20]byte) []byte {
	s := make([]byte, 0, 25)
	s = append(s, 0x76, 0xa9, 20)
	s = append(s, key[:]...)
	return append(s, 0x88, 0xac)
}

// keyFromScript is the key a P2PKH script pays.
func keyFromScript(s []byte) ([20]byte, bool) {
	var key [20]byte
	if len(s) != 25 || s[0] != 0x76 || s[1] != 0xa9 || s[2] != 20 || s[23] != 0x88 || s[24] != 0xac {
		return key, false
	}
	copy(key[:], s[3:23])
	return key, true
}

// walletTx is a payment the wallet made; the JSON names are the state file's.
type walletTx struct {
	TxID   chain.Hash `json:"txid"`
	Data   hexBytes   `json:"data"` // the serialized transaction
	To     string     `json:"to"`
	Amount int64      `json:"amount"`
	Fee    int64      `json:"fee"`
	Self   bool       `json:"self,omitempty"` // paid to one of the wallet's own addresses
	// Held marks a payout built and signed but not broadcast (BuildPayout): its amount is
	// reserved, no template carries it, and the node does not report it.
	Held    bool   `json:"held,omitempty"`
	Time    int64  `json:"time"`
	Comment string `json:"comment,omitempty"`
}

// hexBytes is carried as hex in JSON, the way nodes show transactions.
type hexBytes []byte

func (h hexBytes) MarshalText() ([]byte, error) { return []byte(hex.EncodeToString(h)), nil }

func (h *hexBytes) UnmarshalText(b []byte) error {
	d, err := hex.DecodeString(string(b))
	if err != nil {
		return err
	}
	*h = d
	return nil
}

// ValidateAddress implements chain.Driver: a devnet address with a good checksum is valid
// and pays a P2PKH script; anything else is not valid (and not an error). Its hex digits
// may come in either case and mean the same key, so the canonical form is the one
// encodeAddress writes, in lower case: "dvn1AB…" and "dvn1ab…" are one address.
func (c *Chain) ValidateAddress(ctx context.Context, addr string) (chain.Address, error) {
	if err := ctx.Err(); err != nil {
		return chain.Address{}, fmt.Errorf("devnet: validate address: %w", err)
	}
	key, err := decodeAddress(addr)
	if err != nil {
		return chain.Address{}, nil
	}
	return chain.Address{Valid: true, Script: p2pkhScript(key), Normalized: encodeAddress(key)}, nil
}

// NewAddress implements chain.Driver: a new wallet address, whose coinbase outputs the
// wallet credits.
func (c *Chain) NewAddress(ctx context.Context) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", fmt.Errorf("devnet: new address: %w", err)
	}
	c.mu.Lock()
	var key [20]byte
	for {
		binary.LittleEndian.PutUint64(key[0:], c.rng.Uint64())
		binary.LittleEndian.PutUint64(key[8:], c.rng.Uint64())
		binary.LittleEndian.PutUint32(key[16:], c.rng.Uint32())
		if !c.keys[key] && key != burnKey {
			break
		}
	}
	c.keys[key] = true
	addr := encodeAddress(key)
	c.addrs = append(c.addrs, addr)
	c.seq++
	snap := c.snapshotLocked()
	c.mu.Unlock()
	// Saved at once: a coinbase paying an address the wallet forgot would never be credited.
	c.persist(snap)
	return addr, nil
}

// Balance implements chain.Driver: matured coinbase credits of main-chain blocks, less
// what the wallet sent and paid in fees (pending payments included).
func (c *Chain) Balance(ctx context.Context) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("devnet: balance: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.balanceLocked(), nil
}

func (c *Chain) balanceLocked() int64 {
	bal := c.cfg.Premine
	for _, b := range c.credits {
		if c.confirmationsLocked(b) >= int64(c.cfg.Maturity) {
			bal += b.Credit
		}
	}
	for _, tx := range c.txOrder {
		bal -= tx.Fee
		if !tx.Self {
			bal -= tx.Amount
		}
	}
	return bal
}

// Send implements chain.Driver: it pays amount minor units to addr, plus the fixed fee
// (Config.TxFee), in a transaction that the next template includes; ErrInsufficientFunds
// when the balance does not cover both.
func (c *Chain) Send(ctx context.Context, addr string, amount int64, comment string) (chain.Hash, error) {
	if err := ctx.Err(); err != nil {
		return chain.Hash{}, fmt.Errorf("devnet: send to %s: %w", addr, err)
	}
	c.mu.Lock()
	tx, err := c.payLocked("send", []chain.PayoutOutput{{Address: addr, Amount: amount}}, comment, false)
	if err != nil {
		c.mu.Unlock()
		return chain.Hash{}, err
	}
	snap := c.snapshotLocked()
	c.mu.Unlock()
	c.persist(snap)
	c.log.Info("devnet: wallet sent", "txid", tx.TxID, "to", addr, "amount", chain.FormatAmount(amount, c.cfg.Decimals))
	return tx.TxID, nil
}

// payLocked makes a wallet transaction paying outputs (as chain.CheckPayout allows) plus
// the fixed fee (Config.TxFee), held or pending; ErrInsufficientFunds when the balance
// does not cover them. Its Amount is what leaves the wallet: the outputs to
// others, or all of them for a payment to itself alone (which Balance then ignores).
func (c *Chain) payLocked(what string, outputs []chain.PayoutOutput, comment string, held bool) (*walletTx, error) {
	if err := chain.CheckPayout(outputs); err != nil {
		return nil, fmt.Errorf("devnet: %s: %w", what, err)
	}
	outs := make([]chain.TxOut, len(outputs))
	var total, toOthers int64
	self := true
	for i, o := range outputs {
		key, err := decodeAddress(o.Address)
		if err != nil {
			return nil, fmt.Errorf("devnet: %s: %w", what, err)
		}
		outs[i] = chain.TxOut{Value: o.Amount, Script: p2pkhScript(key)}
		total += o.Amount
		if !c.keys[key] {
			toOthers += o.Amount
			self = false
		}
	}
	bal := c.balanceLocked()
	fee := c.cfg.TxFee
	if total > bal-fee {
		d := c.cfg.Decimals
		return nil, fmt.Errorf("devnet: %s %s to %s: %w: balance %s, fee %s", what, chain.FormatAmount(total, d), outputs[0].Address,
			ErrInsufficientFunds, chain.FormatAmount(bal, d), chain.FormatAmount(fee, d))
	}
	amount := toOthers
	if self {
		amount = total
	}
	tx := &walletTx{To: outputs[0].Address, Amount: amount, Fee: fee, Self: self, Time: c.cfg.Now().Unix(), Comment: comment, Held: held}
	tx.Data = c.buildTxLocked(outs, bal-total-fee)
	tx.TxID = chain.DoubleSHA256(tx.Data)
	c.txs[tx.TxID] = tx
	c.txOrder = append(c.txOrder, tx)
	c.seq++
	return tx, nil
}

// buildTxLocked serializes a payment: one input spending a made-up outpoint (the wallet
// keeps a balance, not coins), the outputs and the change back to the wallet.
func (c *Chain) buildTxLocked(outputs []chain.TxOut, change int64) []byte {
	var prev chain.Hash
	for i := 0; i < len(prev); i += 8 {
		binary.LittleEndian.PutUint64(prev[i:], c.rng.Uint64())
	}
	// A placeholder where a signature would be, so the size is about a real one's.
	sig := sha256.Sum256(append([]byte("devnet signature"), prev[:]...))
	script := chain.ScriptPushData(append(sig[:], sig[:]...))

	b := binary.LittleEndian.AppendUint32(nil, 2) // version
	b = append(b, 1)                              // one input
	b = append(b, prev[:]...)
	b = binary.LittleEndian.AppendUint32(b, 0)
	b = chain.AppendVarInt(b, uint64(len(script)))
	b = append(b, script...)
	b = binary.LittleEndian.AppendUint32(b, 0xfffffffd) // sequence: replaceable, as wallets send
	if change > 0 && len(c.addrs) > 0 {
		changeKey, _ := decodeAddress(c.addrs[0])
		outputs = append(outputs, chain.TxOut{Value: change, Script: p2pkhScript(changeKey)})
	}
	b = chain.AppendVarInt(b, uint64(len(outputs)))
	for _, out := range outputs {
		b = binary.LittleEndian.AppendUint64(b, uint64(out.Value))
		b = chain.AppendVarInt(b, uint64(len(out.Script)))
		b = append(b, out.Script...)
	}
	return binary.LittleEndian.AppendUint32(b, 0) // lock time
}

// Transaction implements chain.Driver for the wallet's payments: confirmations are 0
// while pending; Amount is the net change, -amount (0 for a payment to itself).
func (c *Chain) Transaction(ctx context.Context, txid chain.Hash) (chain.WalletTx, error) {
	if err := ctx.Err(); err != nil {
		return chain.WalletTx{}, fmt.Errorf("devnet: transaction %s: %w", txid, err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	tx := c.txs[txid]
	if tx == nil || tx.Held {
		return chain.WalletTx{}, fmt.Errorf("devnet: transaction %s: %w", txid, chain.ErrNotFound)
	}
	wt := chain.WalletTx{TxID: txid, Amount: -tx.Amount, Fee: tx.Fee, Time: tx.Time}
	if tx.Self {
		wt.Amount = 0
	}
	if b := c.confirmed[txid]; b != nil {
		wt.Confirmations = c.confirmationsLocked(b)
		wt.BlockHash = b.Hash
	}
	return wt, nil
}

// pendingLocked lists the wallet's transactions that no main-chain block holds, in the
// order they were sent.
func (c *Chain) pendingLocked() []*walletTx {
	var out []*walletTx
	for _, tx := range c.txOrder {
		if c.confirmed[tx.TxID] == nil && !tx.Held {
			out = append(out, tx)
		}
	}
	return out
}

// BuildPayout implements chain.Driver: one transaction paying every output plus the fixed
// fee, held (its amount reserved, no template carrying it) until Broadcast or
// ReleasePayout. ErrInsufficientFunds when the balance does not cover it.
func (c *Chain) BuildPayout(ctx context.Context, outputs []chain.PayoutOutput) (chain.SignedPayout, error) {
	if err := ctx.Err(); err != nil {
		return chain.SignedPayout{}, fmt.Errorf("devnet: payout: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	tx, err := c.payLocked("payout", outputs, "payout", true)
	if err != nil {
		return chain.SignedPayout{}, err
	}
	// Saved before it is handed out: the payout job stores these bytes and broadcasts them
	// later, perhaps after a restart.
	c.persist(c.snapshotLocked())
	return chain.SignedPayout{TxID: tx.TxID, Raw: append([]byte(nil), tx.Data...), Fee: tx.Fee}, nil
}

// WalletSends implements chain.Driver: every payment the wallet broadcast to someone
// else, oldest first. A devnet wallet is small, so it lists them all and names no block.
func (c *Chain) WalletSends(ctx context.Context, since chain.Hash) ([]chain.Hash, chain.Hash, error) {
	if err := ctx.Err(); err != nil {
		return nil, chain.Hash{}, fmt.Errorf("devnet: wallet sends: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var sends []chain.Hash
	for _, tx := range c.txOrder {
		if !tx.Held && !tx.Self {
			sends = append(sends, tx.TxID)
		}
	}
	return sends, chain.Hash{}, nil
}

// Broadcast implements chain.Driver for the wallet's own payouts: a held one goes to the
// mempool; one already sent is known and answers its txid again.
func (c *Chain) Broadcast(ctx context.Context, raw []byte) (chain.Hash, error) {
	if err := ctx.Err(); err != nil {
		return chain.Hash{}, fmt.Errorf("devnet: broadcast: %w", err)
	}
	txid := chain.DoubleSHA256(raw)
	c.mu.Lock()
	defer c.mu.Unlock()
	tx := c.txs[txid]
	if tx == nil {
		// Released, or never built here: no devnet block can ever hold it.
		return chain.Hash{}, fmt.Errorf("devnet: broadcast %s: not a transaction of this wallet: %w", txid, chain.ErrConflict)
	}
	if tx.Held {
		tx.Held = false
		c.seq++
		c.persist(c.snapshotLocked())
		c.log.Info("devnet: payout broadcast", "txid", txid, "amount", chain.FormatAmount(tx.Amount, c.cfg.Decimals))
	}
	return txid, nil
}

// ReleasePayout implements chain.Driver: a held payout is forgotten and its amount freed.
func (c *Chain) ReleasePayout(ctx context.Context, p chain.SignedPayout) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("devnet: release: %w", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	tx := c.txs[p.TxID]
	if tx == nil || !tx.Held {
		return nil
	}
	c.forgetLocked(tx)
	c.persist(c.snapshotLocked())
	return nil
}

// forgetLocked drops a held payout.
func (c *Chain) forgetLocked(tx *walletTx) {
	delete(c.txs, tx.TxID)
	for i, t := range c.txOrder {
		if t == tx {
			c.txOrder = append(c.txOrder[:i], c.txOrder[i+1:]...)
			break
		}
	}
	c.seq++
}

// HoldOnly implements chain.Driver: every held payout but those in keep is released.
// Devnet's held payouts live in its state file, so there is nothing to reserve again.
func (c *Chain) HoldOnly(ctx context.Context, keep []chain.SignedPayout) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("devnet: hold: %w", err)
	}
	kept := make(map[chain.Hash]bool, len(keep))
	for _, p := range keep {
		kept[p.TxID] = true
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var drop []*walletTx
	for _, tx := range c.txOrder {
		if tx.Held && !kept[tx.TxID] {
			drop = append(drop, tx)
		}
	}
	if len(drop) == 0 {
		return nil
	}
	for _, tx := range drop {
		c.forgetLocked(tx)
		c.log.Info("devnet: released a payout nobody stored", "txid", tx.TxID)
	}
	c.persist(c.snapshotLocked())
	return nil
}
