package ironfishrpc

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"time"

	"lukechampine.com/blake3"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/ironfish"
)

// HeaderSize is the length of the serialized header miners hash.
const HeaderSize = 180

// NonceSize is the length of a header's randomness, the miner's nonce.
const NonceSize = 8

// ErrFishHash is returned for work the node builds under FishHash (mainnet from block
// 503,338, testnet likewise after its fork): the pool judges shares with Blake3 only.
var ErrFishHash = errors.New("ironfish: the node's chain mines with FishHash at this height; this pool judges Blake3 work only")

// blockTemplate is miner/blockTemplateStream's message and miner/submitBlock's request
// (SDK serde/BlockTemplateSerde).
type blockTemplate struct {
	Header struct {
		Sequence              int64  `json:"sequence"`
		PreviousBlockHash     string `json:"previousBlockHash"`
		NoteCommitment        string `json:"noteCommitment"`
		TransactionCommitment string `json:"transactionCommitment"`
		Target                string `json:"target"`     // 32 bytes, big-endian hex
		Randomness            string `json:"randomness"` // 8 bytes, big-endian hex
		Timestamp             int64  `json:"timestamp"`  // Unix ms
		Graffiti              string `json:"graffiti"`   // 32 bytes hex
	} `json:"header"`
	Transactions []string `json:"transactions"`
	// PreviousBlockInfo comes with the stream and is not sent back.
	PreviousBlockInfo *struct {
		Target    string `json:"target"`
		Timestamp int64  `json:"timestamp"`
	} `json:"previousBlockInfo,omitempty"`
}

// nodeWork is the driver's record of a template (chain.HeaderTemplate.Node).
type nodeWork struct {
	tmpl blockTemplate // with the pool's graffiti, randomness zero
	work [HeaderSize]byte
	// prevTarget and prevTime are the parent's (previousBlockInfo), which the target of
	// the block at any timestamp follows from; prevTarget is nil when the node sent none.
	prevTarget *big.Int
	prevTime   time.Time
}

// serializeBlake3 writes a header as Blake3 mining hashes it (SDK blockHasher
// serializeHeaderBlake3): randomness (u64 big-endian), sequence (u32 little-endian),
// previous block hash, note commitment, transaction commitment, target (u256
// big-endian), timestamp in ms (u64 little-endian), graffiti.
func serializeBlake3(t *blockTemplate) ([HeaderSize]byte, error) {
	var w [HeaderSize]byte
	h := t.Header
	rnd, err := decodeHex("randomness", h.Randomness, NonceSize)
	if err != nil {
		return w, err
	}
	prev, err := decodeHex("previousBlockHash", h.PreviousBlockHash, 32)
	if err != nil {
		return w, err
	}
	notes, err := decodeHex("noteCommitment", h.NoteCommitment, 32)
	if err != nil {
		return w, err
	}
	txs, err := decodeHex("transactionCommitment", h.TransactionCommitment, 32)
	if err != nil {
		return w, err
	}
	target, err := decodeHex("target", h.Target, 32)
	if err != nil {
		return w, err
	}
	graffiti, err := decodeHex("graffiti", h.Graffiti, GraffitiSize)
	if err != nil {
		return w, err
	}
	if h.Sequence < 1 || h.Sequence > 1<<32-1 || h.Timestamp < 0 {
		return w, fmt.Errorf("ironfish: template sequence %d or timestamp %d out of range", h.Sequence, h.Timestamp)
	}
	copy(w[0:8], rnd)
	binary.LittleEndian.PutUint32(w[8:12], uint32(h.Sequence))
	copy(w[12:44], prev)
	copy(w[44:76], notes)
	copy(w[76:108], txs)
	copy(w[108:140], target)
	binary.LittleEndian.PutUint64(w[140:148], uint64(h.Timestamp))
	copy(w[148:180], graffiti)
	return w, nil
}

