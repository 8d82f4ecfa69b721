package app

import (
	"cmp"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/certfile"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/bitcoind"
	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/chain/ironfishrpc"
	"github.com/uniplus-pool/pool/internal/chain/kaspad"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/connlimit"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/proxyproto"
	"github.com/uniplus-pool/pool/internal/solo"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// poolWorkers resolves worker names through the pool's devices and turns its refusals
// into stratum errors the miner can read: an authorize only checks the name, the device
// comes with the worker's first accepted share.
type poolWorkers struct{ store *pool.Store }

func (w poolWorkers) AuthorizeWorker(ctx context.Context, coinType, worker string) error {
	return stratumRefusal(coinType, w.store.AuthorizeWorker(ctx, coinType, worker))
}

func (w poolWorkers) WorkerDevice(ctx context.Context, coinType, worker, remoteAddr, software string) (mining.DeviceRef, error) {
	dev, err := w.store.ShareDevice(ctx, coinType, worker, remoteAddr, software)
	if err != nil {
		return mining.DeviceRef{}, stratumRefusal(coinType, err)
	}
	return mining.DeviceRef{ID: dev.ID, Worker: worker}, nil
}

// AuthorizeWorkers and WorkerDevices answer a batch of stratum lookups in a few queries
// (mining.BatchWorkers): a restarted pool's returning miners arrive all at once.
func (w poolWorkers) AuthorizeWorkers(ctx context.Context, coinType string, names []string) []error {
	errs := w.store.AuthorizeWorkers(ctx, coinType, names)
	for i := range errs {
		errs[i] = stratumRefusal(coinType, errs[i])
	}
	return errs
}

func (w poolWorkers) WorkerDevices(ctx context.Context, coinType string, reqs []mining.DeviceRequest) ([]mining.DeviceRef, []error) {
	in := make([]pool.ShareDeviceRequest, len(reqs))
	for i, r := range reqs {
		in[i] = pool.ShareDeviceRequest{Worker: r.Worker, RemoteAddr: r.RemoteAddr, MinerSoftware: r.MinerSoftware}
	}
	devs, errs := w.store.ShareDevices(ctx, coinType, in)
	refs := make([]mining.DeviceRef, len(reqs))
	for i := range reqs {
		if errs[i] != nil {
			errs[i] = stratumRefusal(coinType, errs[i])
			continue
		}
		refs[i] = mining.DeviceRef{ID: devs[i].ID, Worker: reqs[i].Worker}
	}
	return refs, errs
}

// stratumRefusal is the pool's refusal of a worker as the miner reads it; other errors
// pass unchanged (logged, a generic refusal on the wire).
func stratumRefusal(coinType string, err error) error {
	switch {
	case errors.Is(err, pool.ErrUnknownSubAccount):
		return &stratum.Error{Code: stratum.CodeUnauthorized, Message: "unknown sub-account (worker names are <sub-account>.<suffix>)"}
	case errors.Is(err, pool.ErrBadWorkerName):
		return &stratum.Error{Code: stratum.CodeUnauthorized, Message: "bad worker name: <sub-account>.<suffix>, suffix 1-15 letters, digits, _ or -"}
	case errors.Is(err, pool.ErrCoinClosed):
		return &stratum.Error{Code: stratum.CodeUnauthorized, Message: coinType + " is not open for mining"}
	case errors.Is(err, pool.ErrDeviceLimit):
		return &stratum.Error{Code: stratum.CodeUnauthorized, Message: "sub-account device limit reached"}
	case errors.Is(err, pool.ErrNewDeviceRate):
		return &stratum.Error{Code: stratum.CodeUnauthorized, Message: "too many new workers from this address for this sub-account; try again within the hour"}
	}
	return err
}

// poolSink writes aggregated minutes and their pay-per-share accruals
// (earnings.RecordShareFlush, once per flush batch) and marks the devices as seen: those
// with accepted shares as sharing, those with only rejected or stale ones as alive but not
// normal.
//
// The minutes are written first and the devices touched after, also for a batch that was
// written before (a retry whose first commit's answer was lost). A failed touch is logged,
// not returned: the minutes are in, and a missed touch is made good by the device's next
// flush.
type poolSink struct {
	store *pool.Store
	log   *slog.Logger
}

func (s poolSink) AddShareMinutes(ctx context.Context, batch string, rows []mining.ShareMinute) error {
	out := make([]earnings.FlushRow, len(rows))
	accepted := map[int64]bool{}
	for i, r := range rows {
		out[i] = earnings.FlushRow{DeviceID: r.DeviceID, Coin: r.Coin, Minute: r.Minute, DiffSum: r.DiffSum, Accepted: r.Accepted,
			Rejected: r.Rejected, Stale: r.Stale, RatioSum: r.RatioSum, Reward: r.Reward, FeeBps: r.FeeBps}
		accepted[r.DeviceID] = accepted[r.DeviceID] || r.Accepted > 0
	}
	now := time.Now()
	replayed, err := earnings.RecordShareFlush(ctx, s.store.DB, batch, out, now)
	if err != nil {
		return err
	}
	if replayed {
		s.log.Warn("share flush batch written before (its commit's answer was lost); not counted again", "batch", batch, "rows", len(rows))
	}
	var seen, invalid []int64
	for id, ok := range accepted {
		if ok {
			seen = append(seen, id)
		} else {
			invalid = append(invalid, id)
		}
	}
	// In id order, so that flushers of several processes lock rows in the same order.
	slices.Sort(seen)
	slices.Sort(invalid)
	if err := s.store.Touch(ctx, seen, now); err != nil {
		s.log.Warn("device status after a share flush", "devices", len(seen), "err", err)
	}
	if err := s.store.TouchRejected(ctx, invalid, now); err != nil {
		s.log.Warn("device status after a share flush", "devices", len(invalid), "err", err)
	}
	return nil
}

// poolSettings are driver-config keys the pool reads itself; the rest go to the driver.
var poolSettings = map[string]bool{"payout_address": true, "start_difficulty": true, "min_difficulty": true, "share_interval": true}

// openDriver builds a coin's chain driver from its driver config.
// observe, when not nil, is told of every node RPC call (metrics).
func openDriver(c coin.Coin, cfg config.Config, log *slog.Logger, observe func(method string, took time.Duration, err error)) (chain.Node, func(context.Context), error) {
	switch c.Driver {
	case coin.DriverDevnet:
		dc := devnet.DefaultConfig(c.Type, c.Algorithm)
		dc.Decimals = c.Decimals
		dc.Logger = log
		settings := map[string]string{}
		for k, v := range c.DriverConfig {
			if !poolSettings[k] {
				settings[k] = v
			}
		}
		if err := dc.Apply(settings); err != nil {
			return nil, nil, fmt.Errorf("coin %s devnet config: %w", c.Type, err)
		}
		if dc.StatePath == "" && !db.IsPostgresURL(cfg.DB) {
			dc.StatePath = filepath.Join(filepath.Dir(cfg.DB), "devnet-"+strings.ToLower(c.Type)+".json")
		}
		d, err := devnet.New(dc)
		if err != nil {
			return nil, nil, err
		}
		return d, d.Start, nil
	case coin.DriverBitcoind:
		dc := c.DriverConfig
		rules := []string{"segwit"}
		if r := dc["rules"]; r != "" {
			rules = strings.Split(r, ",")
		}
		d, err := bitcoind.New(bitcoind.Config{URL: dc["rpc_url"], User: dc["rpc_user"], Password: dc["rpc_password"],
			CookieFile: dc["cookie_file"], Wallet: dc["wallet"], Algorithm: c.Algorithm, Rules: rules, Decimals: c.Decimals, Observe: observe})
		if err != nil {
			return nil, nil, err
		}
		return d, nil, nil
	case coin.DriverIronFish:
		dc := c.DriverConfig
		d, err := ironfishrpc.New(ironfishrpc.Config{Addr: dc["rpc_addr"], AuthToken: dc["rpc_auth_token"], Account: dc["account"],
			Graffiti: cmp.Or(dc["graffiti"], "uniplus")})
		if err != nil {
			return nil, nil, fmt.Errorf("coin %s: %w", c.Type, err)
		}
		return d, nil, nil
	case coin.DriverKaspad:
		dc := c.DriverConfig
		maturity, err1 := strconv.ParseUint(cmp.Or(dc["coinbase_maturity"], "0"), 10, 64)
		feeRate, err2 := strconv.ParseFloat(cmp.Or(dc["fee_rate"], "0"), 64)
		if err := errors.Join(err1, err2); err != nil {
			return nil, nil, fmt.Errorf("coin %s: kaspad coinbase_maturity or fee_rate: %w", c.Type, err)
		}
		d, err := kaspad.New(kaspad.Config{URL: dc["wrpc_url"], PayAddress: dc["payout_address"], Network: dc["network"],
			ExtraData: cmp.Or(dc["extra_data"], "uniplus"), AllowUnsynced: dc["allow_unsynced"] == "true",
			WalletKeyFile: dc["wallet_key_file"], CoinbaseMaturity: maturity, FeeRate: feeRate})
		if err != nil {
			return nil, nil, fmt.Errorf("coin %s: %w", c.Type, err)
		}
		return d, nil, nil
	}
	return nil, nil, fmt.Errorf("coin %s: unknown driver %q", c.Type, c.Driver)
}

// miningRole runs the stratum role: for every open coin with stratum ports, a chain
// driver, an engine and one listener per port.
type miningRole struct {
	servers []*stratum.Server
	wg      sync.WaitGroup
	// metrics reads the servers and engines at scrape time.
	metrics *mining.Collector
	// db and reportID are where and as whom each server reports its share counts and its
	// engine's template status for the console (mining.Reporter).
	db       *db.DB
	reportID string
}

// ReportEvery is how often a stratum server writes its report for the console.
const ReportEvery = 5 * time.Second

// newReportID is a random id of this process, unique among the pool's stratum processes.
func newReportID() string {
	var b [6]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// startMining starts the stratum role. Its context ends the engines and the share
// flushers (which flush once more on the way out); Stop closes the listeners first.
// caps are the process's connection caps (planConnCaps): every port of every coin, pool
// and solo, counts its connections in one count, capped at caps.stratumTotal and at
// --stratum-max-per-address per client address.
func startMining(ctx context.Context, cfg config.Config, d *db.DB, chains *chainSet, log *slog.Logger, stdout func(string), caps connCaps) (*miningRole, error) {
	coins, err := (&coin.Store{DB: d}).List(ctx)
	if err != nil {
		return nil, err
	}
	role := &miningRole{metrics: &mining.Collector{Blocks: &mining.Blocks{DB: d}}, db: d, reportID: newReportID()}
	ports := 0
	for _, c := range coins {
		if c.OpenStatus {
			ports += len(c.StratumPorts) + len(c.SoloPorts)
		}
	}
	perPort := perPortCap(cfg.StratumMaxPerPort, caps.stratumTotal, ports)
	conns := connlimit.NewCounter(caps.stratumTotal, cfg.StratumMaxPerAddress)
	var tlsConfig *tls.Config
	if cfg.StratumTLSCert != "" {
		// Renewed files are served from the next handshake on, without a restart that
		// would disconnect every miner (docs/deployment.md "Stratum and TLS").
		certs, err := certfile.New(cfg.StratumTLSCert, cfg.StratumTLSKey, log)
		if err != nil {
			return role, fmt.Errorf("stratum TLS: %w", err)
		}
		tlsConfig = certs.Config()
	}
	store := &pool.Store{DB: d, MaxDevicesPerSubAccount: cfg.MaxDevicesPerSubAccount, MaxNewDevicesPerAddress: offOrValue(cfg.MaxNewDevicesPerAddress)}
	blocks := &mining.Blocks{DB: d}
	soloShares := &solo.Store{DB: d}
	for _, c := range coins {
		if !c.OpenStatus || len(c.StratumPorts)+len(c.SoloPorts) == 0 {
			continue
		}
		node, err := chains.Start(ctx, c)
		if err != nil {
			return role, err
		}
		// Each share is credited at the fee and PPS setting of its settlement day: a change
		// made meanwhile (the console, coin set) applies from the next day (docs/earnings.md).
		terms := &coin.TermsClock{DB: d, Coin: c.Type, Base: c}
		if err := terms.Load(ctx); err != nil {
			return role, err
		}
		role.wg.Add(1)
		go func() { defer role.wg.Done(); terms.Run(ctx) }()
		if hw, ok := node.(chain.HeaderWork); ok {
			// The node builds the block and pays its own wallet: no payout script, no solo.
			pow, dialect, err := headerPoW(c)
			if err != nil {
				return role, err
			}
			agg := &mining.Aggregator{Sink: poolSink{store, log}, Log: log}
			eng := &mining.Engine{Coin: c.Type, Algorithm: c.Algorithm, HeaderWork: hw, HeaderPoW: pow, Workers: poolWorkers{store},
				Shares: agg, Blocks: blocks, Log: log, Maturity: mining.MaturityOf(c), FeeBps: c.FeeBps, PPSTxFees: c.PPSTxFees, Terms: terms.At}
			if err := role.serve(ctx, cfg, c, eng, dialect, c.StratumPorts, c.Type, true, tlsConfig, perPort, conns, log, stdout); err != nil {
				return role, err
			}
			role.wg.Add(1)
			go func() { defer role.wg.Done(); agg.Run(ctx, 10*time.Second) }()
			continue
		}
		drv, ok := node.(chain.Driver)
		if !ok {
			return role, fmt.Errorf("coin %s: driver %s gives no work", c.Type, node.Name())
		}
		payout := c.DriverConfig["payout_address"]
		if payout == "" {
			if payout, err = drv.NewAddress(ctx); err != nil {
				return role, fmt.Errorf("coin %s: payout address: %w", c.Type, err)
			}
		}
		addr, err := drv.ValidateAddress(ctx, payout)
		if err != nil || !addr.Valid || len(addr.Script) == 0 {
			return role, fmt.Errorf("coin %s: payout address %q is not usable: %v", c.Type, payout, err)
		}
		agg := &mining.Aggregator{Sink: poolSink{store, log}, Log: log}
		// The pool's ports: pay-per-share into the pool's wallet. The solo ports: each
		// miner's block to the miner's address, the solo fee to the pool's (docs/solo.md).
		// Found blocks and the coin's statistics are followed once per coin.
		follow := true
		if len(c.StratumPorts) > 0 {
			eng := &mining.Engine{Coin: c.Type, Algorithm: c.Algorithm, Driver: drv, Workers: poolWorkers{store},
				Shares: agg, Blocks: blocks, Log: log, Maturity: mining.MaturityOf(c), FeeBps: c.FeeBps, PPSTxFees: c.PPSTxFees, Terms: terms.At,
				Builder: mining.NewBuilder(c.Algorithm, addr.Script, 8, "/uniplus/")}
			if err := role.serve(ctx, cfg, c, eng, stratum.DialectStratumV1, c.StratumPorts, c.Type, follow, tlsConfig, perPort, conns, log, stdout); err != nil {
				return role, err
			}
			follow = false
			role.wg.Add(1)
			go func() { defer role.wg.Done(); agg.Run(ctx, 10*time.Second) }()
		}
		if len(c.SoloPorts) > 0 {
			builder := mining.NewBuilder(c.Algorithm, addr.Script, 8, "/uniplus-solo/")
			builder.Solo = &mining.SoloPayouts{Driver: drv, FeeScript: addr.Script, FeeBps: c.SoloFeeBps}
			shares := &mining.SoloShares{Sink: soloShares, Log: log}
			eng := &mining.Engine{Coin: c.Type, Algorithm: c.Algorithm, Driver: drv, Shares: agg, SoloShares: shares, Blocks: blocks,
				Log: log, Maturity: mining.MaturityOf(c), Builder: builder}
			if err := role.serve(ctx, cfg, c, eng, stratum.DialectStratumV1, c.SoloPorts, c.Type+"/solo", follow, tlsConfig, perPort, conns, log, stdout); err != nil {
				return role, err
			}
			role.wg.Add(1)
			go func() { defer role.wg.Done(); shares.Run(ctx, 5*time.Second) }()
		}
	}
	return role, nil
}

// serve starts a stratum server for eng on ports, and the engine; with follow, it also
// follows the coin's found blocks and statistics every 30 seconds. name labels the
// server in the log and the metrics; conns is the count every server of the process
// shares.
func (m *miningRole) serve(ctx context.Context, cfg config.Config, c coin.Coin, eng *mining.Engine, dialect stratum.Dialect, ports []int, name string, follow bool,
	tlsConfig *tls.Config, perPort int, conns *connlimit.Counter, log *slog.Logger, stdout func(string)) error {
	en1 := 4 // v1: 4 bytes of extranonce1 and 4 of extranonce2 in the coinbase
	if dialect != stratum.DialectStratumV1 {
		en1 = 0 // the dialect's default: 2 of the miner's 8 nonce bytes
	}
	srv, err := stratum.NewServer(stratum.Config{Dialect: dialect, Extranonce1Size: en1, Extranonce2Size: 4, Logger: log,
		InitialDifficulty: initialDifficulty(c), MinDifficulty: minDifficulty(c), TargetShareInterval: shareInterval(c),
		TLSConfig: tlsConfig, Connections: conns, MaxPerListener: perPort,
		InvalidShareLimit: offOrValue(cfg.StratumInvalidShareLimit), InvalidShareWindow: cfg.StratumInvalidShareWindow,
		BanAfterOffences: offOrValue(cfg.StratumBanAfter), OffenceWindow: cfg.StratumOffenceWindow, BanDuration: cfg.StratumBanDuration}, eng)
	if err != nil {
		return err
	}
	eng.Attach(srv)
	for _, port := range ports {
		ln, err := net.Listen("tcp", net.JoinHostPort(cfg.StratumBind, strconv.Itoa(port)))
		if err != nil {
			return fmt.Errorf("coin %s: stratum port %d: %w", c.Type, port, err)
		}
		if len(cfg.StratumProxyProtocol) > 0 {
			// Below TLS: the balancer's header comes before the miner's handshake.
			ln = proxyproto.NewListener(ln, cfg.StratumProxyProtocol, log)
		}
		go func() { _ = srv.Serve(ln) }()
		line := fmt.Sprintf("poold: stratum for %s (%s) on %s", name, eng.Node().Name(), ln.Addr())
		if dialect != stratum.DialectStratumV1 {
			line += " in the " + dialect.String() + " dialect"
		}
		stdout(line)
	}
	m.servers = append(m.servers, srv)
	m.metrics.Add(name, srv, eng)
	if m.db != nil {
		rep := &mining.Reporter{DB: m.db, Coin: c.Type, Source: m.reportID + "/" + name, Server: srv, Engine: eng, Log: log}
		m.wg.Add(1)
		go func() { defer m.wg.Done(); rep.Run(ctx, ReportEvery) }()
	}
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		if err := eng.Run(ctx); err != nil {
			log.Error("mining engine stopped", "coin", name, "err", err)
		}
	}()
	if !follow {
		return nil
	}
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		tick := time.NewTicker(30 * time.Second)
		defer tick.Stop()
		for {
			if err := eng.Follow(ctx); err != nil && ctx.Err() == nil {
				log.Warn("follow blocks and stats", "coin", c.Type, "err", err)
			}
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
			}
		}
	}()
	return nil
}

