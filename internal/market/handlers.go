package market

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"slices"
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
)

// TableTTL is how long the api role serves a computed home table: pool statistics change
// every 30 s and prices every few minutes, so a visitor sees figures at most 5 s older.
const TableTTL = 5 * time.Second

// Handler serves the dashboard calls of the public home page.
type Handler struct {
	Coins  *coin.Store
	Stats  *mining.Blocks
	Prices *Prices
	// TableTTL is how long a computed home table is served before the next request
	// computes it again; 0 computes it for every request. The figures behind it change
	// every 30 s (pool statistics) or minutes (prices), and every visitor asks for it.
	TableTTL time.Duration
	// Now is the clock of the table cache (time.Now when nil).
	Now func() time.Time

	tables tableCache
}

// Routes registers the dashboard calls (no login).
func (h *Handler) Routes(r *httpx.Router) {
	r.Handle("GET /api/pc/v1/dashboard/list", h.list)
	r.Handle("GET /api/pc/v1/dashboard/currency/price", h.price)
	r.Handle("POST /api/pc/v1/dashboard/income/calculate", h.calculate)
}

func legalTender(v string) (string, error) {
	v = strings.ToUpper(strings.TrimSpace(v))
	if v == "" {
		return USD, nil
	}
	if !slices.Contains(Fiats, v) {
		return "", httpx.Warn("validation.oneOf", i18n.Params{"field": "market.field.legalTender", "values": "USD, CNY"})
	}
	return v, nil
}

// chainOf turns stored pool statistics into the calculator's view of the chain.
func chainOf(c coin.Coin, st mining.PoolStats) Chain {
	ch := Chain{Decimals: c.Decimals, StatsHashRate: st.NetworkHashRate}
	ch.BlockReward = float64(st.BlockReward) / math.Pow(10, float64(c.Decimals))
	if st.NetworkHashRate > 0 {
		ch.BlockTime = st.NetworkDifficulty * chain.HashesPerDifficulty(algoOf(c, st)) / st.NetworkHashRate
	}
	return ch
}

// algoOf is the hash the chain's difficulty is in: devnet runs unimplemented algorithms on
// sha256d (see internal/chain/devnet).
func algoOf(c coin.Coin, st mining.PoolStats) string {
	if st.Driver == coin.DriverDevnet && c.Algorithm != chain.Scrypt {
		return chain.SHA256d
	}
	return c.Algorithm
}