// headerTemplate turns the node's template into the pool's work: the pool's graffiti in
// the header, randomness zero.
func (d *Driver) headerTemplate(raw json.RawMessage) (*chain.HeaderTemplate, error) {
	var bt blockTemplate
	if err := json.Unmarshal(raw, &bt); err != nil {
		return nil, fmt.Errorf("ironfish: block template: %w", err)
	}
	if len(bt.Transactions) == 0 {
		return nil, errors.New("ironfish: block template without its miner fee transaction")
	}
	nw := &nodeWork{}
	if pi := bt.PreviousBlockInfo; pi != nil {
		if pt, err := decodeHex("previousBlockInfo.target", pi.Target, 32); err == nil {
			nw.prevTarget, nw.prevTime = new(big.Int).SetBytes(pt), time.UnixMilli(pi.Timestamp)
		}
	}
	bt.PreviousBlockInfo = nil
	bt.Header.Graffiti = hex.EncodeToString(d.graffiti[:])
	bt.Header.Randomness = "0000000000000000"
	nw.tmpl = bt
	return d.templateOf(nw)
}

// templateOf makes the pool's template of the driver's record nw (whose tmpl is set):
// the header serialized, its target, reward and id.
func (d *Driver) templateOf(nw *nodeWork) (*chain.HeaderTemplate, error) {
	bt := nw.tmpl
	work, err := serializeBlake3(&bt)
	if err != nil {
		return nil, err
	}
	nw.work = work
	target := new(big.Int).SetBytes(work[108:140])
	if target.Sign() == 0 {
		return nil, errors.New("ironfish: block template with target zero")
	}
	prev, err := hashFromNode(bt.Header.PreviousBlockHash)
	if err != nil {
		return nil, err
	}
	// The miner fee transaction pays subsidy plus the fees of the block's transactions:
	// its own fee is minus that (SDK Verifier: minersFee.fee() === -(reward + fees)).
	feeTx, err := hex.DecodeString(bt.Transactions[0])
	if err != nil {
		return nil, fmt.Errorf("ironfish: miner fee transaction: %w", err)
	}
	minersFee, err := txFee(feeTx)
	if err != nil {
		return nil, err
	}
	id := blake3.Sum256(work[:])
	return &chain.HeaderTemplate{
		ID:         hex.EncodeToString(id[:16]),
		Height:     bt.Header.Sequence,
		PrevHash:   prev,
		Work:       append([]byte(nil), work[:]...),
		Target:     target,
		Difficulty: difficultyOf(target),
		Reward:     -minersFee,
		Time:       time.UnixMilli(bt.Header.Timestamp),
		Node:       nw,
	}, nil
}

// retarget is t moved to the time at: its timestamp at, and the target IronFish's rule
// gives a block at that time on its parent (the node's verifier checks exactly that). It
// answers nil for a template it cannot move: no parent info from the node, or a rule
// this pool does not mine (the FishHash switch).
func (d *Driver) retarget(t *chain.HeaderTemplate, at time.Time) *chain.HeaderTemplate {
	nw, ok := t.Node.(*nodeWork)
	if !ok || nw.prevTarget == nil {
		return nil
	}
	d.mu.Lock()
	cons, consOK := d.cons, d.consOK
	d.mu.Unlock()
	if !consOK {
		return nil
	}
	// Never before the parent: the verifier refuses a block not after it.
	at = at.Truncate(time.Millisecond)
	if !at.After(nw.prevTime) {
		return nil
	}
	target, err := ironfish.CalculateTarget(cons, t.Height, at, nw.prevTime, nw.prevTarget)
	if err != nil {
		return nil
	}
	next := &nodeWork{tmpl: nw.tmpl, prevTarget: nw.prevTarget, prevTime: nw.prevTime}
	tb := ironfish.TargetBytes(target)
	next.tmpl.Header.Target = hex.EncodeToString(tb[:])
	next.tmpl.Header.Timestamp = at.UnixMilli()
	nt, err := d.templateOf(next)
	if err != nil {
		return nil
	}
	return nt
}

