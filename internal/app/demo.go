package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"math/rand/v2"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/market"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/sim"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// Demo login, printed at start: it only exists on pools started with --demo.
const (
	demoEmail    = "demo@example.com"
	demoPassword = "demo-pool-2026"
)

// demoSoloAddress is the wallet the demo's solo miner mines Bitcoin to on the solo port
// (printed at start, named in the README): a visitor searches it on the solo pages.
var demoSoloAddress = devnet.EncodeAddress([20]byte{0x50, 0x10, 0x0d, 0xe0})

// demoSoloPort is the demo Bitcoin's solo port, its solo fee 1%.
const demoSoloPort = 1238

// demoCoin is a coin of SPEC section 1 as the demo runs it on devnet. Coins whose proof
// of work the pool does not implement yet are hashed with sha256d by devnet (DESIGN.md
// "Chains": their own drivers come later); the home table says "devnet" for all of them.
type demoCoin struct {
	coin.Coin
	fleetRate float64 // H/s of each simulated miner
	miners    int
	// usd is the demo's operator price; CNY follows at demoCNYPerUSD. A pool set up for
	// real fetches prices with --price-api or sets them with `poold admin price set`.
	usd float64
}

// demoCNYPerUSD converts the demo's USD prices to CNY.
const demoCNYPerUSD = 7.1

func demoCoins() []demoCoin {
	base := func(typ, name, algo, hashUnit string, decimals int, reward int64, port, sort int) coin.Coin {
		return coin.Coin{Type: typ, Name: name, AliasName: typ, Algorithm: algo, ChainUnit: typ, MinHashUnit: hashUnit,
			IconURL: "/coins/" + strings.ToLower(typ) + ".svg", LogoURL: "/coins/" + strings.ToLower(typ) + ".svg",
			Decimals: decimals, OpenStatus: true, FeeBps: 100, SettleModel: coin.SettleModelPPS, SettleTime: "08:00",
			MinWithdraw: demoAmount(0.01, decimals), WithdrawFee: demoAmount(0.001, decimals),
			StratumPorts: []int{port}, Driver: coin.DriverDevnet, MachineBindFlag: true, MachineDetailFlag: true,
			GPUOverclockingFlag: algo != "sha256d", CurrencyChangeFlag: true, SortOrder: sort,
			DriverConfig: map[string]string{
				"block_time": "60s", "network_hashrate": "400000", "block_reward": strconv.FormatInt(reward, 10),
				// One share a second per simulated rig: enough shares that the 15-minute
				// hashrate is within a few percent of what the rig measured itself.
				"start_difficulty": "0.000005", "min_difficulty": "0.000001", "share_interval": "1s",
				// The wallet starts with coins, so withdrawals pay from the first minute.
				"premine": strconv.FormatInt(demoAmount(1_000_000, decimals), 10),
			},
			// Two one-minute blocks: a withdrawal goes from processing to success in minutes.
			PayoutConfirmations: 2}
	}
	tutorial := func(c coin.Coin, url string) coin.Coin { c.TutorialURL = url; return c }
	// Litecoin is listed closed, as an operator lists a coin before it opens: the home
	// table shows its message and the calculator refuses it. It has no port or miners.
	ltc := base("LTC", "Litecoin", "scrypt", "KH/s", 8, 625_000_000, 0, 5)
	ltc.StratumPorts, ltc.OpenStatus = nil, false
	ltc.ClosedMsg = map[string]string{
		"en_US": "Litecoin mining opens after the merged-mining upgrade. Follow the announcements for the date.",
		"zh_CN": "莱特币挖矿将在合并挖矿升级后开放，开放日期请关注公告。",
		"zh_HK": "萊特幣挖礦將在合併挖礦升級後開放，開放日期請留意公告。",
		"ko_KR": "라이트코인 채굴은 병합 채굴 업그레이드 후에 열립니다. 날짜는 공지사항을 확인하세요.",
	}
	btc := tutorial(base("BTC", "Bitcoin", "sha256d", "H/s", 8, 312_500_000, 1237, 4), "/tutorial/btc")
	btc.SoloPorts, btc.SoloFeeBps = []int{demoSoloPort}, 100
	return []demoCoin{
		{tutorial(base("ALEO", "Aleo", "aleo", "H/s", 6, 4_000_000, 1234, 1), "/tutorial/deviceAccess"), 20_000, 2, 0.21},
		{tutorial(base("IRON", "Iron Fish", "blake3", "H/s", 8, 2_000_000_000, 1235, 2), "/ironFish"), 20_000, 2, 0.38},
		// Kaspa has no tutorial yet: its row says so when the link is clicked.
		{base("KAS", "Kaspa", "kheavyhash", "H/s", 8, 5_500_000_000, 1236, 3), 20_000, 2, 0.071},
		{btc, 20_000, 2, 96_500},
		{ltc, 0, 0, 88.5},
	}
}

