// Package market owns what the public home page computes: coin prices in USD and CNY, the
// dashboard coin table built from the coins, pool statistics and prices, trend points, and
// the pay-per-share income calculator.
package market

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// Fiat currencies the site shows (SPEC section 9: USD default, CNY option).
const (
	USD = "USD"
	CNY = "CNY"
)

// Fiats lists them in display order.
var Fiats = []string{USD, CNY}

// Micros is an amount of fiat in millionths: prices are never floats in storage.
type Micros int64

// Float is the amount in whole units, for display and arithmetic that ends in display.
func (m Micros) Float() float64 { return float64(m) / 1e6 }

// ToMicros rounds a fiat amount to millionths.
func ToMicros(v float64) Micros { return Micros(math.Round(v * 1e6)) }

// Quote is a coin's price in both fiats.
type Quote struct {
	USD, CNY Micros
}

// Prices is the prices table.
type Prices struct {
	DB *db.DB
}

// Set stores a price.
func (p *Prices) Set(ctx context.Context, coin, fiat string, v Micros, source string) error {
	if !slices.Contains(Fiats, fiat) {
		return fmt.Errorf("market: fiat %q is not USD or CNY", fiat)
	}
	if v < 0 {
		return errors.New("market: a price cannot be negative")
	}
	_, err := p.DB.Exec(ctx, `INSERT INTO prices (coin, fiat, micros, source, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (coin, fiat) DO UPDATE SET micros = excluded.micros, source = excluded.source, updated_at = excluded.updated_at`,
		coin, fiat, int64(v), source, db.NowMillis())
	if err != nil {
		return fmt.Errorf("market: set price %s/%s: %w", coin, fiat, err)
	}
	return nil
}

// SetByOperator sets a price as an operator (by) does, `poold admin price set`: the
// price and its audit entry (price.set, price:COIN/FIAT, the price before and after in
// millionths) in one transaction. The feed's own updates are not operators' changes and
// go through Set.
func (p *Prices) SetByOperator(ctx context.Context, by audit.Actor, coin, fiat string, v Micros) error {
	if !slices.Contains(Fiats, fiat) {
		return fmt.Errorf("market: fiat %q is not USD or CNY", fiat)
	}
	if v < 0 {
		return errors.New("market: a price cannot be negative")
	}
	now := db.NowMillis()
	err := p.DB.InTx(ctx, func(tx *db.Tx) error {
		var old int64
		var before any
		switch err := tx.QueryRow(ctx, "SELECT micros FROM prices WHERE coin = ? AND fiat = ?", coin, fiat).Scan(&old); {
		case err == nil:
			before = map[string]int64{"micros": old}
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO prices (coin, fiat, micros, source, updated_at) VALUES (?, ?, ?, 'operator', ?)
			ON CONFLICT (coin, fiat) DO UPDATE SET micros = excluded.micros, source = excluded.source, updated_at = excluded.updated_at`,
			coin, fiat, int64(v), now); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{At: time.UnixMilli(now), Actor: by, Action: "price.set", ObjectType: "price",
			ObjectID: coin + "/" + fiat, Before: before, After: map[string]int64{"micros": int64(v)}})
	})
	if err != nil {
		return fmt.Errorf("market: set price %s/%s: %w", coin, fiat, err)
	}
	return nil
}

// Get answers a coin's price in fiat, or db.ErrNotFound.
func (p *Prices) Get(ctx context.Context, coin, fiat string) (Micros, error) {
	var v int64
	err := p.DB.QueryRow(ctx, "SELECT micros FROM prices WHERE coin = ? AND fiat = ?", coin, fiat).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, db.ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("market: price %s/%s: %w", coin, fiat, err)
	}
	return Micros(v), nil
}

// All answers every stored price: coin -> fiat -> micros.
func (p *Prices) All(ctx context.Context) (map[string]map[string]Micros, error) {
	rows, err := p.DB.Query(ctx, "SELECT coin, fiat, micros FROM prices")
	if err != nil {
		return nil, fmt.Errorf("market: prices: %w", err)
	}
	defer rows.Close()
	out := map[string]map[string]Micros{}
	for rows.Next() {
		var coin, fiat string
		var v int64
		if err := rows.Scan(&coin, &fiat, &v); err != nil {
			return nil, err
		}
		if out[coin] == nil {
			out[coin] = map[string]Micros{}
		}
		out[coin][fiat] = Micros(v)
	}
	return out, rows.Err()
}

// Source fetches current prices for coins (by the source's own ids).
type Source interface {
	Quotes(ctx context.Context, ids map[string]string) (map[string]Quote, error)
}

// SimplePriceAPI is a client for a CoinGecko-style "simple price" endpoint:
// GET {BaseURL}/simple/price?ids=bitcoin,kaspa&vs_currencies=usd,cny answers
// {"bitcoin":{"usd":97000.5,"cny":700000.1},...}. It runs where the internet is reachable;
// tests run it against a local server.
type SimplePriceAPI struct {
	BaseURL string
	APIKey  string // sent as x-cg-demo-api-key when set
	Client  *http.Client
}

// Quotes implements Source; ids maps coin type (BTC) to the API's id (bitcoin).
func (s *SimplePriceAPI) Quotes(ctx context.Context, ids map[string]string) (map[string]Quote, error) {
	if len(ids) == 0 {
		return map[string]Quote{}, nil
	}
	var list []string
	for _, id := range ids {
		list = append(list, id)
	}
	slices.Sort(list)
	u := strings.TrimRight(s.BaseURL, "/") + "/simple/price?" + url.Values{"ids": {strings.Join(list, ",")}, "vs_currencies": {"usd,cny"}}.Encode()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, fmt.Errorf("market: price request: %w", err)
	}
	if s.APIKey != "" {
		req.Header.Set("x-cg-demo-api-key", s.APIKey)
	}
	client := s.Client
	if client == nil {
		client = &http.Client{Timeout: 15 * time.Second}
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("market: price API: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, fmt.Errorf("market: price API: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		msg := strings.TrimSpace(string(body))
		if len(msg) > 200 {
			msg = msg[:200]
		}
		return nil, fmt.Errorf("market: price API: HTTP %d: %s", resp.StatusCode, msg)
	}
	var doc map[string]map[string]float64
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, fmt.Errorf("market: price API: bad JSON: %w", err)
	}
	out := map[string]Quote{}
	for coin, id := range ids {
		q, ok := doc[id]
		if !ok {
			continue
		}
		usd, okU := q["usd"]
		cny, okC := q["cny"]
		if !okU || !okC || usd < 0 || cny < 0 || math.IsNaN(usd) || math.IsNaN(cny) {
			return nil, fmt.Errorf("market: price API: %s lacks usd or cny", id)
		}
		out[coin] = Quote{USD: ToMicros(usd), CNY: ToMicros(cny)}
	}
	return out, nil
}

// Refresh fetches quotes from src and stores them; coins the source does not know keep
// their stored (operator) price.
func (p *Prices) Refresh(ctx context.Context, src Source, ids map[string]string) (int, error) {
	quotes, err := src.Quotes(ctx, ids)
	if err != nil {
		return 0, err
	}
	n := 0
	for coin, q := range quotes {
		if err := p.Set(ctx, coin, USD, q.USD, "api"); err != nil {
			return n, err
		}
		if err := p.Set(ctx, coin, CNY, q.CNY, "api"); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
