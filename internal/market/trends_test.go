package market_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/market"
	"github.com/uniplus-pool/pool/internal/mining"
)

func TestTrendsRecordedHourlyAndServedByRange(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		coins := &coin.Store{DB: d}
		if err := coins.Put(ctx, coin.Coin{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC", Decimals: 8,
			SettleModel: coin.SettleModelPPS, SettleTime: "08:00", Driver: coin.DriverDevnet, OpenStatus: true}); err != nil {
			t.Fatal(err)
		}
		list, _ := coins.List(ctx)
		stats := &mining.Blocks{DB: d}
		trends := &market.Trends{DB: d}
		prices := map[string]map[string]market.Micros{"BTC": {market.USD: 60_000_000_000, market.CNY: 430_000_000_000}}
		start := time.Date(2026, 1, 1, 0, 30, 0, 0, time.UTC)
		// 40 days of hourly points; pool hashrate grows from 1 to ~960 TH/s.
		for h := 0; h < 40*24; h++ {
			at := start.Add(time.Duration(h) * time.Hour)
			if err := stats.SaveStats(ctx, mining.PoolStats{Coin: "BTC", PoolHashRate: float64(h+1) * 1e12, Driver: "devnet", UpdatedAt: at.UnixMilli()}); err != nil {
				t.Fatal(err)
			}
			if _, err := trends.Record(ctx, list, prices, stats, at); err != nil {
				t.Fatal(err)
			}
		}
		// Recording the same hour again replaces its point.
		if _, err := trends.Record(ctx, list, prices, stats, start.Add(10*time.Minute)); err != nil {
			t.Fatal(err)
		}
		rt := httpx.NewRouter(slog.New(slog.DiscardHandler), httpx.Options{DefaultLang: "en_US"})
		(&market.TrendHandler{Trends: trends, Coins: coins}).Routes(rt)
		srv := httptest.NewServer(rt)
		defer srv.Close()
		get := func(q url.Values, tz string) (int, int, []market.TrendPoint, string) {
			req, _ := http.NewRequest("GET", srv.URL+"/api/pc/v1/dashboard/currency/base/static/trend?"+q.Encode(), nil)
			req.Header.Set("language", "en_US")
			if tz != "" {
				req.Header.Set("timezone", tz)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var e struct {
				Code int
				Msg  string
				Data []market.TrendPoint
			}
			_ = json.NewDecoder(resp.Body).Decode(&e)
			return resp.StatusCode, e.Code, e.Data, e.Msg
		}
		// A day: hourly points. The 00:00 point of Jan 2 is hour 24, recorded at 25 TH/s.
		q := url.Values{"currencyType": {"btc"}, "beginTime": {"2026-01-02 00:00:00"}, "endTime": {"2026-01-02 23:59:59"}}
		status, code, pts, _ := get(q, "UTC")
		if status != 200 || code != 0 || len(pts) != 24 {
			t.Fatalf("one day: %d %d %d points", status, code, len(pts))
		}
		if pts[0].Price != "60000.000000" || pts[0].CNYPrice != "430000.000000" || pts[0].HashRateUnit != "TH/s" || pts[0].HashRate != 25e12 || pts[0].HashRateShow != "25.00" {
			t.Fatalf("first point %+v", pts[0])
		}
		// The same day in Asia/Shanghai starts 8 hours earlier in UTC.
		_, _, sh, _ := get(q, "Asia/Shanghai")
		if len(sh) != 24 || sh[0].ExecTime != time.Date(2026, 1, 1, 16, 30, 0, 0, time.UTC).Truncate(time.Hour).UnixMilli() {
			t.Fatalf("Shanghai day starts at %v", time.UnixMilli(sh[0].ExecTime).UTC())
		}
		// 39 days: one point a day.
		q = url.Values{"currencyType": {"BTC"}, "beginTime": {"2026-01-01"}, "endTime": {"2026-02-08 23:59:59"}}
		_, _, pts, _ = get(q, "UTC")
		if len(pts) != 39 || pts[len(pts)-1].HashRateUnit != "TH/s" {
			t.Fatalf("39 days: %d points", len(pts))
		}
		// The year the client asks for (SPEC: 181 days ending 23:59:59 today) is served, also
		// across the end of summer time, when one of its days has 25 hours.
		year := url.Values{"currencyType": {"BTC"}, "beginTime": {"2026-05-26 00:00:00"}, "endTime": {"2026-11-22 23:59:59"}}
		for _, tz := range []string{"UTC", "Europe/London"} {
			if status, code, _, msg := get(year, tz); status != 200 || code != 0 {
				t.Errorf("a year in %s: %d %d %s", tz, status, code, msg)
			}
		}
		for _, bad := range []struct {
			q   url.Values
			msg string
		}{
			{url.Values{"currencyType": {"BTC"}, "endTime": {"2026-01-02"}}, "Start time is required"},
			{url.Values{"currencyType": {"BTC"}, "beginTime": {"yesterday"}, "endTime": {"2026-01-02"}}, "Start time is not valid"},
			{url.Values{"currencyType": {"BTC"}, "beginTime": {"2026-01-02"}, "endTime": {"2026-01-01"}}, "after the start"},
			{url.Values{"currencyType": {"BTC"}, "beginTime": {"2025-01-01"}, "endTime": {"2026-01-01"}}, "181 days"},
			{url.Values{"currencyType": {"BTC"}, "beginTime": {"2026-05-25 00:00:00"}, "endTime": {"2026-11-22 23:59:59"}}, "181 days"},
			{url.Values{"currencyType": {"DOGE"}, "beginTime": {"2026-01-01"}, "endTime": {"2026-01-02"}}, "no coin DOGE"},
			{url.Values{"beginTime": {"2026-01-01"}, "endTime": {"2026-01-02"}}, "Coin is required"},
		} {
			if _, code, _, msg := get(bad.q, ""); code != 3 || !strings.Contains(msg, bad.msg) {
				t.Errorf("%v: code %d %q", bad.q, code, msg)
			}
		}
	})
}

// Imported history fills hours without a point and never overwrites a recorded one.
func TestTrendImportKeepsRecordedPoints(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		tr := &market.Trends{DB: d}
		now := time.Date(2026, 11, 22, 10, 30, 0, 0, time.UTC)
		if err := tr.Import(ctx, "BTC", []market.HistoryPoint{{At: now, USD: 5_000_000, CNY: 35_000_000, HashRate: 7}}); err != nil {
			t.Fatal(err)
		}
		if err := tr.Import(ctx, "BTC", []market.HistoryPoint{
			{At: now.Add(-time.Hour), USD: 1_000_000, CNY: 7_000_000},
			{At: now.Add(10 * time.Minute), USD: 9_000_000, CNY: 63_000_000}, // the same hour as the first
		}); err != nil {
			t.Fatal(err)
		}
		pts, err := tr.Points(ctx, "BTC", now.Add(-2*time.Hour), now.Add(time.Hour), time.UTC)
		if err != nil || len(pts) != 2 {
			t.Fatalf("%d points %v", len(pts), err)
		}
		if pts[0].Price != "1.000000" || pts[1].Price != "5.000000" || pts[1].ExecTime != now.Truncate(time.Hour).UnixMilli() {
			t.Fatalf("points %+v", pts)
		}
		if n, _ := tr.Count(ctx, "BTC"); n != 2 {
			t.Fatalf("count %d", n)
		}
	})
}