// demoAmount is coins in the minor units of a coin with decimals places, at least one
// minor unit (a coin too coarse for 0.001 charges its smallest amount).
func demoAmount(coins float64, decimals int) int64 {
	return max(1, int64(math.Round(coins*math.Pow10(decimals))))
}

// seedDemo adds the demo coins, account and sub-accounts that are missing; it never
// changes what exists, so a restarted demo keeps its history.
func seedDemo(ctx context.Context, d *db.DB) error {
	coins := &coin.Store{DB: d}
	for _, dc := range demoCoins() {
		c, err := coins.Get(ctx, dc.Type)
		switch {
		case errors.Is(err, db.ErrNotFound):
			if err := coins.Put(ctx, dc.Coin); err != nil {
				return fmt.Errorf("demo coin %s: %w", dc.Type, err)
			}
		case err != nil:
			return err
		case len(c.SoloPorts) == 0 && len(dc.SoloPorts) > 0:
			// A demo database from before solo mining: its Bitcoin gets the solo port.
			c.SoloPorts, c.SoloFeeBps = dc.SoloPorts, dc.SoloFeeBps
			if err := coins.Put(ctx, c); err != nil {
				return fmt.Errorf("demo coin %s: %w", dc.Type, err)
			}
		case c.DriverConfig["premine"] == "" && dc.DriverConfig["premine"] != "":
			// A demo database from before withdrawals: its wallet gets the premine too.
			c.DriverConfig["premine"] = dc.DriverConfig["premine"]
			c.PayoutConfirmations = dc.PayoutConfirmations
			if err := coins.Put(ctx, c); err != nil {
				return fmt.Errorf("demo coin %s: %w", dc.Type, err)
			}
		}
	}
	prices := &market.Prices{DB: d}
	for _, dc := range demoCoins() {
		if _, err := prices.Get(ctx, dc.Type, market.USD); errors.Is(err, db.ErrNotFound) {
			if err := prices.Set(ctx, dc.Type, market.USD, market.ToMicros(dc.usd), "demo"); err != nil {
				return fmt.Errorf("demo price %s: %w", dc.Type, err)
			}
			if err := prices.Set(ctx, dc.Type, market.CNY, market.ToMicros(dc.usd*demoCNYPerUSD), "demo"); err != nil {
				return fmt.Errorf("demo price %s: %w", dc.Type, err)
			}
		} else if err != nil {
			return err
		}
	}
	if err := seedDemoPriceHistory(ctx, d, time.Now()); err != nil {
		return err
	}
	accounts := &account.Store{DB: d}
	u, err := accounts.UserByContact(ctx, d, account.ChannelEmail, demoEmail)
	if errors.Is(err, db.ErrNotFound) {
		hash, err := account.HashPassword(demoPassword, account.DefaultArgon2)
		if err != nil {
			return err
		}
		u, err = accounts.CreateUser(ctx, d, account.User{Nickname: "demo_miner", Email: demoEmail, PasswordHash: hash,
			AccountType: account.TypeNormal, Status: account.StatusActive, Lang: "en_US"})
		if err != nil {
			return fmt.Errorf("demo user: %w", err)
		}
	} else if err != nil {
		return err
	}
	pools := &pool.Store{DB: d}
	for _, sa := range []struct{ code, alias, coin string }{{"demo_main", "Main farm", "BTC"}, {"demo_lab", "Lab rigs", "KAS"}} {
		if _, err := pools.CreateSubAccount(ctx, u.ID, sa.code, sa.alias, sa.coin); err != nil && !isTaken(err) {
			return fmt.Errorf("demo sub-account %s: %w", sa.code, err)
		}
	}
	if err := seedDemoHelp(ctx, d); err != nil {
		return fmt.Errorf("demo help centre: %w", err)
	}
	// An address book entry per open coin, past its 48-hour lock, so the demo user can
	// withdraw at once; one added in the app waits its 48 hours as any would.
	book := &withdraw.Store{DB: d, Coins: coins, Chains: devnetAddresses{}}
	for i, dc := range demoCoins() {
		if !dc.OpenStatus {
			continue
		}
		addr := devnet.EncodeAddress([20]byte{0xde, 0x70, byte(i)})
		if err := book.ImportAddress(ctx, u.ID, withdraw.AddressInput{Coin: dc.Type, Address: addr, Network: dc.Type, Description: "Demo wallet"}); err != nil {
			return fmt.Errorf("demo address %s: %w", dc.Type, err)
		}
	}
	return nil
}

