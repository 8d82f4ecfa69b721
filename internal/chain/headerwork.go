package chain

import (
	"context"
	"math/big"
	"time"
)

// HeaderWork is the work of a coin whose node builds the whole block, its reward
// transaction included, and whose miners vary only a nonce in the header (IronFish, Kaspa).
// The pool pays nothing through the block itself: the reward goes to the node's wallet,
// which is the pool wallet, and the pool shares it out through its ledger.
type HeaderWork interface {
	Node
	// HeaderTemplate returns fresh work on the current tip.
	HeaderTemplate(ctx context.Context) (*HeaderTemplate, error)
	// WaitHeaderTemplate blocks until the node has work newer than prev (a new tip, or new
	// transactions where the node streams them) or ctx ends, and returns it. prev may be nil.
	WaitHeaderTemplate(ctx context.Context, prev *HeaderTemplate) (*HeaderTemplate, error)
	// SubmitHeader hands the node t's block with the miner's nonce in its header. It
	// returns the block's hash when the node accepted it, and a *RejectedError (errors.Is
	// ErrBlockRejected) with the node's reason otherwise.
	SubmitHeader(ctx context.Context, t *HeaderTemplate, nonce []byte) (Hash, error)
}

// HeaderTemplate is one block the node built, less the nonce.
type HeaderTemplate struct {
	// ID tells templates apart: two templates with the same ID are the same work.
	ID string
	// Height is the block's height (IronFish: its sequence; Kaspa: its DAA score).
	Height int64
	// PrevHash is the tip it builds on (Kaspa: the selected parent), so the engine can
	// tell a new tip from a refresh on the same one.
	PrevHash Hash
	// Work is what the miner hashes, in the form the coin's stratum dialect sends it:
	// IronFish the 180-byte header with its randomness zero; Kaspa the pre-PoW hash
	// followed by the timestamp (8 bytes, little-endian).
	Work []byte
	// Target is the block's target; a proof-of-work value at or below it is a block.
	Target *big.Int
	// Difficulty is Target as a share difficulty in the coin's stratum convention.
	Difficulty float64
	// Reward is what the block pays the pool wallet (subsidy and fees), in minor units.
	Reward int64
	// Time is the header's timestamp.
	Time time.Time
	// Node is the driver's own record of the block, for SubmitHeader; nobody else reads it.
	Node any
}

// DAG is implemented by a Node whose chain is a block DAG (Kaspa): a found block is
// judged by the block itself, not by the main chain at its height, since a block off the
// selected chain is still paid when a chain block merges it blue. Its Block's
// Confirmations say -1 for a red block (orphaned), 0 for one not merged yet, and the depth
// in the chain's own measure (Kaspa: DAA score) once merged blue.
type DAG interface {
	IsDAG() bool
}

// IsDAG tells whether n is a DAG's node (DAG).
func IsDAG(n Node) bool {
	d, ok := n.(DAG)
	return ok && d.IsDAG()
}
