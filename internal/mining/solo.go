package mining

import (
	"container/list"
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// Solo mining (docs/solo.md): on a coin's solo port the worker name is the miner's wallet
// address, with an optional ".suffix" naming the rig. Each connection gets jobs whose
// coinbase pays the block to that address, less the pool's solo fee as a second output.
// Shares earn nothing from the pool (the miner keeps the block) and are kept one row each
// for the solo pages.

// MaxSoloSuffix is the longest rig suffix after the address (SPEC: worker suffix max 15).
const MaxSoloSuffix = 15

var soloSuffix = regexp.MustCompile(`^[A-Za-z0-9_-]{1,15}$`)

// SplitSoloWorker splits a solo worker name into the address and the rig suffix ("" when
// none).
func SplitSoloWorker(worker string) (address, suffix string) {
	address, suffix, _ = strings.Cut(worker, ".")
	return address, suffix
}

// SoloWorkerOf is the SQL condition (on a column named worker) and its arguments that
// match the solo worker names of address: the bare address, or the address and a rig.
func SoloWorkerOf(address string) (string, []any) {
	return "(worker = ? OR substr(worker, 1, ?) = ?)", []any{address, len(address) + 1, address + "."}
}

// Solo refusals, sent to the miner.
var (
	ErrSoloAddress    = &stratum.Error{Code: stratum.CodeUnauthorized, Message: "worker name must be your wallet address, optionally .rig"}
	ErrSoloSuffix     = &stratum.Error{Code: stratum.CodeUnauthorized, Message: "rig name after the address: 1-15 letters, digits, _ or -"}
	ErrSoloOneAddress = &stratum.Error{Code: stratum.CodeUnauthorized, Message: "one wallet address per connection"}
	errSoloUnchecked  = &stratum.Error{Code: stratum.CodeOther, Message: "address not checked, node busy"}
)

// SoloPayouts turns solo miners' addresses into coinbase outputs: the address's script
// (the chain driver checks the address; answers are kept) for the block less the fee, and
// the pool's fee script for the fee.
//
// A connection's script is kept with the connection, from its authorize to its end
// (bind, release), and its jobs are made from that: the caches of the driver's answers
// only spare the node a call. They used to be the jobs' only source, one map wiped at
// 100,000 addresses, refused ones included, so a flood of made-up addresses wiped it and
// every connected solo miner silently got no job after that.
type SoloPayouts struct {
	Driver    chain.Node
	FeeScript []byte // where the solo fee goes; with FeeBps 0 it is never used
	FeeBps    int

	mu      sync.Mutex
	known   addressLRU        // addresses the driver accepted, with their scripts
	refused addressLRU        // addresses it refused: a flood of them forgets only them
	conns   map[uint64][]byte // each live connection's script, by session id
}

// Bounds of the address caches, least recently used forgotten first.
const (
	maxKnownAddresses   = 100_000
	maxRefusedAddresses = 10_000
)

// Check resolves a solo worker's address to its output script at authorize time; a bad
// name or address is a *stratum.Error for the miner.
func (p *SoloPayouts) Check(ctx context.Context, worker string) ([]byte, error) {
	address, suffix := SplitSoloWorker(worker)
	if address == "" || len(address) > 128 {
		return nil, ErrSoloAddress
	}
	if strings.Contains(worker, ".") && !soloSuffix.MatchString(suffix) {
		return nil, ErrSoloSuffix
	}
	p.mu.Lock()
	script, known := p.known.get(address)
	_, refused := p.refused.get(address)
	p.mu.Unlock()
	switch {
	case known:
		return script, nil
	case refused:
		return nil, ErrSoloAddress
	}
	a, err := p.Driver.ValidateAddress(ctx, address)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errSoloUnchecked, err)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !a.Valid || len(a.Script) == 0 {
		p.refused.put(address, nil, maxRefusedAddresses)
		return nil, ErrSoloAddress
	}
	p.known.put(address, a.Script, maxKnownAddresses)
	return a.Script, nil
}

// bind keeps script as the connection's (session id), for its jobs and shares.
func (p *SoloPayouts) bind(id uint64, script []byte) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conns == nil {
		p.conns = map[uint64][]byte{}
	}
	p.conns[id] = script
}

// release forgets an ended connection's script.
func (p *SoloPayouts) release(id uint64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.conns, id)
}

// connScript is the script of connection id, bound at its first authorize.
func (p *SoloPayouts) connScript(id uint64) ([]byte, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	s, ok := p.conns[id]
	return s, ok
}

// addressLRU is a bounded map of addresses to scripts that forgets the least recently
// used address first. Its zero value is empty and ready.
type addressLRU struct {
	byAddr map[string]*list.Element // of *lruEntry
	order  list.List                // most recently used first
}

type lruEntry struct {
	address string
	script  []byte
}

