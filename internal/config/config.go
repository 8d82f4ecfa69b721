// Package config reads poold's settings from flags and POOLD_* environment variables and
// checks them before anything starts.
package config

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/netlist"
)

// Roles a serve process can run (DESIGN.md "One binary, several roles").
const (
	RoleAPI     = "api"
	RoleStratum = "stratum"
	RoleJobs    = "jobs"
)

// AllRoles lists every role in start order.
var AllRoles = []string{RoleAPI, RoleStratum, RoleJobs}

// Languages the server speaks, in the order the language list answers them.
var Languages = []string{"zh_CN", "zh_HK", "en_US", "ko_KR"}

// Maintenance modes: "" leaves the operator's stored setting in force.
var MaintenanceModes = []string{"", "off", "on", "hostname"}

// Config is every setting of a poold process. It is passed in, never global.
type Config struct {
	HTTPAddr        string
	DB              string
	SMTP            string
	SMTPUser        string
	SMTPPassword    string
	SMTPFrom        string
	SMTPTLS         string
	SMSURL          string
	SMSKey          string
	Outbox          string
	SecretKeyFile   string
	Redis           string
	StratumBind     string
	StratumHost     string
	StratumTLSCert  string
	StratumTLSKey   string
	Roles           []string
	Demo            bool
	Maintenance     string
	DefaultLang     string
	LogLevel        string
	LogFormat       string
	ShutdownTimeout time.Duration
	// TrustProxy takes X-Forwarded-For and X-Forwarded-Proto from a proxy: from the
	// peers in TrustedProxies, or from any peer when that is empty (--trust-proxy=true).
	TrustProxy     bool
	TrustedProxies netlist.Networks
	// StratumProxyProtocol are the TCP balancers in front of the stratum ports: their
	// connections start with a PROXY protocol header naming the miner's address.
	StratumProxyProtocol netlist.Networks
	// PriceAPI is a CoinGecko-style simple-price endpoint the jobs role polls every
	// PriceEvery for the coins in PriceIDs ("BTC=bitcoin,KAS=kaspa").
	PriceAPI    string
	PriceAPIKey string
	PriceIDs    string
	PriceEvery  time.Duration
	// PayoutEvery is how often the jobs role runs auto-withdrawals and the payout job.
	PayoutEvery time.Duration
	// AlertMinOffline is the shortest offline alert threshold (docs/alerts.md: the longer
	// of it and five expected share intervals); AlertEvery is how often the jobs role
	// judges workers and sends alerts.
	AlertMinOffline time.Duration
	AlertEvery      time.Duration
	// JobLease is how long a jobs process's claim on a period of a job lasts without being
	// renewed (every third of it, while the job runs): when a jobs process is killed, the
	// periods it was running are taken over by another one this long after.
	JobLease time.Duration
	// StratumMaxPerAddress caps the live stratum connections of one client address (an
	// IPv6 /64) across every stratum port of the process, pool and solo, of every coin (a
	// farm behind one NAT address needs many; a flood must not take every file
	// descriptor). StratumMaxPerPort caps one port's; 0 derives it from the file limit
	// (docs/deployment.md "Open files").
	StratumMaxPerAddress int
	StratumMaxPerPort    int
	// HTTPMaxConns caps the live connections of --http, and HTTPMaxPerAddress those of
	// one client address (the TCP peer: a trusted proxy is not held to it); 0 derives
	// them from the file limit (docs/deployment.md "Open files").
	HTTPMaxConns      int
	HTTPMaxPerAddress int
	// StratumInvalidShareLimit closes a connection that sends this many invalid shares
	// (stale ones excepted) within StratumInvalidShareWindow, as an offence; 0 turns it
	// off. StratumBanAfter such offences of one address within StratumOffenceWindow ban
	// it for StratumBanDuration; 0 turns bans off. Load tests that send junk on purpose
	// and pools behind a shared NAT tune them.
	StratumInvalidShareLimit  int
	StratumInvalidShareWindow time.Duration
	StratumBanAfter           int
	StratumOffenceWindow      time.Duration
	StratumBanDuration        time.Duration
	// MaxDevicesPerSubAccount caps the devices one sub-account may hold (those active in
	// the last 24 hours): a new worker past it is refused at its first share (anyone may
	// mine to an account name).
	MaxDevicesPerSubAccount int
	// MaxNewDevicesPerAddress bounds the devices the stratum workers of one client address
	// (an IPv6 /64) may make in one sub-account in an hour; 0 turns the bound off (a load
	// test's miners all come from one address).
	MaxNewDevicesPerAddress int
	// CaptchaPowBits is the slider's proof of work: captcha/check wants a nonce whose
	// sha256 with the challenge begins with this many zero bits (docs/accounts.md "Slider").
	CaptchaPowBits int
	// TestClock makes the server's clock movable through POST /api/test/clock/advance,
	// for browser tests. Validate refuses it on anything but a loopback listener.
	TestClock bool
	// AdminHTTP is the address of the operator's listener (/metrics and the detailed
	// /healthz); empty: none. MetricsToken, when set, serves /metrics on HTTPAddr too,
	// to requests bearing it.
	AdminHTTP    string
	MetricsToken string
}

