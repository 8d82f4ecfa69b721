package app

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/buildinfo"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/helpcenter"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/market"
	"github.com/uniplus-pool/pool/internal/metrics"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/web"
)

//go:embed openapi.json
var openAPIDoc []byte

// Deps are what the HTTP routes need; tests build them around a test database.
type Deps struct {
	Config  config.Config
	DB      *db.DB
	Log     *slog.Logger
	Limiter ratelimit.Limiter
	Guard   ratelimit.Guard
	Email   account.CodeSender
	SMS     account.CodeSender
	Metrics *metrics.Metrics
}

// NewRouter registers every route of every domain.
func NewRouter(d Deps) *httpx.Router {
	if d.Metrics == nil {
		d.Metrics = metrics.New(d.DB.Stats)
	}
	rt := httpx.NewRouter(d.Log, httpx.Options{
		DefaultLang: d.Config.DefaultLang,
		TrustProxy:  d.Config.TrustProxy,
		Observe:     d.Metrics.ObserveHTTP,
	})
	(&content.Handler{Store: &content.Store{DB: d.DB}, Limiter: d.Limiter, Log: d.Log, Maintenance: d.Config.Maintenance}).Routes(rt)
	pools := &pool.Store{DB: d.DB}
	accounts := &account.Service{
		Store: &account.Store{DB: d.DB}, Guard: d.Guard, Email: d.Email, SMS: d.SMS,
		Devices: pools, Argon: account.DefaultArgon2, Log: d.Log,
	}
	acct := &account.Handler{Service: accounts, Limiter: d.Limiter}
	acct.Routes(rt)
	(&pool.Handler{Store: pools, User: acct.RequireUser, Limiter: d.Limiter, StratumHost: d.Config.StratumHost, StratumTLS: d.Config.StratumTLSCert != ""}).Routes(rt)
	(&coin.Handler{Store: &coin.Store{DB: d.DB}, User: acct.RequireUser, Optional: acct.OptionalUser,
		UserID: func(ctx context.Context) (int64, bool) {
			u, ok := account.CurrentUser(ctx)
			return u.ID, ok
		}, StratumHost: d.Config.StratumHost, StratumTLS: d.Config.StratumTLSCert != ""}).Routes(rt)
	(&helpcenter.Handler{Store: &helpcenter.Store{DB: d.DB}, User: acct.RequireUser}).Routes(rt)
	(&market.Handler{Coins: &coin.Store{DB: d.DB}, Stats: &mining.Blocks{DB: d.DB}, Prices: &market.Prices{DB: d.DB}, TableTTL: market.TableTTL}).Routes(rt)
	(&market.TrendHandler{Trends: &market.Trends{DB: d.DB}, Coins: &coin.Store{DB: d.DB}}).Routes(rt)

	rt.HandlePlain("GET /healthz", healthz(d.DB))
	rt.HandlePlain("GET /metrics", d.Metrics.Handler())
	rt.HandlePlain("GET /version.json", http.HandlerFunc(versionJSON))
	rt.HandlePlain("GET /api/openapi.json", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(openAPIDoc)
	}))
	rt.SetFallback(web.Handler())
	return rt
}

// versionJSON answers the build version; the client reloads when it changes.
func versionJSON(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(map[string]any{"data": map[string]string{"version": buildinfo.Version}})
}

func healthz(d *db.DB) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		status, code := "ok", http.StatusOK
		if err := d.Ping(ctx); err != nil {
			status, code = "database unreachable", http.StatusServiceUnavailable
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(code)
		_ = json.NewEncoder(w).Encode(map[string]string{"status": status, "version": buildinfo.Version, "db": d.Dialect.String()})
	})
}

