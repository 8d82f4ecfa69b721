package app

import (
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/commonpw"
	"github.com/uniplus-pool/pool/internal/alert"
	"github.com/uniplus-pool/pool/internal/buildinfo"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/connlimit"
	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/explorer"
	"github.com/uniplus-pool/pool/internal/helpcenter"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/jobs"
	"github.com/uniplus-pool/pool/internal/market"
	"github.com/uniplus-pool/pool/internal/metrics"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/observer"
	"github.com/uniplus-pool/pool/internal/overclock"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
	"github.com/uniplus-pool/pool/internal/sdnotify"
	"github.com/uniplus-pool/pool/internal/seal"
	"github.com/uniplus-pool/pool/internal/sim"
	"github.com/uniplus-pool/pool/internal/solo"
	"github.com/uniplus-pool/pool/internal/stratum"
	"github.com/uniplus-pool/pool/internal/twofactor"
	"github.com/uniplus-pool/pool/internal/withdraw"
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
	// Now is the clock of codes, captcha tickets and sessions; nil is time.Now.
	Now func() time.Time
	// Chains gives coins' chain drivers (address checks); nil opens them as needed.
	Chains withdraw.Chains
	// SecretKey seals observer links (seal.LoadKey of --secret-key-file); nil makes a
	// key for this router alone (tests): links then still open, but their owners' lists
	// cannot show them again after a restart.
	SecretKey []byte
}

