package market

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/mining"
)

// Trend windows of SPEC section 9: a month is the last 31 days, a year the last 181.
const (
	// MaxTrendSpan is 181 days from 00:00 to 23:59:59 in the caller's time zone; the hour
	// is for a daylight-saving change inside the span, which makes one day 25 hours long.
	MaxTrendSpan = 181*24*time.Hour + time.Hour
	// trendHourlyUpTo is the longest span answered hour by hour; longer spans answer the
	// last point of each day, so a year is 181 points, not 4,344.
	trendHourlyUpTo = 32 * 24 * time.Hour
)

// Trends is the trend_points table.
type Trends struct {
	DB *db.DB
}

// TrendPoint is SPEC section 3 "Trend point".
type TrendPoint struct {
	ExecTime     int64   `json:"execTime"` // Unix ms
	Price        string  `json:"price"`    // USD
	CNYPrice     string  `json:"cnyPrice"`
	HashRate     float64 `json:"hashRate"`     // pool hashrate in H/s, as every hashrate on the wire
	HashRateShow string  `json:"hashRateShow"` // the same in HashRateUnit, 2 decimals
	HashRateUnit string  `json:"hashRateUnit"` // one unit for the whole series, so a chart's axis reads in it
}

// Record stores every coin's current price and pool hashrate as the point of the hour now
// falls in; recording the same hour again replaces it, so the job is idempotent.
func (t *Trends) Record(ctx context.Context, coins []coin.Coin, prices map[string]map[string]Micros, stats *mining.Blocks, now time.Time) (int, error) {
	hour := now.Truncate(time.Hour).UnixMilli()
	n := 0
	for _, c := range coins {
		st, err := stats.Stats(ctx, c.Type)
		if err != nil && err != db.ErrNotFound {
			return n, err
		}
		_, err = t.DB.Exec(ctx, `INSERT INTO trend_points (coin, at, usd_micros, cny_micros, hashrate) VALUES (?, ?, ?, ?, ?)
			ON CONFLICT (coin, at) DO UPDATE SET usd_micros = excluded.usd_micros, cny_micros = excluded.cny_micros, hashrate = excluded.hashrate`,
			c.Type, hour, int64(prices[c.Type][USD]), int64(prices[c.Type][CNY]), st.PoolHashRate)
		if err != nil {
			return n, fmt.Errorf("market: record trend %s: %w", c.Type, err)
		}
		n++
	}
	return n, nil
}

// HistoryPoint is one stored trend point, for imports (and the demo's price history).
type HistoryPoint struct {
	At       time.Time
	USD, CNY Micros
	HashRate float64 // H/s
}

// Import stores points of the past in one transaction, on the hour; an hour that already
// has a point keeps it (what the job recorded wins over what is imported).
func (t *Trends) Import(ctx context.Context, coinType string, points []HistoryPoint) error {
	return t.DB.InTx(ctx, func(tx *db.Tx) error {
		for _, p := range points {
			if _, err := tx.Exec(ctx, `INSERT INTO trend_points (coin, at, usd_micros, cny_micros, hashrate) VALUES (?, ?, ?, ?, ?)
				ON CONFLICT (coin, at) DO NOTHING`, coinType, p.At.Truncate(time.Hour).UnixMilli(), int64(p.USD), int64(p.CNY), p.HashRate); err != nil {
				return fmt.Errorf("market: import trend %s: %w", coinType, err)
			}
		}
		return nil
	})
}

// Count answers how many points a coin has.
func (t *Trends) Count(ctx context.Context, coinType string) (int, error) {
	var n int
	err := t.DB.QueryRow(ctx, "SELECT COUNT(*) FROM trend_points WHERE coin = ?", coinType).Scan(&n)
	return n, err
}

// Points answers a coin's points in [from, to], hourly for short spans and the last point
// of each day (in loc) for long ones.
func (t *Trends) Points(ctx context.Context, coinType string, from, to time.Time, loc *time.Location) ([]TrendPoint, error) {
	rows, err := t.DB.Query(ctx, `SELECT at, usd_micros, cny_micros, hashrate FROM trend_points WHERE coin = ? AND at >= ? AND at <= ? ORDER BY at`,
		coinType, from.UnixMilli(), to.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("market: trend %s: %w", coinType, err)
	}
	defer rows.Close()
	type raw struct {
		at       int64
		usd, cny int64
		hr       float64
	}
	var all []raw
	max := 0.0
	for rows.Next() {
		var r raw
		if err := rows.Scan(&r.at, &r.usd, &r.cny, &r.hr); err != nil {
			return nil, err
		}
		all = append(all, r)
		max = maxf(max, r.hr)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if to.Sub(from) > trendHourlyUpTo {
		var daily []raw
		for i, r := range all {
			day := time.UnixMilli(r.at).In(loc).Format("2006-01-02")
			if i+1 == len(all) || time.UnixMilli(all[i+1].at).In(loc).Format("2006-01-02") != day {
				daily = append(daily, r)
			}
		}
		all = daily
	}
	// One unit for the whole series, so a chart's axis reads in it.
	unit := hashrate.UnitOf(max)
	out := make([]TrendPoint, len(all))
	for i, r := range all {
		out[i] = TrendPoint{ExecTime: r.at, Price: strconv.FormatFloat(Micros(r.usd).Float(), 'f', 6, 64),
			CNYPrice: strconv.FormatFloat(Micros(r.cny).Float(), 'f', 6, 64), HashRate: r.hr, HashRateShow: hashrate.In(r.hr, unit), HashRateUnit: unit}
	}
	return out, nil
}

func maxf(a, b float64) float64 {
	if b > a {
		return b
	}
	return a
}

// parseTrendTime reads a bound: Unix milliseconds, or "YYYY-MM-DD HH:MM:SS" in the
// caller's time zone (the client sends "ending 23:59:59 today" that way).
func parseTrendTime(s, field string, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, httpx.Required(field)
	}
	if ms, err := strconv.ParseInt(s, 10, 64); err == nil && ms > 0 {
		return time.UnixMilli(ms), nil
	}
	for _, layout := range []string{"2006-01-02 15:04:05", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return t, nil
		}
	}
	return time.Time{}, httpx.Invalid(field)
}

// TrendHandler serves the trend call.
type TrendHandler struct {
	Trends *Trends
	Coins  *coin.Store
}

// Routes registers the trend call (no login).
func (h *TrendHandler) Routes(r *httpx.Router) {
	r.Handle("GET /api/pc/v1/dashboard/currency/base/static/trend", h.trend)
}

func (h *TrendHandler) trend(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	typ := strings.ToUpper(strings.TrimSpace(q.Get("currencyType")))
	if typ == "" {
		return httpx.Required("market.field.currencyType")
	}
	if _, err := h.Coins.Get(r.Context(), typ); err == db.ErrNotFound {
		e := httpx.NotFound("market.unknownCoin")
		e.Params = i18n.Params{"coin": typ}
		return e
	} else if err != nil {
		return err
	}
	loc := httpx.From(r.Context()).TZ
	from, err := parseTrendTime(q.Get("beginTime"), "market.field.beginTime", loc)
	if err != nil {
		return err
	}
	to, err := parseTrendTime(q.Get("endTime"), "market.field.endTime", loc)
	if err != nil {
		return err
	}
	if !to.After(from) {
		return httpx.Warn("market.badRange", nil)
	}
	if to.Sub(from) > MaxTrendSpan {
		return httpx.Warn("market.rangeTooLong", nil)
	}
	points, err := h.Trends.Points(r.Context(), typ, from, to, loc)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, points)
}
