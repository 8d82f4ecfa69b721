package market_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/market"
)

// The feed stores what the source answers, keeps stored prices when the source fails,
// and leaves coins the source does not know at the operator's price.
func TestFeedKeepsPricesFreshAndSurvivesFailures(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		var calls atomic.Int32
		var failing atomic.Bool
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			calls.Add(1)
			if failing.Load() {
				http.Error(w, "down", http.StatusBadGateway)
				return
			}
			io.WriteString(w, `{"bitcoin":{"usd":97000.5,"cny":700000.25}}`)
		}))
		defer srv.Close()
		prices := &market.Prices{DB: d}
		if err := prices.Set(ctx, "KAS", market.USD, market.ToMicros(0.07), "operator"); err != nil {
			t.Fatal(err)
		}
		feed := &market.Feed{Prices: prices, Source: &market.SimplePriceAPI{BaseURL: srv.URL}, Every: time.Minute,
			IDs: map[string]string{"BTC": "bitcoin", "KAS": "kaspa"}, Log: slog.New(slog.DiscardHandler)}
		if n, err := feed.Once(ctx); err != nil || n != 1 {
			t.Fatalf("once: %d %v", n, err)
		}
		if v, _ := prices.Get(ctx, "BTC", market.CNY); v != 700_000_250_000 {
			t.Fatalf("BTC CNY %d", v)
		}
		if v, _ := prices.Get(ctx, "KAS", market.USD); v != market.ToMicros(0.07) {
			t.Fatalf("KAS lost its operator price: %d", v)
		}
		failing.Store(true)
		if _, err := feed.Once(ctx); err == nil {
			t.Fatal("a failing source reported success")
		}
		if v, _ := prices.Get(ctx, "BTC", market.USD); v != 97_000_500_000 {
			t.Fatalf("a failed fetch changed the stored price: %d", v)
		}

		// Run fetches at once and stops with its context.
		failing.Store(false)
		before := calls.Load()
		runCtx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { feed.Run(runCtx); close(done) }()
		for calls.Load() == before {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
		<-done
	})
}
