package earnings

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/market"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/scope"
)

// Handler serves the revenue and asset calls (docs/earnings.md). Every read works on a
// scope.Scope: the logged-in user's, narrowed to one sub-account when asked, so observer
// links can serve the same reads with their own scope.
type Handler struct {
	Store  *Store
	Pool   *pool.Store
	Coins  *coin.Store
	Prices *market.Prices
	User   httpx.Middleware
	// Reads lets through the revenue reads an observer link with income info may make as
	// well as the owner, with the reader's scope.Access in the context; nil: the owner's
	// session only (User, with the whole account as the scope).
	Reads httpx.Middleware
	// Now is the clock (tests move it); nil is time.Now.
	Now func() time.Time
}

// Routes registers the calls.
func (h *Handler) Routes(r *httpx.Router) {
	if h.User == nil {
		panic("earnings: Handler.User must be set")
	}
	reads, owner := h.Reads, account.OwnerScope(h.User)
	if reads == nil {
		reads = owner
	}
	// Revenue: the owner and observer links with income info.
	r.Handle("GET /api/pc/v1/earnings/summary", h.summary, reads)
	r.Handle("GET /api/pc/v1/earnings/days", h.days, reads)
	r.Handle("GET /api/pc/v1/earnings/chart", h.chart, reads)
	r.Handle("GET /api/pc/v1/earnings/day", h.day, reads)
	// The owner only: the share-by-share audit and the balances.
	r.Handle("GET /api/pc/v1/earnings/audit", h.audit, owner)
	r.Handle("GET /api/pc/v1/assets/overview", h.assetsOverview, owner)
	r.Handle("GET /api/pc/v1/assets/entries", h.assetEntries, owner)
}

