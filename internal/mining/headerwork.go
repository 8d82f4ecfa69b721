package mining

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"math/big"
	"strconv"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// HeaderPoW is the proof of work of a coin whose node builds the whole block (IronFish,
// Kaspa), as the engine judges shares with it. Values and targets are 256-bit numbers
// in big-endian bytes, so that comparing them is comparing bytes.
type HeaderPoW interface {
	// Prepare returns the hasher of one template's work (chain.HeaderTemplate.Work).
	// Kaspa builds its 64x64 matrix here, once a job, not once a share.
	Prepare(work []byte) (HeaderHasher, error)
	// ShareTarget is the target of share difficulty d in the coin's stratum convention
	// (the one the miners' dialect sends).
	ShareTarget(d float64) [32]byte
	// Difficulty is target as a share difficulty in the same convention, so that a share
	// of difficulty d earns d / Difficulty(block target) of a block.
	Difficulty(target *big.Int) float64
}

// HeaderHasher hashes one template's work with a miner's nonce.
type HeaderHasher interface {
	// Pow is the proof-of-work value of the work with nonce (the stratum.Share's
	// HeaderNonce), big-endian.
	Pow(nonce uint64) [32]byte
}

// headerJob is a job of header work: the node's template and its prepared hasher.
type headerJob struct {
	job     *stratum.Job
	tmpl    *chain.HeaderTemplate
	hasher  HeaderHasher
	target  [32]byte // the block target, big-endian
	netDiff float64
}

// headerBook is the header jobs whose shares are still judged, by job id.
type headerBook struct {
	mu    sync.RWMutex
	byID  map[string]*headerJob
	order []string
	max   int
	seq   uint64
	// spent is the tip our last accepted block built on (chains, not DAGs): work on it can
	// only make a sibling of our own block, which the node takes as a fork and which
	// orphans one of the two (seen on IronFish devnet: reorganisations back and forth
	// between our own blocks), so its jobs are stale from that moment.
	spent chain.Hash
}

func (b *headerBook) add(j *headerJob) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.byID == nil {
		b.byID = map[string]*headerJob{}
	}
	b.byID[j.job.ID] = j
	b.order = append(b.order, j.job.ID)
	for len(b.order) > b.max {
		delete(b.byID, b.order[0])
		b.order = b.order[1:]
	}
}

func (b *headerBook) get(id string) (*headerJob, bool) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	j, ok := b.byID[id]
	if !ok || (!b.spent.IsZero() && j.tmpl.PrevHash == b.spent) {
		return nil, false
	}
	return j, true
}

func (b *headerBook) spend(prev chain.Hash) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.spent = prev
}

// headerWork says whether this is the engine of a header-work coin.
func (e *Engine) headerWork() bool { return e.HeaderWork != nil }

// Node is the engine's chain, whichever kind of work it gives.
func (e *Engine) Node() chain.Node {
	if e.HeaderWork != nil {
		return e.HeaderWork
	}
	return e.Driver
}

// runHeaders feeds header jobs until ctx ends: the node's templates as they come (a new
// tip, new transactions), each a clean job when its tip is new.
func (e *Engine) runHeaders(ctx context.Context) error {
	if e.HeaderPoW == nil {
		return fmt.Errorf("mining: %s: header work without a proof of work", e.Coin)
	}
	t, err := e.HeaderWork.HeaderTemplate(ctx)
	if err != nil {
		return fmt.Errorf("mining: %s first template: %w", e.Coin, err)
	}
	if err := e.publishHeader(t, true); err != nil {
		return err
	}
	for ctx.Err() == nil {
		nt, err := e.HeaderWork.WaitHeaderTemplate(ctx, t)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			e.templateFailed(err)
			e.Log.Warn("mining: wait for work", "coin", e.Coin, "err", err)
			select {
			case <-ctx.Done():
				return nil
			case <-time.After(time.Second):
			}
			continue
		}
		if nt.ID == t.ID {
			continue
		}
		// A new tip makes a clean job. So does any new template of a chain (IronFish): its
		// node streams an empty template at each new block and the one with the mempool's
		// transactions a few seconds later (after proving its reward transaction), and
		// IronFish's own pool takes shares of its latest template only. Left running, the
		// empty work won every block while blocks came faster than that (seen on devnet:
		// a payout waited in the mempool through seven blocks). On a DAG (Kaspa) templates
		// come every second and older work on the same parents stays good.
		clean := nt.PrevHash != t.PrevHash || !chain.IsDAG(e.HeaderWork)
		if err := e.publishHeader(nt, clean); err != nil {
			e.Log.Error("mining: publish", "coin", e.Coin, "err", err)
			continue
		}
		t = nt
	}
	return nil
}