// Row is one coin of the home table (SPEC section 3 "Coin or pool coin row").
type Row struct {
	CurrencyType            string  `json:"currencyType"`
	ChainTypeName           string  `json:"chainTypeName"`
	ChainUnit               string  `json:"chainUnit"`
	Algorithm               string  `json:"algorithm"`
	IconURL                 string  `json:"iconUrl"`
	LogoURL                 string  `json:"logoUrl"`
	OpenStatus              bool    `json:"openStatus"`
	ClosedMsg               string  `json:"closedMsg"`
	TutorialURL             string  `json:"tutorialUrl"`
	Driver                  string  `json:"driver"` // "devnet" is shown as such
	CoinPrice               string  `json:"coinPrice"`
	CoinPriceUnit           string  `json:"coinPriceUnit"`
	PoolHashRate            float64 `json:"poolHashRate"`
	PoolHashRateUnit        string  `json:"poolHashRateUnit"`
	PoolHashRateShow        string  `json:"poolHashRateShow"`
	NetworkHashRate         float64 `json:"networkHashRate"`
	NetworkHashRateUnit     string  `json:"networkHashRateUnit"`
	NetworkHashRateShow     string  `json:"networkHashRateShow"`
	DayExpectIncome         string  `json:"dayExpectIncome"`
	DayExpectIncomeCoin     string  `json:"dayExpectIncomeCoin"`
	DayExpectIncomeUnit     string  `json:"dayExpectIncomeUnit"`     // e.g. "USD / TH/s"
	DayExpectIncomeFullUnit string  `json:"dayExpectIncomeFullUnit"` // e.g. "BTC / TH/s"
	BlockReward             string  `json:"blockReward"`
	BlockTime               float64 `json:"blockTime"` // seconds
	Rate                    float64 `json:"rate"`
	RateShow                string  `json:"rateShow"`
	Fee                     string  `json:"fee"`
	SettleModel             string  `json:"settleModel"`
	SettleTime              string  `json:"settleTime"`
	ActiveMiners            int     `json:"activeMiners"`
	MinHashUnit             string  `json:"minHashUnit"`
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) error {
	fiat, err := legalTender(r.URL.Query().Get("legalTender"))
	if err != nil {
		return err
	}
	lang := httpx.Lang(r)
	answer, err := h.tables.get(tableKey{fiat, lang}, h.TableTTL, h.now(), func() (httpx.Prepared, error) {
		// Not the request's context: requests waiting for this table must not fail because
		// the first one went away.
		rows, err := h.table(context.WithoutCancel(r.Context()), fiat, lang)
		if err != nil {
			return httpx.Prepared{}, err
		}
		data, err := json.Marshal(rows)
		if err != nil {
			return httpx.Prepared{}, err
		}
		return httpx.Prepare(lang, data)
	})
	if err != nil {
		return err
	}
	return httpx.OKPrepared(w, r, answer)
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// table builds the home table in fiat, with closed coins' messages in lang.
func (h *Handler) table(ctx context.Context, fiat, lang string) ([]Row, error) {
	coins, err := h.Coins.List(ctx)
	if err != nil {
		return nil, err
	}
	prices, err := h.Prices.All(ctx)
	if err != nil {
		return nil, err
	}
	rows := make([]Row, 0, len(coins))
	for _, c := range coins {
		st, err := h.Stats.Stats(ctx, c.Type)
		if err != nil && !errors.Is(err, db.ErrNotFound) {
			return nil, err
		}
		rows = append(rows, tableRow(c, st, prices[c.Type][fiat], fiat, lang))
	}
	return rows, nil
}

// tableRow is one coin's line of the home table. Its figures are computed, not read from
// a form: the measured network hashrate and the fetched price go in at full size and
// precision (the calculator's form rules would refuse 654.32109876 EH/s).
func tableRow(c coin.Coin, st mining.PoolStats, price Micros, fiat, lang string) Row {
	fee := strconv.FormatFloat(c.FeeRate()*100, 'f', 2, 64) + "%"
	row := Row{CurrencyType: c.Type, ChainTypeName: c.Name, ChainUnit: c.ChainUnit, Algorithm: c.Algorithm, IconURL: c.IconURL,
		LogoURL: c.LogoURL, OpenStatus: c.OpenStatus, TutorialURL: c.TutorialURL, Driver: c.Driver, CoinPriceUnit: fiat,
		Rate: c.FeeRate(), RateShow: fee, Fee: fee, SettleModel: c.SettleModel, SettleTime: c.SettleTime,
		ActiveMiners: st.ActiveMiners, MinHashUnit: c.MinHashUnit}
	if !c.OpenStatus {
		row.ClosedMsg = c.ClosedMessage(lang)
	}
	row.CoinPrice = fiatFigure(price.Float())
	pool, netw := hashrate.New(st.PoolHashRate), hashrate.New(st.NetworkHashRate)
	row.PoolHashRate, row.PoolHashRateUnit, row.PoolHashRateShow = pool.HashRate, pool.Unit, pool.Show
	row.NetworkHashRate, row.NetworkHashRateUnit, row.NetworkHashRateShow = netw.HashRate, netw.Unit, netw.Show
	ch := chainOf(c, st)
	row.BlockReward = coinFigure(ch.BlockReward, c.Decimals)
	row.BlockTime = math.Round(ch.BlockTime*10) / 10
	unit := c.MinHashUnit
	if _, ok := hashrate.Factor(unit); !ok {
		unit = hashrate.Units[0]
	}
	row.DayExpectIncomeUnit = fiat + " / " + unit
	row.DayExpectIncomeFullUnit = c.ChainUnit + " / " + unit
	// Income of one unit of hashrate at the network the pool measured.
	if st.NetworkHashRate > 0 && ch.BlockTime > 0 {
		perUnit, _ := hashrate.Factor(unit)
		coins := ch.DailyCoins(perUnit, st.NetworkHashRate, c.FeeRate())
		row.DayExpectIncome, row.DayExpectIncomeCoin = fiatFigure(coins*price.Float()), coinFigure(coins, c.Decimals)
	}
	return row
}

func (h *Handler) price(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	fiat, err := legalTender(q.Get("legalTender"))
	if err != nil {
		return err
	}
	typ := strings.ToUpper(strings.TrimSpace(q.Get("currencyType")))
	if typ == "" {
		return httpx.Required("market.field.currencyType")
	}
	if _, err := h.Coins.Get(r.Context(), typ); errors.Is(err, db.ErrNotFound) {
		return httpx.NotFound("market.unknownCoin")
	} else if err != nil {
		return err
	}
	p, err := h.Prices.Get(r.Context(), typ, fiat)
	if errors.Is(err, db.ErrNotFound) {
		e := httpx.NotFound("market.noPrice")
		e.Params = i18n.Params{"coin": typ}
		return e
	}
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"currencyType": typ, "legalTender": fiat, "price": strconv.FormatFloat(p.Float(), 'f', 6, 64)})
}

func (h *Handler) calculate(w http.ResponseWriter, r *http.Request) error {
	var in CalcInput
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	fiat, err := legalTender(in.LegalTender)
	if err != nil {
		return err
	}
	in.LegalTender = fiat
	typ := strings.ToUpper(strings.TrimSpace(in.CurrencyType))
	if typ == "" {
		return httpx.Required("market.field.currencyType")
	}
	c, err := h.Coins.Get(r.Context(), typ)
	if errors.Is(err, db.ErrNotFound) {
		e := httpx.NotFound("market.unknownCoin")
		e.Params = i18n.Params{"coin": typ}
		return e
	}
	if err != nil {
		return err
	}
	if !c.OpenStatus {
		// SPEC section 4: a closed coin's calculator is refused with its closed message.
		return &httpx.Error{Code: httpx.CodeWarning, Status: http.StatusBadRequest, Key: "market.closedMessage",
			Params: i18n.Params{"message": c.ClosedMessage(httpx.Lang(r))}}
	}
	st, err := h.Stats.Stats(r.Context(), typ)
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return err
	}
	res, err := Calculate(in, chainOf(c, st))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, res)
}
