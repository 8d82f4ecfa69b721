package mining

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// DeviceRef is the device a worker's shares count on.
type DeviceRef struct {
	ID     int64
	Worker string
}

// Workers is the pool's side of worker names (internal/pool implements it). A worker is
// a device, but an authorize alone must not add one to somebody's sub-account: the
// device is found or made at the worker's first accepted share on a connection.
// Errors that are a *stratum.Error are sent to the miner; any other is logged and the
// miner sees a generic refusal.
type Workers interface {
	// AuthorizeWorker checks a worker name at mining.authorize (well formed, a live
	// sub-account, an open coin) and writes nothing.
	AuthorizeWorker(ctx context.Context, coin, worker string) error
	// WorkerDevice finds or creates the worker's device at its first accepted share on
	// a connection; it is idempotent and safe from many connections and processes at
	// once. A refusal (the sub-account's device cap, say) writes nothing.
	WorkerDevice(ctx context.Context, coin, worker, remoteAddr, minerSoftware string) (DeviceRef, error)
}

// refusalHold is how long a worker whose device was refused answers its shares with the
// same refusal before the engine asks the pool again.
const refusalHold = time.Minute

// worker is an authorized worker of a connection.
type worker struct {
	ref DeviceRef // ID 0 until the first accepted share finds the device
	// refused and until: the pool's last refusal of the device and when to ask again.
	refused *stratum.Error
	until   time.Time
}

// Engine mines one coin: it keeps the stratum server fed with jobs from the chain driver
// and is that server's Handler.
type Engine struct {
	Coin      string
	Algorithm string
	Driver    chain.Driver
	Workers   Workers
	Shares    *Aggregator
	Blocks    *Blocks
	Builder   *Builder
	Log       *slog.Logger
	// Maturity is how many confirmations make a found block confirmed.
	Maturity int64
	// Refresh is how often a new template is fetched while the tip stays (new
	// transactions, fresh ntime); default 30 s.
	Refresh time.Duration
	// FeeBps is the pool fee an accepted share's credit is taken at; PPSTxFees says whether
	// its reward is the coinbase value (subsidy and fees) or the subsidy alone. Both come
	// from the coin row when the stratum role starts. Terms, when set, answers them for
	// the moment a share was accepted instead: a coin's change applies from the next
	// settlement day (coin.TermsClock), without a restart.
	FeeBps    int
	PPSTxFees bool
	Terms     func(at time.Time) (feeBps int, ppsTxFees bool)
	// SoloShares keeps a solo port's shares (with Builder.Solo set: the engine of a solo
	// port, whose workers are wallet addresses and have no devices).
	SoloShares *SoloShares
	// HeaderWork, with HeaderPoW, makes this the engine of a coin whose node builds the
	// whole block (IronFish, Kaspa: headerwork.go): Driver and Builder are then unused,
	// and the stratum server speaks the coin's dialect.
	HeaderWork chain.HeaderWork
	HeaderPoW  HeaderPoW

	server *stratum.Server
	book   *jobBook
	// headers and jobPrefix are a header-work engine's jobs and their ids' random prefix.
	headers       *headerBook
	jobPrefix     string
	headerTargets headerTargets
	mu            sync.Mutex
	// workers is each connection's authorized workers, by session id.
	workers map[uint64]*connWorkers
	current *Work
	// solved asks Run for a template at once after a block is accepted.
	solved chan struct{}
	// authorizeQ and deviceQ run the pool's lookups of authorizes and first shares in
	// batches, away from the connections' reader goroutines (batch.go).
	authorizeQ *batcher[string, authAnswer]
	deviceQ    *batcher[DeviceRequest, deviceResult]

	// Running totals for the metrics (metrics.go); devicesRefused counts first accepted
	// shares whose device the pool refused (a sub-account at its device cap).
	blocksSubmitted, blocksRejected, templateErrors, devicesRefused atomic.Uint64
	// tpl is the last template taken and the last failure to get one (report.go).
	tpl templateState
}

// Attach gives the engine the server it feeds; the server must have been created with the
// engine as its Handler.
func (e *Engine) Attach(s *stratum.Server) {
	e.server = s
}