// NewRouter registers every route of every domain.
func NewRouter(d Deps) *httpx.Router {
	if d.Metrics == nil {
		d.Metrics = metrics.New(d.DB.Stats)
	}
	rt := httpx.NewRouter(d.Log, httpx.Options{
		DefaultLang:    d.Config.DefaultLang,
		TrustProxy:     d.Config.TrustProxy,
		TrustedProxies: d.Config.TrustedProxies,
		RequireJSON:    true,
		Observe:        d.Metrics.ObserveHTTP,
	})
	(&content.Handler{Store: &content.Store{DB: d.DB}, Limiter: d.Limiter, Log: d.Log, Maintenance: d.Config.Maintenance}).Routes(rt)
	pools := &pool.Store{DB: d.DB, MaxDevicesPerSubAccount: d.Config.MaxDevicesPerSubAccount, HoldsMoney: earnings.HoldsMoney}
	if d.SecretKey == nil {
		d.SecretKey = make([]byte, seal.KeySize)
		if _, err := rand.Read(d.SecretKey); err != nil {
			panic(err)
		}
	}
	sealer, err := seal.New(d.SecretKey)
	if err != nil {
		panic(err) // LoadKey checked the size
	}
	// The common-password list (0.8 MB) loads while the server starts, not at the first
	// registration.
	go commonpw.Load()
	twoFactor := &twofactor.Service{DB: d.DB, Sealer: sealer, Limiter: d.Limiter, Issuer: "Uniplus Pool", Now: d.Now}
	accounts := &account.Service{
		Store: &account.Store{DB: d.DB}, Guard: d.Guard, Email: d.Email, SMS: d.SMS,
		Devices: pools, Argon: account.DefaultArgon2, Log: d.Log, Now: d.Now, SecondStep: twoFactor, Limiter: d.Limiter,
	}
	acct := &account.Handler{Service: accounts, Limiter: d.Limiter, PowBits: d.Config.CaptchaPowBits}
	acct.Routes(rt)
	(&twofactor.Handler{Service: twoFactor, User: acct.RequireUser, Password: accounts.VerifyPassword}).Routes(rt)
	observers := &observer.Handler{Store: &observer.Store{DB: d.DB, Sealer: sealer, Now: d.Now}, Pool: pools, Coins: &coin.Store{DB: d.DB},
		Messages: &observer.Messages{Pool: pools, Earnings: &earnings.Store{DB: d.DB}, Help: &helpcenter.Store{DB: d.DB}, Coins: &coin.Store{DB: d.DB}, Alerts: &alert.Store{DB: d.DB}},
		User:     acct.RequireUser, Limiter: d.Limiter, Now: d.Now}
	observers.Routes(rt)
	// A cancelled account's observer links end with it (docs/observer.md "Access").
	accounts.OnCancel = append(accounts.OnCancel, observers.Store.EndUser)
	(&alert.Handler{Store: &alert.Store{DB: d.DB}, Pool: pools, User: acct.RequireUser, MinOffline: d.Config.AlertMinOffline, Now: d.Now}).Routes(rt)
	(&pool.Handler{Store: pools, User: acct.RequireUser, Reads: observers.Reads(observer.Machine), ListReads: observers.Reads(observer.Either), Limiter: d.Limiter,
		StratumHost: d.Config.AdvertisedStratumHost(), StratumTLS: d.Config.StratumTLSCert != ""}).Routes(rt)
	(&earnings.Handler{Store: &earnings.Store{DB: d.DB}, Pool: pools, Coins: &coin.Store{DB: d.DB}, Prices: &market.Prices{DB: d.DB},
		User: acct.RequireUser, Reads: observers.Reads(observer.Income)}).Routes(rt)
	if d.Chains == nil {
		d.Chains = newChainSet(d.Config, d.Log)
	}
	(&withdraw.Handler{Store: &withdraw.Store{DB: d.DB, Coins: &coin.Store{DB: d.DB}, Chains: d.Chains, Now: d.Now}, Pool: pools,
		Account: accounts, User: acct.RequireUser, Limiter: d.Limiter, Email: noticeSender(d.Email), SMS: noticeSender(d.SMS), Log: d.Log,
		TwoFactor: twoFactor}).Routes(rt)
	(&overclock.Handler{Store: &overclock.Store{DB: d.DB, Pool: pools}, User: acct.RequireUser, Agent: pool.AgentAuth(pools, d.Limiter)}).Routes(rt)
	(&coin.Handler{Store: &coin.Store{DB: d.DB}, User: acct.RequireUser, Optional: acct.OptionalUser,
		UserID: func(ctx context.Context) (int64, bool) {
			u, ok := account.CurrentUser(ctx)
			return u.ID, ok
		}, StratumHost: d.Config.AdvertisedStratumHost(), StratumTLS: d.Config.StratumTLSCert != ""}).Routes(rt)
	(&helpcenter.Handler{Store: &helpcenter.Store{DB: d.DB}, User: acct.RequireUser}).Routes(rt)
	(&explorer.Handler{Explorer: &explorer.Explorer{Blocks: &mining.Blocks{DB: d.DB}, Pool: pools, Solo: &solo.Store{DB: d.DB}, Chains: d.Chains},
		Coins: &coin.Store{DB: d.DB}, Limiter: d.Limiter, Now: d.Now, SecretKey: d.SecretKey}).Routes(rt)
	(&solo.Handler{Store: &solo.Store{DB: d.DB}, Coins: &coin.Store{DB: d.DB}, Stats: &mining.Blocks{DB: d.DB}, Limiter: d.Limiter, Now: d.Now}).Routes(rt)
	(&market.Handler{Coins: &coin.Store{DB: d.DB}, Stats: &mining.Blocks{DB: d.DB}, Prices: &market.Prices{DB: d.DB}, TableTTL: market.TableTTL}).Routes(rt)
	(&market.TrendHandler{Trends: &market.Trends{DB: d.DB}, Coins: &coin.Store{DB: d.DB}}).Routes(rt)

	rt.HandlePlain("GET /healthz", publicHealthz(d.DB))
	rt.HandlePlain("GET /metrics", metricsGate(d.Config.MetricsToken, d.Metrics.Handler()))
	rt.HandlePlain("GET /version.json", http.HandlerFunc(versionJSON))
	rt.HandlePlain("GET /api/openapi.json", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(openAPIDoc)
	}))
	rt.SetFallback(web.Handler())
	return rt
}

// noticeSender is a code sender's notice side, when it has one (every sender of package
// notify does; a test's code box may not).
func noticeSender(s account.CodeSender) notify.NoticeSender {
	n, _ := s.(notify.NoticeSender)
	return n
}

