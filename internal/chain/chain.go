// Package chain is what the pool needs from a coin's chain: the Driver interface that each
// node backend implements (bitcoind, devnet), and the block building that every driver and
// the stratum side share: targets and difficulty, proof-of-work hashes, coinbase
// transactions split around the extranonce, merkle branches, headers and full blocks.
//
// Byte order: a Hash is kept in the order the hash function produced it (the order it has
// inside headers and transactions); Hash.String prints it reversed, as nodes and explorers
// show it.
//
// Litecoin's MWEB (Litecoin Core 0.21): getblocktemplate must be called with the rules
// "mweb" and "segwit". Before activation the template is an ordinary segwit one. On
// regtest the deployment is signalled by version bits and is active from height 432; from
// then on the template's last transaction is the HogEx (integrating transaction, flag
// 0x08) and "mweb" holds the extension block, which AssembleBlock writes after the
// transactions as 0x01 followed by those bytes. The first MWEB block needs a peg-in in the
// mempool, or the node cannot build its HogEx.
package chain

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
)

// ErrNotFound is returned when the node does not know the block or transaction asked for.
var ErrNotFound = errors.New("chain: not found")

// ErrBlockRejected is returned by SubmitBlock when the node refused the block; the error
// is a *RejectedError that carries the node's reason.
var ErrBlockRejected = errors.New("block rejected")

// RejectedError is a block the node refused, with the node's reason ("high-hash",
// "bad-txnmrklroot", "duplicate", ...). errors.Is(err, ErrBlockRejected) holds for it.
type RejectedError struct {
	Reason string
}

// Error implements error.
func (e *RejectedError) Error() string { return "block rejected: " + e.Reason }

// Is makes errors.Is(err, ErrBlockRejected) true.
func (e *RejectedError) Is(target error) bool { return target == ErrBlockRejected }

// Driver is one coin's chain whose pool builds the coinbase itself (bitcoind, devnet):
// block templates, block submission, and everything a Node does.
type Driver interface {
	Node
	// Template returns a fresh block template (getblocktemplate).
	Template(ctx context.Context) (*Template, error)
	// WaitTemplate blocks until the chain tip changes from prevHash (longpoll where the
	// node supports it, polling otherwise) or ctx ends, and returns the new template.
	WaitTemplate(ctx context.Context, prevHash Hash) (*Template, error)
	// SubmitBlock returns nil when the node accepted the block, and a *RejectedError
	// (errors.Is ErrBlockRejected) with the node's reason otherwise.
	SubmitBlock(ctx context.Context, block []byte) error
}

// Node is what every driver gives besides its work: network figures, blocks for maturity
// and the explorer, addresses, and the pool wallet. A Driver adds coinbase-built work; a
// HeaderWork driver (headerwork.go) adds work the node builds whole.
type Node interface {
	// Name is the driver kind: "bitcoind", "devnet", "ironfish", "kaspad".
	Name() string
	// Network tells the network difficulty, hashrate (H/s), tip height and next block subsidy.
	Network(ctx context.Context) (NetworkInfo, error)
	// Block tells where a block stands: confirmations (-1 = orphaned, not in the main
	// chain), height and coinbase value; ErrNotFound when the node does not know it.
	Block(ctx context.Context, hash Hash) (BlockInfo, error)
	// BlockHash is the main chain's block at height (getblockhash); ErrNotFound above the
	// tip. Found blocks are judged by it: the chain at their height, not a wallet's view.
	BlockHash(ctx context.Context, height int64) (Hash, error)
	// BlockDetail is a block as the explorer shows it: header fields, size and its
	// transactions' ids (the coinbase first); ErrNotFound when the node does not know it.
	BlockDetail(ctx context.Context, hash Hash) (BlockDetail, error)
	// ValidateAddress checks an address and gives its output script.
	ValidateAddress(ctx context.Context, addr string) (Address, error)

	// Balance is the pool wallet's spendable balance in minor units.
	Balance(ctx context.Context) (int64, error)
	// Send pays amount minor units from the pool wallet to addr and returns the txid.
	Send(ctx context.Context, addr string, amount int64, comment string) (Hash, error)
	// Transaction tells a pool wallet transaction's confirmations, amount and fee;
	// ErrNotFound when the wallet does not know it.
	Transaction(ctx context.Context, txid Hash) (WalletTx, error)
	// NewAddress returns a fresh pool wallet address, for coinbase payouts.
	NewAddress(ctx context.Context) (string, error)

	// BuildPayout makes and signs, without sending, one transaction from the pool wallet
	// that pays each output (the network fee on top, change back to the wallet). Its
	// inputs stay reserved, so another build does not spend them, until the transaction
	// is broadcast or ReleasePayout gives them back. At most one output per address.
	BuildPayout(ctx context.Context, outputs []PayoutOutput) (SignedPayout, error)
	// Broadcast sends a signed transaction to the network and returns its txid. Sending
	// one the node already has (in its mempool or a block) is not an error, so a payout
	// is rebroadcast with the same bytes after any failure.
	Broadcast(ctx context.Context, raw []byte) (Hash, error)
	// ReleasePayout gives back the inputs of a built payout that will never be
	// broadcast.
	ReleasePayout(ctx context.Context, p SignedPayout) error
	// HoldOnly keeps reserved the inputs of the payouts given (built, stored, not yet
	// broadcast), reserving them again where a node restart forgot them, and frees every
	// other reservation: a payout built by a process that died before storing it must
	// not hold the wallet's coins forever. It is the payout job's, on a wallet of its own.
	HoldOnly(ctx context.Context, keep []SignedPayout) error
	// WalletSends lists the transactions that pay out of the pool wallet and are in a
	// block after since (every one when since is zero) or in no block yet, and a block
	// to start the next call from: SendsDepth deep, so that a send in a block a
	// reorganisation may remove is listed again. A driver may list more than asked for.
	// The payout job holds them against its payouts: a send it has no payout for means
	// its database is older than the wallet (restored from a backup) or someone else
	// spends the wallet, and paying again could pay twice (docs/withdrawals.md).
	WalletSends(ctx context.Context, since Hash) (sends []Hash, next Hash, err error)
}