func (e *Engine) init() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.book == nil {
		e.book = newJobBook(64)
		e.headers = &headerBook{max: 64}
		var b [3]byte
		_, _ = rand.Read(b[:])
		e.jobPrefix = hex.EncodeToString(b[:])
	}
	if e.workers == nil {
		e.workers = map[uint64]*connWorkers{}
	}
	if e.solved == nil {
		e.solved = make(chan struct{}, 1)
	}
	if e.Refresh <= 0 {
		e.Refresh = 30 * time.Second
	}
	if e.Log == nil {
		e.Log = slog.New(slog.DiscardHandler)
	}
	if e.authorizeQ == nil {
		e.initBatchers()
	}
}

// Run feeds jobs until ctx ends: a clean job at every new tip (as soon as the driver says
// so) and a refreshed job every Refresh while the tip stays.
func (e *Engine) Run(ctx context.Context) error {
	e.init()
	if e.headerWork() {
		return e.runHeaders(ctx)
	}
	t, err := e.Driver.Template(ctx)
	if err != nil {
		return fmt.Errorf("mining: %s first template: %w", e.Coin, err)
	}
	if err := e.publish(t, true); err != nil {
		return err
	}
	tips := make(chan *chain.Template, 1)
	go e.watchTips(ctx, t.PrevHash, tips)
	tick := time.NewTicker(e.Refresh)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case nt := <-tips:
			if err := e.publish(nt, true); err != nil {
				e.Log.Error("mining: publish", "coin", e.Coin, "err", err)
			}
		case <-tick.C:
			e.refresh(ctx)
		case <-e.solved:
			e.refresh(ctx)
		}
	}
}

// refresh publishes the node's current template, clean when its tip moved.
func (e *Engine) refresh(ctx context.Context) {
	nt, err := e.Driver.Template(ctx)
	if err != nil {
		if ctx.Err() == nil {
			e.templateFailed(err)
			e.Log.Warn("mining: template", "coin", e.Coin, "err", err)
		}
		return
	}
	e.mu.Lock()
	clean := e.current == nil || e.current.Template.PrevHash != nt.PrevHash
	e.mu.Unlock()
	if err := e.publish(nt, clean); err != nil {
		e.Log.Error("mining: publish", "coin", e.Coin, "err", err)
	}
}

// watchTips keeps one WaitTemplate per tip (a node serves a longpoll to its end even when
// the caller goes away, so it is never cancelled and restarted on a timer).
func (e *Engine) watchTips(ctx context.Context, prev chain.Hash, out chan<- *chain.Template) {
	for ctx.Err() == nil {
		t, err := e.Driver.WaitTemplate(ctx, prev)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			e.templateFailed(err)
			e.Log.Warn("mining: wait for a new block", "coin", e.Coin, "err", err)
			select {
			case <-ctx.Done():
				return
			case <-time.After(time.Second):
			}
			continue
		}
		if t.PrevHash == prev {
			continue
		}
		prev = t.PrevHash
		select {
		case out <- t:
		case <-ctx.Done():
			return
		}
	}
}

func (e *Engine) publish(t *chain.Template, clean bool) error {
	w, err := e.Builder.Build(t, clean, time.Now())
	if err != nil {
		return err
	}
	e.book.add(w)
	e.mu.Lock()
	e.current = w
	e.mu.Unlock()
	e.tpl.taken(t.Height, time.Now())
	if e.server != nil {
		e.server.Broadcast(w.Job)
	}
	e.Log.Debug("mining: job", "coin", e.Coin, "job", w.Job.ID, "height", t.Height, "clean", clean, "txs", len(t.Transactions))
	return nil
}

// errAuthorizeFailed answers an authorize the pool could not decide (its database
// failing). It is not CodeUnauthorized: the name may be right, and the stratum server counts
// a CodeUnauthorized refusal against the miner's address.
var errAuthorizeFailed = &stratum.Error{Code: stratum.CodeOther, Message: "authorization failed, pool busy"}

