package market_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/market"
	"github.com/uniplus-pool/pool/internal/mining"
)

// homeTable is a market handler on a fresh SQLite database with one BTC-sized coin, and a
// function that reads its table in USD.
type homeTable struct {
	h      *market.Handler
	prices *market.Prices
	stats  *mining.Blocks
	read   func(t *testing.T) []market.Row
}

func newHomeTable(t *testing.T, ttl time.Duration, now func() time.Time) homeTable {
	t.Helper()
	d := dbtest.SQLite(t)
	ctx := context.Background()
	btc := coin.Coin{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC", MinHashUnit: "TH/s", Decimals: 8, FeeBps: 200,
		SettleModel: coin.SettleModelPPS, SettleTime: "08:00", Driver: "bitcoind", DriverConfig: map[string]string{"rpc_url": "http://127.0.0.1:9332"}, OpenStatus: true, SortOrder: 1}
	if err := (&coin.Store{DB: d}).Put(ctx, btc); err != nil {
		t.Fatal(err)
	}
	ht := homeTable{prices: &market.Prices{DB: d}, stats: &mining.Blocks{DB: d}}
	ht.h = &market.Handler{Coins: &coin.Store{DB: d}, Stats: ht.stats, Prices: ht.prices, TableTTL: ttl, Now: now}
	rt := httpx.NewRouter(slog.New(slog.DiscardHandler), httpx.Options{DefaultLang: "en_US"})
	ht.h.Routes(rt)
	srv := httptest.NewServer(rt)
	t.Cleanup(srv.Close)
	ht.read = func(t *testing.T) []market.Row {
		t.Helper()
		resp, err := http.Get(srv.URL + "/api/pc/v1/dashboard/list?legalTender=USD")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var e struct {
			Code int
			Data []market.Row
		}
		if err := json.NewDecoder(resp.Body).Decode(&e); err != nil || e.Code != 0 || len(e.Data) != 1 {
			t.Fatalf("list: %v %+v", err, e)
		}
		return e.Data
	}
	return ht
}

// Real chains have network hashrates like 654.32109876 EH/s and prices with six decimals;
// the table's expected income is computed from them as they are. It went blank when
// these figures were put through the calculator's form rules (4 decimals at most).
func TestHomeTableIncomeAtRealScale(t *testing.T) {
	ht := newHomeTable(t, 0, nil)
	ctx := context.Background()
	if err := ht.prices.Set(ctx, "BTC", market.USD, market.ToMicros(97123.456789), "api"); err != nil {
		t.Fatal(err)
	}
	// 600 s blocks at 6.5432109876e20 H/s: difficulty = 600 x H / 2^32 = 91407601548358.8.
	const netHash = 6.5432109876e20
	if err := ht.stats.SaveStats(ctx, mining.PoolStats{Coin: "BTC", PoolHashRate: 999_999, NetworkHashRate: netHash,
		NetworkDifficulty: 600 * netHash / 4294967296, Height: 900000, BlockReward: 312_500_000, Driver: "bitcoind"}); err != nil {
		t.Fatal(err)
	}
	r := ht.read(t)[0]
	// 1 TH/s earns 144 blocks x 3.125 BTC x 1e12 / 6.5432109876e20 x 0.98 = 6.7398e-7 BTC
	// a day, at 97123.456789 USD = 0.065459 USD (four significant digits below one).
	if r.DayExpectIncomeCoin != "0.00000067" || r.DayExpectIncome != "0.06546" {
		t.Fatalf("income %q / %q USD", r.DayExpectIncomeCoin, r.DayExpectIncome)
	}
	if r.NetworkHashRateShow != "654.32" || r.NetworkHashRateUnit != "EH/s" || r.NetworkHashRate != netHash || r.CoinPrice != "97123.46" {
		t.Fatalf("network %+v", r)
	}
	// One formatter: 999,999 H/s is 1.00 MH/s here as on the pool pages.
	if r.PoolHashRateShow != "1.00" || r.PoolHashRateUnit != "MH/s" {
		t.Fatalf("pool hashrate %s %s", r.PoolHashRateShow, r.PoolHashRateUnit)
	}
}

// The table is computed once per TTL and language, then served from memory; the first
// request after the TTL computes it again.
func TestHomeTableCachedForItsTTL(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	ht := newHomeTable(t, 5*time.Second, clock)
	ctx := context.Background()
	set := func(usd float64) {
		if err := ht.prices.Set(ctx, "BTC", market.USD, market.ToMicros(usd), "operator"); err != nil {
			t.Fatal(err)
		}
	}
	set(60000)
	if p := ht.read(t)[0].CoinPrice; p != "60000.00" {
		t.Fatalf("first read %s", p)
	}
	set(61000)
	mu.Lock()
	now = now.Add(4 * time.Second)
	mu.Unlock()
	if p := ht.read(t)[0].CoinPrice; p != "60000.00" {
		t.Fatalf("within the TTL: %s", p)
	}
	mu.Lock()
	now = now.Add(time.Second)
	mu.Unlock()
	if p := ht.read(t)[0].CoinPrice; p != "61000.00" {
		t.Fatalf("after the TTL: %s", p)
	}
}