func (h *Handler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// view is a request's scope and the names it shows: the user's sub-accounts by id.
type view struct {
	scope scope.Scope
	codes map[int64]string
}

// scopeOf is the caller's scope (scope.Access): the owner's whole account or an observer
// link's coins and sub-accounts, narrowed to the sub-account named by the subAccount
// parameter (which must be in it: not found for the owner, code 5 for an observer).
func (h *Handler) scopeOf(r *http.Request) (view, error) {
	a := scope.MustFromContext(r.Context())
	v := view{scope: a.Scope, codes: map[int64]string{}}
	subs, err := h.Pool.SubAccounts(r.Context(), a.UserID)
	if err != nil {
		return v, err
	}
	for _, s := range subs {
		v.codes[s.ID] = s.Code
	}
	v.scope, _, err = h.Pool.ReadScope(r.Context(), a, r.URL.Query().Get("subAccount"))
	return v, err
}

// code names a sub-account; a removed one keeps its earnings under its number.
func (v view) code(id int64) string {
	if c, ok := v.codes[id]; ok {
		return c
	}
	return "#" + strconv.FormatInt(id, 10)
}

// scopeAndCoin is the caller's scope and the coin named by the coin parameter.
func (h *Handler) scopeAndCoin(r *http.Request) (view, coin.Coin, error) {
	v, err := h.scopeOf(r)
	if err != nil {
		return v, coin.Coin{}, err
	}
	c, err := h.coinOf(r.Context(), r.URL.Query().Get("coin"))
	if err == nil && !v.scope.HasCoin(c.Type) {
		return v, c, httpx.ObserverGone("")
	}
	return v, c, err
}

func (h *Handler) coinOf(ctx context.Context, typ string) (coin.Coin, error) {
	typ = strings.ToUpper(strings.TrimSpace(typ))
	if typ == "" {
		return coin.Coin{}, httpx.Required("earnings.field.coin")
	}
	c, err := h.Coins.Get(ctx, typ)
	if err != nil {
		return c, httpx.Warn("pool.coinNotFound", i18n.Params{"coin": typ})
	}
	return c, nil
}

// amount is a coin amount in the API: a decimal string at the coin's precision.
func amount(v int64, c coin.Coin) string { return chain.FormatAmount(v, c.Decimals) }

// coinSummary is one coin's earnings in the summary.
type coinSummary struct {
	Coin      string       `json:"coin"`
	Unit      string       `json:"unit"`
	Decimals  int          `json:"decimals"`
	Yesterday string       `json:"yesterday"`
	Settling  string       `json:"settling"`
	Last7     string       `json:"last7"`
	Last30    string       `json:"last30"`
	Total     string       `json:"total"`
	SettleAt  int64        `json:"settleAt"` // Unix ms of the next settlement
	Subs      []subSummary `json:"subAccounts"`
}

type subSummary struct {
	SubAccount string `json:"subAccount"`
	Yesterday  string `json:"yesterday"`
	Settling   string `json:"settling"`
	Last30     string `json:"last30"`
	Total      string `json:"total"`
}

// summary: per coin, yesterday, settling (every unsettled day, estimated), last 7 and 30
// settled days and all time, for the account and per sub-account.
func (h *Handler) summary(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	v, err := h.scopeOf(r)
	if err != nil {
		return err
	}
	now := h.now()
	coins, err := h.Coins.List(ctx)
	if err != nil {
		return err
	}
	totals, err := h.Store.SettledTotals(ctx, v.scope, now)
	if err != nil {
		return err
	}
	types := make([]string, len(coins))
	for i, c := range coins {
		types[i] = c.Type
	}
	settling, err := h.Store.SettlingCoins(ctx, v.scope, types)
	if err != nil {
		return err
	}
	out := []coinSummary{}
	for _, c := range coins {
		est := settling[c.Type]
		per := totals[c.Type]
		if len(per) == 0 && len(est) == 0 {
			continue
		}
		var all Totals
		var settling int64
		ids := map[int64]bool{}
		for id := range per {
			ids[id] = true
		}
		for id := range est {
			ids[id] = true
		}
		s := coinSummary{Coin: c.Type, Unit: c.ChainUnit, Decimals: c.Decimals, Subs: []subSummary{}}
		for _, id := range sortedIDs(ids) {
			t := per[id]
			var e int64
			if est[id] != nil {
				e = est[id].Amount
			}
			all.Yesterday += t.Yesterday
			all.Last7 += t.Last7
			all.Last30 += t.Last30
			all.Total += t.Total
			settling += e
			s.Subs = append(s.Subs, subSummary{SubAccount: v.code(id), Yesterday: amount(t.Yesterday, c), Settling: amount(e, c),
				Last30: amount(t.Last30, c), Total: amount(t.Total, c)})
		}
		s.Yesterday, s.Settling, s.Last7, s.Last30, s.Total = amount(all.Yesterday, c), amount(settling, c), amount(all.Last7, c), amount(all.Last30, c), amount(all.Total, c)
		if due, err := LastDue(now, c.SettleTime); err == nil {
			if at, err := SettleAt(due.Next(), c.SettleTime); err == nil {
				s.SettleAt = at.UnixMilli()
			}
		}
		out = append(out, s)
	}
	return httpx.OK(w, r, out)
}

// dayView is one day of a coin's earnings in the list and chart.
type dayView struct {
	Day         string        `json:"day"`
	HashRate    hashrate.Rate `json:"hashRate"`
	Amount      string        `json:"amount"`
	Settling    bool          `json:"settling"`
	SettledAt   int64         `json:"settledAt"`
	SubAccounts int           `json:"subAccounts"`
}

// dayViews shows days; a day in progress averages its hashrate over the part that passed,
// not over 24 hours it has not had yet.
func dayViews(rows []DayRow, c coin.Coin, now time.Time) []dayView {
	out := make([]dayView, len(rows))
	for i, r := range rows {
		window := 24 * time.Hour
		if r.Settling {
			window = min(window, max(time.Minute, now.Sub(r.Day.Start())))
		}
		out[i] = dayView{Day: string(r.Day), HashRate: hashrate.New(hashrate.FromDifficulty(r.DiffSum, c.Algorithm, window)),
			Amount: amount(r.Amount, c), Settling: r.Settling, SettledAt: r.SettledAt, SubAccounts: r.SubAccounts}
	}
	return out
}

// days: a coin's earnings by day, newest first, settling days first.
func (h *Handler) days(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	v, c, err := h.scopeAndCoin(r)
	if err != nil {
		return err
	}
	page, size, err := httpx.Paging(r.URL.Query(), "earnings.field.page", "earnings.field.pageSize")
	if err != nil {
		return err
	}
	rows, total, err := h.Store.Days(ctx, v.scope, c.Type, page, size)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"rows": dayViews(rows, c, h.now()), "total": total, "page": page, "pageSize": size, "unit": c.ChainUnit, "decimals": c.Decimals})
}

