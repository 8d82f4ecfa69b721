package mining

import (
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
type SoloPayouts struct {
	Driver    chain.Driver
	FeeScript []byte // where the solo fee goes; with FeeBps 0 it is never used
	FeeBps    int

	mu      sync.Mutex
	scripts map[string][]byte // address -> script; nil value: checked and refused
}

// maxKnownAddresses bounds the cache: a port hammered with made-up addresses forgets them.
const maxKnownAddresses = 100_000

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
	script, known := p.scripts[address]
	p.mu.Unlock()
	if known {
		if script == nil {
			return nil, ErrSoloAddress
		}
		return script, nil
	}
	a, err := p.Driver.ValidateAddress(ctx, address)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", errSoloUnchecked, err)
	}
	if a.Valid && len(a.Script) > 0 {
		script = a.Script
	}
	p.mu.Lock()
	if p.scripts == nil || len(p.scripts) >= maxKnownAddresses {
		p.scripts = map[string][]byte{}
	}
	p.scripts[address] = script
	p.mu.Unlock()
	if script == nil {
		return nil, ErrSoloAddress
	}
	return script, nil
}

// script is a checked address's script (Check ran at the worker's authorize).
func (p *SoloPayouts) script(address string) ([]byte, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	s, ok := p.scripts[address]
	return s, ok && s != nil
}

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

// soloWork is a solo job's coinbase per address, made when a connection first needs it.
type soloWork struct {
	payouts *SoloPayouts
	tag     string
	mu      sync.Mutex
	parts   map[string][2][]byte
}

// partsFor is the coinbase of worker's address on w.
func (w *Work) partsFor(worker string) (coinb1, coinb2 []byte, ok bool) {
	address, _ := SplitSoloWorker(worker)
	s := w.solo
	s.mu.Lock()
	p, ok := s.parts[address]
	s.mu.Unlock()
	if ok {
		return p[0], p[1], true
	}
	script, ok := s.payouts.script(address)
	if !ok {
		return nil, nil, false
	}
	c1, c2, err := chain.CoinbasePartsTo(w.Template, s.payouts.Outputs(w.Template.CoinbaseValue, script), w.ExtraNonce, s.tag)
	if err != nil {
		return nil, nil, false
	}
	s.mu.Lock()
	s.parts[address] = [2][]byte{c1, c2}
	s.mu.Unlock()
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
