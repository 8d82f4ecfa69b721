// Package mining is the engine between stratum and the chains: it turns block templates
// into stratum jobs, judges shares (proof of work against the share and network targets),
// submits block candidates at once, aggregates accepted work per device per minute, and
// records found blocks until they mature.
package mining

import (
	"crypto/rand"
	"fmt"
	"math/big"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// Work is a stratum job with what is needed to rebuild a block from a share.
type Work struct {
	Job        *stratum.Job
	Template   *chain.Template
	NetTarget  *big.Int
	Algorithm  string
	Coinbase1  []byte
	Coinbase2  []byte
	Branch     []chain.Hash
	ExtraNonce int // extranonce1 + extranonce2 bytes reserved in the coinbase
	// netTarget is NetTarget for the comparison every share makes.
	netTarget chain.Target256
	// solo is set on a solo port's work: each connection has its own coinbase (partsFor),
	// and Coinbase1 and Coinbase2 are empty.
	solo *soloWork
	// jobValue is the job's own value in its coinbase's scriptSig (Builder.Build).
	jobValue []byte
}

// Subsidy is the block's reward without its transactions' fees, in minor units: what a
// pay-per-share share earns a fraction of unless the coin pays fees too.
func (w *Work) Subsidy() int64 {
	v := w.Template.CoinbaseValue
	for _, tx := range w.Template.Transactions {
		v -= tx.Fee
	}
	return max(v, 0)
}

// Builder makes jobs from templates for one coin: it pays the coinbase to the pool's
// payout script and numbers jobs so that ids never repeat within a process, and puts the
// job's number in its coinbase so that no two jobs have the same coinbase.
type Builder struct {
	Algorithm    string
	PayoutScript []byte
	ExtraNonce   int    // total extranonce bytes (stratum extranonce1 + extranonce2)
	Tag          string // coinbase tag, e.g. "/uniplus/"
	// Solo makes solo work: the coinbase pays each connection's address (PayoutScript is
	// unused).
	Solo   *SoloPayouts
	prefix string
	random [3]byte // prefix's bytes
	seq    atomic.Uint64
}

// NewBuilder returns a Builder whose job ids start with a random prefix, so two stratum
// processes (or a restart) never hand out the same id, nor the same coinbase.
func NewBuilder(algo string, payoutScript []byte, extraNonce int, tag string) *Builder {
	var b [3]byte
	_, _ = rand.Read(b[:])
	return &Builder{Algorithm: algo, PayoutScript: payoutScript, ExtraNonce: extraNonce, Tag: tag,
		prefix: fmt.Sprintf("%x", b), random: b}
}

// jobValue is the 8 bytes a job's coinbase carries of its own: the builder's 3 random
// bytes and the job's number (40 bits: a job a second for 30,000 years). Without it two
// jobs of one template (the 30-second refresh on a quiet chain) had the same coinbase and
// merkle root, so one solution made the same header under both, and a miner was paid for
// it once per live job.
func (b *Builder) jobValue(seq uint64) []byte {
	v := make([]byte, 8)
	copy(v, b.random[:])
	for i := 7; i >= 3; i-- {
		v[i] = byte(seq)
		seq >>= 8
	}
	return v
}

// Build turns a template into work; clean says earlier jobs are void (a new block).
func (b *Builder) Build(t *chain.Template, clean bool, now time.Time) (*Work, error) {
	seq := b.seq.Add(1)
	value := b.jobValue(seq)
	var c1, c2 []byte
	if b.Solo == nil {
		var err error
		c1, c2, err = chain.CoinbasePartsJob(t, []chain.CoinbaseOutput{{Value: t.CoinbaseValue, Script: b.PayoutScript}}, b.ExtraNonce, b.Tag, value)
		if err != nil {
			return nil, fmt.Errorf("mining: coinbase at height %d: %w", t.Height, err)
		}
	}
	branch := chain.MerkleBranch(t.TxIDs())
	sb := make([][32]byte, len(branch))
	for i, h := range branch {
		sb[i] = h
	}
	ntime := t.CurTime
	if ntime < t.MinTime {
		ntime = t.MinTime
	}
	job := &stratum.Job{
		ID:           b.prefix + strconv.FormatUint(seq, 16),
		PrevHash:     t.PrevHash,
		Coinb1:       c1,
		Coinb2:       c2,
		MerkleBranch: sb,
		Version:      uint32(t.Version),
		NBits:        t.Bits,
		NTime:        ntime,
		CleanJobs:    clean,
		CreatedAt:    now,
	}
	// The template names the hash the chain checks (devnet runs every coin on sha256d or
	// scrypt); the builder's algorithm is the fallback for drivers that leave it empty.
	algo := t.Algorithm
	if algo == "" {
		algo = b.Algorithm
	}
	w := &Work{Job: job, Template: t, NetTarget: t.Target, Algorithm: algo, Coinbase1: c1, Coinbase2: c2,
		Branch: branch, ExtraNonce: b.ExtraNonce, netTarget: chain.TargetFromBig(t.Target), jobValue: value}
	if b.Solo != nil {
		w.solo = &soloWork{payouts: b.Solo, tag: b.Tag, parts: map[string][2][]byte{}}
		job.PerWorker = w.partsFor
	}
	return w, nil
}

// Verdict is what a share's proof of work says.
type Verdict struct {
	Hash       chain.Hash
	MeetsShare bool
	IsBlock    bool
	Header     []byte
	Coinbase   []byte
	// Difficulty is the share's actual difficulty (what its hash would have met), for a
	// solo share only: solo statistics keep it, and pool mode reads nothing of it.
	Difficulty float64
}

// Check rebuilds the header a share claims and checks its proof of work against the share's
// difficulty and the network target. Solo work has a coinbase per connection: CheckConn.
func (w *Work) Check(sh stratum.Share) (Verdict, error) { return w.CheckConn(nil, sh) }

// CheckConn is Check for a share of connection s, whose coinbase it is on a solo port.
func (w *Work) CheckConn(s *stratum.SessionInfo, sh stratum.Share) (Verdict, error) {
	if len(sh.Extranonce1)+len(sh.Extranonce2) != w.ExtraNonce {
		return Verdict{}, fmt.Errorf("mining: extranonce is %d bytes, job reserves %d", len(sh.Extranonce1)+len(sh.Extranonce2), w.ExtraNonce)
	}
	c1, c2 := w.Coinbase1, w.Coinbase2
	if w.solo != nil {
		var ok bool
		if c1, c2, ok = w.partsFor(s); !ok {
			return Verdict{}, fmt.Errorf("mining: no solo coinbase for the connection of worker %q", sh.Worker)
		}
	}
	coinbase := make([]byte, 0, len(c1)+w.ExtraNonce+len(c2))
	coinbase = append(coinbase, c1...)
	coinbase = append(coinbase, sh.Extranonce1...)
	coinbase = append(coinbase, sh.Extranonce2...)
	coinbase = append(coinbase, c2...)
	root := chain.MerkleRootFromBranch(chain.DoubleSHA256(coinbase), w.Branch)
	header := chain.Header(int32(sh.Version), w.Template.PrevHash, root, sh.NTime, w.Template.Bits, sh.Nonce)
	h, err := chain.PowHash(w.Algorithm, header)
	if err != nil {
		return Verdict{}, err
	}
	v := Verdict{Hash: h, Header: header, Coinbase: coinbase}
	if w.solo != nil {
		v.Difficulty = chain.HashDifficultyFloat(h, w.Algorithm)
	}
	v.MeetsShare = shareTarget(sh.Difficulty, w.Algorithm).Meets(h)
	v.IsBlock = w.netTarget.Meets(h)
	return v, nil
}

// shareTargets keeps the target of each share difficulty in use: vardiff hands out a
// few dozen values, and turning one into a target takes 256-bit division.
var shareTargets = struct {
	sync.RWMutex
	m map[targetKey]chain.Target256
}{m: map[targetKey]chain.Target256{}}

// shareTargetsMax bounds shareTargets: a miner's suggested difficulty can be any number,
// and past this many the target is computed each time instead of kept.
const shareTargetsMax = 4096

type targetKey struct {
	diff   float64
	scrypt bool
}

// shareTarget is chain.DifficultyToTarget(diff, algo) as a Target256, from shareTargets.
func shareTarget(diff float64, algo string) chain.Target256 {
	k := targetKey{diff, algo == chain.Scrypt}
	shareTargets.RLock()
	t, ok := shareTargets.m[k]
	shareTargets.RUnlock()
	if ok {
		return t
	}
	t = chain.TargetFromBig(chain.DifficultyToTarget(diff, algo))
	shareTargets.Lock()
	if len(shareTargets.m) < shareTargetsMax {
		shareTargets.m[k] = t
	}
	shareTargets.Unlock()
	return t
}

// jobBook remembers recent work by job id, so a share can be judged after newer jobs
// went out (stratum keeps answering shares of its last few jobs).
type jobBook struct {
	mu    sync.RWMutex
	byID  map[string]*Work
	order []string
	max   int
	// spent is the parent of the last block the node accepted from us: work on it can only
	// make a competitor to our own block (the node answers "inconclusive"), so its jobs are
	// stale from that moment, not from when the next clean job reaches the miners.
	spent chain.Hash
}

func newJobBook(max int) *jobBook { return &jobBook{byID: map[string]*Work{}, max: max} }

func (b *jobBook) add(w *Work) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.byID[w.Job.ID] = w
	b.order = append(b.order, w.Job.ID)
	for len(b.order) > b.max {
		delete(b.byID, b.order[0])
		b.order = b.order[1:]
	}
}

// get is the work of a job that can still make a block on the chain's tip.
func (b *jobBook) get(id string) (*Work, bool) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	w, ok := b.byID[id]
	if !ok || w.Template.PrevHash == b.spent {
		return nil, false
	}
	return w, true
}

// spend makes every job built on prev stale: a block of ours on prev was accepted.
func (b *jobBook) spend(prev chain.Hash) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.spent = prev
}

// minuteOf is the start of the minute t falls in, in Unix milliseconds.
func minuteOf(t time.Time) int64 {
	ms := t.UnixMilli()
	return ms - ms%60_000
}