// Authorize implements stratum.Handler: the pool checks the name, nothing is written,
// and the connection remembers the worker.
func (e *Engine) Authorize(ctx context.Context, s *stratum.SessionInfo, name, password string) error {
	e.init()
	ans, ok := e.authorizeQ.ask(ctx, name)
	if !ok {
		return ctx.Err()
	}
	if e.solo() {
		return e.authorizeSolo(s, name, ans)
	}
	if err := ans.err; err != nil {
		var se *stratum.Error
		if errors.As(err, &se) {
			return se
		}
		e.Log.Error("mining: authorize", "coin", e.Coin, "worker", name, "err", err)
		return errAuthorizeFailed
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.rememberLocked(s, name)
	return nil
}

// rememberLocked keeps an authorized worker of the connection.
func (e *Engine) rememberLocked(s *stratum.SessionInfo, name string) {
	cw := e.workers[s.ID]
	if cw == nil {
		e.workers[s.ID] = &connWorkers{first: worker{ref: DeviceRef{Worker: name}}}
		return
	}
	if cw.get(name) == nil {
		if cw.more == nil {
			cw.more = map[string]*worker{}
		}
		cw.more[name] = &worker{ref: DeviceRef{Worker: name}}
	}
}

// connWorkers is the workers one connection authorized: nearly always one, so the first
// is kept inline and only a farm proxy's others get a map (10,000 miners, 10,000 maps).
type connWorkers struct {
	first worker
	more  map[string]*worker
}

func (cw *connWorkers) get(name string) *worker {
	if cw == nil {
		return nil
	}
	if cw.first.ref.Worker == name {
		return &cw.first
	}
	return cw.more[name]
}

// names is every worker name of the connection.
func (cw *connWorkers) names() []string {
	if cw == nil {
		return nil
	}
	out := []string{cw.first.ref.Worker}
	for n := range cw.more {
		out = append(out, n)
	}
	return out
}

// worker answers the connection's authorized worker name and its device so far (ID 0
// before its first accepted share).
func (e *Engine) worker(s *stratum.SessionInfo, name string) (*worker, DeviceRef, bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	w := e.workers[s.ID].get(name)
	if w == nil {
		return nil, DeviceRef{}, false
	}
	return w, w.ref, true
}

// errNotRecorded answers an accepted share whose device the pool could not find or make
// (its database failing): the miner sees it refused, and the next share tries again.
var errNotRecorded = &stratum.Error{Code: stratum.CodeOther, Message: "share not recorded, pool busy"}

// device answers the worker's device, asking the pool at the worker's first accepted
// share on the connection (one round trip, then cached) and remembering a refusal for
// refusalHold, so that a refused worker's shares do not each reach the database.
func (e *Engine) device(ctx context.Context, s *stratum.SessionInfo, w *worker) (DeviceRef, *stratum.Error) {
	now := time.Now()
	e.mu.Lock()
	ref, refused, until := w.ref, w.refused, w.until
	e.mu.Unlock()
	if ref.ID != 0 {
		return ref, nil
	}
	if refused != nil && now.Before(until) {
		return ref, refused
	}
	res, ok := e.deviceQ.ask(ctx, DeviceRequest{Worker: ref.Worker, RemoteAddr: s.RemoteAddr, MinerSoftware: s.UserAgent})
	if !ok {
		return ref, errNotRecorded
	}
	got, err := res.ref, res.err
	if err != nil {
		var se *stratum.Error
		if !errors.As(err, &se) {
			if ctx.Err() == nil {
				e.Log.Error("mining: device of a first share", "coin", e.Coin, "worker", ref.Worker, "err", err)
			}
			return ref, errNotRecorded
		}
		e.devicesRefused.Add(1)
		e.Log.Info("mining: device refused", "coin", e.Coin, "worker", ref.Worker, "reason", se.Message)
		e.mu.Lock()
		w.refused, w.until = se, now.Add(refusalHold)
		e.mu.Unlock()
		return ref, se
	}
	got.Worker = ref.Worker
	e.mu.Lock()
	w.ref, w.refused = got, nil
	e.mu.Unlock()
	return got, nil
}

// count adds a rejected or stale share to the worker's device; a worker without a device
// yet (no accepted share on this connection) has none to count it on, and its invalid
// shares are only in the stratum server's counters (metrics).
func (e *Engine) count(ref DeviceRef, at time.Time, kind int) {
	if ref.ID != 0 {
		e.Shares.Add(ref.ID, e.Coin, at, 0, kind)
	}
}

// Submit implements stratum.Handler: proof of work against the share target, and against
// the network target, in which case the block goes to the node at once. The first
// accepted share of a worker on the connection finds or makes its device.
func (e *Engine) Submit(ctx context.Context, s *stratum.SessionInfo, sh stratum.Share) stratum.SubmitResult {
	wk, ref, ok := e.worker(s, sh.Worker)
	if !ok {
		return stratum.SubmitResult{Err: stratum.ErrUnauthorized}
	}
	if e.headerWork() {
		return e.submitHeader(ctx, s, sh, wk, ref)
	}
	w, ok := e.book.get(sh.Job.ID)
	if !ok {
		e.count(ref, sh.ReceivedAt, Stale)
		return stratum.SubmitResult{Err: stratum.ErrStale}
	}
	v, err := w.CheckConn(s, sh)
	if err != nil {
		e.Log.Error("mining: check share", "coin", e.Coin, "err", err)
		e.count(ref, sh.ReceivedAt, Rejected)
		return stratum.SubmitResult{}
	}
	// A hash that meets the network target is a block even when it misses the share
	// target (share difficulty above the network's, as on a young or test chain): the
	// block goes to the node, and the share counts at the network difficulty, the work
	// its hash proves, not at the higher difficulty it was asked for.
	if !v.MeetsShare && !v.IsBlock {
		e.count(ref, sh.ReceivedAt, Rejected)
		return stratum.SubmitResult{Err: stratum.ErrLowDifficulty}
	}
	if e.solo() {
		return e.acceptSolo(ctx, w, v, sh)
	}
	ref, refusal := e.device(ctx, s, wk)
	credit := sh.Difficulty
	if v.IsBlock {
		// A block goes to the node whatever the pool thinks of the worker's device.
		e.submitBlock(ctx, w, v, ref)
		if !v.MeetsShare {
			credit = chain.TargetToDifficulty(w.NetTarget, w.Algorithm)
		}
	}
	if refusal != nil {
		return stratum.SubmitResult{Err: refusal, Block: v.IsBlock}
	}
	e.Shares.AddAccepted(ref.ID, e.Coin, sh.ReceivedAt, credit, e.ppsCredit(w, credit, sh.ReceivedAt))
	return stratum.SubmitResult{Accepted: true, Block: v.IsBlock}
}

// ppsCredit is what a share of difficulty d on work w, accepted at at, earns (ShareCredit)
// at the coin's fee and reward setting of that moment.
func (e *Engine) ppsCredit(w *Work, d float64, at time.Time) Credit {
	fee, txFees := e.terms(at)
	return ShareCredit(d, w.Template.Difficulty, w.Subsidy(), w.Template.CoinbaseValue, txFees, fee)
}

// terms are the fee and PPS setting of a share accepted at at.
func (e *Engine) terms(at time.Time) (feeBps int, ppsTxFees bool) {
	if e.Terms != nil {
		return e.Terms(at)
	}
	return e.FeeBps, e.PPSTxFees
}

// ShareCredit is what an accepted share of difficulty d earns under pay-per-share
// (DESIGN.md "Earnings"): its own ratio to the network difficulty netDiff of the template
// it was mined on, never a minute's difficulty sum over one difficulty, so a chain that
// retargets every block pays each share at its block's difficulty. A share at or above the
// network difficulty is a block and earns one reward, no more. The reward is the subsidy,
// or the whole coinbase value (subsidy and fees) when the coin pays fees (txFees).
func ShareCredit(d, netDiff float64, subsidy, coinbase int64, txFees bool, feeBps int) Credit {
	ratio := 0.0
	if netDiff > 0 && d > 0 {
		ratio = min(d/netDiff, 1)
	}
	reward := subsidy
	if txFees {
		reward = coinbase
	}
	return Credit{Ratio: ratio, Reward: reward, FeeBps: feeBps}
}

// blockSubmitTimeout is how long a found block is offered to an unreachable node.
const blockSubmitTimeout = 5 * time.Minute

// submitBlock sends a block candidate to the node and records the outcome. The share
// itself stays accepted either way: the miner did the work asked of it.
func (e *Engine) submitBlock(ctx context.Context, w *Work, v Verdict, ref DeviceRef) {
	block, err := chain.AssembleBlock(w.Template, v.Header, v.Coinbase)
	if err != nil {
		e.Log.Error("mining: assemble block", "coin", e.Coin, "height", w.Template.Height, "err", err)
		return
	}
	// The node must hear of the block even if the miner hangs up now, and the driver
	// sends it again while the connection to the node is broken: for minutes if need be,
	// since the block stays good until another one is found at its height.
	subCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), blockSubmitTimeout)
	defer cancel()
	hash := chain.DoubleSHA256(v.Header)
	f := FoundBlock{Coin: e.Coin, Height: w.Template.Height, Hash: hash.String(), Reward: w.Template.CoinbaseValue,
		DeviceID: ref.ID, Worker: ref.Worker, Status: BlockPending, Solo: e.solo(), NetDiff: w.Template.Difficulty}
	if err := e.Driver.SubmitBlock(subCtx, block); err != nil {
		e.blocksRejected.Add(1)
		f.Status, f.RejectReason, f.Confirmations = BlockRejected, err.Error(), -1
		e.Log.Error("mining: block rejected", "coin", e.Coin, "height", f.Height, "hash", f.Hash, "err", err)
	} else {
		e.book.spend(w.Template.PrevHash)
		select {
		case e.solved <- struct{}{}:
		default:
		}
		e.blocksSubmitted.Add(1)
		e.Log.Info("mining: block found", "coin", e.Coin, "height", f.Height, "hash", f.Hash, "worker", ref.Worker)
	}
	if err := e.Blocks.Record(subCtx, f); err != nil {
		e.Log.Error("mining: record block", "coin", e.Coin, "hash", f.Hash, "err", err)
	}
}