// versionJSON answers the build version; the client reloads when it changes.
func versionJSON(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	_ = json.NewEncoder(w).Encode(map[string]any{"data": map[string]string{"version": buildinfo.Version}})
}

// serve runs the configured roles until ctx ends or the HTTP server fails. Every way
// out, a start that fails half-way included, goes through the one ordered stop. Under
// systemd (Type=notify, notifySocket from NOTIFY_SOCKET) it says READY=1 once every
// listener of its roles is open, and STOPPING=1 when it begins to stop.
func serve(ctx context.Context, cfg config.Config, notifySocket string, stdout io.Writer, log *slog.Logger) (err error) {
	p := &process{cfg: cfg, stdout: stdout, log: log, now: time.Now}
	defer func() {
		if nerr := sdnotify.Send(notifySocket, sdnotify.Stopping); nerr != nil {
			log.Warn("systemd notification", "err", nerr)
		}
		err = errors.Join(err, p.stop(ctx))
	}()
	if err := p.start(ctx); err != nil {
		return err
	}
	if err := sdnotify.Send(notifySocket, sdnotify.Ready+"\nSTATUS=serving roles "+strings.Join(cfg.Roles, ",")); err != nil {
		log.Warn("systemd notification", "err", err)
	}
	select {
	case <-ctx.Done():
		log.Info("shutting down")
		return nil
	case err := <-p.httpErr:
		return fmt.Errorf("http server: %w", err)
	case err := <-p.adminErr:
		return fmt.Errorf("admin http server: %w", err)
	}
}

// process is what one `poold serve` has started, in start order. A field left nil was
// not started, and stop skips it.
type process struct {
	cfg    config.Config
	stdout io.Writer
	log    *slog.Logger
	// now is the clock of codes, captcha tickets, sessions, rate limits and login throttling:
	// time.Now, or the movable clock of --test-clock.
	now   func() time.Time
	clock *testClock

	db        *db.DB
	metrics   *metrics.Metrics
	chains    *chainSet
	fileLimit uint64   // open files this process may hold, after raising it
	caps      connCaps // the listeners' connection caps under fileLimit
	redis     io.Closer
	limiter   ratelimit.Limiter
	guard     ratelimit.Guard
	email     account.CodeSender
	sms       account.CodeSender
	senders   string

	http     *http.Server
	httpAddr string
	// httpLn is the HTTP listener, closed by stop itself: Shutdown closes only the
	// listeners Serve has begun to track, and a start that fails at once can stop before
	// the Serve goroutine has run.
	httpLn  net.Listener
	httpErr chan error // nil (never ready) without the api role

	// admin is the operator's listener (--admin-http), stopped with http.
	admin    *http.Server
	adminLn  net.Listener
	adminErr chan error // nil (never ready) without --admin-http

	stopMining context.CancelFunc
	mine       *miningRole
	fleet      *sim.Fleet

	stopJobs context.CancelFunc
	jobs     sync.WaitGroup
}

// start starts the roles in order: storage and senders, the admin listener, HTTP, demo
// data, stratum, jobs.
// When a step fails, what the steps before it started is left for stop.
func (p *process) start(ctx context.Context) error {
	if p.cfg.TestClock {
		p.clock = &testClock{log: p.log}
		p.now = p.clock.Now
		p.log.Warn("TEST CLOCK ON: any local client can move this server's clock; never run a pool like this", "endpoint", testClockPath)
	}
	if w := p.cfg.StratumHostWarning(); w != "" {
		p.log.Warn("stratum host: " + w)
	}
	limit, err := raiseFileLimit()
	if err != nil {
		p.log.Warn("open-file limit", "soft", limit, "err", err)
	}
	p.fileLimit = limit
	p.caps = planConnCaps(p.cfg, limit)
	p.log.Info("connection caps", "open_files", limit, "reserved", reservedFDs, "http", p.caps.httpTotal,
		"http_per_address", p.caps.httpPerAddress, "stratum", p.caps.stratumTotal, "stratum_per_address", p.cfg.StratumMaxPerAddress)
	if err := p.openStorage(ctx); err != nil {
		return err
	}
	p.metrics = metrics.New(p.db.Stats)
	p.chains = newChainSet(p.cfg, p.log)
	p.metrics.Registry.MustRegister(p.chains.rpc)
	if err := p.openSenders(); err != nil {
		return err
	}
	if p.cfg.AdminHTTP != "" {
		if err := p.startAdmin(); err != nil {
			return err
		}
	}
	if p.cfg.HasRole(config.RoleAPI) {
		if err := p.startHTTP(); err != nil {
			return err
		}
	}
	if p.cfg.Demo {
		if err := seedDemo(ctx, p.db); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
		if err := seedDemoEarnings(ctx, p.db, time.Now()); err != nil {
			return fmt.Errorf("demo earnings: %w", err)
		}
	}
	if p.cfg.HasRole(config.RoleStratum) {
		if err := p.startStratum(ctx); err != nil {
			return fmt.Errorf("stratum role: %w", err)
		}
	}
	if p.cfg.HasRole(config.RoleJobs) {
		p.startJobs(ctx)
	}
	return nil
}