// publishHeader makes a job of a header template and broadcasts it.
func (e *Engine) publishHeader(t *chain.HeaderTemplate, clean bool) error {
	h, err := e.HeaderPoW.Prepare(t.Work)
	if err != nil {
		return fmt.Errorf("mining: %s work of height %d: %w", e.Coin, t.Height, err)
	}
	if t.Target == nil || t.Target.Sign() <= 0 || t.Target.BitLen() > 256 {
		return fmt.Errorf("mining: %s template of height %d: target %v", e.Coin, t.Height, t.Target)
	}
	e.headers.mu.Lock()
	e.headers.seq++
	id := e.jobPrefix + strconv.FormatUint(e.headers.seq, 16)
	e.headers.mu.Unlock()
	j := &headerJob{
		job:     &stratum.Job{ID: id, Header: t.Work, CleanJobs: clean, CreatedAt: time.Now()},
		tmpl:    t,
		hasher:  h,
		netDiff: e.HeaderPoW.Difficulty(t.Target),
	}
	t.Target.FillBytes(j.target[:])
	e.headers.add(j)
	e.tpl.taken(t.Height, time.Now())
	if e.server != nil {
		e.server.Broadcast(j.job)
	}
	e.Log.Debug("mining: job", "coin", e.Coin, "job", id, "height", t.Height, "clean", clean)
	return nil
}

// submitHeader judges a share of header work: its proof of work against the share
// target and the block target; a block goes to the node at once.
func (e *Engine) submitHeader(ctx context.Context, s *stratum.SessionInfo, sh stratum.Share, wk *worker, ref DeviceRef) stratum.SubmitResult {
	j, ok := e.headers.get(sh.Job.ID)
	if !ok {
		e.count(ref, sh.ReceivedAt, Stale)
		return stratum.SubmitResult{Err: stratum.ErrStale}
	}
	pow := j.hasher.Pow(sh.HeaderNonce)
	shareTarget := e.headerTargets.get(e.HeaderPoW, sh.Difficulty)
	meetsShare := bytes.Compare(pow[:], shareTarget[:]) <= 0
	isBlock := bytes.Compare(pow[:], j.target[:]) <= 0
	if !meetsShare && !isBlock {
		e.count(ref, sh.ReceivedAt, Rejected)
		return stratum.SubmitResult{Err: stratum.ErrLowDifficulty}
	}
	ref, refusal := e.device(ctx, s, wk)
	credit := sh.Difficulty
	if isBlock {
		e.submitHeaderBlock(ctx, j, sh.HeaderNonce, ref)
		if !meetsShare {
			credit = j.netDiff
		}
	}
	if refusal != nil {
		return stratum.SubmitResult{Err: refusal, Block: isBlock}
	}
	// The node's block pays subsidy and fees to the pool wallet in one amount: the
	// reward a share earns a fraction of is that amount, whatever PPSTxFees says.
	fee, _ := e.terms(sh.ReceivedAt)
	e.Shares.AddAccepted(ref.ID, e.Coin, sh.ReceivedAt, credit,
		ShareCredit(credit, j.netDiff, j.tmpl.Reward, j.tmpl.Reward, true, fee))
	return stratum.SubmitResult{Accepted: true, Block: isBlock}
}

// submitHeaderBlock hands the node a block candidate and records the outcome.
func (e *Engine) submitHeaderBlock(ctx context.Context, j *headerJob, nonce uint64, ref DeviceRef) {
	subCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), blockSubmitTimeout)
	defer cancel()
	f := FoundBlock{Coin: e.Coin, Height: j.tmpl.Height, Reward: j.tmpl.Reward,
		DeviceID: ref.ID, Worker: ref.Worker, Status: BlockPending, NetDiff: j.netDiff}
	hash, err := e.HeaderWork.SubmitHeader(subCtx, j.tmpl, binary.BigEndian.AppendUint64(nil, nonce))
	f.Hash = hash.String()
	if err != nil {
		e.blocksRejected.Add(1)
		f.Status, f.RejectReason, f.Confirmations = BlockRejected, err.Error(), -1
		if hash.IsZero() {
			// The node named no hash: the record needs one, and the pow value is the
			// candidate's own.
			pow := j.hasher.Pow(nonce)
			f.Hash = fmt.Sprintf("%x", pow)
		}
		e.Log.Error("mining: block rejected", "coin", e.Coin, "height", f.Height, "hash", f.Hash, "err", err)
	} else {
		// On a DAG (Kaspa) a second block on the same parents is merged and paid, not an
		// orphan: its jobs stay good until the node's next template.
		if !chain.IsDAG(e.HeaderWork) {
			e.headers.spend(j.tmpl.PrevHash)
		}
		e.blocksSubmitted.Add(1)
		e.Log.Info("mining: block found", "coin", e.Coin, "height", f.Height, "hash", f.Hash, "worker", ref.Worker)
	}
	if err := e.Blocks.Record(subCtx, f); err != nil {
		e.Log.Error("mining: record block", "coin", e.Coin, "hash", f.Hash, "err", err)
	}
}

// headerTargets keeps the share target of each difficulty in use (as shareTargets does for
// coinbase work): a connection's difficulty changes at most every retarget, and the
// big-number division of a target cost more than the hash itself (IronFish: 1.5 of
// 2.4 µs a share).
type headerTargets struct {
	mu sync.RWMutex
	m  map[float64][32]byte
}

// maxShareTargets bounds the cache; past it, it starts again.
const maxHeaderTargets = 4096

func (c *headerTargets) get(pow HeaderPoW, d float64) [32]byte {
	c.mu.RLock()
	t, ok := c.m[d]
	c.mu.RUnlock()
	if ok {
		return t
	}
	t = pow.ShareTarget(d)
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxHeaderTargets {
		c.m = make(map[float64][32]byte)
	}
	c.m[d] = t
	c.mu.Unlock()
	return t
}