func (e *Engine) solo() bool { return e.Builder != nil && e.Builder.Solo != nil }

// authorizeSolo takes the chain driver's check of a solo worker name (the address and the
// rig suffix; its script or why not); every worker of a connection must name the same
// address, since its jobs pay the first one's. The first one's script is kept with the
// connection until it ends.
func (e *Engine) authorizeSolo(s *stratum.SessionInfo, name string, ans authAnswer) error {
	if err := ans.err; err != nil {
		var se *stratum.Error
		if errors.As(err, &se) && !errors.Is(err, errSoloUnchecked) {
			return se
		}
		e.Log.Warn("mining: solo address check", "coin", e.Coin, "worker", name, "err", err)
		return errSoloUnchecked
	}
	address, _ := SplitSoloWorker(name)
	e.mu.Lock()
	defer e.mu.Unlock()
	names := e.workers[s.ID].names()
	for _, other := range names {
		if a, _ := SplitSoloWorker(other); a != address {
			return ErrSoloOneAddress
		}
	}
	if len(names) == 0 {
		e.Builder.Solo.bind(s.ID, ans.script)
	}
	e.rememberLocked(s, name)
	return nil
}

// acceptSolo takes a solo share that met its target (or the network's): a block goes to
// the node paying the miner's address, and the share is kept one row.
func (e *Engine) acceptSolo(ctx context.Context, w *Work, v Verdict, sh stratum.Share) stratum.SubmitResult {
	if v.IsBlock {
		e.submitBlock(ctx, w, v, DeviceRef{Worker: sh.Worker})
	}
	address, suffix := SplitSoloWorker(sh.Worker)
	if e.SoloShares != nil {
		e.SoloShares.Add(SoloShare{Coin: e.Coin, Address: address, Worker: suffix, Difficulty: sh.Difficulty, Actual: v.Difficulty,
			Height: w.Template.Height, NetDiff: w.Template.Difficulty, Block: v.IsBlock, At: sh.ReceivedAt})
	}
	return stratum.SubmitResult{Accepted: true, Block: v.IsBlock}
}