func (c *addressLRU) get(address string) ([]byte, bool) {
	e, ok := c.byAddr[address]
	if !ok {
		return nil, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*lruEntry).script, true
}

// put keeps address and its script, forgetting the least recently used past max.
func (c *addressLRU) put(address string, script []byte, max int) {
	if e, ok := c.byAddr[address]; ok {
		e.Value.(*lruEntry).script = script
		c.order.MoveToFront(e)
		return
	}
	if c.byAddr == nil {
		c.byAddr = map[string]*list.Element{}
	}
	c.byAddr[address] = c.order.PushFront(&lruEntry{address, script})
	for c.order.Len() > max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.byAddr, last.Value.(*lruEntry).address)
	}
}

func (c *addressLRU) len() int { return c.order.Len() }

// Outputs splits a coinbase value: the fee (rounded down) to the pool, the rest to the miner.
func (p *SoloPayouts) Outputs(value int64, minerScript []byte) []chain.CoinbaseOutput {
	fee := SoloFee(value, p.FeeBps)
	if fee == 0 || len(p.FeeScript) == 0 {
		return []chain.CoinbaseOutput{{Value: value, Script: minerScript}}
	}
	return []chain.CoinbaseOutput{{Value: value - fee, Script: minerScript}, {Value: fee, Script: p.FeeScript}}
}

// SoloFee is the pool's part of a solo block's coinbase value at feeBps, rounded down.
func SoloFee(value int64, feeBps int) int64 {
	if feeBps <= 0 || value <= 0 {
		return 0
	}
	return value/10_000*int64(feeBps) + value%10_000*int64(feeBps)/10_000
}

// soloWork is a solo job's coinbase per payout script, made when a connection first needs
// it.
type soloWork struct {
	payouts *SoloPayouts
	tag     string
	mu      sync.Mutex
	parts   map[string][2][]byte // by script
}

// partsFor is the coinbase of connection s on w (stratum.Job.PerWorker): it pays the script
// the connection was authorized with.
func (w *Work) partsFor(s *stratum.SessionInfo) (coinb1, coinb2 []byte, ok bool) {
	if s == nil {
		return nil, nil, false
	}
	script, ok := w.solo.payouts.connScript(s.ID)
	if !ok {
		return nil, nil, false
	}
	sw := w.solo
	sw.mu.Lock()
	p, ok := sw.parts[string(script)]
	sw.mu.Unlock()
	if ok {
		return p[0], p[1], true
	}
	c1, c2, err := chain.CoinbasePartsJob(w.Template, sw.payouts.Outputs(w.Template.CoinbaseValue, script), w.ExtraNonce, sw.tag, w.jobValue)
	if err != nil {
		return nil, nil, false
	}
	sw.mu.Lock()
	sw.parts[string(script)] = [2][]byte{c1, c2}
	sw.mu.Unlock()
	return c1, c2, true
}

// SoloShare is one accepted share of a solo miner: kept one row each (DESIGN.md "Mining").
type SoloShare struct {
	Coin    string
	Address string
	Worker  string // the rig suffix, "" when none
	// Difficulty is the share's target difficulty (its credit), Actual what its hash met.
	Difficulty float64
	Actual     float64
	Height     int64   // the block height it was mined for
	NetDiff    float64 // the network difficulty then
	Block      bool
	At         time.Time
}

// SoloSink stores solo shares (internal/solo).
type SoloSink interface {
	AddSoloShares(ctx context.Context, rows []SoloShare) error
}

// maxSoloBacklog bounds the shares kept for a database that keeps failing.
const maxSoloBacklog = 1_000_000

// SoloShares gathers solo shares in memory and writes them in batches (Flush); a failed
// write is tried again with the next one.
type SoloShares struct {
	Sink SoloSink
	Log  *slog.Logger

	mu      sync.Mutex
	pending []SoloShare
}

// Add keeps a share for the next flush.
func (s *SoloShares) Add(sh SoloShare) {
	s.mu.Lock()
	if len(s.pending) < maxSoloBacklog {
		s.pending = append(s.pending, sh)
	}
	s.mu.Unlock()
}

// Flush writes the shares gathered so far.
func (s *SoloShares) Flush(ctx context.Context) error {
	s.mu.Lock()
	rows := s.pending
	s.pending = nil
	s.mu.Unlock()
	if len(rows) == 0 {
		return nil
	}
	if err := s.Sink.AddSoloShares(ctx, rows); err != nil {
		s.mu.Lock()
		s.pending = append(rows, s.pending...)
		s.mu.Unlock()
		return err
	}
	return nil
}

// Run flushes every interval until ctx ends, then once more.
func (s *SoloShares) Run(ctx context.Context, every time.Duration) {
	flushEvery(ctx, every, s.Flush, s.Log, "solo shares", func() int {
		s.mu.Lock()
		defer s.mu.Unlock()
		return len(s.pending)
	})
}
