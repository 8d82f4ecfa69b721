package solo_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/solo"
)

type envelope struct {
	Code int             `json:"code"`
	Msg  string          `json:"msg"`
	Data json.RawMessage `json:"data"`
}

func get(t *testing.T, srv *httptest.Server, path string) (int, envelope) {
	t.Helper()
	req, _ := http.NewRequest("GET", srv.URL+path, nil)
	req.Header.Set("language", "en_US")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var env envelope
	if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, env
}

// The solo calls read an address's shares as the pages show them: hashrates over 10
// minutes, an hour and a day; rigs online; best shares of the session, the day and ever;
// blocks; the chance of a block; share records; the chart. Empty and unknown addresses get
// the SPEC's messages, a coin without solo ports is refused, and a client is limited.
func TestSoloCalls(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Now().Truncate(time.Second)
		cs := &coin.Store{DB: d}
		for _, c := range []coin.Coin{
			{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC", Decimals: 8, OpenStatus: true, SettleModel: coin.SettleModelPPS,
				SettleTime: "00:00", Driver: coin.DriverDevnet, StratumPorts: []int{3333}, SoloPorts: []int{4333}, SoloFeeBps: 100},
			{Type: "KAS", Name: "Kaspa", Algorithm: "sha256d", ChainUnit: "KAS", Decimals: 8, OpenStatus: true, SettleModel: coin.SettleModelPPS,
				SettleTime: "00:00", Driver: coin.DriverDevnet, StratumPorts: []int{3334}},
		} {
			if err := cs.Put(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		blocks := &mining.Blocks{DB: d}
		if err := blocks.SaveStats(ctx, mining.PoolStats{Coin: "BTC", NetworkDifficulty: 1000, NetworkHashRate: 7e12, Driver: "devnet", UpdatedAt: now.UnixMilli()}); err != nil {
			t.Fatal(err)
		}
		store := &solo.Store{DB: d}
		const addr = "addr1"
		share := func(worker string, ago time.Duration, diff, actual float64, block bool) mining.SoloShare {
			return mining.SoloShare{Coin: "BTC", Address: addr, Worker: worker, Difficulty: diff, Actual: actual, Height: 500, NetDiff: 1000, Block: block, At: now.Add(-ago)}
		}
		// rig1: one share every minute for the last 2 hours at difficulty 4; rig2: two
		// shares 3 and 5 hours ago (offline now). The session began 65 minutes ago after a
		// 20-minute gap: its best is 90, the day's 300, the best of 30 days 5000.
		var rows []mining.SoloShare
		for m := 1; m <= 120; m++ {
			if m >= 66 && m <= 85 {
				continue // the gap
			}
			actual := 5.0
			if m == 30 {
				actual = 90
			}
			if m == 100 {
				actual = 300
			}
			rows = append(rows, share("rig1", time.Duration(m)*time.Minute, 4, actual, false))
		}
		rows = append(rows, share("rig2", 3*time.Hour, 4, 6, false), share("rig2", 5*time.Hour, 4, 7, false),
			share("rig1", 10*24*time.Hour, 4, 5000, true))
		if err := store.AddSoloShares(ctx, rows); err != nil {
			t.Fatal(err)
		}
		if err := blocks.Record(ctx, mining.FoundBlock{Coin: "BTC", Height: 400, Hash: "00ab", Reward: 1, Worker: addr + ".rig1", Solo: true, Status: mining.BlockConfirmed}); err != nil {
			t.Fatal(err)
		}
		if err := blocks.Record(ctx, mining.FoundBlock{Coin: "BTC", Height: 401, Hash: "00ac", Reward: 1, Worker: addr + "x.rig1", Solo: true, Status: mining.BlockConfirmed}); err != nil {
			t.Fatal(err)
		}

		rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US"})
		(&solo.Handler{Store: store, Coins: cs, Stats: blocks, Limiter: &ratelimit.DB{DB: d, Now: func() time.Time { return now }},
			Now: func() time.Time { return now }}).Routes(rt)
		srv := httptest.NewServer(rt)
		defer srv.Close()
		q := "?coin=BTC&address=" + addr

		if st, env := get(t, srv, "/api/pc/v1/solo/search"+q); st != 200 || env.Code != 0 {
			t.Fatalf("search: %d %+v", st, env)
		}
		if _, env := get(t, srv, "/api/pc/v1/solo/search?coin=BTC&address=+"); env.Code != 3 || env.Msg != "Please enter the address to query." {
			t.Errorf("empty address: %+v", env)
		}
		if st, env := get(t, srv, "/api/pc/v1/solo/summary?coin=BTC&address=nobody"); st != 404 || env.Msg != "The query address does not exist." {
			t.Errorf("unknown address: %d %+v", st, env)
		}
		if _, env := get(t, srv, "/api/pc/v1/solo/search?coin=KAS&address="+addr); env.Code != 3 || env.Msg != "KAS has no solo mining." {
			t.Errorf("coin without solo: %+v", env)
		}
		if _, env := get(t, srv, "/api/pc/v1/solo/search?coin=BTC&address=a%0Ab"); env.Code != 3 {
			t.Errorf("control character: %+v", env)
		}
		// The coin by currencyType (the SPEC's name) or coin (the first name, kept); both
		// naming different coins is refused, with the two named.
		for _, c := range []string{"currencyType=BTC", "currencyType=BTC&coin=BTC"} {
			if st, env := get(t, srv, "/api/pc/v1/solo/search?address="+addr+"&"+c); st != 200 || env.Code != 0 {
				t.Errorf("search with %s: %d %+v", c, st, env)
			}
		}
		if st, env := get(t, srv, "/api/pc/v1/solo/search?currencyType=KAS&coin=BTC&address="+addr); st != 400 ||
			env.Msg != "currencyType KAS and coin BTC name different coins: send currencyType alone." {
			t.Errorf("two coins: %d %+v", st, env)
		}

		var sum struct {
			HashRate10m, HashRate1h, HashRate24h struct{ HashRate float64 }
			WorkersOnline, Workers, BlocksFound  int
			BestShareSession, BestShareDay       float64
			BestShareEver                        float64
			NetworkDifficulty                    float64
			FeeRate                              float64
			Chance                               struct{ ExpectedSeconds, Day, Month, Year float64 }
		}
		_, env := get(t, srv, "/api/pc/v1/solo/summary"+q)
		if err := json.Unmarshal(env.Data, &sum); err != nil {
			t.Fatal(err)
		}
		per := chain.HashesPerDifficulty("sha256d")
		// rig1's shares in the last 10 minutes: minutes 1..10 (10 shares; minute 10 is
		// exactly at the edge and counts); the hour: minutes 1..60.
		want10 := 10 * 4 * per / 600
		want1h := 60 * 4 * per / 3600
		want24 := (100 + 2) * 4 * per / 86400
		near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, b) }
		if !near(sum.HashRate10m.HashRate, want10) || !near(sum.HashRate1h.HashRate, want1h) || !near(sum.HashRate24h.HashRate, want24) {
			t.Errorf("hashrates %g %g %g, want %g %g %g", sum.HashRate10m.HashRate, sum.HashRate1h.HashRate, sum.HashRate24h.HashRate, want10, want1h, want24)
		}
		if sum.WorkersOnline != 1 || sum.Workers != 2 || sum.BlocksFound != 1 {
			t.Errorf("online %d workers %d blocks %d", sum.WorkersOnline, sum.Workers, sum.BlocksFound)
		}
		if sum.BestShareSession != 90 || sum.BestShareDay != 300 || sum.BestShareEver != 5000 {
			t.Errorf("best shares %g %g %g", sum.BestShareSession, sum.BestShareDay, sum.BestShareEver)
		}
		hashesPerBlock := 1000 * per
		if sum.NetworkDifficulty != 1000 || sum.FeeRate != 0.01 || !near(sum.Chance.ExpectedSeconds, hashesPerBlock/want1h) ||
			!near(sum.Chance.Day, 1-math.Exp(-want1h*86400/hashesPerBlock)) || !(sum.Chance.Day < sum.Chance.Month && sum.Chance.Month <= sum.Chance.Year && sum.Chance.Year <= 1) {
			t.Errorf("chance %+v (network %g, fee %g)", sum.Chance, sum.NetworkDifficulty, sum.FeeRate)
		}

		var workers []struct {
			Worker      string
			Online      bool
			BestShare   float64
			LastShareAt int64
		}
		_, env = get(t, srv, "/api/pc/v1/solo/workers"+q)
		if err := json.Unmarshal(env.Data, &workers); err != nil || len(workers) != 2 || workers[0].Worker != "rig1" || !workers[0].Online ||
			workers[0].BestShare != 300 || workers[1].Online || workers[1].LastShareAt != now.Add(-3*time.Hour).UnixMilli() {
			t.Errorf("workers %+v (%v)", workers, err)
		}
		var page struct {
			Total int
			Rows  []struct {
				Worker      string
				SubmitTime  int64
				BlockHeight int64
				Epoch       int64
			}
		}
		_, env = get(t, srv, "/api/pc/v1/solo/shares"+q+"&page=2&pageSize=10")
		if err := json.Unmarshal(env.Data, &page); err != nil || page.Total != len(rows) || len(page.Rows) != 10 ||
			page.Rows[0].SubmitTime != now.Add(-11*time.Minute).UnixMilli() || page.Rows[0].BlockHeight != 500 || page.Rows[0].Epoch != 500 {
			t.Errorf("shares page 2: %+v (%v)", page, err)
		}
		var points []struct {
			Time     int64
			HashRate struct{ HashRate float64 }
		}
		_, env = get(t, srv, "/api/pc/v1/solo/hashrate"+q)
		if err := json.Unmarshal(env.Data, &points); err != nil || len(points) != 144 {
			t.Fatalf("chart: %d points (%v)", len(points), err)
		}
		var total float64
		for _, p := range points {
			total += p.HashRate.HashRate * 600 / per
		}
		// Every share of the last 24 hours but those of the current, unfinished bucket.
		if total < 4*90 || total > 4*102 {
			t.Errorf("chart sums %g difficulty", total)
		}

		// A client is limited to solo.ReadsPerMinute calls a minute.
		for i := 0; i < solo.ReadsPerMinute; i++ {
			get(t, srv, "/api/pc/v1/solo/search"+q)
		}
		if st, _ := get(t, srv, "/api/pc/v1/solo/search"+q); st != http.StatusTooManyRequests {
			t.Errorf("past the limit: %d", st)
		}
	})
}

func TestChanceOf(t *testing.T) {
	c := solo.ChanceOf(0, 1000, "sha256d")
	if c.ExpectedSeconds != 0 || c.Day != 0 {
		t.Errorf("no hashrate: %+v", c)
	}
	// Hashrate that finds a block a day on average: 1 - 1/e in a day.
	per := chain.HashesPerDifficulty("scrypt")
	c = solo.ChanceOf(1000*per/86400, 1000, "scrypt")
	if math.Abs(c.ExpectedSeconds-86400) > 1e-6 || math.Abs(c.Day-(1-math.Exp(-1))) > 1e-12 || math.Abs(c.Year-1) > 1e-12 {
		t.Errorf("a block a day: %+v", c)
	}
}
