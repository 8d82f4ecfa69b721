package app

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/explorer"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// poold's router keys the explorer ranking's ids with the pool's secret key (issue 29):
// two routers over one database, given the same key as two api processes are, show a
// miner the same id, the one explorer.NewRankingKey gives for that key; a router with
// another key shows another.
func TestRankingIDsUseThePoolSecretKey(t *testing.T) {
	d := dbtest.SQLite(t)
	ctx := context.Background()
	if err := (&coin.Store{DB: d}).Put(ctx, coin.Coin{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC", Decimals: 8,
		OpenStatus: true, SettleModel: coin.SettleModelPPS, SettleTime: "00:00", Driver: coin.DriverDevnet, StratumPorts: []int{3333}}); err != nil {
		t.Fatal(err)
	}
	ps := &pool.Store{DB: d}
	u := newAccount(t, d, "ranked@example.com", "", "Passw0rd-1")
	sub, err := ps.CreateSubAccount(ctx, u.ID, "ranked", "ranked", "BTC")
	if err != nil {
		t.Fatal(err)
	}
	dev, err := ps.ShareDevice(ctx, "BTC", "ranked.r1", "198.51.100.7:1", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := pool.AddShareMinutes(ctx, d, []pool.ShareMinute{{DeviceID: dev.ID, Coin: "BTC", Minute: time.Now().Add(-10 * time.Minute), DiffSum: 50, Accepted: 5}}); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	idFrom := func(secret []byte) string {
		t.Helper()
		rt := NewRouter(Deps{Config: config.Default(), DB: d, Log: log, Limiter: &ratelimit.DB{DB: d}, Guard: &ratelimit.DBGuard{DB: d}, SecretKey: secret})
		srv := httptest.NewServer(rt)
		defer srv.Close()
		a := &apiClient{t: t, base: srv.URL, hc: &http.Client{Transport: uncheckedTransport()}}
		var r struct{ Rows []struct{ ID, Miner string } }
		a.decode(a.call("GET", "/api/pc/v1/explorer/ranking?coin=BTC", "", nil, 200), &r)
		for _, row := range r.Rows {
			if row.Miner == explorer.Mask("ranked") {
				return row.ID
			}
		}
		t.Fatalf("sub-account not ranked: %+v", r.Rows)
		return ""
	}
	secret := bytes.Repeat([]byte{7}, 32)
	id := idFrom(secret)
	if want := explorer.NewRankingKey(secret).PublicID(sub.ID); id != want {
		t.Fatalf("id %s, want %s (keyed with the pool's secret)", id, want)
	}
	if again := idFrom(bytes.Clone(secret)); again != id {
		t.Fatalf("another process with the same key: %s, want %s", again, id)
	}
	if other := idFrom(bytes.Repeat([]byte{8}, 32)); other == id {
		t.Fatalf("another key gave the same id %s", id)
	}
}