// HasRole tells whether this process runs role r.
func (c Config) HasRole(r string) bool { return slices.Contains(c.Roles, r) }

// SlogLevel is the parsed log level; Validate has already checked it.
func (c Config) SlogLevel() slog.Level {
	var l slog.Level
	_ = l.UnmarshalText([]byte(c.LogLevel))
	return l
}

// Default is the configuration with nothing set.
func Default() Config {
	return Config{
		HTTPAddr:        "127.0.0.1:8080",
		DB:              "./data/poold.db",
		SMTPTLS:         "starttls",
		SMTPFrom:        "Uniplus Pool <no-reply@localhost>",
		Roles:           slices.Clone(AllRoles),
		StratumBind:     "0.0.0.0",
		DefaultLang:     "zh_HK",
		LogLevel:        "info",
		LogFormat:       "text",
		ShutdownTimeout: 15 * time.Second,
		PriceEvery:      5 * time.Minute,
		PayoutEvery:     time.Minute,
		AlertMinOffline: 10 * time.Minute,
		AlertEvery:      time.Minute,
		JobLease:        30 * time.Second,

		StratumMaxPerAddress: 2048,
		// stratum's own defaults (stratum.Default*), repeated here so --help shows them.
		StratumInvalidShareLimit:  50,
		StratumInvalidShareWindow: 5 * time.Minute,
		StratumBanAfter:           5,
		StratumOffenceWindow:      10 * time.Minute,
		StratumBanDuration:        10 * time.Minute,
		MaxDevicesPerSubAccount:   5000,
		MaxNewDevicesPerAddress:   100, // pool.DefaultMaxNewDevicesPerAddress
		CaptchaPowBits:            16,  // account.DefaultPowBits
	}
}

// Scope says which flags a subcommand takes.
type Scope int

const (
	// ScopeStore is for commands that only open the database (migrate, admin).
	ScopeStore Scope = iota
	// ScopeServe is for poold serve: everything.
	ScopeServe
)