// openStorage opens the database and the rate-limit store (the database, or Redis).
func (p *process) openStorage(ctx context.Context) error {
	d, err := openStore(ctx, p.cfg, p.log)
	if err != nil {
		return err
	}
	p.db = d
	if p.cfg.Redis == "" {
		p.limiter = &ratelimit.DB{DB: d, Now: p.now}
		p.guard = &ratelimit.DBGuard{DB: d, Now: p.now}
		return nil
	}
	rl, err := ratelimit.NewRedis(p.cfg.Redis)
	if err != nil {
		return err
	}
	p.redis = rl.Client
	if err := rl.Client.Ping(ctx).Err(); err != nil {
		return fmt.Errorf("redis %s: %w", p.cfg.Redis, err)
	}
	rl.Now = p.now
	p.limiter = rl
	p.guard = &ratelimit.RedisGuard{Client: rl.Client, Prefix: rl.Prefix, Now: p.now}
	return nil
}

// openSenders sets up where verification codes go: SMTP, the SMS gateway or the outbox.
func (p *process) openSenders() error {
	cfg := p.cfg
	email, sms, err := notify.New(notify.Config{
		SMTPAddr: cfg.SMTP, SMTPUser: cfg.SMTPUser, SMTPPassword: cfg.SMTPPassword, SMTPFrom: cfg.SMTPFrom, SMTPTLS: cfg.SMTPTLS,
		SMSURL: cfg.SMSURL, SMSKey: cfg.SMSKey, OutboxPath: cfg.OutboxPath(),
	}, p.log)
	if err != nil {
		return err
	}
	p.email, p.sms = email, sms
	p.senders = notify.Describe(email, sms)
	p.log.Info("verification codes", "senders", p.senders)
	return nil
}

// startHTTP listens on --http and serves the API and the web app.
func (p *process) startHTTP() error {
	ln, err := net.Listen("tcp", p.cfg.HTTPAddr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", p.cfg.HTTPAddr, err)
	}
	key, err := seal.LoadKey(p.cfg.SecretKeyPath())
	if err != nil {
		ln.Close()
		return err
	}
	var h http.Handler = NewRouter(Deps{Config: p.cfg, DB: p.db, Log: p.log, Limiter: p.limiter, Guard: p.guard,
		Email: p.email, SMS: p.sms, Now: p.now, Metrics: p.metrics, Chains: p.chains, SecretKey: key})
	if p.clock != nil {
		h = p.clock.wrap(h)
	}
	p.http = httpx.NewServer(h, httpx.DefaultLimits, slog.NewLogLogger(p.log.Handler(), slog.LevelWarn))
	// Capped in total and per client address, so that HTTP clients cannot take the
	// descriptors of the stratum ports and the reserve (planConnCaps); idle keep-alive
	// connections give way to new clients.
	capped := connlimit.NewListener(ln, connlimit.NewCounter(p.caps.httpTotal, p.caps.httpPerAddress), httpExempt(p.cfg))
	capped.Track(p.http)
	p.metrics.Registry.MustRegister(httpConnMetrics{capped})
	ln = capped
	p.httpAddr = ln.Addr().String()
	p.httpLn = ln
	p.httpErr = make(chan error, 1)
	go func() { p.httpErr <- p.http.Serve(ln) }()
	p.log.Info("api listening", "addr", p.httpAddr, "db", p.db.Dialect.String(), "version", buildinfo.Version)
	fmt.Fprintf(p.stdout, "poold: listening on http://%s\n", p.httpAddr)
	fmt.Fprintf(p.stdout, "poold: verification codes go to %s\n", p.senders)
	if p.clock != nil {
		fmt.Fprintf(p.stdout, "poold: WARNING: --test-clock is on: POST http://%s%s moves this server's clock. For browser tests only, never for a real pool.\n", p.httpAddr, testClockPath)
	}
	return nil
}

