package explorer

import (
	"context"
	"errors"
	"net/http"
	"net/url"
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
	r.Handle("GET "+base+"transaction", h.transaction)
	r.Handle("GET "+base+"ranking", h.ranking)
	r.Handle("GET "+base+"ranking/detail", h.rankingDetail)
}

// coinOf is the request's coin (open, with a chain), limited per client.
func (h *Handler) coinOf(r *http.Request) (coin.Coin, error) {
	ctx := r.Context()
	if err := httpx.LimitClient(r, h.Limiter, "explorer", ReadsPerMinute); err != nil {
		return coin.Coin{}, err
	}
	typ, err := CoinParam(r.URL.Query())
	if err != nil {
		return coin.Coin{}, err
	}
	c, err := h.Coins.Get(ctx, typ)
	if errors.Is(err, db.ErrNotFound) || (err == nil && len(c.StratumPorts)+len(c.SoloPorts) == 0) {
		return c, httpx.Warn("explorer.coinNotFound", i18n.Params{"coin": typ})
	}
	return c, err
}

// CoinParam is a request's coin: currencyType, the name the SPEC's calls use, or coin, the
// name the explorer's calls were first given (links and clients made with it keep working).
// Both, naming different coins, is refused rather than one silently chosen: a client that
// sends both has a bug worth hearing about.
func CoinParam(q url.Values) (string, error) {
	typ, old := strings.TrimSpace(q.Get("currencyType")), strings.TrimSpace(q.Get("coin"))
	switch {
	case typ != "" && old != "" && typ != old:
		return "", httpx.Warn("explorer.coinConflict", i18n.Params{"currencyType": typ, "coin": old})
	case typ != "":
		return typ, nil
	case old != "":
		return old, nil
	}
	return "", httpx.Required("explorer.field.coin")
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

// overview: GET /api/pc/v1/explorer/overview?currencyType: the network, the pool's share of it,
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

// blocks: GET /api/pc/v1/explorer/blocks?currencyType&page&pageSize: the pool's blocks.
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

// block: GET /api/pc/v1/explorer/block?currencyType&height= or &hash=: one block from the node.
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

// search: GET /api/pc/v1/explorer/search?currencyType&q: a height names a block, a hash a
// block or else a transaction (the pool's payouts, the node wallet's), anything else an
// address, which opens its solo summary when it mines solo here.
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
		if errors.Is(err, chain.ErrNotFound) && q.Kind == "hash" {
			// Not a block: a transaction's hash has the same shape.
			if _, err := h.Explorer.Transaction(ctx, c, d, hash); errors.Is(err, chain.ErrNotFound) {
				return httpx.NotFound("explorer.hashNotFound")
			} else if err != nil {
				return err
			}
			return httpx.OK(w, r, map[string]any{"kind": "transaction", "txid": hash.String()})
		}
		if errors.Is(err, chain.ErrNotFound) {
			return httpx.NotFound("explorer.blockNotFound")
		}
		if err != nil {
			return err
		}
		return httpx.OK(w, r, map[string]any{"kind": "block", "height": b.Height, "hash": hash.String()})
	}
}

type txOutputView struct {
	Address string `json:"address"`
	Amount  string `json:"amount"`
}

type transactionView struct {
	TxID          string         `json:"txid"`
	Pool          bool           `json:"pool"`
	Status        string         `json:"status"`
	Confirmations int64          `json:"confirmations"`
	Required      int64          `json:"required"`
	BlockHash     string         `json:"blockHash"`   // "" while in no block
	BlockHeight   int64          `json:"blockHeight"` // -1 while in no block
	Time          int64          `json:"time"`        // Unix ms; 0 unknown
	NetworkFee    string         `json:"networkFee"`  // "" unknown
	Unit          string         `json:"unit"`
	Outputs       []txOutputView `json:"outputs"`
	Total         string         `json:"total"` // the outputs' sum; "" without outputs
}

// transaction: GET /api/pc/v1/explorer/transaction?currencyType&txid: one transaction the
// pool's records or the node's wallet know (docs/explorer.md "Transactions").
func (h *Handler) transaction(w http.ResponseWriter, r *http.Request) error {
	c, err := h.coinOf(r)
	if err != nil {
		return err
	}
	raw := strings.TrimSpace(r.URL.Query().Get("txid"))
	if raw == "" {
		return httpx.Required("explorer.field.txid")
	}
	qq, err := ParseQuery(raw)
	if err != nil || qq.Kind != "hash" {
		return httpx.Invalid("explorer.field.txid")
	}
	ctx := r.Context()
	d, err := h.Explorer.driver(ctx, c)
	if err != nil {
		return err
	}
	tx, err := h.Explorer.Transaction(ctx, c, d, qq.Hash)
	if errors.Is(err, chain.ErrNotFound) {
		return httpx.NotFound("explorer.txNotFound")
	}
	if err != nil {
		return err
	}
	out := transactionView{TxID: tx.TxID.String(), Pool: tx.Pool, Status: tx.Status, Confirmations: tx.Confirmations, Required: tx.Required,
		BlockHeight: tx.BlockHeight, Time: tx.Time, Unit: c.ChainUnit, Outputs: make([]txOutputView, len(tx.Outputs))}
	if !tx.BlockHash.IsZero() {
		out.BlockHash = tx.BlockHash.String()
	}
	if tx.NetworkFee >= 0 {
		out.NetworkFee = chain.FormatAmount(tx.NetworkFee, c.Decimals)
	}
	var total int64
	for i, o := range tx.Outputs {
		out.Outputs[i] = txOutputView{Address: o.Address, Amount: chain.FormatAmount(o.Amount, c.Decimals)}
		total += o.Amount
	}
	if len(tx.Outputs) > 0 {
		out.Total = chain.FormatAmount(total, c.Decimals)
	}
	return httpx.OK(w, r, out)
}