// Load parses args for a subcommand named cmd; any flag not given on the command line is
// taken from the environment variable POOLD_<NAME> (dashes as underscores) when set.
// It returns the remaining positional arguments.
func Load(cmd string, scope Scope, args []string, getenv func(string) string, usageOut io.Writer) (Config, []string, error) {
	cfg := Default()
	fs := flag.NewFlagSet("poold "+cmd, flag.ContinueOnError)
	fs.SetOutput(usageOut)
	roles := strings.Join(cfg.Roles, ",")

	fs.StringVar(&cfg.DB, "db", cfg.DB, "SQLite file path, or a postgres:// URL")
	fs.StringVar(&cfg.LogLevel, "log-level", cfg.LogLevel, "debug, info, warn or error")
	fs.StringVar(&cfg.LogFormat, "log-format", cfg.LogFormat, "text or json")
	if scope == ScopeServe {
		fs.StringVar(&cfg.HTTPAddr, "http", cfg.HTTPAddr, "address the API and web app listen on")
		fs.StringVar(&cfg.AdminHTTP, "admin-http", cfg.AdminHTTP, "address of the operator's listener with /metrics and the detailed /healthz, such as 127.0.0.1:9090 (empty: none); keep it off the internet")
		fs.StringVar(&cfg.MetricsToken, "metrics-token", cfg.MetricsToken, "serve /metrics on --http too, to requests with Authorization: Bearer <token> (at least 16 characters; better given as POOLD_METRICS_TOKEN)")
		fs.StringVar(&cfg.SMTP, "smtp", cfg.SMTP, "SMTP server host:port for mail; empty writes mail to the console outbox")
		fs.StringVar(&cfg.SMTPUser, "smtp-user", cfg.SMTPUser, "SMTP user name (optional)")
		fs.StringVar(&cfg.SMTPPassword, "smtp-password", cfg.SMTPPassword, "SMTP password (optional)")
		fs.StringVar(&cfg.SMTPFrom, "smtp-from", cfg.SMTPFrom, "From address of outgoing mail")
		fs.StringVar(&cfg.SMTPTLS, "smtp-tls", cfg.SMTPTLS, "none, starttls or tls")
		fs.StringVar(&cfg.SMSURL, "sms-url", cfg.SMSURL, "SMS gateway endpoint (HTTP JSON); empty writes SMS to the console outbox")
		fs.StringVar(&cfg.SMSKey, "sms-key", cfg.SMSKey, "SMS gateway API key")
		fs.StringVar(&cfg.Outbox, "outbox", cfg.Outbox, "file the console sender appends codes to (default: outbox.log beside the SQLite file, else ./data/outbox.log)")
		fs.StringVar(&cfg.SecretKeyFile, "secret-key-file", cfg.SecretKeyFile, "32-byte key that seals observer links for their owners' lists, made at first start when missing; every api process of a pool needs the same (default: secret.key beside the SQLite file, else ./data/secret.key)")
		fs.StringVar(&cfg.Redis, "redis", cfg.Redis, "redis:// URL for shared rate limits (optional)")
		fs.StringVar(&cfg.StratumBind, "stratum-bind", cfg.StratumBind, "address the stratum listeners bind (ports come from the coins table)")
		fs.StringVar(&cfg.StratumHost, "stratum-host", cfg.StratumHost, "host name miners connect to, shown in connection help (default: the site's host)")
		fs.StringVar(&cfg.StratumTLSCert, "stratum-tls-cert", cfg.StratumTLSCert, "PEM certificate: stratum listeners speak TLS (stratum+ssl)")
		fs.StringVar(&cfg.StratumTLSKey, "stratum-tls-key", cfg.StratumTLSKey, "PEM private key of --stratum-tls-cert")
		fs.StringVar(&roles, "roles", roles, "comma-separated roles: api, stratum, jobs")
		fs.BoolVar(&cfg.Demo, "demo", cfg.Demo, "seed demo data and run a simulated fleet")
		fs.StringVar(&cfg.Maintenance, "maintenance", cfg.Maintenance, "off, on or hostname; empty keeps the stored setting")
		fs.StringVar(&cfg.DefaultLang, "default-lang", cfg.DefaultLang, "language for requests that name none: zh_CN, zh_HK, en_US or ko_KR")
		fs.DurationVar(&cfg.ShutdownTimeout, "shutdown-timeout", cfg.ShutdownTimeout, "how long a graceful shutdown may take")
		fs.Var(trustProxyFlag{&cfg}, "trust-proxy", "take the client address from X-Forwarded-For and HTTPS from X-Forwarded-Proto, sent by the proxies listed (--trust-proxy=127.0.0.1,10.0.0.0/8: addresses and networks), or by any peer (--trust-proxy alone, or =true)")
		fs.StringVar(&cfg.PriceAPI, "price-api", cfg.PriceAPI, "simple-price API base URL the jobs role fetches coin prices from (empty: prices come from poold admin price set)")
		fs.StringVar(&cfg.PriceAPIKey, "price-api-key", cfg.PriceAPIKey, "API key sent to --price-api (optional)")
		fs.StringVar(&cfg.PriceIDs, "price-ids", cfg.PriceIDs, "the price API's id of each coin: BTC=bitcoin,KAS=kaspa")
		fs.DurationVar(&cfg.PriceEvery, "price-every", cfg.PriceEvery, "how often to fetch prices (at least 1m)")
		fs.DurationVar(&cfg.PayoutEvery, "payout-every", cfg.PayoutEvery, "how often the jobs role pays withdrawals and follows payouts (1s to 1h)")
		fs.DurationVar(&cfg.AlertMinOffline, "alert-min-offline", cfg.AlertMinOffline, "shortest offline alert threshold: the longer of it and 5 expected share intervals (1m to 24h)")
		fs.DurationVar(&cfg.AlertEvery, "alert-every", cfg.AlertEvery, "how often the jobs role judges workers and sends alerts (10s to 10m)")
		fs.DurationVar(&cfg.JobLease, "job-lease", cfg.JobLease, "how long a jobs process's claim on a job's period lasts unrenewed: a killed process's job is taken over by another jobs process this long after (1s to 10m)")
		fs.Var(networksFlag{&cfg.StratumProxyProtocol}, "stratum-proxy-protocol", "addresses and networks of the TCP balancers in front of the stratum ports (10.0.0.5,10.1.0.0/16): their connections must start with a PROXY protocol header (v1 or v2) naming the miner, whose address then counts")
		fs.IntVar(&cfg.StratumMaxPerAddress, "stratum-max-per-address", cfg.StratumMaxPerAddress, "live stratum connections one client address (IPv6: its /64) may hold across every stratum port of the process (0: no cap)")
		fs.IntVar(&cfg.StratumInvalidShareLimit, "stratum-invalid-share-limit", cfg.StratumInvalidShareLimit, "invalid shares (stale ones excepted) within --stratum-invalid-share-window that close a connection as an offence (0: never)")
		fs.DurationVar(&cfg.StratumInvalidShareWindow, "stratum-invalid-share-window", cfg.StratumInvalidShareWindow, "window of --stratum-invalid-share-limit")
		fs.IntVar(&cfg.StratumBanAfter, "stratum-ban-after", cfg.StratumBanAfter, "offences of one address within --stratum-offence-window that ban it (0: no bans)")
		fs.DurationVar(&cfg.StratumOffenceWindow, "stratum-offence-window", cfg.StratumOffenceWindow, "window of --stratum-ban-after")
		fs.DurationVar(&cfg.StratumBanDuration, "stratum-ban-duration", cfg.StratumBanDuration, "how long a banned address is refused")
		fs.IntVar(&cfg.StratumMaxPerPort, "stratum-max-per-port", cfg.StratumMaxPerPort, "live connections one stratum port may hold (0: the stratum ports' share of the file limit, divided among them)")
		fs.IntVar(&cfg.HTTPMaxConns, "http-max-conns", cfg.HTTPMaxConns, "live connections --http may hold (0: from the file limit: what 512 kept for the database, nodes and logs leave, a quarter of it beside the stratum role)")
		fs.IntVar(&cfg.HTTPMaxPerAddress, "http-max-per-address", cfg.HTTPMaxPerAddress, "live --http connections one client address (IPv6: its /64) may hold; proxies --trust-proxy names are not held to it (0: a 16th of --http-max-conns, 8 to 256)")
		fs.IntVar(&cfg.MaxDevicesPerSubAccount, "max-devices-per-subaccount", cfg.MaxDevicesPerSubAccount, "devices active in the last 24 hours one sub-account may hold; a new worker past it is refused at its first share")
		fs.IntVar(&cfg.MaxNewDevicesPerAddress, "max-new-devices-per-address", cfg.MaxNewDevicesPerAddress, "devices the stratum workers of one client address (IPv6: its /64) may make in one sub-account in an hour (0: no bound)")
		fs.IntVar(&cfg.CaptchaPowBits, "captcha-pow-bits", cfg.CaptchaPowBits, "slider proof of work: zero bits the browser must find (1 to 24; each bit doubles the work)")
		fs.BoolVar(&cfg.TestClock, "test-clock", cfg.TestClock, "TESTS ONLY: a clock that POST /api/test/clock/advance moves (codes, captcha tickets, sessions, rate limits, login throttling, the jobs' periods); served on --http, or without the api role on --admin-http, which must be a loopback address")
	}
	if scope == ScopeStore {
		args = hoistFlags(args, fs)
	}
	if err := fs.Parse(args); err != nil {
		return cfg, nil, err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	var errs []error
	fs.VisitAll(func(f *flag.Flag) {
		if given[f.Name] {
			return
		}
		env := EnvName(f.Name)
		if v := getenv(env); v != "" {
			if err := fs.Set(f.Name, v); err != nil {
				errs = append(errs, fmt.Errorf("%s=%q: %v", env, v, err))
			}
		}
	})
	if len(errs) > 0 {
		return cfg, nil, errors.Join(errs...)
	}
	cfg.Roles = splitList(roles)
	return cfg, fs.Args(), cfg.Validate(scope)
}

// hoistFlags moves this flag set's own flags (and their values) to the front, so that
// `poold admin sysconfig set k v --db x` means the same as `poold admin --db x sysconfig
// set k v`. Flags it does not know (an admin verb's own, such as app set --version) stay.
func hoistFlags(args []string, fs *flag.FlagSet) []string {
	var front, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		name, hasValue := strings.TrimLeft(a, "-"), false
		if !strings.HasPrefix(a, "-") || name == "" {
			rest = append(rest, a)
			continue
		}
		if n, _, ok := strings.Cut(name, "="); ok {
			name, hasValue = n, true
		}
		if fs.Lookup(name) == nil {
			rest = append(rest, a)
			continue
		}
		front = append(front, a)
		if !hasValue && i+1 < len(args) {
			front = append(front, args[i+1])
			i++
		}
	}
	return append(front, rest...)
}