// Rejected implements stratum.RejectObserver: stale and invalid shares count per device
// (once the worker has one on this connection; see count).
func (e *Engine) Rejected(s *stratum.SessionInfo, name string, difficulty float64, se *stratum.Error) {
	_, ref, ok := e.worker(s, name)
	if !ok {
		return
	}
	kind := Rejected
	if se.Code == stratum.CodeJobNotFound {
		kind = Stale
	}
	e.count(ref, time.Now(), kind)
}

// Disconnected implements stratum.Handler.
func (e *Engine) Disconnected(s *stratum.SessionInfo) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.workers, s.ID)
	if e.solo() {
		e.Builder.Solo.release(s.ID)
	}
}

// DevicesRefused is how many first accepted shares found their worker's device refused
// by the pool (a sub-account at its device cap, a sub-account deleted meanwhile).
func (e *Engine) DevicesRefused() uint64 { return e.devicesRefused.Load() }

// Follow updates found blocks and the coin's pool statistics; the engine's process calls it
// every minute (it has the driver).
func (e *Engine) Follow(ctx context.Context) error {
	if _, err := e.Blocks.Follow(ctx, e.Coin, e.Node(), e.Maturity); err != nil {
		return err
	}
	st, err := e.Blocks.ComputeStats(ctx, e.Coin, e.algorithm(), e.Node(), time.Now())
	if err != nil {
		return err
	}
	return e.Blocks.SaveStats(ctx, st)
}

func (e *Engine) algorithm() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.current != nil {
		return e.current.Algorithm
	}
	return e.Algorithm
}
