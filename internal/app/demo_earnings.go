package app

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/pool"
)

// demoEarningDays is how many settled days the demo account starts with.
const demoEarningDays = 7

// seedDemoEarnings gives the demo account demoEarningDays of history the first time: the
// accruals its simulated fleet would have made (each coin's rigs at their rate against the
// devnet's network hashrate, minute by minute with some noise), settled by the real
// settlement, so the revenue and asset pages show settled days the ledger check confirms.
// Today's earnings come from the fleet mining now. A second start adds nothing.
func seedDemoEarnings(ctx context.Context, d *db.DB, now time.Time) error {
	u, err := (&account.Store{DB: d}).UserByContact(ctx, d, account.ChannelEmail, demoEmail)
	if err != nil {
		return err
	}
	subs, err := (&pool.Store{DB: d}).SubAccounts(ctx, u.ID)
	if err != nil {
		return err
	}
	ids := map[string]int64{}
	for _, s := range subs {
		ids[s.Code] = s.ID
	}
	store := &earnings.Store{DB: d}
	coins := &coin.Store{DB: d}
	first := earnings.DayOf(now.AddDate(0, 0, -demoEarningDays))
	var open []coin.Coin
	for _, dc := range demoCoins() {
		c, err := coins.Get(ctx, dc.Type)
		if err != nil || !c.OpenStatus || dc.miners == 0 {
			continue
		}
		open = append(open, c)
		sa := "demo_main"
		if dc.Type == "KAS" || dc.Type == "ALEO" {
			sa = "demo_lab"
		}
		sub := ids[sa]
		if sub == 0 {
			continue
		}
		done, err := store.HasEarned(ctx, sub, c.Type)
		if err != nil || done {
			if err != nil {
				return err
			}
			continue
		}
		netRate, _ := strconv.ParseFloat(c.DriverConfig["network_hashrate"], 64)
		blockTime, _ := time.ParseDuration(c.DriverConfig["block_time"])
		reward, _ := strconv.ParseInt(c.DriverConfig["block_reward"], 10, 64)
		if netRate <= 0 || blockTime <= 0 || reward <= 0 {
			continue
		}
		// The share of blocks the rigs would find in a minute: their hashes over the
		// network's hashes per block.
		perMinute := float64(dc.miners) * dc.fleetRate * 60 / (netRate * blockTime.Seconds())
		rng := rand.New(rand.NewPCG(uint64(sub), uint64(len(c.Type))))
		var rows []earnings.Accrual
		for t := first.Start(); t.Before(now.Truncate(time.Minute)) && earnings.DayOf(t) < earnings.DayOf(now); t = t.Add(time.Minute) {
			ratio := perMinute * (0.8 + 0.4*rng.Float64())
			shares := 60 * dc.miners
			rows = append(rows, earnings.Accrual{SubAccountID: sub, UserID: u.ID, Coin: c.Type, Minute: t.UnixMilli(), Reward: reward,
				FeeBps: c.FeeBps, RatioSum: ratio, DiffSum: ratio * netRate * blockTime.Seconds() / 4294967296, Accepted: shares})
		}
		if err := d.InTx(ctx, func(tx *db.Tx) error { return earnings.AddAccruals(ctx, tx, rows) }); err != nil {
			return fmt.Errorf("demo accruals %s: %w", c.Type, err)
		}
	}
	if _, err := store.Due(ctx, open, now); err != nil {
		return fmt.Errorf("demo settlement: %w", err)
	}
	return nil
}