// EnvName is the environment variable that stands for flag name.
func EnvName(flagName string) string {
	return "POOLD_" + strings.ToUpper(strings.ReplaceAll(flagName, "-", "_"))
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Validate checks every setting and the rules across them; each bad value gets its own line.
func (c Config) Validate(scope Scope) error {
	var errs []error
	bad := func(flagName, format string, a ...any) {
		errs = append(errs, fmt.Errorf("--%s: %s", flagName, fmt.Sprintf(format, a...)))
	}
	if strings.TrimSpace(c.DB) == "" {
		bad("db", "must be a file path or a postgres:// URL")
	} else if strings.Contains(c.DB, "://") {
		u, err := url.Parse(c.DB)
		if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") || u.Host == "" {
			bad("db", "%q is not a postgres:// URL with a host", redact(c.DB))
		}
	}
	var lvl slog.Level
	if err := lvl.UnmarshalText([]byte(c.LogLevel)); err != nil {
		bad("log-level", "%q is not one of debug, info, warn, error", c.LogLevel)
	}
	if c.LogFormat != "text" && c.LogFormat != "json" {
		bad("log-format", "%q is not text or json", c.LogFormat)
	}
	if scope == ScopeServe {
		if _, port, err := net.SplitHostPort(c.HTTPAddr); err != nil || port == "" {
			bad("http", "%q is not host:port", c.HTTPAddr)
		}
		errs = append(errs, c.validateAdmin()...)
		if c.SMTP != "" {
			if _, port, err := net.SplitHostPort(c.SMTP); err != nil || port == "" {
				bad("smtp", "%q is not host:port", c.SMTP)
			}
		}
		if !slices.Contains([]string{"none", "starttls", "tls"}, c.SMTPTLS) {
			bad("smtp-tls", "%q is not none, starttls or tls", c.SMTPTLS)
		}
		if (c.SMTPUser == "") != (c.SMTPPassword == "") {
			errs = append(errs, errors.New("--smtp-user and --smtp-password go together"))
		}
		if c.SMSURL != "" {
			u, err := url.Parse(c.SMSURL)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				bad("sms-url", "%q is not an http(s) URL", redact(c.SMSURL))
			}
		}
		if c.Redis != "" {
			u, err := url.Parse(c.Redis)
			if err != nil || (u.Scheme != "redis" && u.Scheme != "rediss") || u.Host == "" {
				bad("redis", "%q is not a redis:// URL", redact(c.Redis))
			}
		}
		if len(c.Roles) == 0 {
			bad("roles", "name at least one of %s", strings.Join(AllRoles, ", "))
		}
		seen := map[string]bool{}
		for _, r := range c.Roles {
			if !slices.Contains(AllRoles, r) {
				bad("roles", "unknown role %q (roles are %s)", r, strings.Join(AllRoles, ", "))
			} else if seen[r] {
				bad("roles", "role %q named twice", r)
			}
			seen[r] = true
		}
		if (c.StratumTLSCert == "") != (c.StratumTLSKey == "") {
			errs = append(errs, errors.New("--stratum-tls-cert and --stratum-tls-key go together"))
		}
		if net.ParseIP(c.StratumBind) == nil {
			bad("stratum-bind", "%q is not an IP address", c.StratumBind)
		}
		if !slices.Contains(MaintenanceModes, c.Maintenance) {
			bad("maintenance", "%q is not off, on or hostname", c.Maintenance)
		}
		if !slices.Contains(Languages, c.DefaultLang) {
			bad("default-lang", "%q is not one of %s", c.DefaultLang, strings.Join(Languages, ", "))
		}
		if c.ShutdownTimeout <= 0 {
			bad("shutdown-timeout", "must be positive")
		}
		if c.StratumMaxPerAddress < 0 {
			bad("stratum-max-per-address", "must be 0 (no cap) or more")
		}
		if c.StratumInvalidShareLimit < 0 {
			bad("stratum-invalid-share-limit", "must be 0 (never) or more")
		}
		if c.StratumBanAfter < 0 {
			bad("stratum-ban-after", "must be 0 (no bans) or more")
		}
		for _, d := range []struct {
			flag string
			v    time.Duration
		}{{"stratum-invalid-share-window", c.StratumInvalidShareWindow}, {"stratum-offence-window", c.StratumOffenceWindow}, {"stratum-ban-duration", c.StratumBanDuration}} {
			if d.v < time.Second {
				bad(d.flag, "must be at least 1s")
			}
		}
		if c.MaxDevicesPerSubAccount < 1 {
			bad("max-devices-per-subaccount", "must be at least 1")
		}
		if c.MaxNewDevicesPerAddress < 0 {
			bad("max-new-devices-per-address", "must be 0 (no bound) or more")
		}
		if c.CaptchaPowBits < 1 || c.CaptchaPowBits > 24 {
			bad("captcha-pow-bits", "must be 1 to 24")
		}
		if c.StratumMaxPerPort < 0 {
			bad("stratum-max-per-port", "must be 0 (from the file limit) or more")
		}
		if c.HTTPMaxConns < 0 {
			bad("http-max-conns", "must be 0 (from the file limit) or more")
		}
		if c.HTTPMaxPerAddress < 0 {
			bad("http-max-per-address", "must be 0 (from --http-max-conns) or more")
		}
		if c.PriceAPI != "" {
			u, err := url.Parse(c.PriceAPI)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				bad("price-api", "%q is not an http(s) URL", redact(c.PriceAPI))
			}
			if _, err := c.PriceIDMap(); err != nil {
				bad("price-ids", "%v", err)
			}
			if c.PriceEvery < time.Minute {
				bad("price-every", "%s is below 1m", c.PriceEvery)
			}
		} else if c.PriceIDs != "" {
			errs = append(errs, errors.New("--price-ids needs --price-api"))
		}
		if c.PayoutEvery < time.Second || c.PayoutEvery > time.Hour {
			bad("payout-every", "%s is not between 1s and 1h", c.PayoutEvery)
		}
		if c.AlertMinOffline < time.Minute || c.AlertMinOffline > 24*time.Hour {
			bad("alert-min-offline", "%s is not between 1m and 24h", c.AlertMinOffline)
		}
		if c.AlertEvery < 10*time.Second || c.AlertEvery > 10*time.Minute {
			bad("alert-every", "%s is not between 10s and 10m", c.AlertEvery)
		}
		if c.JobLease < time.Second || c.JobLease > 10*time.Minute {
			bad("job-lease", "%s is not between 1s and 10m", c.JobLease)
		}
		errs = append(errs, c.validateTestClock()...)
	}
	return errors.Join(errs...)
}