// startStratum starts the stratum role and, with --demo, the simulated fleet. The role's
// context is its own, so that share flushers still write when the signal that stops
// serve has already arrived; stop ends it after HTTP is down.
func (p *process) startStratum(ctx context.Context) error {
	miningCtx, stopMining := context.WithCancel(context.WithoutCancel(ctx))
	p.stopMining = stopMining
	mine, err := startMining(miningCtx, p.cfg, p.db, p.chains, p.log, func(line string) { fmt.Fprintln(p.stdout, line) }, p.caps)
	p.mine = mine // a role that failed half-way may hold listeners: stop closes them
	if err != nil {
		return err
	}
	p.metrics.Registry.MustRegister(mine.metrics)
	p.watchCancelled(miningCtx, mine)
	if p.cfg.Demo {
		apiURL := ""
		if p.http != nil {
			apiURL = "http://" + p.httpAddr
		}
		p.fleet = startDemoFleet(miningCtx, p.db, p.cfg.StratumBind, apiURL, p.log)
		fmt.Fprintf(p.stdout, "poold: demo: %d simulated miners hashing over stratum; log in as %s / %s\n", len(p.fleet.Miners), demoEmail, demoPassword)
		fmt.Fprintf(p.stdout, "poold: demo: a solo miner mines BTC to %s (search it on /account/soloSearch)\n", demoSoloAddress)
	}
	return nil
}

// watchCancelled runs, with the stratum role, the watch that closes the live connections
// of accounts cancelled by any api process (account.CancelWatch): the database is what
// the processes share, so the watch reads it rather than waiting for a call.
func (p *process) watchCancelled(ctx context.Context, mine *miningRole) {
	if len(mine.servers) == 0 {
		return
	}
	w := cancelWatch(p.db, mine.servers, p.log)
	mine.wg.Add(1)
	go func() {
		defer mine.wg.Done()
		w.Run(ctx, account.CancelWatchEvery)
	}()
}

// cancelWatch is the watch for servers: a cancelled account's sub-account codes from the
// pool, its workers matched by their names' code part as stratum authorize reads it, and
// their connections closed (stratum.Server.CloseWorkers).
func cancelWatch(d *db.DB, servers []*stratum.Server, log *slog.Logger) *account.CancelWatch {
	subs := &pool.Store{DB: d}
	return &account.CancelWatch{Store: &account.Store{DB: d}, Log: log,
		Codes: func(ctx context.Context, userID int64) ([]string, error) {
			list, err := subs.SubAccounts(ctx, userID)
			codes := make([]string, len(list))
			for i, a := range list {
				codes[i] = a.Code
			}
			return codes, err
		},
		Close: func(codes map[string]bool) int {
			match := func(worker string) bool {
				code, _, err := pool.ParseWorkerName(worker)
				return err == nil && codes[code]
			}
			n := 0
			for _, s := range servers {
				n += s.CloseWorkers(match)
			}
			return n
		}}
}

