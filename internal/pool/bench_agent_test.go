package pool_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/pool"
)

// allowAll is a limiter that never refuses: the benchmark measures the call, not the
// 120-a-minute limit.
type allowAll struct{}

func (allowAll) Allow(context.Context, string, int, time.Duration) (bool, error) { return true, nil }

// BenchmarkAgentReport is the agent API's path for one rig: the Uniplus ID looked up
// (among 500 sub-accounts of 10 users) and the report applied to its device, through the
// real router; "unknown_id" is the lookup alone (an ID nobody has, answered code 4).
func BenchmarkAgentReport(b *testing.B) {
	for _, backend := range []struct {
		name string
		open func(testing.TB) *db.DB
	}{{"sqlite", dbtest.SQLite}, {"postgres", dbtest.Postgres}} {
		b.Run(backend.name, func(b *testing.B) {
			d := backend.open(b)
			ctx := context.Background()
			now := time.Now()
			if err := (&coin.Store{DB: d}).Put(ctx, coin.Coin{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC",
				AliasName: "BTC", MinHashUnit: "TH/s", Decimals: 8, SettleModel: coin.SettleModelPPS, SettleTime: "00:00",
				Driver: coin.DriverDevnet, OpenStatus: true, MachineBindFlag: true, MachineDetailFlag: true, StratumPorts: []int{3333}}); err != nil {
				b.Fatal(err)
			}
			store := &pool.Store{DB: d}
			var id string
			for u := range 10 {
				usr := accounttest.NewUser(b, d, fmt.Sprintf("agent%d@example.com", u), account.TypeNormal, now)
				for s := range pool.MaxSubAccounts {
					a, err := store.CreateSubAccount(ctx, usr.ID, fmt.Sprintf("farm%d_%02d", u, s), "farm", "BTC")
					if err != nil {
						b.Fatal(err)
					}
					id = a.UniplusID
				}
			}
			rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US"})
			(&pool.Handler{Store: store, User: func(next httpx.HandlerFunc) httpx.HandlerFunc { return next }, Limiter: allowAll{}}).Routes(rt)
			report, _ := json.Marshal(goodReport("rig1"))
			for _, c := range []struct {
				name, id string
				status   int
			}{{"report", id, http.StatusOK}, {"unknown_id", pool.UniplusIDPrefix + strings.Repeat("0", 64), http.StatusUnauthorized}} {
				b.Run(c.name, func(b *testing.B) {
					lat := make([]time.Duration, 0, b.N)
					for b.Loop() {
						req := httptest.NewRequest(http.MethodPost, "/api/agent/v1/report", strings.NewReader(string(report)))
						req.Header.Set(pool.AgentHeader, c.id)
						w := httptest.NewRecorder()
						start := time.Now()
						rt.ServeHTTP(w, req)
						lat = append(lat, time.Since(start))
						if w.Code != c.status {
							b.Fatalf("%s: %d %s", c.name, w.Code, w.Body.String())
						}
					}
					slices.Sort(lat)
					b.ReportMetric(float64(lat[(len(lat)*99)/100].Microseconds())/1000, "p99-ms")
				})
			}
		})
	}
}