// MinMetricsToken is the shortest --metrics-token taken: the token is all that keeps the
// pool's figures from anyone who can reach --http.
const MinMetricsToken = 16

// validateAdmin checks --admin-http and --metrics-token.
func (c Config) validateAdmin() []error {
	var errs []error
	if c.AdminHTTP != "" {
		if _, port, err := net.SplitHostPort(c.AdminHTTP); err != nil || port == "" {
			errs = append(errs, fmt.Errorf("--admin-http: %q is not host:port", c.AdminHTTP))
		} else if c.AdminHTTP == c.HTTPAddr && port != "0" {
			errs = append(errs, errors.New("--admin-http must differ from --http: the admin listener is the one the public cannot reach"))
		}
	}
	if c.MetricsToken != "" && len(c.MetricsToken) < MinMetricsToken {
		errs = append(errs, fmt.Errorf("--metrics-token: at least %d characters", MinMetricsToken))
	}
	return errs
}

// validateTestClock keeps --test-clock to a test machine: whoever reaches the endpoint
// can pass every code wait, expiry, rate limit and login throttle, so the API must listen on a
// loopback address only, never behind a proxy (--trust-proxy), and must run at all.
func (c Config) validateTestClock() []error {
	if !c.TestClock {
		return nil
	}
	var errs []error
	host, _, err := net.SplitHostPort(c.HTTPAddr)
	if ip := net.ParseIP(host); err == nil && (ip == nil || !ip.IsLoopback()) {
		errs = append(errs, fmt.Errorf("--test-clock: --http %q is not a loopback address (127.0.0.1 or ::1); the test clock is for tests on this machine only", c.HTTPAddr))
	}
	if c.TrustProxy {
		errs = append(errs, errors.New("--test-clock and --trust-proxy do not go together: a proxy would bring the test clock to other machines"))
	}
	// A process without the api role (a jobs process of a multi-process test) serves the
	// endpoint on its admin listener instead.
	if !c.HasRole(RoleAPI) {
		host, _, err := net.SplitHostPort(c.AdminHTTP)
		switch ip := net.ParseIP(host); {
		case c.AdminHTTP == "":
			errs = append(errs, errors.New("--test-clock needs the api role or --admin-http (its endpoint is served there)"))
		case err == nil && (ip == nil || !ip.IsLoopback()):
			errs = append(errs, fmt.Errorf("--test-clock: --admin-http %q is not a loopback address (127.0.0.1 or ::1); the test clock is for tests on this machine only", c.AdminHTTP))
		}
	}
	return errs
}