// startJobs starts the periodic jobs in lanes that run side by side: housekeeping, money
// (auto-withdrawals and payouts, on their own beat so a withdrawal is sent within
// --payout-every of its request), alerts and, with --price-api, the price feed. Every
// period of every job runs in one jobs process of however many share the database
// (package jobs), except the wallet check and the payouts of devnet chains, which are
// each process's own; each run's duration and outcome go to the process's metrics.
func (p *process) startJobs(ctx context.Context) {
	jobsCtx, stopJobs := context.WithCancel(context.WithoutCancel(ctx))
	p.stopJobs = stopJobs
	pay := newPayJobs(p.db, p.chains, p.log, p.now)
	p.metrics.Registry.MustRegister(pay.surplus, pay.unknownSends)
	leases := &jobs.Leases{DB: p.db, Holder: jobs.NewHolder(), TTL: p.cfg.JobLease}
	sched := jobs.NewScheduler(leases, p.now, p.log)
	sched.Observe = p.metrics.ObserveJob
	p.metrics.Registry.MustRegister(sched)
	p.log.Info("jobs", "holder", leases.Holder, "lease", leases.TTL)
	lanes := [][]jobs.Job{
		housekeepingJobs(p.db, p.log, p.now, pay, leases),
		pay.lane(p.cfg.PayoutEvery),
		{alertsJob(newAlertJob(p.db, p.cfg, p.email, p.sms, p.log), p.cfg.AlertEvery, p.log)},
	}
	if p.cfg.PriceAPI != "" {
		ids, _ := p.cfg.PriceIDMap() // Validate has read it
		feed := &market.Feed{Prices: &market.Prices{DB: p.db}, IDs: ids, Every: p.cfg.PriceEvery, Log: p.log,
			Source: &market.SimplePriceAPI{BaseURL: p.cfg.PriceAPI, APIKey: p.cfg.PriceAPIKey}}
		p.log.Info("price feed", "api", p.cfg.PriceAPI, "coins", len(ids), "every", p.cfg.PriceEvery)
		lanes = append(lanes, []jobs.Job{{Name: "price_feed", Every: max(p.cfg.PriceEvery, market.MinFeedInterval), Run: feed.Step}})
	}
	for _, lane := range lanes {
		p.jobs.Go(func() { sched.Lane(jobsCtx, lane...) })
	}
}

// stop undoes whatever start did, in order, within --shutdown-timeout: HTTP and the admin
// listener first (Shutdown: no new requests, those in flight finish), then the stratum
// listeners, the engines and the demo fleet, then the job workers, then Redis and the
// database.
func (p *process) stop(ctx context.Context) error {
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), p.cfg.ShutdownTimeout)
	defer cancel()
	var errs []error
	if p.http != nil {
		if err := p.http.Shutdown(shutdownCtx); err != nil {
			errs = append(errs, fmt.Errorf("http shutdown: %w", err))
			_ = p.http.Close() // requests still running lose their connections
		}
		_ = p.httpLn.Close() // already closed when Serve had tracked it
	}
	if p.admin != nil {
		if err := p.admin.Shutdown(shutdownCtx); err != nil {
			errs = append(errs, fmt.Errorf("admin http shutdown: %w", err))
			_ = p.admin.Close()
		}
		_ = p.adminLn.Close()
	}
	if p.mine != nil {
		if err := p.mine.Close(shutdownCtx); err != nil {
			errs = append(errs, fmt.Errorf("stratum shutdown: %w", err))
		}
	}
	if p.stopMining != nil {
		p.stopMining() // engines stop; aggregators flush what they hold
	}
	if p.mine != nil {
		p.mine.Wait()
	}
	if p.fleet != nil {
		p.fleet.Wait()
	}
	if p.stopJobs != nil {
		p.stopJobs()
		done := make(chan struct{})
		go func() { p.jobs.Wait(); close(done) }()
		select {
		case <-done:
		case <-shutdownCtx.Done():
			errs = append(errs, errors.New("jobs did not stop in time"))
		}
	}
	if p.redis != nil {
		_ = p.redis.Close()
	}
	if p.db != nil {
		if err := p.db.Close(); err != nil {
			errs = append(errs, fmt.Errorf("close database: %w", err))
		}
	}
	p.log.Info("stopped")
	return errors.Join(errs...)
}

