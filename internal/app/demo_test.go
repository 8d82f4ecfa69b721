package app

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/market"
	"github.com/uniplus-pool/pool/internal/pool"
)

// The demo login printed at start must pass the rules the login form and API apply
// (a .local address did not: the specification wants a 2-4 letter top-level domain).
func TestDemoLoginPassesTheAccountRules(t *testing.T) {
	if _, err := account.NormalizeEmail(demoEmail); err != nil {
		t.Fatalf("demo email %q: %v", demoEmail, err)
	}
	if _, err := account.CheckPasswordRule(demoPassword); err != nil {
		t.Fatalf("demo password: %v", err)
	}
}

// Seeding twice changes nothing and fails on nothing; the demo coins are valid coins.
func TestSeedDemoIsIdempotent(t *testing.T) {
	d := dbtest.SQLite(t)
	for i := 0; i < 2; i++ {
		if err := seedDemo(context.Background(), d); err != nil {
			t.Fatalf("seed %d: %v", i, err)
		}
	}
	list, err := (&coin.Store{DB: d}).List(context.Background())
	if err != nil || len(list) != 5 {
		t.Fatalf("coins %d %v", len(list), err)
	}
	for _, c := range list {
		if c.OpenStatus == (c.Type == "LTC") {
			t.Errorf("%s open=%v: only LTC is listed closed", c.Type, c.OpenStatus)
		}
	}
	all, err := (&market.Prices{DB: d}).All(context.Background())
	if err != nil || len(all) != 5 || all["BTC"][market.USD] != market.ToMicros(96_500) || all["BTC"][market.CNY] != market.ToMicros(96_500*demoCNYPerUSD) {
		t.Fatalf("demo prices %v %v", all, err)
	}
	// Price history for the charts, once: the second seed added nothing.
	trends := &market.Trends{DB: d}
	if n, err := trends.Count(context.Background(), "BTC"); err != nil || n != 181*24 {
		t.Fatalf("BTC trend points %d %v", n, err)
	}
	pts, err := trends.Points(context.Background(), "BTC", time.Now().Add(-31*24*time.Hour), time.Now(), time.UTC)
	if err != nil || len(pts) < 30*24 || pts[0].HashRateUnit == "" || pts[len(pts)-1].Price == "" {
		t.Fatalf("month of BTC points: %d %v", len(pts), err)
	}
	for _, p := range pts {
		if v, _ := strconv.ParseFloat(p.Price, 64); v < 96_500/3 || v > 96_500*3 || p.HashRate != 0 {
			t.Fatalf("history point %+v: price off the demo's scale, or a hashrate the pool never had", p)
		}
	}
	u, err := (&account.Store{DB: d}).UserByContact(context.Background(), d, account.ChannelEmail, demoEmail)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := account.CheckPassword(demoPassword, u.PasswordHash); !ok {
		t.Fatal("demo password does not match")
	}
}

// Each demo coin's minimum withdrawal is 0.01 coin and its fee 0.001 coin, whatever its
// decimals (a 3-decimal coin's minimum was 10 coins).
func TestDemoWithdrawLimitsInCoins(t *testing.T) {
	for decimals := 0; decimals <= 18; decimals++ {
		minW, fee := demoAmount(0.01, decimals), demoAmount(0.001, decimals)
		wantMin, wantFee := int64(1), int64(1)
		for i := 2; i < decimals; i++ {
			wantMin *= 10
		}
		for i := 3; i < decimals; i++ {
			wantFee *= 10
		}
		if minW != wantMin || fee != wantFee {
			t.Errorf("%d decimals: min %d fee %d, want %d %d", decimals, minW, fee, wantMin, wantFee)
		}
	}
	for _, dc := range demoCoins() {
		c := dc.Coin
		if got := chain.FormatAmount(c.MinWithdraw, c.Decimals); got != chain.FormatAmount(demoAmount(0.01, c.Decimals), c.Decimals) || c.WithdrawFee >= c.MinWithdraw {
			t.Errorf("%s: min %s fee %d", c.Type, got, c.WithdrawFee)
		}
	}
}

// Price history is seeded for every coin without points, also when one before it in the
// list already has some (seeding stopped at the first such coin).
func TestDemoPriceHistoryForEveryCoinWithout(t *testing.T) {
	d := dbtest.SQLite(t)
	ctx := context.Background()
	trends := &market.Trends{DB: d}
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	first := demoCoins()[0].Type
	if err := trends.Import(ctx, first, []market.HistoryPoint{{At: now.Add(-time.Hour), USD: 1, CNY: 7}}); err != nil {
		t.Fatal(err)
	}
	if err := seedDemoPriceHistory(ctx, d, now); err != nil {
		t.Fatal(err)
	}
	for i, dc := range demoCoins() {
		n, err := trends.Count(ctx, dc.Type)
		if err != nil {
			t.Fatal(err)
		}
		want := 181 * 24
		if i == 0 {
			want = 1 // kept as it was
		}
		if n != want {
			t.Errorf("%s: %d points, want %d", dc.Type, n, want)
		}
	}
}