// PriceIDMap reads --price-ids, "BTC=bitcoin,KAS=kaspa": coin type (upper-cased) -> the
// price API's id; each coin once, ids non-empty.
func (c Config) PriceIDMap() (map[string]string, error) {
	out := map[string]string{}
	for _, part := range strings.Split(c.PriceIDs, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		coin, id, ok := strings.Cut(part, "=")
		coin, id = strings.ToUpper(strings.TrimSpace(coin)), strings.TrimSpace(id)
		if !ok || coin == "" || id == "" {
			return nil, fmt.Errorf("%q is not COIN=id", part)
		}
		if _, dup := out[coin]; dup {
			return nil, fmt.Errorf("coin %s named twice", coin)
		}
		out[coin] = id
	}
	if len(out) == 0 {
		return nil, errors.New("name at least one COIN=id")
	}
	return out, nil
}

// redact hides a password inside a URL so that error messages and logs can show it.
func redact(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// SecretKeyPath is the secret key's file: --secret-key-file, else beside the SQLite file,
// else ./data/secret.key.
func (c Config) SecretKeyPath() string {
	if c.SecretKeyFile != "" {
		return c.SecretKeyFile
	}
	if c.DB != "" && !strings.Contains(c.DB, "://") {
		return filepath.Join(filepath.Dir(c.DB), "secret.key")
	}
	return filepath.Join("data", "secret.key")
}

// OutboxPath is where the console sender writes: --outbox, else beside the SQLite file,
// else ./data/outbox.log.
func (c Config) OutboxPath() string {
	if c.Outbox != "" {
		return c.Outbox
	}
	if c.DB != "" && !strings.Contains(c.DB, "://") {
		return filepath.Join(filepath.Dir(c.DB), "outbox.log")
	}
	return filepath.Join("data", "outbox.log")
}

// Redacted is the database setting safe to log.
func (c Config) Redacted() string { return redact(c.DB) }

// trustProxyFlag is --trust-proxy: a switch (alone, true or false) or the proxies'
// addresses and networks, comma-separated.
type trustProxyFlag struct{ cfg *Config }

func (f trustProxyFlag) IsBoolFlag() bool { return true }

func (f trustProxyFlag) String() string {
	if f.cfg == nil || !f.cfg.TrustProxy {
		return "false"
	}
	if len(f.cfg.TrustedProxies) == 0 {
		return "true"
	}
	return f.cfg.TrustedProxies.String()
}

func (f trustProxyFlag) Set(v string) error {
	if on, err := strconv.ParseBool(v); err == nil {
		f.cfg.TrustProxy, f.cfg.TrustedProxies = on, nil
		return nil
	}
	list, err := netlist.Parse(v)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		return errors.New("name the proxies, or say true or false")
	}
	f.cfg.TrustProxy, f.cfg.TrustedProxies = true, list
	return nil
}