// devnetAddresses checks addresses as every demo coin's devnet chain does, without
// opening a chain (the demo seeds before the stratum role starts its chains).
type devnetAddresses struct{}

func (devnetAddresses) Driver(ctx context.Context, c coin.Coin) (chain.Node, error) {
	return devnet.New(devnet.DefaultConfig(c.Type, c.Algorithm))
}

// seedDemoPriceHistory gives each demo coin without trend points 181 days of hourly
// prices, so the home page's month and year charts have a price line from the first
// start. The prices are a made-up random walk ending at the demo price (the demo's prices
// are made up anyway); the pool hashrate of those hours is 0, because the pool was not
// running then. From the first start on, the jobs role records real points.
func seedDemoPriceHistory(ctx context.Context, d *db.DB, now time.Time) error {
	trends := &market.Trends{DB: d}
	const hours = 181 * 24
	for i, dc := range demoCoins() {
		n, err := trends.Count(ctx, dc.Type)
		if err != nil {
			return err
		}
		if n > 0 {
			continue // this coin has its history; the next may not
		}
		rng := rand.New(rand.NewPCG(uint64(i)+1, 2026))
		points := make([]market.HistoryPoint, hours)
		price := dc.usd
		for h := hours - 1; h >= 0; h-- {
			points[h] = market.HistoryPoint{At: now.Add(-time.Duration(hours-h) * time.Hour),
				USD: market.ToMicros(price), CNY: market.ToMicros(price * demoCNYPerUSD)}
			// Walking back in time: about 1% an hour, pulled gently towards the demo price.
			price *= math.Exp(rng.NormFloat64()*0.01 + 0.002*math.Log(dc.usd/price))
		}
		if err := trends.Import(ctx, dc.Type, points); err != nil {
			return fmt.Errorf("demo price history %s: %w", dc.Type, err)
		}
	}
	return nil
}

// isTaken tells whether creating a sub-account failed only because it exists.
func isTaken(err error) bool {
	var he *httpx.Error
	return errors.As(err, &he) && he.Key == "pool.codeTaken"
}

// startDemoFleet runs simulated miners against the demo coins' stratum ports over TCP;
// each also reports rig telemetry to the agent API with its sub-account's Uniplus ID.
func startDemoFleet(ctx context.Context, d *db.DB, bind, apiURL string, log *slog.Logger) *sim.Fleet {
	f := demoFleet(ctx, d, bind, apiURL, log)
	f.Start(ctx)
	go logDemoFleet(ctx, f, log)
	return f
}