// serve runs the configured roles until ctx ends, then stops them in order: HTTP first
// (no new requests), then stratum listeners, then job workers.
func serve(ctx context.Context, cfg config.Config, stdout io.Writer, log *slog.Logger) error {
	d, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer d.Close()

	var limiter ratelimit.Limiter = &ratelimit.DB{DB: d}
	var guard ratelimit.Guard = &ratelimit.DBGuard{DB: d}
	if cfg.Redis != "" {
		rl, err := ratelimit.NewRedis(cfg.Redis)
		if err != nil {
			return err
		}
		if err := rl.Client.Ping(ctx).Err(); err != nil {
			return fmt.Errorf("redis %s: %w", cfg.Redis, err)
		}
		defer rl.Client.Close()
		limiter = rl
		guard = &ratelimit.RedisGuard{Client: rl.Client, Prefix: rl.Prefix}
	}
	email, sms, err := notify.New(notify.Config{
		SMTPAddr: cfg.SMTP, SMTPUser: cfg.SMTPUser, SMTPPassword: cfg.SMTPPassword, SMTPFrom: cfg.SMTPFrom, SMTPTLS: cfg.SMTPTLS,
		SMSURL: cfg.SMSURL, SMSKey: cfg.SMSKey, OutboxPath: cfg.OutboxPath(),
	}, log)
	if err != nil {
		return err
	}
	senders := notify.Describe(email, sms)
	log.Info("verification codes", "senders", senders)

	var httpSrv *http.Server
	var httpAddr string
	httpErr := make(chan error, 1)
	if cfg.HasRole(config.RoleAPI) {
		ln, err := net.Listen("tcp", cfg.HTTPAddr)
		if err != nil {
			return fmt.Errorf("listen %s: %w", cfg.HTTPAddr, err)
		}
		rt := NewRouter(Deps{Config: cfg, DB: d, Log: log, Limiter: limiter, Guard: guard, Email: email, SMS: sms})
		httpSrv = &http.Server{
			Handler:           rt,
			ReadHeaderTimeout: 10 * time.Second,
			ReadTimeout:       30 * time.Second,
			WriteTimeout:      90 * time.Second,
			IdleTimeout:       120 * time.Second,
			ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
		}
		httpAddr = ln.Addr().String()
		go func() { httpErr <- httpSrv.Serve(ln) }()
		log.Info("api listening", "addr", ln.Addr().String(), "db", d.Dialect.String(), "version", buildinfo.Version)
		fmt.Fprintf(stdout, "poold: listening on http://%s\n", ln.Addr().String())
		fmt.Fprintf(stdout, "poold: verification codes go to %s\n", senders)
	}

	// The stratum role lives until HTTP is down: its context is its own, so that share
	// flushers still write when the signal that stops serve has already arrived.
	miningCtx, stopMining := context.WithCancel(context.WithoutCancel(ctx))
	defer stopMining()
	var mine *miningRole
	if cfg.Demo {
		if err := seedDemo(ctx, d); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
	}
	if cfg.HasRole(config.RoleStratum) {
		mine, err = startMining(miningCtx, cfg, d, log, func(line string) { fmt.Fprintln(stdout, line) })
		if err != nil {
			stopMining()
			if mine != nil {
				_ = mine.Close(context.Background())
				mine.Wait()
			}
			if httpSrv != nil {
				_ = httpSrv.Close()
			}
			return fmt.Errorf("stratum role: %w", err)
		}
		if cfg.Demo {
			apiURL := ""
			if httpSrv != nil {
				apiURL = "http://" + httpAddr
			}
			fleet := startDemoFleet(miningCtx, d, cfg.StratumBind, apiURL, log)
			defer fleet.Wait()
			fmt.Fprintf(stdout, "poold: demo: %d simulated miners hashing over stratum; log in as %s / %s\n", len(fleet.Miners), demoEmail, demoPassword)
		}
	}

	jobsCtx, stopJobs := context.WithCancel(context.WithoutCancel(ctx))
	var jobs sync.WaitGroup
	if cfg.HasRole(config.RoleJobs) {
		jobs.Add(1)
		go func() {
			defer jobs.Done()
			runJobs(jobsCtx, d, log)
		}()
		if cfg.PriceAPI != "" {
			ids, _ := cfg.PriceIDMap() // Validate has read it
			feed := &market.Feed{Prices: &market.Prices{DB: d}, IDs: ids, Every: cfg.PriceEvery, Log: log,
				Source: &market.SimplePriceAPI{BaseURL: cfg.PriceAPI, APIKey: cfg.PriceAPIKey}}
			log.Info("price feed", "api", cfg.PriceAPI, "coins", len(ids), "every", cfg.PriceEvery)
			jobs.Add(1)
			go func() {
				defer jobs.Done()
				feed.Run(jobsCtx)
			}()
		}
	}

	select {
	case <-ctx.Done():
		log.Info("shutting down")
	case err := <-httpErr:
		if mine != nil {
			_ = mine.Close(context.Background())
			stopMining()
			mine.Wait()
		}
		stopJobs()
		jobs.Wait()
		return fmt.Errorf("http server: %w", err)
	}

	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.ShutdownTimeout)
	defer cancel()
	var errs []error
	if httpSrv != nil {
		if err := httpSrv.Shutdown(shutdownCtx); err != nil {
			errs = append(errs, fmt.Errorf("http shutdown: %w", err))
		}
	}
	if mine != nil {
		if err := mine.Close(shutdownCtx); err != nil {
			errs = append(errs, fmt.Errorf("stratum shutdown: %w", err))
		}
		stopMining() // engines stop; aggregators flush what they hold
		mine.Wait()
	}
	stopJobs()
	done := make(chan struct{})
	go func() { jobs.Wait(); close(done) }()
	select {
	case <-done:
	case <-shutdownCtx.Done():
		errs = append(errs, errors.New("jobs did not stop in time"))
	}
	log.Info("stopped")
	return errors.Join(errs...)
}

