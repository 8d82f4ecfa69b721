package pool_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// benchDevices is the account size of the goal: 10,000 devices in one account
// (ten sub-accounts of 1,000), each mining every minute of the last 24 hours, so the
// share tables hold what a day of such an account writes (14.4 million device minutes).
const (
	benchDevices     = 10_000
	benchSubAccounts = 10
)

// seedFleet makes the account and its day of shares with SQL (a recursive series of
// minutes), far faster than through the engine; the rows are those the engine writes.
func seedFleet(b *testing.B, d *db.DB, now time.Time) accounttest.User {
	b.Helper()
	ctx := context.Background()
	if err := (&coin.Store{DB: d}).Put(ctx, coin.Coin{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC",
		AliasName: "BTC", MinHashUnit: "TH/s", Decimals: 8, SettleModel: coin.SettleModelPPS, SettleTime: "00:00",
		Driver: coin.DriverDevnet, OpenStatus: true, MachineBindFlag: true, MachineDetailFlag: true, StratumPorts: []int{3333}}); err != nil {
		b.Fatal(err)
	}
	u := accounttest.NewUser(b, d, "fleet@example.com", account.TypeNormal, now)
	store := &pool.Store{DB: d, Now: func() time.Time { return now }}
	for s := range benchSubAccounts {
		if _, err := store.CreateSubAccount(ctx, u.ID, fmt.Sprintf("farm%02d", s), "farm", "BTC"); err != nil {
			b.Fatal(err)
		}
	}
	ms := now.UnixMilli()
	day := now.Truncate(time.Minute).Add(-24 * time.Hour).UnixMilli()
	stmts := []string{
		fmt.Sprintf(`INSERT INTO devices (sub_account_id, coin, worker, kind, bound, status, first_seen_at, last_seen_at,
			last_share_at, online_since, created_at, updated_at, bound_at)
			WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < %d)
			SELECT s.id, 'BTC', 'rig' || n.i, 'gpu', TRUE, CASE WHEN n.i %% 50 = 0 THEN 'offline' ELSE 'normal' END,
			%d, %d - n.i, %d, %d, %d, %d, %d
			FROM n JOIN sub_accounts s ON s.code = 'farm' || CASE WHEN n.i %% %d < 10 THEN '0' ELSE '' END || (n.i %% %d)`,
			benchDevices-1, day, ms, ms, day, day, day, day, benchSubAccounts, benchSubAccounts),
		fmt.Sprintf(`INSERT INTO share_minutes (device_id, minute, coin, diff_sum, accepted, rejected, stale)
			WITH RECURSIVE m(t) AS (SELECT %d UNION ALL SELECT t + 60000 FROM m WHERE t < %d)
			SELECT d.id, m.t, 'BTC', 8192 + d.id %% 97, 2, CASE WHEN d.id %% 7 = 0 THEN 1 ELSE 0 END, 0 FROM devices d, m`,
			day, day+(24*60-1)*60000),
		`INSERT INTO sub_account_minutes (sub_account_id, coin, minute, diff_sum, accepted, rejected, stale)
			SELECT d.sub_account_id, m.coin, m.minute, SUM(m.diff_sum), SUM(m.accepted), SUM(m.rejected), SUM(m.stale)
			FROM share_minutes m JOIN devices d ON d.id = m.device_id GROUP BY d.sub_account_id, m.coin, m.minute`,
	}
	for _, q := range stmts {
		if _, err := d.Exec(ctx, q); err != nil {
			b.Fatalf("seed: %v\n%s", err, q)
		}
	}
	// The jobs role keeps whole hours rolled up; the pages read them.
	if _, err := store.RollUp(ctx, now); err != nil {
		b.Fatal(err)
	}
	if _, err := store.RefreshSortKeys(ctx, now); err != nil {
		b.Fatal(err)
	}
	if _, err := d.Exec(ctx, "ANALYZE"); err != nil {
		b.Fatal(err)
	}
	return u
}

// BenchmarkTenThousandDevices calls the pages' reads for an account of 10,000 devices
// through the real router, and reports the 99th-percentile latency (p99-ms) besides the
// mean: the goal is a p99 under 50 ms on SQLite and on PostgreSQL.
func BenchmarkTenThousandDevices(b *testing.B) {
	for _, backend := range []struct {
		name string
		open func(testing.TB) *db.DB
	}{{"sqlite", dbtest.SQLite}, {"postgres", dbtest.Postgres}} {
		b.Run(backend.name, func(b *testing.B) {
			d := backend.open(b)
			now := time.Now()
			u := seedFleet(b, d, now)
			store := &pool.Store{DB: d}
			svc := &account.Service{Store: &account.Store{DB: d}}
			rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US"})
			(&pool.Handler{Store: store, User: (&account.Handler{Service: svc}).RequireUser, Limiter: &ratelimit.DB{DB: d}}).Routes(rt)
			// The jobs role's minute of work for this account: the sort keys.
			b.Run("refresh_sort_keys", func(b *testing.B) {
				for b.Loop() {
					if _, err := store.RefreshSortKeys(context.Background(), now); err != nil {
						b.Fatal(err)
					}
				}
			})
			// The device sweep every minute, in the steady state (its first run takes the
			// fleet's quiet devices offline and notes them; later ones find their open events).
			b.Run("sweep", func(b *testing.B) {
				for b.Loop() {
					if _, _, err := store.SweepDevices(context.Background(), now); err != nil {
						b.Fatal(err)
					}
				}
			})
			for _, call := range []struct{ name, path string }{
				{"overview", "/api/pc/v1/pool/device/overview?coin=BTC"},
				{"overview_sub", "/api/pc/v1/pool/device/overview?coin=BTC&subAccount=farm03"},
				{"sub_list", "/api/pc/v1/pool/subaccount/list"},
				{"list_page1", "/api/pc/v1/pool/device/list?pageSize=50"},
				{"list_page100", "/api/pc/v1/pool/device/list?pageSize=50&page=100"},
				{"list_offline", "/api/pc/v1/pool/device/list?pageSize=20&status=offline"},
				{"list_search", "/api/pc/v1/pool/device/list?pageSize=20&keyword=rig99"},
				{"list_by_rt", "/api/pc/v1/pool/device/list?pageSize=50&coin=BTC&sort=realTimeHashRate&order=desc"},
				{"list_by_day", "/api/pc/v1/pool/device/list?pageSize=50&coin=BTC&sort=dayHashRate&order=desc"},
				{"history_24h", "/api/pc/v1/pool/hashrate/history?coin=BTC"},
				{"history_30d", "/api/pc/v1/pool/hashrate/history?coin=BTC&range=30d"},
			} {
				b.Run(call.name, func(b *testing.B) {
					lat := make([]time.Duration, 0, b.N)
					for b.Loop() {
						req := httptest.NewRequest(http.MethodGet, call.path, nil)
						req.Header.Set("x-token", u.Token)
						w := httptest.NewRecorder()
						start := time.Now()
						rt.ServeHTTP(w, req)
						lat = append(lat, time.Since(start))
						if w.Code != http.StatusOK {
							b.Fatalf("%s: %d %s", call.path, w.Code, w.Body.String())
						}
					}
					slices.Sort(lat)
					b.ReportMetric(float64(lat[(len(lat)*99)/100].Microseconds())/1000, "p99-ms")
				})
			}
		})
	}
}