// housekeepingJobs are the jobs role's periodic jobs that run one after another in one
// lane, in this order at start (settlement first: it is what users wait for). Each sweep
// is a plain DELETE of rows past their use. now is the clock of accounts, rate limits,
// settlement and withdrawals (moved by --test-clock, so a browser test can see a day
// settle and an address's 48 hours pass); devices and trend points keep the wall clock
// their writers use.
func housekeepingJobs(d *db.DB, log *slog.Logger, now func() time.Time, pay *payJobs, leases *jobs.Leases) []jobs.Job {
	rl := &ratelimit.DB{DB: d, Now: now}
	guard := &ratelimit.DBGuard{DB: d, Now: now}
	accounts := &account.Store{DB: d}
	devices := &pool.Store{DB: d}
	earn := &earnings.Store{DB: d}
	recordTrends := func(ctx context.Context) error {
		coins, err := (&coin.Store{DB: d}).List(ctx)
		if err != nil {
			return err
		}
		prices, err := (&market.Prices{DB: d}).All(ctx)
		if err != nil {
			return err
		}
		// The point of the current hour is replaced each time, so it ends the hour with
		// the hour's last figures and a restart never doubles a point.
		_, err = (&market.Trends{DB: d}).Record(ctx, coins, prices, &mining.Blocks{DB: d}, time.Now())
		return err
	}
	// Settle every coin's days whose settlement time has passed, catching up missed ones in
	// order; every minute, so a day settles within a minute of its time.
	settle := func(ctx context.Context) error {
		coins, err := (&coin.Store{DB: d}).List(ctx)
		if err != nil {
			return err
		}
		done, _, err := earn.RunDue(ctx, coins, now())
		for _, r := range done {
			log.Info("earnings settled", "coin", r.Coin, "day", r.Day, "subAccounts", r.SubAccounts, "amount", r.Amount)
		}
		return err
	}
	const minute, tenMinutes = time.Minute, 10 * time.Minute
	return []jobs.Job{
		{Name: "earnings_settle", Every: minute, Run: settle},
		pay.walletCheckJob(),
		{Name: "trends", Every: tenMinutes, Run: recordTrends},
		// The first run after a stop catches up the hours it missed.
		{Name: "share_rollup", Every: tenMinutes, Run: func(ctx context.Context) error { _, err := devices.RollUp(ctx, time.Now()); return err }},
		// Devices go offline 10 minutes after their last sign of life: a sweep every minute
		// keeps that within a minute.
		{Name: "device_sweep", Every: minute, Run: func(ctx context.Context) error { _, _, err := devices.SweepDevices(ctx, time.Now()); return err }},
		{Name: "device_sort_keys", Every: minute, Run: func(ctx context.Context) error { _, err := devices.RefreshSortKeys(ctx, time.Now()); return err }},
		// Windows end at most a day after they start; older counters are dead weight.
		{Name: "rate_limit_sweep", Every: tenMinutes, Run: func(ctx context.Context) error { _, err := rl.Sweep(ctx, now().Add(-25*time.Hour)); return err }},
		{Name: "failure_sweep", Every: tenMinutes, Run: func(ctx context.Context) error { return guard.Sweep(ctx, now().Add(-account.FailureWindow)) }},
		{Name: "account_sweep", Every: tenMinutes, Run: func(ctx context.Context) error { return accounts.SweepExpired(ctx, now()) }},
		{Name: "earnings_prune", Every: tenMinutes, Run: func(ctx context.Context) error { _, err := earn.Prune(ctx, time.Now()); return err }},
		{Name: "solo_prune", Every: tenMinutes, Run: func(ctx context.Context) error { _, err := (&solo.Store{DB: d}).Prune(ctx, time.Now()); return err }},
		// The jobs' own record: a few days of it answer "who ran what" after an incident.
		{Name: "job_runs_prune", Every: time.Hour, Run: func(ctx context.Context) error {
			_, err := leases.Prune(ctx, now().Add(-jobRunsKept).UnixMilli())
			return err
		}},
	}
}

// jobRunsKept is how long the job_runs rows of past periods are kept.
const jobRunsKept = 3 * 24 * time.Hour