// demoFleet builds the demo's simulated miners. Each mines on the port the coins table
// gives its coin now (an operator may have moved it), not on the port the demo first
// wrote; a coin with no port or closed has no miners.
func demoFleet(ctx context.Context, d *db.DB, bind, apiURL string, log *slog.Logger) *sim.Fleet {
	host := bind
	if host == "0.0.0.0" || host == "::" {
		host = "127.0.0.1"
	}
	ids := map[string]string{}
	if apiURL != "" {
		ids = demoAgentIDs(ctx, d, log)
	}
	f := &sim.Fleet{}
	coins := &coin.Store{DB: d}
	for _, dc := range demoCoins() {
		c, err := coins.Get(ctx, dc.Type)
		if err != nil || !c.OpenStatus || len(c.StratumPorts) == 0 {
			continue
		}
		sa := "demo_main"
		if dc.Type == "KAS" || dc.Type == "ALEO" {
			sa = "demo_lab"
		}
		for i := 1; i <= dc.miners; i++ {
			f.Miners = append(f.Miners, &sim.Miner{
				Addr: net.JoinHostPort(host, strconv.Itoa(c.StratumPorts[0])), Worker: fmt.Sprintf("%s.%s-rig%02d", sa, strings.ToLower(dc.Type), i),
				Algorithm: "sha256d", RateLimit: dc.fleetRate, UserAgent: "uniplus-sim/1.0", Coin: dc.Type, Log: log,
				AgentURL: apiURL, UniplusID: ids[sa], AgentEvery: time.Minute,
			})
		}
		// One solo miner, with its own wallet address as its worker name.
		if len(c.SoloPorts) > 0 && dc.Type == "BTC" {
			f.Miners = append(f.Miners, &sim.Miner{
				Addr: net.JoinHostPort(host, strconv.Itoa(c.SoloPorts[0])), Worker: demoSoloAddress + ".solo-rig01",
				Algorithm: "sha256d", RateLimit: dc.fleetRate, UserAgent: "uniplus-sim/1.0", Coin: dc.Type, Log: log,
			})
		}
	}
	return f
}

// demoAgentIDs gives the fleet's agents the Uniplus ID of each demo sub-account, by
// code. The pool keeps only a hash of an ID (docs/mining.md "Uniplus IDs"), so the demo
// cannot read its IDs back: it regenerates them at each start, which retires the IDs of
// the start before (the demo account and its rigs are the demo's own).
func demoAgentIDs(ctx context.Context, d *db.DB, log *slog.Logger) map[string]string {
	ids := map[string]string{}
	u, err := (&account.Store{DB: d}).UserByContact(ctx, d, account.ChannelEmail, demoEmail)
	if err != nil {
		log.Warn("demo: no demo account, the fleet sends no agent reports", "err", err)
		return ids
	}
	pools := &pool.Store{DB: d}
	subs, err := pools.SubAccounts(ctx, u.ID)
	if err != nil {
		log.Warn("demo: sub-accounts, the fleet sends no agent reports", "err", err)
		return ids
	}
	for _, s := range subs {
		a, err := pools.RegenerateUniplusID(ctx, u.ID, s.Code)
		if err != nil {
			log.Warn("demo: new Uniplus ID", "sub_account", s.Code, "err", err)
			continue
		}
		ids[s.Code] = a.UniplusID
	}
	return ids
}

// logDemoFleet logs what each simulated miner measured of itself every 5 minutes, to
// compare with the pool's figures.
func logDemoFleet(ctx context.Context, f *sim.Fleet, log *slog.Logger) {
	tick := time.NewTicker(5 * time.Minute)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			for _, st := range f.Stats() {
				log.Info("demo fleet", "worker", st.Worker, "measured_hs", int64(st.HashRate), "accepted", st.Accepted, "rejected", st.Rejected)
			}
		}
	}
}
