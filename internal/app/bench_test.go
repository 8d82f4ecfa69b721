package app

import (
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/market"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// BenchmarkLanguageList measures the whole in-process API path (middleware, envelope,
// translation, JSON) for a call that touches no database.
func BenchmarkLanguageList(b *testing.B) {
	d := dbtest.SQLite(b)
	rt := NewRouter(Deps{Config: config.Default(), DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Limiter: &ratelimit.DB{DB: d}, Guard: &ratelimit.DBGuard{DB: d}})
	req := httptest.NewRequest("GET", "/api/pc/v1/common/basic/language/list", nil)
	req.Header.Set("language", "ko_KR")
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		rt.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}

// BenchmarkSysConfig adds one indexed SQLite read to the path above.
func BenchmarkSysConfig(b *testing.B) {
	d := dbtest.SQLite(b)
	rt := NewRouter(Deps{Config: config.Default(), DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Limiter: &ratelimit.DB{DB: d}, Guard: &ratelimit.DBGuard{DB: d}})
	if _, err := d.Exec(b.Context(), "INSERT INTO sys_config (key_type, sys_key, value, updated_at) VALUES ('global', 'telegram_url', 'https://t.me/x', 0)"); err != nil {
		b.Fatal(err)
	}
	req := httptest.NewRequest("GET", "/api/pc/v1/sys/config?keyType=global&sysKey=telegram_url", nil)
	b.ReportAllocs()
	for b.Loop() {
		rec := httptest.NewRecorder()
		rt.ServeHTTP(rec, req)
		if rec.Code != 200 {
			b.Fatal(rec.Code, rec.Body.String())
		}
	}
}

// BenchmarkDashboardList is the home table over loopback HTTP as visitors load it: 32
// clients with keep-alive connections ask for it at once, against four coins with
// statistics and prices in SQLite, through the whole router. It reports requests a
// second and the 99th-percentile latency seen by the clients (which share the machine's
// cores with the server).
func BenchmarkDashboardList(b *testing.B) {
	d := dbtest.SQLite(b)
	ctx := b.Context()
	for i, typ := range []string{"BTC", "LTC", "KAS", "ALEO"} {
		c := coin.Coin{Type: typ, Name: typ, Algorithm: "sha256d", ChainUnit: typ, MinHashUnit: "TH/s", Decimals: 8, FeeBps: 200,
			SettleModel: coin.SettleModelPPS, SettleTime: "08:00", Driver: coin.DriverDevnet, OpenStatus: i != 3, SortOrder: i,
			ClosedMsg: map[string]string{"en_US": "paused"}}
		if err := (&coin.Store{DB: d}).Put(ctx, c); err != nil {
			b.Fatal(err)
		}
		if err := (&market.Prices{DB: d}).Set(ctx, typ, market.USD, market.ToMicros(97123.456789/float64(i+1)), "bench"); err != nil {
			b.Fatal(err)
		}
		if err := (&mining.Blocks{DB: d}).SaveStats(ctx, mining.PoolStats{Coin: typ, PoolHashRate: 2.5e15, NetworkHashRate: 6.5e20,
			NetworkDifficulty: 600 * 6.5e20 / 4294967296, BlockReward: 312_500_000, Driver: coin.DriverDevnet}); err != nil {
			b.Fatal(err)
		}
	}
	srv := httptest.NewServer(NewRouter(Deps{Config: config.Default(), DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Limiter: &ratelimit.DB{DB: d}, Guard: &ratelimit.DBGuard{DB: d}}))
	defer srv.Close()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}}
	url := srv.URL + "/api/pc/v1/dashboard/list?legalTender=USD"
	var mu sync.Mutex
	var latencies []time.Duration
	b.SetParallelism(16) // 32 clients on two cores
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			t0 := time.Now()
			resp, err := client.Get(url)
			if err != nil {
				b.Error(err)
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 {
				b.Errorf("status %d", resp.StatusCode)
				return
			}
			mine = append(mine, time.Since(t0))
		}
		mu.Lock()
		latencies = append(latencies, mine...)
		mu.Unlock()
	})
	elapsed := time.Since(start)
	b.StopTimer()
	slices.Sort(latencies)
	if n := len(latencies); n > 0 {
		b.ReportMetric(float64(n)/elapsed.Seconds(), "req/s")
		b.ReportMetric(float64(latencies[n*99/100].Microseconds())/1000, "p99-ms")
	}
}
