package solo

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// ReadsPerMinute bounds one client's solo calls: the pages poll a few calls a minute, and
// a search is a lookup anyone can make without a login.
const ReadsPerMinute = 120

// maxAddress is the longest address looked up (bech32 addresses are at most 90).
const maxAddress = 128

// Handler serves the solo calls: public, by coin and address (docs/solo.md).
type Handler struct {
	Store   *Store
	Coins   *coin.Store
	Stats   *mining.Blocks // the coin's network difficulty and hashrate
	Limiter ratelimit.Limiter
	Now     func() time.Time
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// Routes registers the solo calls.
func (h *Handler) Routes(r *httpx.Router) {
	base := "/api/pc/v1/solo/"
	r.Handle("GET "+base+"search", h.search)
	r.Handle("GET "+base+"summary", h.summary)
	r.Handle("GET "+base+"workers", h.workers)
	r.Handle("GET "+base+"shares", h.shares)
	r.Handle("GET "+base+"hashrate", h.history)
}

// target is the coin (with solo ports) and address of a request, limited per client.
func (h *Handler) target(r *http.Request, mustKnow bool) (coin.Coin, string, error) {
	ctx := r.Context()
	if err := httpx.LimitClient(r, h.Limiter, "solo", ReadsPerMinute); err != nil {
		return coin.Coin{}, "", err
	}
	q := r.URL.Query()
	// currencyType is the SPEC's name for the coin; coin, the name these calls were first
	// given, keeps working. Both naming different coins is refused, never one chosen.
	typ, old := strings.TrimSpace(q.Get("currencyType")), strings.TrimSpace(q.Get("coin"))
	switch {
	case typ != "" && old != "" && typ != old:
		return coin.Coin{}, "", httpx.Warn("solo.coinConflict", i18n.Params{"currencyType": typ, "coin": old})
	case typ == "":
		typ = old
	}
	if typ == "" {
		return coin.Coin{}, "", httpx.Required("solo.field.coin")
	}
	c, err := h.Coins.Get(ctx, typ)
	if errors.Is(err, db.ErrNotFound) {
		return c, "", httpx.Warn("solo.coinNotFound", i18n.Params{"coin": typ})
	}
	if err != nil {
		return c, "", err
	}
	if len(c.SoloPorts) == 0 {
		return c, "", httpx.Warn("solo.noSolo", i18n.Params{"coin": typ})
	}
	address := strings.TrimSpace(q.Get("address"))
	if address == "" {
		return c, "", httpx.Warn("solo.addressRequired", nil)
	}
	if len(address) > maxAddress || strings.ContainsFunc(address, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) || r > unicode.MaxASCII }) {
		return c, "", httpx.Invalid("solo.field.address")
	}
	if mustKnow {
		known, err := h.Store.Known(ctx, c.Type, address)
		if err != nil {
			return c, "", err
		}
		if !known {
			return c, "", httpx.NotFound("solo.unknownAddress")
		}
	}
	return c, address, nil
}

// search: GET /api/pc/v1/solo/search?currencyType&address. The address has mined here, or code 3
// "The query address does not exist." (SPEC section 8).
func (h *Handler) search(w http.ResponseWriter, r *http.Request) error {
	c, address, err := h.target(r, true)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]string{"coin": c.Type, "address": address})
}

// ratesView is hashrates over the solo windows.
type ratesView struct {
	M10 hashrate.Rate `json:"hashRate10m"`
	H1  hashrate.Rate `json:"hashRate1h"`
	H24 hashrate.Rate `json:"hashRate24h"`
}

func viewRates(r Rates) ratesView {
	return ratesView{hashrate.New(r.M10), hashrate.New(r.H1), hashrate.New(r.H24)}
}

type chanceView struct {
	ExpectedSeconds float64 `json:"expectedSeconds"` // 0: no hashrate
	Day             float64 `json:"day"`             // 0..1
	Month           float64 `json:"month"`
	Year            float64 `json:"year"`
}

type summaryView struct {
	Coin    string `json:"coin"`
	Address string `json:"address"`
	ratesView
	WorkersOnline     int           `json:"workersOnline"`
	Workers           int           `json:"workers"`
	BestShareSession  float64       `json:"bestShareSession"`
	BestShareDay      float64       `json:"bestShareDay"`
	BestShareEver     float64       `json:"bestShareEver"`
	BlocksFound       int           `json:"blocksFound"`
	LastShareAt       int64         `json:"lastShareAt"`
	NetworkDifficulty float64       `json:"networkDifficulty"`
	NetworkHashRate   hashrate.Rate `json:"networkHashRate"`
	FeeRate           float64       `json:"feeRate"` // the solo fee, 0..1
	// Chance is at the 1-hour hashrate (steady enough, and recent).
	Chance chanceView `json:"chance"`
}

