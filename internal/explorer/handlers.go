package explorer

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// ReadsPerMinute bounds one client's explorer calls: each asks the node.
const ReadsPerMinute = 120

// Handler serves the explorer calls.
type Handler struct {
	Explorer *Explorer
	Coins    *coin.Store
	Limiter  ratelimit.Limiter
	Now      func() time.Time
	// SecretKey is the pool's secret key (seal.LoadKey), which the ranking's public ids
	// are derived from (NewRankingKey); nil keys them for this process alone.
	SecretKey []byte
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// Routes registers the explorer calls (public).
func (h *Handler) Routes(r *httpx.Router) {
	base := "/api/pc/v1/explorer/"
	r.Handle("GET "+base+"overview", h.overview)
	r.Handle("GET "+base+"blocks", h.blocks)
	r.Handle("GET "+base+"block", h.block)
	r.Handle("GET "+base+"search", h.search)
	r.Handle("GET "+base+"ranking", h.ranking)
	r.Handle("GET "+base+"ranking/detail", h.rankingDetail)
}

// coinOf is the request's coin (open, with a chain), limited per client.
func (h *Handler) coinOf(r *http.Request) (coin.Coin, error) {
	ctx := r.Context()
	if err := httpx.LimitClient(r, h.Limiter, "explorer", ReadsPerMinute); err != nil {
		return coin.Coin{}, err
	}
	typ := strings.TrimSpace(r.URL.Query().Get("coin"))
	if typ == "" {
		return coin.Coin{}, httpx.Required("explorer.field.coin")
	}
	c, err := h.Coins.Get(ctx, typ)
	if errors.Is(err, db.ErrNotFound) || (err == nil && len(c.StratumPorts)+len(c.SoloPorts) == 0) {
		return c, httpx.Warn("explorer.coinNotFound", i18n.Params{"coin": typ})
	}
	return c, err
}

type poolBlockView struct {
	Height        int64   `json:"height"`
	Hash          string  `json:"hash"`
	Status        string  `json:"status"`
	Confirmations int64   `json:"confirmations"`
	Maturity      int64   `json:"maturity"`
	Effort        float64 `json:"effort"` // 0: unknown
	Finder        string  `json:"finder"`
	Solo          bool    `json:"solo"`
	Reward        string  `json:"reward"`
	FoundAt       int64   `json:"foundAt"`
}

func viewPoolBlock(b PoolBlock, c coin.Coin) poolBlockView {
	return poolBlockView{Height: b.Height, Hash: b.Hash, Status: b.Status, Confirmations: b.Confirmations, Maturity: b.Maturity, Effort: b.Effort,
		Finder: b.Finder, Solo: b.Solo, Reward: chain.FormatAmount(b.Reward, c.Decimals), FoundAt: b.FoundAt}
}

// poolBlockViews shows the pool's blocks with their effort and masked finder.
func (h *Handler) poolBlockViews(ctx context.Context, found []mining.FoundBlock, c coin.Coin) ([]poolBlockView, error) {
	out := make([]poolBlockView, 0, len(found))
	for _, f := range found {
		b, err := h.Explorer.poolBlock(ctx, f, c)
		if err != nil {
			return nil, err
		}
		out = append(out, viewPoolBlock(b, c))
	}
	return out, nil
}

type chainBlockView struct {
	Height  int64  `json:"height"`
	Hash    string `json:"hash"`
	Time    int64  `json:"time"` // Unix ms
	TxCount int    `json:"txCount"`
	Size    int64  `json:"size"`
	Reward  string `json:"reward"`
	Pool    bool   `json:"pool"`
	Finder  string `json:"finder"` // the pool's blocks only
}

func viewChainBlock(b ChainBlock, c coin.Coin) chainBlockView {
	return chainBlockView{Height: b.Height, Hash: b.Hash.String(), Time: b.Time * 1000, TxCount: b.TxCount, Size: b.Size,
		Reward: chain.FormatAmount(b.CoinbaseValue, c.Decimals), Pool: b.Pool, Finder: b.Finder}
}

// overview: GET /api/pc/v1/explorer/overview?coin: the network, the pool's share of it,
// the node's latest blocks and the pool's.
func (h *Handler) overview(w http.ResponseWriter, r *http.Request) error {
	c, err := h.coinOf(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	d, err := h.Explorer.driver(ctx, c)
	if err != nil {
		return err
	}
	net, err := d.Network(ctx)
	if err != nil {
		return err
	}
	st, err := h.Explorer.Blocks.Stats(ctx, c.Type)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return err
	}
	found24h, err := h.Explorer.Blocks.FoundSince(ctx, c.Type, h.now().Add(-24*time.Hour))
	if err != nil {
		return err
	}
	latest, err := h.Explorer.Latest(ctx, c, d, net.Height, LatestBlocks)
	if err != nil {
		return err
	}
	own, _, err := h.Explorer.Blocks.Page(ctx, c.Type, 1, LatestBlocks)
	if err != nil {
		return err
	}
	share := 0.0
	if net.HashRate > 0 {
		share = min(st.PoolHashRate/net.HashRate, 1)
	}
	out := map[string]any{"coin": c.Type, "height": net.Height, "difficulty": net.Difficulty, "networkHashRate": hashrate.New(net.HashRate),
		"poolHashRate": hashrate.New(st.PoolHashRate), "poolShare": share, "reward": chain.FormatAmount(net.BlockReward, c.Decimals),
		"unit": c.ChainUnit, "blocks24h": found24h, "maturity": mining.MaturityOf(c)}
	chainBlocks := make([]chainBlockView, len(latest))
	for i, b := range latest {
		chainBlocks[i] = viewChainBlock(b, c)
	}
	poolBlocks, err := h.poolBlockViews(ctx, own, c)
	if err != nil {
		return err
	}
	out["latestBlocks"], out["poolBlocks"] = chainBlocks, poolBlocks
	return httpx.OK(w, r, out)
}

// blocks: GET /api/pc/v1/explorer/blocks?coin&page&pageSize: the pool's blocks.
func (h *Handler) blocks(w http.ResponseWriter, r *http.Request) error {
	c, err := h.coinOf(r)
	if err != nil {
		return err
	}
	page, size, err := httpx.Paging(r.URL.Query(), "explorer.field.page", "explorer.field.pageSize")
	if err != nil {
		return err
	}
	list, total, err := h.Explorer.Blocks.Page(r.Context(), c.Type, page, size)
	if err != nil {
		return err
	}
	rows, err := h.poolBlockViews(r.Context(), list, c)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"total": total, "page": page, "pageSize": size, "rows": rows})
}