// offOrValue is a setting where 0 means off, as stratum.Config spells it (a negative
// number; its zero means the default).
func offOrValue(n int) int {
	if n == 0 {
		return -1
	}
	return n
}

// initialDifficulty is the coin's driver config "start_difficulty", else 1 on real chains
// and a CPU-friendly 1/1024 on devnet.
func initialDifficulty(c coin.Coin) float64 {
	if v, err := strconv.ParseFloat(c.DriverConfig["start_difficulty"], 64); err == nil && v > 0 {
		return v
	}
	if c.Driver == coin.DriverDevnet {
		return 1.0 / 1024
	}
	return 1
}

// minDifficulty is the coin's driver config "min_difficulty" (load tests lower it so that
// shares are cheap to make), else the stratum default.
func minDifficulty(c coin.Coin) float64 {
	if v, err := strconv.ParseFloat(c.DriverConfig["min_difficulty"], 64); err == nil && v > 0 {
		return v
	}
	return 0
}

// shareInterval is the coin's driver config "share_interval" (a duration vardiff aims
// at per connection), else the stratum default.
func shareInterval(c coin.Coin) time.Duration {
	if v, err := time.ParseDuration(c.DriverConfig["share_interval"]); err == nil && v > 0 {
		return v
	}
	return 0
}

// Close stops accepting miners and closes their connections.
func (m *miningRole) Close(ctx context.Context) error {
	var errs []error
	for _, s := range m.servers {
		if err := s.Close(ctx); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Wait waits for the engines and flushers, which end with the role's context.
func (m *miningRole) Wait() { m.wg.Wait() }

// headerPoW is the proof of work and the stratum dialect of a coin whose node builds the
// whole block, by its driver.
func headerPoW(c coin.Coin) (mining.HeaderPoW, stratum.Dialect, error) {
	switch c.Driver {
	case coin.DriverIronFish:
		return mining.IronFishPoW{}, stratum.DialectIronFish, nil
	case coin.DriverKaspad:
		return mining.KaspaPoW{}, stratum.DialectKaspa, nil
	}
	return nil, "", fmt.Errorf("coin %s: driver %s builds whole blocks but has no proof of work here", c.Type, c.Driver)
}