// retargetLoop moves the latest template to the present every RetargetEvery while its tip
// stands (IronFish's own pool does the same): the longer a tip stands, the easier its
// next block's target, and work on the old timestamp would keep the harder one.
func (d *Driver) retargetLoop(ctx context.Context) {
	tick := time.NewTicker(d.cfg.RetargetEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-tick.C:
			d.mu.Lock()
			t := d.latest
			d.mu.Unlock()
			if t == nil || now.Sub(t.Time) < d.cfg.RetargetEvery/2 {
				continue // a fresh template from the node: nothing to move yet
			}
			nt := d.retarget(t, now)
			if nt == nil {
				continue
			}
			d.mu.Lock()
			if d.latest == t { // the stream did not replace it meanwhile
				d.latest = nt
				close(d.changed)
				d.changed = make(chan struct{})
			}
			d.mu.Unlock()
		}
	}
}

// startStream starts the goroutine that follows miner/blockTemplateStream, once.
func (d *Driver) startStream() {
	d.startOnce.Do(func() {
		ctx, cancel := context.WithCancel(context.Background())
		d.mu.Lock()
		d.stop = cancel
		d.mu.Unlock()
		d.streamWG.Add(2)
		go func() {
			defer d.streamWG.Done()
			d.follow(ctx)
		}()
		go func() {
			defer d.streamWG.Done()
			d.retargetLoop(ctx)
		}()
	})
}

// follow keeps the latest template from the node's stream, connecting again after any
// failure. While disconnected it keeps no template: work on a tip it can no longer see
// may be stale.
func (d *Driver) follow(ctx context.Context) {
	pause := 100 * time.Millisecond
	for ctx.Err() == nil {
		if err := d.loadConsensus(ctx); err != nil {
			d.setWork(nil, err)
		} else {
			err = d.stream.Stream(ctx, "miner/blockTemplateStream", nil, func(raw json.RawMessage) error {
				pause = 100 * time.Millisecond
				t, err := d.headerTemplate(raw)
				if err == nil && d.fishHashAt(t.Height) {
					t, err = nil, ErrFishHash
				}
				d.setWork(t, err)
				return nil
			}, nil)
			if ctx.Err() != nil {
				return
			}
			d.setWork(nil, fmt.Errorf("ironfish: template stream: %w", err))
		}
		d.stream.Reset()
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(2*pause, 5*time.Second)
	}
}

// loadConsensus reads the node's consensus parameters once: where FishHash starts, and
// the retarget rule's times and upgrade.
func (d *Driver) loadConsensus(ctx context.Context) error {
	d.mu.Lock()
	ok := d.consOK
	d.mu.Unlock()
	if ok {
		return nil
	}
	var p struct {
		TargetBlockTimeInSeconds        int64  `json:"targetBlockTimeInSeconds"`
		TargetBucketTimeInSeconds       int64  `json:"targetBucketTimeInSeconds"`
		EnableIncreasedDifficultyChange *int64 `json:"enableIncreasedDifficultyChange"`
		EnableFishHash                  *int64 `json:"enableFishHash"`
	}
	if err := d.call(ctx, "chain/getConsensusParameters", nil, &p); err != nil {
		return err
	}
	d.mu.Lock()
	d.cons = ironfish.Consensus{TargetBlockTimeInSeconds: p.TargetBlockTimeInSeconds, TargetBucketTimeInSeconds: p.TargetBucketTimeInSeconds,
		EnableIncreasedDifficultyChange: p.EnableIncreasedDifficultyChange, EnableFishHash: p.EnableFishHash}
	d.consOK = true
	d.mu.Unlock()
	return nil
}

func (d *Driver) fishHashAt(sequence int64) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.cons.EnableFishHash != nil && sequence >= *d.cons.EnableFishHash
}

func (d *Driver) setWork(t *chain.HeaderTemplate, err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if t == nil && d.latest == nil && errors.Is(err, d.workErr) {
		return
	}
	d.latest, d.workErr = t, err
	close(d.changed)
	d.changed = make(chan struct{})
}

// HeaderTemplate implements chain.HeaderWork: the latest template of the node's stream,
// waiting for the first one.
func (d *Driver) HeaderTemplate(ctx context.Context) (*chain.HeaderTemplate, error) {
	return d.WaitHeaderTemplate(ctx, nil)
}