// chart: a coin's daily earnings for the last 30 days (7 or 90 on request).
func (h *Handler) chart(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	v, c, err := h.scopeAndCoin(r)
	if err != nil {
		return err
	}
	n := 30
	if s := strings.TrimSpace(r.URL.Query().Get("days")); s != "" {
		switch s {
		case "7", "30", "90":
			n, _ = strconv.Atoi(s)
		default:
			return httpx.Warn("validation.oneOf", i18n.Params{"field": "earnings.field.days", "values": "7, 30, 90"})
		}
	}
	rows, err := h.Store.Chart(ctx, v.scope, c.Type, n, h.now())
	if err != nil {
		return err
	}
	return httpx.OK(w, r, dayViews(rows, c, h.now()))
}

// logView is one sub-account's settled day with its inputs.
type logView struct {
	SubAccount string        `json:"subAccount"`
	HashRate   hashrate.Rate `json:"hashRate"`
	Accepted   int64         `json:"accepted"`
	DiffSum    float64       `json:"difficultySum"`
	Accrued    string        `json:"accrued"`  // the day's accruals, 6 digits finer than the coin
	CarryIn    string        `json:"carryIn"`  // carried from the day before, same precision
	CarryOut   string        `json:"carryOut"` // carried to the next day
	Amount     string        `json:"amount"`   // booked to the balance
	SettledAt  int64         `json:"settledAt"`
	FeeRate    float64       `json:"feeRate"`
}

// day: one coin's day per sub-account, settled with its inputs, or settling estimated.
func (h *Handler) day(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	v, c, err := h.scopeAndCoin(r)
	if err != nil {
		return err
	}
	d, err := h.dayParam(r)
	if err != nil {
		return err
	}
	rows, err := h.Store.DayLog(ctx, v.scope, c.Type, d)
	if err != nil {
		return err
	}
	out := map[string]any{"day": string(d), "coin": c.Type, "unit": c.ChainUnit, "settled": len(rows) > 0, "rows": []logView{}}
	if len(rows) > 0 {
		list := make([]logView, len(rows))
		for i, x := range rows {
			list[i] = logView{SubAccount: v.code(x.SubAccountID), HashRate: hashrate.New(x.Hashrate), Accepted: x.Accepted, DiffSum: x.DiffSum,
				Accrued: FormatMicro(x.AccruedMicro, c.Decimals), CarryIn: FormatMicro(strconv.FormatInt(x.CarryIn, 10), c.Decimals),
				CarryOut: FormatMicro(strconv.FormatInt(x.CarryOut, 10), c.Decimals), Amount: amount(x.Amount, c), SettledAt: x.SettledAt, FeeRate: c.FeeRate()}
		}
		out["rows"] = list
		return httpx.OK(w, r, out)
	}
	// Not settled: the estimate per sub-account, if the day is still open.
	est, err := h.Store.Settling(ctx, v.scope, c.Type)
	if err != nil {
		return err
	}
	var list []logView
	for _, id := range sortedEstimates(est) {
		e := est[id]
		m, ok := e.Days[d]
		if !ok {
			continue
		}
		a, _, _ := Split(m, 0)
		window := min(24*time.Hour, max(time.Minute, h.now().Sub(d.Start())))
		list = append(list, logView{SubAccount: v.code(id), HashRate: hashrate.New(hashrate.FromDifficulty(e.DiffSum[d], c.Algorithm, window)),
			DiffSum: e.DiffSum[d], Accrued: FormatMicro(m.String(), c.Decimals), Amount: amount(a, c), FeeRate: c.FeeRate()})
	}
	if list != nil {
		out["rows"] = list
	}
	return httpx.OK(w, r, out)
}

