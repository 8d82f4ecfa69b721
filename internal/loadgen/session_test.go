package loadgen

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/app"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// The drag passes the server's own judge for any seed.
func TestSliderTrackPasses(t *testing.T) {
	for seed := range uint64(200) {
		tr := SliderTrack(account.CaptchaWidth, seed)
		track := make([]account.TrackPoint, len(tr))
		for i, p := range tr {
			track[i] = account.TrackPoint(p)
		}
		if !account.CheckTrack(track, account.CaptchaWidth) {
			t.Fatalf("seed %d: the server refuses the drag %v", seed, tr)
		}
	}
}

// Against the real router: the login goes through the slider as the web's does, and the
// three calls of the load answer code 0 for the logged-in user; the sub-accounts the
// stratum load needs are made, and made once.
func TestLoginAndCallsOnTheRouter(t *testing.T) {
	ctx := context.Background()
	d := dbtest.SQLite(t)
	if err := (&coin.Store{DB: d}).Put(ctx, coin.Coin{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC",
		MinHashUnit: "H/s", Decimals: 8, FeeBps: 100, SettleModel: coin.SettleModelPPS, SettleTime: "08:00",
		Driver: coin.DriverDevnet, OpenStatus: true, StratumPorts: []int{1}}); err != nil {
		t.Fatal(err)
	}
	hash, err := account.HashPassword("load-test-pw-1", account.DefaultArgon2)
	if err != nil {
		t.Fatal(err)
	}
	u, err := (&account.Store{DB: d}).CreateUser(ctx, d, account.User{Nickname: "loader", Email: "load@example.com",
		PasswordHash: hash, AccountType: account.TypeNormal, Status: account.StatusActive, Lang: "en_US"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&pool.Store{DB: d}).CreateSubAccount(ctx, u.ID, "load01", "Old", "BTC"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(app.NewRouter(app.Deps{Config: config.Default(), DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Limiter: &ratelimit.DB{DB: d}, Guard: &ratelimit.DBGuard{DB: d}}))
	defer srv.Close()

	api := &API{Base: srv.URL, Client: &http.Client{Transport: NewTransport(2)}}
	if err := api.Login(ctx, "load@example.com", "wrong-password"); err == nil {
		t.Fatal("a wrong password logged in")
	}
	res, err := RunAPI(ctx, APIConfig{Base: srv.URL, Rate: 60, Duration: 500 * time.Millisecond, Workers: 4,
		Email: "load@example.com", Password: "load-test-pw-1"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range res.Calls {
		if c.Done[outOK] != 10 || c.Errors() != 0 {
			t.Errorf("%s: %v (first error %q), want 10 successes", c.Name, c.Done, c.FirstErr)
		}
	}

	for range 2 {
		subs, err := ensureSubAccounts(ctx, StratumConfig{Conns: 25, PerSubAccount: 10, API: srv.URL,
			Email: "load@example.com", Password: "load-test-pw-1", Out: io.Discard})
		if err != nil {
			t.Fatal(err)
		}
		if len(subs) != 3 || subs[0] != "load01" || subs[2] != "load03" {
			t.Fatalf("sub-accounts %v", subs)
		}
	}
	list, err := (&pool.Store{DB: d}).SubAccounts(ctx, u.ID)
	if err != nil || len(list) != 3 {
		t.Fatalf("the user has %d sub-accounts (%v), want 3", len(list), err)
	}
}