// SendsDepth is how deep (in confirmations) the block WalletSends hands back for the
// next call lies.
const SendsDepth = 6

// ErrConflict is returned by Broadcast when the node proves the transaction can never
// confirm: its inputs are spent by another transaction, and the wallet does not know it.
var ErrConflict = errors.New("chain: transaction conflicts with the chain")

// MaxPayoutOutputs bounds the outputs of one payout transaction.
const MaxPayoutOutputs = 100

// CheckPayout refuses a payout with no outputs or more than MaxPayoutOutputs, an amount
// that is not positive, or an address paid twice (nodes refuse that in one transaction).
func CheckPayout(outputs []PayoutOutput) error {
	if len(outputs) == 0 || len(outputs) > MaxPayoutOutputs {
		return fmt.Errorf("payout of %d outputs (1 to %d)", len(outputs), MaxPayoutOutputs)
	}
	seen := make(map[string]bool, len(outputs))
	for i, o := range outputs {
		if o.Amount <= 0 {
			return fmt.Errorf("payout output %d to %s: amount %d must be positive", i, o.Address, o.Amount)
		}
		if seen[o.Address] {
			return fmt.Errorf("payout pays %s twice", o.Address)
		}
		seen[o.Address] = true
	}
	return nil
}

// PayoutOutput is one output of a payout transaction.
type PayoutOutput struct {
	Address string
	Amount  int64 // minor units
}

// SignedPayout is a payout transaction ready to broadcast.
type SignedPayout struct {
	TxID Hash
	Raw  []byte
	// Fee is the network fee in minor units; Inputs the wallet outputs it spends.
	Fee    int64
	Inputs []OutPoint
}

// OutPoint names a transaction output.
type OutPoint struct {
	TxID Hash
	Vout uint32
}

// Hash is a 256-bit hash in internal byte order (as it sits in headers and transactions).
type Hash [32]byte

// String is the usual display form: the bytes reversed, in hex.
func (h Hash) String() string {
	var r [32]byte
	for i := range h {
		r[i] = h[31-i]
	}
	return hex.EncodeToString(r[:])
}

// IsZero tells whether every byte is zero.
func (h Hash) IsZero() bool { return h == Hash{} }

// MarshalText writes the display form, so JSON carries hashes as nodes show them.
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

// ParseHash reads the display form (64 hex digits, reversed byte order).
func ParseHash(s string) (Hash, error) {
	var h Hash
	if len(s) != 64 {
		return h, fmt.Errorf("chain: parse hash %q: want 64 hex digits, have %d", s, len(s))
	}
	var b [32]byte
	if _, err := hex.Decode(b[:], []byte(s)); err != nil {
		return h, fmt.Errorf("chain: parse hash %q: %w", s, err)
	}
	for i := range b {
		h[i] = b[31-i]
	}
	return h, nil
}