// networksFlag is a flag of addresses and networks, comma-separated.
type networksFlag struct{ list *netlist.Networks }

func (f networksFlag) String() string {
	if f.list == nil {
		return ""
	}
	return f.list.String()
}

func (f networksFlag) Set(v string) error {
	list, err := netlist.Parse(v)
	if err != nil {
		return err
	}
	*f.list = list
	return nil
}

// AdvertisedStratumHost is the host the pages tell miners to connect to: --stratum-host,
// else the --stratum-bind address when it is one address (a pool bound to 127.66.0.1
// listens nowhere else, so the host a browser reached the site on would send miners where
// nothing listens); "" when both leave it open (0.0.0.0 or ::), and the pages then use the
// host the browser reached the site on.
func (c Config) AdvertisedStratumHost() string {
	if c.StratumHost != "" {
		return c.StratumHost
	}
	if ip := net.ParseIP(c.StratumBind); ip != nil && !ip.IsUnspecified() {
		return ip.String()
	}
	return ""
}

// StratumHostWarning says why the advertised stratum host would not reach the pool from
// another machine: a loopback host (127.0.0.1, ::1, localhost) while the stratum listens
// on more than loopback. "" when nothing is wrong that can be told at start.
func (c Config) StratumHostWarning() string {
	host := c.AdvertisedStratumHost()
	bind := net.ParseIP(c.StratumBind)
	if host == "" || bind == nil || bind.IsLoopback() {
		return ""
	}
	if ip := net.ParseIP(strings.Trim(host, "[]")); (ip != nil && ip.IsLoopback()) || strings.EqualFold(host, "localhost") {
		return fmt.Sprintf("--stratum-host %s is a loopback address, but the stratum listens on %s: miners on other machines are shown an address that reaches only themselves; set --stratum-host to the name or address they reach this host on", host, c.StratumBind)
	}
	return ""
}