// summary: GET /api/pc/v1/solo/summary?currencyType&address.
func (h *Handler) summary(w http.ResponseWriter, r *http.Request) error {
	c, address, err := h.target(r, true)
	if err != nil {
		return err
	}
	ctx := r.Context()
	sum, err := h.Store.Summary(ctx, c.Type, address, c.Algorithm, h.now())
	if err != nil {
		return err
	}
	net, err := h.network(ctx, c.Type)
	if err != nil {
		return err
	}
	ch := ChanceOf(sum.H1, net.NetworkDifficulty, c.Algorithm)
	return httpx.OK(w, r, summaryView{Coin: c.Type, Address: address, ratesView: viewRates(sum.Rates), WorkersOnline: sum.WorkersOnline,
		Workers: sum.Workers, BestShareSession: sum.BestSession, BestShareDay: sum.BestDay, BestShareEver: sum.BestEver, BlocksFound: sum.Blocks,
		LastShareAt: sum.LastShareAt, NetworkDifficulty: net.NetworkDifficulty, NetworkHashRate: hashrate.New(net.NetworkHashRate),
		FeeRate: float64(c.SoloFeeBps) / 10000, Chance: chanceView{ch.ExpectedSeconds, ch.Day, ch.Month, ch.Year}})
}

// network is the coin's last network figures (the stratum role saves them every 30 s);
// zero before the first.
func (h *Handler) network(ctx context.Context, coinType string) (mining.PoolStats, error) {
	st, err := h.Stats.Stats(ctx, coinType)
	if errors.Is(err, db.ErrNotFound) {
		return mining.PoolStats{}, nil
	}
	return st, err
}

type workerView struct {
	Worker string `json:"worker"` // the rig after the address; "" for the bare address
	ratesView
	BestShare   float64 `json:"bestShare"`
	LastShareAt int64   `json:"lastShareAt"`
	Online      bool    `json:"online"`
}

// workers: GET /api/pc/v1/solo/workers?currencyType&address: rigs with a share in 24 hours.
func (h *Handler) workers(w http.ResponseWriter, r *http.Request) error {
	c, address, err := h.target(r, true)
	if err != nil {
		return err
	}
	list, err := h.Store.Workers(r.Context(), c.Type, address, c.Algorithm, h.now())
	if err != nil {
		return err
	}
	out := make([]workerView, len(list))
	for i, x := range list {
		out[i] = workerView{Worker: x.Name, ratesView: viewRates(x.Rates), BestShare: x.BestShare, LastShareAt: x.LastShareAt, Online: x.Online}
	}
	return httpx.OK(w, r, out)
}

type shareView struct {
	ID          int64   `json:"id"`
	Worker      string  `json:"worker"`
	SubmittedAt int64   `json:"submitTime"`
	Height      int64   `json:"blockHeight"`
	Epoch       int64   `json:"epoch"` // SPEC's column; the block height on these chains
	Difficulty  float64 `json:"difficulty"`
	Actual      float64 `json:"shareDifficulty"`
	NetDiff     float64 `json:"networkDifficulty"`
	Block       bool    `json:"block"`
}

// shares: GET /api/pc/v1/solo/shares?currencyType&address&page&pageSize: share records, newest first.
func (h *Handler) shares(w http.ResponseWriter, r *http.Request) error {
	c, address, err := h.target(r, true)
	if err != nil {
		return err
	}
	page, size, err := httpx.Paging(r.URL.Query(), "solo.field.page", "solo.field.pageSize")
	if err != nil {
		return err
	}
	list, total, err := h.Store.Shares(r.Context(), c.Type, address, page, size)
	if err != nil {
		return err
	}
	rows := make([]shareView, len(list))
	for i, x := range list {
		rows[i] = shareView{ID: x.ID, Worker: x.Worker, SubmittedAt: x.SubmittedAt, Height: x.Height, Epoch: x.Height, Difficulty: x.Difficulty,
			Actual: x.Actual, NetDiff: x.NetDiff, Block: x.Block}
	}
	return httpx.OK(w, r, map[string]any{"total": total, "page": page, "pageSize": size, "rows": rows})
}

type pointView struct {
	At       int64         `json:"time"`
	HashRate hashrate.Rate `json:"hashRate"`
}

// history: GET /api/pc/v1/solo/hashrate?currencyType&address: 144 ten-minute points over 24 hours.
func (h *Handler) history(w http.ResponseWriter, r *http.Request) error {
	c, address, err := h.target(r, true)
	if err != nil {
		return err
	}
	pts, err := h.Store.History(r.Context(), c.Type, address, c.Algorithm, h.now())
	if err != nil {
		return err
	}
	out := make([]pointView, len(pts))
	for i, p := range pts {
		out[i] = pointView{At: p.At, HashRate: hashrate.New(p.HashRate)}
	}
	return httpx.OK(w, r, out)
}