// The simulated fleet mines on the ports the coins table says, not the demo's first ones:
// an operator who moves a coin's port (or closes the coin) is followed at the next start.
func TestDemoFleetUsesTheCoinTable(t *testing.T) {
	d := dbtest.SQLite(t)
	ctx := context.Background()
	if err := seedDemo(ctx, d); err != nil {
		t.Fatal(err)
	}
	coins := &coin.Store{DB: d}
	btc, err := coins.Get(ctx, "BTC")
	if err != nil {
		t.Fatal(err)
	}
	btc.StratumPorts, btc.SoloPorts = []int{45678}, []int{45679}
	kas, err := coins.Get(ctx, "KAS")
	if err != nil {
		t.Fatal(err)
	}
	kas.OpenStatus = false
	for _, c := range []coin.Coin{btc, kas} {
		if err := coins.Put(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	f := demoFleet(ctx, d, "0.0.0.0", "http://127.0.0.1:1", slog.New(slog.DiscardHandler))
	byCoin := map[string][]string{}
	for _, m := range f.Miners {
		byCoin[m.Coin] = append(byCoin[m.Coin], m.Addr)
	}
	// Two pool rigs and the solo miner, which mines to the demo's solo address.
	if got := byCoin["BTC"]; len(got) != 3 || got[0] != "127.0.0.1:45678" || got[1] != "127.0.0.1:45678" || got[2] != "127.0.0.1:45679" {
		t.Fatalf("BTC miners on %v", got)
	}
	for _, m := range f.Miners {
		if m.Addr == "127.0.0.1:45679" && m.Worker != demoSoloAddress+".solo-rig01" {
			t.Fatalf("the solo miner mines as %s", m.Worker)
		}
	}
	if len(byCoin["KAS"]) != 0 || len(byCoin["LTC"]) != 0 {
		t.Fatalf("closed coins have miners: %v", byCoin)
	}
	if got := byCoin["ALEO"]; len(got) != 2 || got[0] != "127.0.0.1:1234" {
		t.Fatalf("ALEO miners on %v", got)
	}
	// The pool miners' agents report with their sub-account's Uniplus ID: the pool keeps
	// only its hash, so the demo made new ones, and those are the ones stored.
	for _, m := range f.Miners {
		if m.Addr == "127.0.0.1:45679" {
			continue
		}
		code, _, _ := strings.Cut(m.Worker, ".")
		var n int
		if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM sub_accounts WHERE code = ? AND uniplus_hash = ?", code, pool.HashUniplusID(m.UniplusID)).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%s reports with %q, not its sub-account's ID (%v)", m.Worker, m.UniplusID, err)
		}
	}
}

// The demo account starts with a week of settled earnings per mined coin, booked by the
// real settlement (the ledger adds up), and a second start adds nothing.
func TestSeedDemoEarningsSettlesAWeek(t *testing.T) {
	d := dbtest.SQLite(t)
	ctx := context.Background()
	if err := seedDemo(ctx, d); err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 24, 9, 30, 0, 0, earnings.Beijing())
	count := func() (days, entries int) {
		_ = d.QueryRow(ctx, "SELECT COUNT(*) FROM earnings").Scan(&days)
		_ = d.QueryRow(ctx, "SELECT COUNT(*) FROM ledger_entries").Scan(&entries)
		return
	}
	for i := 0; i < 2; i++ {
		if err := seedDemoEarnings(ctx, d, now); err != nil {
			t.Fatal(err)
		}
		// ALEO, IRON, KAS and BTC have miners: 7 days each, every day paid.
		if days, entries := count(); days != 4*demoEarningDays || entries != days {
			t.Fatalf("run %d: %d earnings rows, %d journal rows", i, days, entries)
		}
	}
	rep, err := ledger.Check(ctx, d)
	if err != nil || !rep.OK() || rep.Totals["BTC"].Available <= 0 {
		t.Fatalf("ledger %+v %v", rep, err)
	}
	var last string
	_ = d.QueryRow(ctx, "SELECT MAX(day) FROM earnings WHERE coin = 'BTC'").Scan(&last)
	if last != "2026-11-23" {
		t.Fatalf("last settled BTC day %s, want yesterday (past 08:00 Beijing)", last)
	}
}