func (h *Handler) dayParam(r *http.Request) (Day, error) {
	s := strings.TrimSpace(r.URL.Query().Get("day"))
	if s == "" {
		return "", httpx.Required("earnings.field.day")
	}
	d, err := ParseDay(s)
	if err != nil {
		return "", httpx.Invalid("earnings.field.day")
	}
	return d, nil
}

// audit: the CSV of one sub-account's settled day (Audit).
func (h *Handler) audit(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	v, err := h.scopeOf(r)
	if err != nil {
		return err
	}
	if len(v.scope.SubAccounts) != 1 {
		return httpx.Required("earnings.field.subAccount")
	}
	c, err := h.coinOf(ctx, r.URL.Query().Get("coin"))
	if err != nil {
		return err
	}
	d, err := h.dayParam(r)
	if err != nil {
		return err
	}
	sub := v.scope.SubAccounts[0]
	var buf strings.Builder
	switch err := h.Store.Audit(ctx, v.scope, sub, c.Type, d, &buf); {
	case errors.Is(err, ErrNoEarning):
		return httpx.NotFound("earnings.notSettled")
	case errors.Is(err, ErrAuditGone):
		return httpx.NotFound("earnings.auditGone")
	case err != nil:
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="earnings-%s-%s-%s.csv"`, v.code(sub), c.Type, d))
	w.Header().Set("Cache-Control", "private, no-store")
	_, err = w.Write([]byte(buf.String()))
	return err
}

// assetView is one coin's money in the assets overview.
type assetView struct {
	Coin        string `json:"coin"`
	Unit        string `json:"unit"`
	Decimals    int    `json:"decimals"`
	Available   string `json:"available"`
	Frozen      string `json:"frozen"`
	Earned      string `json:"earned"`
	Withdrawn   string `json:"withdrawn"`
	Fiat        string `json:"fiat"`
	FiatValue   string `json:"fiatValue"` // available + frozen at the coin's price, "" without a price
	Price       string `json:"price"`
	MinWithdraw string `json:"minWithdraw"`
}

// assetsOverview: per coin, available, frozen, earned and withdrawn, and their value.
func (h *Handler) assetsOverview(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	v, err := h.scopeOf(r)
	if err != nil {
		return err
	}
	fiat := strings.ToUpper(strings.TrimSpace(r.URL.Query().Get("fiat")))
	if fiat == "" {
		fiat = market.USD
	}
	if fiat != market.USD && fiat != market.CNY {
		return httpx.Warn("validation.oneOf", i18n.Params{"field": "earnings.field.fiat", "values": "USD, CNY"})
	}
	coins, err := h.Coins.List(ctx)
	if err != nil {
		return err
	}
	balances, err := ledger.Balances(ctx, h.Store.DB, v.scope)
	if err != nil {
		return err
	}
	sums := map[string]ledger.Sums{}
	for _, b := range balances {
		s := sums[b.Coin]
		s.Available += b.Available
		s.Frozen += b.Frozen
		s.Earned += b.Earned
		s.Withdrawn += b.Withdrawn
		sums[b.Coin] = s
	}
	prices, err := h.Prices.All(ctx)
	if err != nil {
		return err
	}
	out := []assetView{}
	for _, c := range coins {
		s, ok := sums[c.Type]
		if !ok && !c.OpenStatus {
			continue
		}
		a := assetView{Coin: c.Type, Unit: c.ChainUnit, Decimals: c.Decimals, Available: amount(s.Available, c), Frozen: amount(s.Frozen, c),
			Earned: amount(s.Earned, c), Withdrawn: amount(s.Withdrawn, c), Fiat: fiat, MinWithdraw: amount(c.MinWithdraw, c)}
		if p, ok := prices[c.Type][fiat]; ok {
			a.Price = microsText(big.NewInt(int64(p)), 2)
			// value = (available + frozen) x price micros / 10^decimals, in micros.
			v := new(big.Int).Mul(big.NewInt(s.Available+s.Frozen), big.NewInt(int64(p)))
			v.Quo(v, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(c.Decimals)), nil))
			a.FiatValue = microsText(v, 2)
		}
		out = append(out, a)
	}
	return httpx.OK(w, r, out)
}

// microsText writes millionths as a decimal with places digits, rounded down.
func microsText(micros *big.Int, places int) string {
	q := new(big.Int).Quo(micros, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(6-places)), nil))
	return chain.FormatAmount(q.Int64(), places)
}

// entryView is one journal row in the asset detail.
type entryView struct {
	ID         int64  `json:"id"`
	SubAccount string `json:"subAccount"`
	Coin       string `json:"coin"`
	Kind       string `json:"kind"`
	Amount     string `json:"amount"` // change of the available balance
	Frozen     string `json:"frozen"` // change of the frozen balance
	Ref        string `json:"ref"`
	CreatedAt  int64  `json:"createdAt"`
}

// assetEntries: a coin's journal rows, newest first, by kind and a time range.
func (h *Handler) assetEntries(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	v, c, err := h.scopeAndCoin(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	sc := v.scope
	sc.Coins = []string{c.Type}
	page, size, err := httpx.Paging(q, "earnings.field.page", "earnings.field.pageSize")
	if err != nil {
		return err
	}
	f := ledger.Filter{Kind: strings.TrimSpace(q.Get("kind"))}
	if f.Kind != "" && !slices.Contains(ledger.Kinds, f.Kind) {
		return httpx.Warn("validation.oneOf", i18n.Params{"field": "earnings.field.kind", "values": strings.Join(ledger.Kinds, ", ")})
	}
	for _, p := range []struct {
		name string
		to   *time.Time
		end  bool
	}{{"from", &f.From, false}, {"to", &f.To, true}} {
		s := strings.TrimSpace(q.Get(p.name))
		if s == "" {
			continue
		}
		d, err := ParseDay(s)
		if err != nil {
			return httpx.Invalid("earnings.field." + p.name)
		}
		if p.end {
			*p.to = d.End()
		} else {
			*p.to = d.Start()
		}
	}
	rows, total, err := ledger.Entries(ctx, h.Store.DB, sc, f, page, size)
	if err != nil {
		return err
	}
	list := make([]entryView, len(rows))
	for i, x := range rows {
		list[i] = entryView{ID: x.ID, SubAccount: v.code(x.SubAccountID), Coin: x.Coin, Kind: x.Kind, Amount: amount(x.Available, c),
			Frozen: amount(x.Frozen, c), Ref: x.Ref, CreatedAt: x.CreatedAt}
	}
	return httpx.OK(w, r, map[string]any{"rows": list, "total": total, "page": page, "pageSize": size})
}

func sortedIDs(m map[int64]bool) []int64 {
	out := make([]int64, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	sortInt64(out)
	return out
}

func sortedEstimates(m map[int64]*Estimate) []int64 {
	ids := map[int64]bool{}
	for id := range m {
		ids[id] = true
	}
	return sortedIDs(ids)
}
