package coin

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync/atomic"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
)

// beijing is the zone of settlement days (earnings.Beijing; this package cannot import
// earnings, which imports it).
var beijing = time.FixedZone("Asia/Shanghai", 8*3600)

// DayOf is the Beijing day of t as settlement counts days, YYYY-MM-DD.
func DayOf(t time.Time) string { return t.In(beijing).Format(time.DateOnly) }

// NextDay is the day after day (YYYY-MM-DD).
func NextDay(day string) string {
	t, err := time.ParseInLocation(time.DateOnly, day, beijing)
	if err != nil {
		return day
	}
	return DayOf(t.Add(36 * time.Hour))
}

// Terms are what a share earns at: the pool fee and whether the reward is the whole
// coinbase value (PPSTxFees) or the subsidy alone. From is the first settlement day they
// apply to ("": from the coin's beginning).
type Terms struct {
	FeeBps    int    `json:"feeBps"`
	PPSTxFees bool   `json:"ppsTxFees"`
	From      string `json:"from"`
}

// Schedule is a coin's terms, oldest first (coin_terms). A coin whose terms were never
// changed through Update has none: its coins row's fee_bps and pps_tx_fees apply.
type Schedule []Terms

// On answers the terms in force on day: the last whose From is not after it; false when
// the schedule is empty.
func (s Schedule) On(day string) (Terms, bool) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i].From <= day {
			return s[i], true
		}
	}
	return Terms{}, false
}

// After answers the newest terms that begin after day: a change that is not in force yet.
func (s Schedule) After(day string) *Terms {
	if len(s) > 0 && s[len(s)-1].From > day {
		t := s[len(s)-1]
		return &t
	}
	return nil
}

// Schedules reads the terms of coins (every coin when none is named).
func Schedules(ctx context.Context, q db.Querier, coins ...string) (map[string]Schedule, error) {
	query := "SELECT coin, from_day, fee_bps, pps_tx_fees FROM coin_terms"
	var args []any
	if len(coins) > 0 {
		query += " WHERE coin IN (?" + strings.Repeat(", ?", len(coins)-1) + ")"
		for _, c := range coins {
			args = append(args, c)
		}
	}
	rows, err := q.Query(ctx, query+" ORDER BY coin, from_day", args...)
	if err != nil {
		return nil, fmt.Errorf("coin: terms: %w", err)
	}
	defer rows.Close()
	out := map[string]Schedule{}
	for rows.Next() {
		var c string
		var t Terms
		if err := rows.Scan(&c, &t.From, &t.FeeBps, &t.PPSTxFees); err != nil {
			return nil, fmt.Errorf("coin: terms: %w", err)
		}
		out[c] = append(out[c], t)
	}
	return out, rows.Err()
}

// withTerms sets c's fee and PPS setting to those in force on today and Pending to a
// change that begins later.
func withTerms(c Coin, s Schedule, today string) Coin {
	if t, ok := s.On(today); ok {
		c.FeeBps, c.PPSTxFees = t.FeeBps, t.PPSTxFees
	}
	c.Pending = s.After(today)
	return c
}

// TermsClock answers a coin's terms at any moment from its schedule, which Run reads
// again every Refresh: the stratum role's engines take each share's fee and PPS setting
// from it, so that a change made in the console or with coin set applies from the next
// day without a restart.
type TermsClock struct {
	DB   *db.DB
	Coin string
	// Base is the coin as the role read it: its terms while the schedule is empty.
	Base Coin

	// sched is read by every share of every connection: swapped whole, read without a lock.
	sched atomic.Pointer[clockSchedule]
}

// clockSchedule is a Schedule with each day's first instant worked out once, so that At
// neither locks, formats a day nor allocates per share.
type clockSchedule struct {
	from  []int64 // Unix seconds of each entry's first moment, ascending
	terms Schedule
}

// Refresh is how often a TermsClock reads the schedule again: a change is made a day
// ahead of the day it applies to.
const Refresh = time.Minute

// Load reads the schedule now.
func (tc *TermsClock) Load(ctx context.Context) error {
	all, err := Schedules(ctx, tc.DB, tc.Coin)
	if err != nil {
		return err
	}
	cs := &clockSchedule{terms: all[tc.Coin]}
	for _, t := range cs.terms {
		if t.From == "" { // from the coin's beginning
			cs.from = append(cs.from, math.MinInt64)
			continue
		}
		start, err := time.ParseInLocation(time.DateOnly, t.From, beijing)
		if err != nil {
			return fmt.Errorf("coin: terms of %s from %q: %w", tc.Coin, t.From, err)
		}
		cs.from = append(cs.from, start.Unix())
	}
	tc.sched.Store(cs)
	return nil
}

// Run reads the schedule every Refresh until ctx ends; a read that fails keeps the last.
func (tc *TermsClock) Run(ctx context.Context) {
	t := time.NewTicker(Refresh)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = tc.Load(ctx)
		}
	}
}

// At answers the fee and PPS setting of a share accepted at t.
func (tc *TermsClock) At(t time.Time) (feeBps int, ppsTxFees bool) {
	if cs := tc.sched.Load(); cs != nil {
		at := t.Unix()
		for i := len(cs.from) - 1; i >= 0; i-- {
			if cs.from[i] <= at {
				return cs.terms[i].FeeBps, cs.terms[i].PPSTxFees
			}
		}
	}
	return tc.Base.FeeBps, tc.Base.PPSTxFees
}
