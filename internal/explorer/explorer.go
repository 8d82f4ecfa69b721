// Package explorer is the block explorer's calls (docs/explorer.md): a coin's network and
// the pool's place in it, the latest blocks from the node beside the pool's own (status,
// confirmations out of maturity, effort, finder), one block in detail with its neighbours
// and transactions, and a search by height, hash or address. Public; the chain is asked
// live, through the coin's driver.
package explorer

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/solo"
)

// Chains opens a coin's chain driver (the api process's; app's chain set).
type Chains interface {
	Driver(ctx context.Context, c coin.Coin) (chain.Node, error)
}

// LatestBlocks is how many of the node's latest blocks the overview lists.
const LatestBlocks = 10

// Explorer reads the chain and the pool's blocks.
type Explorer struct {
	Blocks *mining.Blocks
	Pool   *pool.Store
	Solo   *solo.Store
	Chains Chains
}

// PoolBlock is one of the pool's found blocks as the explorer shows it.
type PoolBlock struct {
	mining.FoundBlock
	Maturity int64
	// Effort is the share difficulty since the previous block over the network difficulty
	// (1 = as much work as a block takes on average); 0 when unknown.
	Effort float64
	Finder string // masked sub-account, or the solo address
}

// Finder is who found a block, as the public sees it: a pool block's sub-account code
// masked (its first two and last characters), a solo block's address (public already: it
// is paid on chain).
func Finder(f mining.FoundBlock) string {
	if f.Solo {
		address, _ := mining.SplitSoloWorker(f.Worker)
		return address
	}
	code, _, _ := strings.Cut(f.Worker, ".")
	return Mask(code)
}

// Mask keeps a name's first two and last characters: "farm_a" is "fa***a".
func Mask(s string) string {
	r := []rune(s)
	if len(r) <= 3 {
		return strings.Repeat("*", max(len(r), 1))
	}
	return string(r[:2]) + "***" + string(r[len(r)-1:])
}

// Effort is a found block's effort (see PoolBlock).
func (e *Explorer) Effort(ctx context.Context, f mining.FoundBlock) (float64, error) {
	if f.NetDiff <= 0 {
		return 0, nil
	}
	from := time.Time{}
	prev, err := e.Blocks.Previous(ctx, f)
	switch {
	case err == nil:
		from = time.UnixMilli(prev.FoundAt)
	case !errors.Is(err, db.ErrNotFound):
		return 0, err
	}
	to := time.UnixMilli(f.FoundAt)
	var sum float64
	if f.Solo {
		address, _ := mining.SplitSoloWorker(f.Worker)
		sum, err = e.Solo.DiffBetween(ctx, f.Coin, address, from, to)
	} else {
		if !from.IsZero() {
			from = from.Add(time.Minute) // the previous block's minute counted for it
		}
		sum, err = e.Pool.CoinDiffBetween(ctx, f.Coin, from, to)
	}
	if err != nil {
		return 0, err
	}
	return sum / f.NetDiff, nil
}

func (e *Explorer) poolBlock(ctx context.Context, f mining.FoundBlock, c coin.Coin) (PoolBlock, error) {
	eff, err := e.Effort(ctx, f)
	if err != nil {
		return PoolBlock{}, err
	}
	return PoolBlock{FoundBlock: f, Maturity: mining.MaturityOf(c), Effort: eff, Finder: Finder(f)}, nil
}

// ChainBlock is one of the node's blocks; Found is the pool's record of it (nil when it is
// not ours), Pool and Finder what a list shows of that.
type ChainBlock struct {
	chain.BlockDetail
	Found  *mining.FoundBlock
	Pool   bool
	Finder string
}

// Latest is the node's latest blocks, newest first, marked where they are the pool's.
func (e *Explorer) Latest(ctx context.Context, c coin.Coin, d chain.Node, tip int64, n int) ([]ChainBlock, error) {
	var out []ChainBlock
	for h := tip; h >= 0 && len(out) < n; h-- {
		hash, err := d.BlockHash(ctx, h)
		if errors.Is(err, chain.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		b, err := e.block(ctx, c, d, hash)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, nil
}

func (e *Explorer) block(ctx context.Context, c coin.Coin, d chain.Node, hash chain.Hash) (ChainBlock, error) {
	b, err := d.BlockDetail(ctx, hash)
	if err != nil {
		return ChainBlock{}, err
	}
	out := ChainBlock{BlockDetail: b}
	f, err := e.Blocks.ByHash(ctx, c.Type, hash.String())
	switch {
	case err == nil:
		out.Found, out.Pool, out.Finder = &f, true, Finder(f)
	case !errors.Is(err, db.ErrNotFound):
		return ChainBlock{}, err
	}
	return out, nil
}

// Query is what a search typed means.
type Query struct {
	Kind    string // "height", "hash" or "address"
	Height  int64
	Hash    chain.Hash
	Address string
}

var hashPattern = regexp.MustCompile(`^[0-9a-fA-F]{64}$`)

// ParseQuery reads a search: a block height, a 64-digit block hash, else an address.
func ParseQuery(q string) (Query, error) {
	q = strings.TrimSpace(q)
	switch {
	case q == "":
		return Query{}, errEmpty
	case len(q) <= 12 && strings.Trim(q, "0123456789") == "":
		h, err := strconv.ParseInt(q, 10, 64)
		if err != nil {
			return Query{}, errBad
		}
		return Query{Kind: "height", Height: h}, nil
	case hashPattern.MatchString(q):
		h, err := chain.ParseHash(strings.ToLower(q))
		if err != nil {
			return Query{}, errBad
		}
		return Query{Kind: "hash", Hash: h}, nil
	case len(q) <= 128 && !strings.ContainsFunc(q, func(r rune) bool { return r <= ' ' || r > '~' }):
		return Query{Kind: "address", Address: q}, nil
	}
	return Query{}, errBad
}

var (
	errEmpty = errors.New("explorer: empty search")
	errBad   = errors.New("explorer: not a height, hash or address")
)

// driver opens the coin's chain.
func (e *Explorer) driver(ctx context.Context, c coin.Coin) (chain.Node, error) {
	d, err := e.Chains.Driver(ctx, c)
	if err != nil {
		return nil, fmt.Errorf("explorer: chain of %s: %w", c.Type, err)
	}
	return d, nil
}