// runJobs runs the periodic housekeeping of the jobs role until ctx ends. Each sweep is
// a plain DELETE of rows past their use, so copies of the jobs role running it at the
// same time do no harm.
func runJobs(ctx context.Context, d *db.DB, log *slog.Logger) {
	rl := &ratelimit.DB{DB: d}
	guard := &ratelimit.DBGuard{DB: d}
	accounts := &account.Store{DB: d}
	devices := &pool.Store{DB: d}
	recordTrends := func(now time.Time) {
		coins, err := (&coin.Store{DB: d}).List(ctx)
		if err != nil {
			log.Warn("trends", "err", err)
			return
		}
		prices, err := (&market.Prices{DB: d}).All(ctx)
		if err != nil {
			log.Warn("trends", "err", err)
			return
		}
		// The point of the current hour is replaced each time, so it ends the hour with
		// the hour's last figures and a restart never doubles a point.
		if _, err := (&market.Trends{DB: d}).Record(ctx, coins, prices, &mining.Blocks{DB: d}, now); err != nil {
			log.Warn("trends", "err", err)
		}
	}
	recordTrends(time.Now())
	// Devices go offline 10 minutes after their last sign of life: a sweep every minute
	// keeps that within a minute.
	minute := time.NewTicker(time.Minute)
	defer minute.Stop()
	tick := time.NewTicker(10 * time.Minute)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-minute.C:
			if _, _, err := devices.SweepDevices(ctx, time.Now()); err != nil {
				log.Warn("device sweep", "err", err)
			}
		case <-tick.C:
			now := time.Now()
			recordTrends(now)
			// Windows end at most a day after they start; older counters are dead weight.
			if _, err := rl.Sweep(ctx, now.Add(-25*time.Hour)); err != nil {
				log.Warn("rate-limit sweep", "err", err)
			}
			if err := guard.Sweep(ctx, now.Add(-account.FailureWindow)); err != nil {
				log.Warn("failure sweep", "err", err)
			}
			if err := accounts.SweepExpired(ctx, now); err != nil {
				log.Warn("account sweep", "err", err)
			}
		}
	}
}