// Template is a block template: everything needed to build a block on the current tip
// except the coinbase and the header's merkle root, time and nonce.
type Template struct {
	Height   int64 // height of the block to build
	PrevHash Hash
	Version  int32
	Bits     uint32
	Target   *big.Int
	// CurTime is the node's suggested block time; MinTime the earliest it accepts.
	CurTime, MinTime uint32
	// CoinbaseValue is subsidy plus fees of Transactions, in minor units.
	CoinbaseValue int64
	// Transactions are the block's transactions after the coinbase, in block order.
	Transactions []TemplateTx
	// WitnessCommitment is the output script of the segwit commitment the coinbase must
	// carry (default_witness_commitment), nil when the template has none.
	WitnessCommitment []byte
	// Rules are the rules the node says are in force ("csv", "!segwit", "mweb", ...).
	Rules []string
	// MWEB is Litecoin's serialized MWEB extension block (getblocktemplate "mweb") when
	// MWEB is active, else nil. Its integrating (HogEx) transaction is the last of
	// Transactions; AssembleBlock appends the extension block after the transactions.
	MWEB []byte
	// Difficulty is Target as a share difficulty for Algorithm (see TargetToDifficulty).
	Difficulty float64
	// Algorithm is the proof of work: SHA256d or Scrypt.
	Algorithm string
}

// TemplateTx is one transaction of a template.
type TemplateTx struct {
	Data  []byte // serialized as it goes in the block (with witness, or MWEB flag for a HogEx)
	TxID  Hash   // hash without witness: what the merkle root commits to
	WTxID Hash   // hash with witness
	Fee   int64  // minor units
}

// TxIDs lists the txids of the template's transactions, in block order (the input of
// MerkleBranch).
func (t *Template) TxIDs() []Hash {
	ids := make([]Hash, len(t.Transactions))
	for i, tx := range t.Transactions {
		ids[i] = tx.TxID
	}
	return ids
}

// NetworkInfo is the network's state at the tip.
type NetworkInfo struct {
	// Difficulty is the next block's target as a share difficulty in the stratum
	// convention of the coin's algorithm (TargetToDifficulty), so that a share of
	// difficulty d earns BlockReward x d / Difficulty on average. For scrypt this is
	// 65536 times what Litecoin Core's getdifficulty prints.
	Difficulty float64
	// HashRate is the network's estimated hash rate in hashes per second.
	HashRate float64
	// Height is the tip's height.
	Height int64
	// BlockReward is the next block's subsidy (without fees) in minor units.
	BlockReward int64
}

// BlockInfo is where a block stands on the node.
type BlockInfo struct {
	Hash   Hash
	Height int64
	// Confirmations is 1 for the tip, more below it, and -1 for a block that is not on the
	// main chain (orphaned).
	Confirmations int64
	Time          int64 // header time, Unix seconds
	// CoinbaseValue is the sum of the coinbase outputs in minor units.
	CoinbaseValue int64
}

// BlockDetail is a block for the explorer.
type BlockDetail struct {
	BlockInfo
	Prev Hash // zero for the genesis block
	// Next is the main chain's next block; zero at the tip or off the main chain.
	Next          Hash
	Size          int64 // bytes; 0 when the node does not say
	Difficulty    float64
	TxIDs         []Hash // the coinbase first
	MaxTxIDsShown int    // TxIDs holds at most this many; TxCount counts them all
	TxCount       int
}

// MaxBlockTxIDs bounds the transaction ids a block detail carries.
const MaxBlockTxIDs = 1000

// Address is a checked address.
type Address struct {
	Valid bool
	// Script is the output script that pays the address; empty for an address that has
	// none (a Litecoin MWEB address), which cannot receive a coinbase output.
	Script []byte
	// Normalized is the address in its canonical text, set when Valid: where the coin's
	// format ignores case it is one case (devnet's hex and bech32 in lower case; a bech32
	// address is all lower or all upper), so that one address is stored, compared and
	// shown one way and cannot stand twice in an address book. Case-sensitive formats
	// (base58) come back as given.
	Normalized string
}

// WalletTx is a transaction of the pool wallet as the node reports it.
type WalletTx struct {
	TxID          Hash
	Confirmations int64 // 0 in the mempool; negative when conflicted
	// Amount is the net change to the wallet in minor units: negative for a payment out.
	Amount int64
	// Fee is the fee the wallet paid in minor units, zero or positive.
	Fee       int64
	BlockHash Hash // zero while unconfirmed
	Time      int64
}
