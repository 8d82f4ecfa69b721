package app

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/buildinfo"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/explorer"
	"github.com/uniplus-pool/pool/internal/helpcenter"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/ops/opscoins"
	"github.com/uniplus-pool/pool/internal/ops/opscontent"
	"github.com/uniplus-pool/pool/internal/ops/opsoverview"
	"github.com/uniplus-pool/pool/internal/ops/opsusers"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/seal"
	"github.com/uniplus-pool/pool/internal/solo"
	"github.com/uniplus-pool/pool/internal/twofactor"
	"github.com/uniplus-pool/pool/internal/withdraw"
	"github.com/uniplus-pool/pool/web"
)

// The operator's side of HTTP (docs/security.md, "Metrics and health"): /metrics and the
// detailed /healthz on a listener of their own (--admin-http), kept off the public one,
// where /healthz says only whether the server is up and /metrics answers a bearer of
// --metrics-token alone.

// healthStatus pings the database; ok is false when it does not answer in 2 s.
func healthStatus(ctx context.Context, d *db.DB) (ok bool) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	return d.Ping(ctx) == nil
}

// publicHealthz answers {"status":"ok"} (200) or {"status":"unavailable"} (503): enough
// for a load balancer, nothing for a visitor to learn the build or the database from.
func publicHealthz(d *db.DB) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		status, code := "ok", http.StatusOK
		if !healthStatus(r.Context(), d) {
			status, code = "unavailable", http.StatusServiceUnavailable
		}
		writeHealth(w, code, map[string]string{"status": status})
	})
}

// adminHealthz is the operator's /healthz: the status, the build and the database kind.
func adminHealthz(d *db.DB) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		status, code := "ok", http.StatusOK
		if !healthStatus(r.Context(), d) {
			status, code = "database unreachable", http.StatusServiceUnavailable
		}
		writeHealth(w, code, map[string]string{"status": status, "version": buildinfo.Version, "db": d.Dialect.String()})
	})
}

func writeHealth(w http.ResponseWriter, code int, body map[string]string) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(body)
}

// metricsGate serves metrics on the public listener to a bearer of token only; without a
// token configured the route is not there (404), as for any unknown path.
func metricsGate(token string, metrics http.Handler) http.Handler {
	want := sha256.Sum256([]byte(token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if token == "" {
			http.NotFound(w, r)
			return
		}
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		// Hashes are compared so the time taken says nothing of the token's length.
		sum := sha256.Sum256([]byte(got))
		if !ok || subtle.ConstantTimeCompare(sum[:], want[:]) != 1 {
			w.Header().Set("WWW-Authenticate", "Bearer")
			http.Error(w, "a bearer token is required", http.StatusUnauthorized)
			return
		}
		metrics.ServeHTTP(w, r)
	})
}

// adminHandler serves the operator's listener; console, when not nil, is the operator
// console's API (internal/ops), under /ops/api/ here and nowhere on --http. With it comes
// the console's page (web/ops.html) at / and at every other path, which the page routes
// on the client (/withdrawals/12), with the web app's security headers.
func adminHandler(d *db.DB, metrics, console http.Handler) http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", metrics)
	mux.Handle("GET /healthz", adminHealthz(d))
	if console != nil {
		mux.Handle(ops.APIPrefix, console)
		mux.Handle("/", httpx.PageHeaders(web.ConsoleHandler()))
	}
	return mux
}

// opsConsole is the operator console's API for the process's database, its authenticator
// keys sealed with the pool's secret key.
func (p *process) opsConsole() (http.Handler, error) {
	key, err := seal.LoadKey(p.cfg.SecretKeyPath())
	if err != nil {
		return nil, err
	}
	sealer, err := seal.New(key)
	if err != nil {
		return nil, err
	}
	svc := &ops.Service{DB: p.db, Sealer: sealer, Limiter: p.limiter, Argon: account.DefaultArgon2, Issuer: "Uniplus Pool console", Now: p.now}
	return (&ops.Handler{Service: svc, Log: p.log, Extra: consoleRoutes(p.db, p.chains, p.now)}).Router(), nil
}

// consoleRoutes are the console's routes of the areas' packages, each with the right it
// needs: they call the same service functions as `poold admin`.
func consoleRoutes(d *db.DB, chains withdraw.Chains, now func() time.Time) []ops.Route {
	withdrawals := &withdraw.Store{DB: d, Coins: &coin.Store{DB: d}, Chains: chains, Now: now}
	users := &opsusers.Area{DB: d, Accounts: &account.Store{DB: d}, TwoFactor: &twofactor.Service{DB: d, Now: now},
		Withdrawals: withdrawals, Now: now}
	coins := &coin.Store{DB: d, Now: now}
	// The blocks' effort as the public explorer shows it, from the same function.
	efforts := &explorer.Explorer{Blocks: &mining.Blocks{DB: d}, Pool: &pool.Store{DB: d}, Solo: &solo.Store{DB: d}}
	overview := &opsoverview.Area{DB: d, Coins: coins, Wallets: withdrawals, Now: now, Effort: efforts.Effort}
	coinEdits := &opscoins.Area{Coins: coins}
	contentArea := &opscontent.Area{Help: &helpcenter.Store{DB: d}, Content: &content.Store{DB: d}}
	return slices.Concat(withdrawals.OpsRoutes(), users.Routes(), overview.Routes(), coinEdits.Routes(), contentArea.Routes())
}

// startAdmin listens on --admin-http, whatever the roles: a stratum or jobs process is
// scraped there without running the api role.
func (p *process) startAdmin() error {
	ln, err := net.Listen("tcp", p.cfg.AdminHTTP)
	if err != nil {
		return fmt.Errorf("listen --admin-http %s: %w", p.cfg.AdminHTTP, err)
	}
	// The console comes with the api role: its processes share the secret key that seals
	// the operators' authenticator keys; a stratum or jobs process may have none of its own.
	var console http.Handler
	if p.cfg.HasRole(config.RoleAPI) {
		var err error
		if console, err = p.opsConsole(); err != nil {
			ln.Close()
			return err
		}
	}
	h := adminHandler(p.db, p.metrics.Handler(), console)
	// A process without the api role has no other listener for the test clock (a jobs
	// process of a multi-process test: its jobs' periods follow the clock).
	clockHere := p.clock != nil && !p.cfg.HasRole(config.RoleAPI)
	if clockHere {
		h = p.clock.wrap(h)
	}
	p.admin = httpx.NewServer(h, httpx.DefaultLimits, slog.NewLogLogger(p.log.Handler(), slog.LevelWarn))
	p.adminLn = ln
	p.adminErr = make(chan error, 1)
	go func() { p.adminErr <- p.admin.Serve(ln) }()
	addr := ln.Addr().String()
	if host, _, _ := net.SplitHostPort(addr); !net.ParseIP(host).IsLoopback() {
		p.log.Warn("the admin listener is not on a loopback address: keep it off the internet", "addr", addr)
	}
	p.log.Info("admin listening", "addr", addr)
	fmt.Fprintf(p.stdout, "poold: admin listening on http://%s\n", addr)
	if clockHere {
		fmt.Fprintf(p.stdout, "poold: WARNING: --test-clock is on: POST http://%s%s moves this server's clock. For tests only, never for a real pool.\n", addr, testClockPath)
	}
	return nil
}