// WaitHeaderTemplate implements chain.HeaderWork. The node streams a template when a block
// connects (first one without transactions, then one with the mempool's when it has
// any); it does not stream one for a transaction that arrives between blocks.
func (d *Driver) WaitHeaderTemplate(ctx context.Context, prev *chain.HeaderTemplate) (*chain.HeaderTemplate, error) {
	d.startStream()
	for {
		d.mu.Lock()
		t, err, changed := d.latest, d.workErr, d.changed
		d.mu.Unlock()
		if t != nil && (prev == nil || t.ID != prev.ID) {
			return t, nil
		}
		if t == nil && errors.Is(err, ErrFishHash) {
			return nil, err
		}
		select {
		case <-ctx.Done():
			if err != nil {
				return nil, fmt.Errorf("%w (last: %v)", ctx.Err(), err)
			}
			return nil, ctx.Err()
		case <-changed:
		}
	}
}

// SubmitHeader implements chain.HeaderWork with miner/submitBlock: t's block with nonce as
// its randomness (8 bytes, as they stand at the start of Work). A transport failure
// never loses a found block: it is sent again, with growing pauses, until the node answers
// or ctx ends, and a node that already took it from the attempt that broke (it answers
// ADD_FAILED for a block it has) is asked whether the block is on its main chain.
//
// The node's answers: SUCCESS (on the main chain) returns the hash; FORK (stored, not on
// the main chain) returns the hash and a *chain.RejectedError; CHAIN_CHANGED (the tip
// moved on to a heavier chain), ADD_FAILED (invalid: the node logs why; a hash above the
// target is named here) and the node's validation errors return a *chain.RejectedError.
func (d *Driver) SubmitHeader(ctx context.Context, t *chain.HeaderTemplate, nonce []byte) (chain.Hash, error) {
	nw, ok := t.Node.(*nodeWork)
	if !ok || nw == nil {
		return chain.Hash{}, errors.New("ironfish: submit: template is not this driver's")
	}
	if len(nonce) != NonceSize {
		return chain.Hash{}, fmt.Errorf("ironfish: submit: nonce of %d bytes, want %d", len(nonce), NonceSize)
	}
	work := nw.work
	copy(work[:NonceSize], nonce)
	sum := blake3.Sum256(work[:])
	hash := hashFromBytes(sum)
	bt := nw.tmpl
	bt.Header.Randomness = hex.EncodeToString(nonce)

	var res struct {
		Added  bool   `json:"added"`
		Reason string `json:"reason"`
	}
	retried := false
	var err error
	for pause := 100 * time.Millisecond; ; pause = min(2*pause, 2*time.Second) {
		err = d.call(ctx, "miner/submitBlock", &bt, &res)
		if err == nil || !errors.Is(err, ErrConnectionLost) && !isNetError(err) {
			break
		}
		select {
		case <-ctx.Done():
			return chain.Hash{}, fmt.Errorf("ironfish: submitBlock: %w (last try: %v)", ctx.Err(), err)
		case <-time.After(pause):
		}
		retried = true
	}
	var re *RPCError
	if errors.As(err, &re) && re.Status < 500 {
		return chain.Hash{}, fmt.Errorf("ironfish: submitBlock: %w", &chain.RejectedError{Reason: re.Message})
	}
	if err != nil {
		return chain.Hash{}, err
	}
	switch {
	case res.Added:
		return hash, nil
	case res.Reason == "FORK":
		return hash, fmt.Errorf("ironfish: submitBlock: %w", &chain.RejectedError{Reason: "FORK: stored off the main chain"})
	case res.Reason == "ADD_FAILED" && retried:
		if info, berr := d.Block(ctx, hash); berr == nil && info.Confirmations > 0 {
			return hash, nil
		}
	}
	reason := res.Reason
	if reason == "ADD_FAILED" && new(big.Int).SetBytes(sum[:]).Cmp(t.Target) > 0 {
		reason += ": hash above the target"
	}
	return chain.Hash{}, fmt.Errorf("ironfish: submitBlock: %w", &chain.RejectedError{Reason: reason})
}

// isNetError tells a failure to reach the node (refused, reset) from an answer.
func isNetError(err error) bool {
	var re *RPCError
	if errors.As(err, &re) {
		return false
	}
	return !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded)
}