type blockView struct {
	chainBlockView
	Confirmations int64    `json:"confirmations"` // -1: not on the main chain
	Difficulty    float64  `json:"difficulty"`
	Prev          string   `json:"prevHash"` // "" for the first
	Next          string   `json:"nextHash"` // "" at the tip
	TxIDs         []string `json:"txids"`    // the coinbase first, at most 1,000
	// PoolBlock is the pool's record of it: status, effort, finder (null when not ours).
	PoolBlock *poolBlockView `json:"poolBlock"`
}

// block: GET /api/pc/v1/explorer/block?coin&height= or &hash=: one block from the node.
func (h *Handler) block(w http.ResponseWriter, r *http.Request) error {
	c, err := h.coinOf(r)
	if err != nil {
		return err
	}
	ctx := r.Context()
	d, err := h.Explorer.driver(ctx, c)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	var hash chain.Hash
	switch {
	case q.Get("hash") != "":
		qq, err := ParseQuery(q.Get("hash"))
		if err != nil || qq.Kind != "hash" {
			return httpx.Invalid("explorer.field.hash")
		}
		hash = qq.Hash
	case q.Get("height") != "":
		height, err := strconv.ParseInt(strings.TrimSpace(q.Get("height")), 10, 64)
		if err != nil || height < 0 {
			return httpx.Invalid("explorer.field.height")
		}
		if hash, err = d.BlockHash(ctx, height); errors.Is(err, chain.ErrNotFound) {
			return httpx.NotFound("explorer.blockNotFound")
		} else if err != nil {
			return err
		}
	default:
		return httpx.Required("explorer.field.height")
	}
	b, err := h.Explorer.block(ctx, c, d, hash)
	if errors.Is(err, chain.ErrNotFound) {
		return httpx.NotFound("explorer.blockNotFound")
	}
	if err != nil {
		return err
	}
	out := blockView{chainBlockView: viewChainBlock(b, c), Confirmations: b.Confirmations, Difficulty: b.Difficulty, TxIDs: make([]string, len(b.TxIDs))}
	if b.Prev != (chain.Hash{}) {
		out.Prev = b.Prev.String()
	}
	if b.Next != (chain.Hash{}) {
		out.Next = b.Next.String()
	}
	for i, id := range b.TxIDs {
		out.TxIDs[i] = id.String()
	}
	if b.Found != nil {
		views, err := h.poolBlockViews(ctx, []mining.FoundBlock{*b.Found}, c)
		if err != nil {
			return err
		}
		out.PoolBlock = &views[0]
	}
	return httpx.OK(w, r, out)
}

// search: GET /api/pc/v1/explorer/search?coin&q: a height or hash names a block, anything
// else an address, which opens its solo summary when it mines solo here.
func (h *Handler) search(w http.ResponseWriter, r *http.Request) error {
	c, err := h.coinOf(r)
	if err != nil {
		return err
	}
	q, err := ParseQuery(r.URL.Query().Get("q"))
	if errors.Is(err, errEmpty) {
		return httpx.Warn("explorer.searchRequired", nil)
	}
	if err != nil {
		return httpx.Invalid("explorer.field.q")
	}
	ctx := r.Context()
	switch q.Kind {
	case "address":
		known := false
		if len(c.SoloPorts) > 0 {
			if known, err = h.Explorer.Solo.Known(ctx, c.Type, q.Address); err != nil {
				return err
			}
		}
		if !known {
			return httpx.NotFound("solo.unknownAddress")
		}
		return httpx.OK(w, r, map[string]any{"kind": "address", "address": q.Address})
	default:
		d, err := h.Explorer.driver(ctx, c)
		if err != nil {
			return err
		}
		hash := q.Hash
		if q.Kind == "height" {
			if hash, err = d.BlockHash(ctx, q.Height); errors.Is(err, chain.ErrNotFound) {
				return httpx.NotFound("explorer.blockNotFound")
			} else if err != nil {
				return err
			}
		}
		b, err := d.Block(ctx, hash)
		if errors.Is(err, chain.ErrNotFound) {
			return httpx.NotFound("explorer.blockNotFound")
		}
		if err != nil {
			return err
		}
		return httpx.OK(w, r, map[string]any{"kind": "block", "height": b.Height, "hash": hash.String()})
	}
}
