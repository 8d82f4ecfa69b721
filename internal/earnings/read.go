package earnings

import (
	"context"
	"fmt"
	"math/big"
	"sort"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/scope"
)

// Estimate is what a sub-account has accrued and not yet been paid in one coin: every
// unsettled day's minutes plus the carry, as whole minor units (rounded down, as the
// settlement will) and per day.
type Estimate struct {
	SubAccountID int64
	Micro        *big.Int // accrued millionths, carry included
	Amount       int64    // whole minor units of Micro
	Days         map[Day]*big.Int
	DiffSum      map[Day]float64
}

// Settling estimates, live from the accruals, what the unsettled days will pay each
// sub-account in scope on coin: the day in progress and any day whose settlement time has
// not come yet (SPEC section 4, "earnings show as settling until settled").
func (s *Store) Settling(ctx context.Context, sc scope.Scope, coinType string) (map[int64]*Estimate, error) {
	all, err := s.SettlingCoins(ctx, sc, []string{coinType})
	if err != nil {
		return nil, err
	}
	if all[coinType] == nil {
		return map[int64]*Estimate{}, nil
	}
	return all[coinType], nil
}

// SettlingCoins is Settling for several coins at once, by coin, in three statements
// whatever their number (the revenue summary asks for every coin on each request): the
// coins' last settled days, their unsettled minutes in scope, and the carries of the
// sub-accounts those name. A coin with nothing unsettled in scope is absent.
func (s *Store) SettlingCoins(ctx context.Context, sc scope.Scope, coinTypes []string) (map[string]map[int64]*Estimate, error) {
	out := map[string]map[int64]*Estimate{}
	if len(coinTypes) == 0 {
		return out, nil
	}
	from, err := unsettledFrom(ctx, s.DB, coinTypes)
	if err != nil {
		return nil, err
	}
	where, args := sc.Where("user_id", "sub_account_id", "coin")
	var byCoin strings.Builder
	for i, c := range coinTypes {
		if i > 0 {
			byCoin.WriteString(" OR ")
		}
		byCoin.WriteString("(coin = ? AND minute >= ?)")
		args = append(args, c, from[c])
	}
	rows, err := s.DB.Query(ctx, `SELECT coin, sub_account_id, minute, reward, fee_bps, ratio_sum, diff_sum FROM pps_minutes
		WHERE `+where+` AND (`+byCoin.String()+`)`, args...)
	if err != nil {
		return nil, fmt.Errorf("earnings: settling %v: %w", coinTypes, err)
	}
	subs := map[int64]bool{}
	for rows.Next() {
		var coinType string
		var sub, minute, reward int64
		var fee int
		var ratio, diff float64
		if err := rows.Scan(&coinType, &sub, &minute, &reward, &fee, &ratio, &diff); err != nil {
			rows.Close()
			return nil, err
		}
		m, err := MinuteMicro(ratio, reward, fee)
		if err != nil {
			rows.Close()
			return nil, err
		}
		per := out[coinType]
		if per == nil {
			per = map[int64]*Estimate{}
			out[coinType] = per
		}
		e := per[sub]
		if e == nil {
			e = &Estimate{SubAccountID: sub, Micro: new(big.Int), Days: map[Day]*big.Int{}, DiffSum: map[Day]float64{}}
			per[sub] = e
			subs[sub] = true
		}
		d := DayOf(time.UnixMilli(minute))
		if e.Days[d] == nil {
			e.Days[d] = new(big.Int)
		}
		e.Days[d].Add(e.Days[d], m)
		e.DiffSum[d] += diff
		e.Micro.Add(e.Micro, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(subs) == 0 {
		return out, nil
	}
	ids := make([]int64, 0, len(subs))
	for id := range subs {
		ids = append(ids, id)
	}
	carries, err := readCarriesOf(ctx, s.DB, ids)
	if err != nil {
		return nil, err
	}
	for coinType, per := range out {
		for sub, e := range per {
			e.Micro.Add(e.Micro, big.NewInt(carries[carryKey{sub, coinType}]))
			e.Amount, _, err = Split(e.Micro, 0)
			if err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// unsettledFrom is where each coin's unsettled minutes begin: the end of its last settled
// day, 0 for a coin never settled.
func unsettledFrom(ctx context.Context, q db.Querier, coinTypes []string) (map[string]int64, error) {
	if len(coinTypes) == 0 {
		return map[string]int64{}, nil
	}
	args := make([]any, len(coinTypes))
	for i, c := range coinTypes {
		args[i] = c
	}
	rows, err := q.Query(ctx, "SELECT coin, MAX(day) FROM settlements WHERE coin IN ("+
		db.Marks(len(coinTypes))+") GROUP BY coin", args...)
	if err != nil {
		return nil, fmt.Errorf("earnings: last settled days: %w", err)
	}
	defer rows.Close()
	from := make(map[string]int64, len(coinTypes))
	for rows.Next() {
		var c string
		var day *string
		if err := rows.Scan(&c, &day); err != nil {
			return nil, err
		}
		if day != nil {
			from[c] = Day(*day).End().UnixMilli()
		}
	}
	return from, rows.Err()
}

// Totals are settled amounts over the windows the summary shows, in minor units.
type Totals struct {
	Yesterday, Last7, Last30, Total int64
}

// SettledTotals sums settled earnings per sub-account and coin in scope: yesterday (the
// Beijing day before today), the last 7 and 30 settled days before today, and all time.
func (s *Store) SettledTotals(ctx context.Context, sc scope.Scope, now time.Time) (map[string]map[int64]Totals, error) {
	today := DayOf(now)
	yesterday := today.Prev()
	from7 := DayOf(today.Start().AddDate(0, 0, -7))
	from30 := DayOf(today.Start().AddDate(0, 0, -30))
	where, args := sc.Where("user_id", "sub_account_id", "coin")
	args = append([]any{string(yesterday), string(from7), string(from30)}, args...)
	rows, err := s.DB.Query(ctx, `SELECT coin, sub_account_id,
		SUM(CASE WHEN day = ? THEN amount ELSE 0 END), SUM(CASE WHEN day >= ? THEN amount ELSE 0 END),
		SUM(CASE WHEN day >= ? THEN amount ELSE 0 END), SUM(amount)
		FROM earnings WHERE `+where+` GROUP BY coin, sub_account_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("earnings: totals: %w", err)
	}
	defer rows.Close()
	out := map[string]map[int64]Totals{}
	for rows.Next() {
		var c string
		var sub int64
		var t Totals
		if err := rows.Scan(&c, &sub, &t.Yesterday, &t.Last7, &t.Last30, &t.Total); err != nil {
			return nil, err
		}
		if out[c] == nil {
			out[c] = map[int64]Totals{}
		}
		out[c][sub] = t
	}
	return out, rows.Err()
}

// DayRow is one day of a coin's earnings in scope: settled (from the log) or settling
// (estimated from the accruals).
type DayRow struct {
	Day       Day
	DiffSum   float64 // the day's accepted difficulty, for its average hashrate
	Amount    int64
	SettledAt int64 // Unix ms; 0 while settling
	Settling  bool
	// SubAccounts is how many sub-accounts earned that day.
	SubAccounts int
}

// Days pages a coin's earnings in scope by day, newest first. The unsettled days come
// first, estimated; then the settled ones. total counts both.
func (s *Store) Days(ctx context.Context, sc scope.Scope, coinType string, page, size int) (rows []DayRow, total int, err error) {
	est, err := s.Settling(ctx, sc, coinType)
	if err != nil {
		return nil, 0, err
	}
	settling := settlingDays(est)
	where, args := sc.Where("user_id", "sub_account_id", "coin")
	args = append(args, coinType)
	var settled int
	if err := s.DB.QueryRow(ctx, "SELECT COUNT(DISTINCT day) FROM earnings WHERE "+where+" AND coin = ?", args...).Scan(&settled); err != nil {
		return nil, 0, fmt.Errorf("earnings: count days: %w", err)
	}
	total = len(settling) + settled
	offset := (page - 1) * size
	for i := offset; i < len(settling) && len(rows) < size; i++ {
		rows = append(rows, settling[i])
	}
	if len(rows) == size {
		return rows, total, nil
	}
	skip := max(0, offset-len(settling))
	q, err := s.DB.Query(ctx, `SELECT day, SUM(diff_sum), SUM(amount), MAX(settled_at), COUNT(*) FROM earnings
		WHERE `+where+` AND coin = ? GROUP BY day ORDER BY day DESC LIMIT ? OFFSET ?`, append(args, size-len(rows), skip)...)
	if err != nil {
		return nil, 0, fmt.Errorf("earnings: days: %w", err)
	}
	defer q.Close()
	for q.Next() {
		var r DayRow
		var day string
		if err := q.Scan(&day, &r.DiffSum, &r.Amount, &r.SettledAt, &r.SubAccounts); err != nil {
			return nil, 0, err
		}
		r.Day = Day(day)
		rows = append(rows, r)
	}
	return rows, total, q.Err()
}

// settlingDays turns estimates into one row per unsettled day, newest first. Each day is
// rounded down on its own; the carry counts towards the oldest.
func settlingDays(est map[int64]*Estimate) []DayRow {
	byDay := map[Day]*DayRow{}
	micro := map[Day]*big.Int{}
	for _, e := range est {
		var oldest Day
		for d := range e.Days {
			if oldest == "" || d < oldest {
				oldest = d
			}
		}
		for d, m := range e.Days {
			r := byDay[d]
			if r == nil {
				r = &DayRow{Day: d, Settling: true}
				byDay[d] = r
				micro[d] = new(big.Int)
			}
			r.DiffSum += e.DiffSum[d]
			r.SubAccounts++
			micro[d].Add(micro[d], m)
			if d == oldest {
				// The carry is what Micro holds beyond the days' own sums.
				carry := new(big.Int).Set(e.Micro)
				for _, x := range e.Days {
					carry.Sub(carry, x)
				}
				micro[d].Add(micro[d], carry)
			}
		}
	}
	out := make([]DayRow, 0, len(byDay))
	for d, r := range byDay {
		r.Amount, _, _ = Split(micro[d], 0)
		out = append(out, *r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Day > out[j].Day })
	return out
}

// LogRow is one settled earnings-log row: one sub-account's day.
type LogRow struct {
	ID           int64
	SubAccountID int64
	Coin         string
	Day          Day
	Hashrate     float64
	DiffSum      float64
	Accepted     int64
	AccruedMicro string
	CarryIn      int64
	CarryOut     int64
	Amount       int64
	SettledAt    int64
}

// DayLog lists the settled rows of one coin's day in scope, by sub-account.
func (s *Store) DayLog(ctx context.Context, sc scope.Scope, coinType string, d Day) ([]LogRow, error) {
	where, args := sc.Where("user_id", "sub_account_id", "coin")
	args = append(args, coinType, string(d))
	rows, err := s.DB.Query(ctx, `SELECT id, sub_account_id, coin, day, hashrate, diff_sum, accepted, accrued_micro, carry_in, carry_out, amount, settled_at
		FROM earnings WHERE `+where+` AND coin = ? AND day = ? ORDER BY sub_account_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("earnings: day %s %s: %w", coinType, d, err)
	}
	defer rows.Close()
	out := []LogRow{}
	for rows.Next() {
		var r LogRow
		var day string
		if err := rows.Scan(&r.ID, &r.SubAccountID, &r.Coin, &day, &r.Hashrate, &r.DiffSum, &r.Accepted, &r.AccruedMicro, &r.CarryIn, &r.CarryOut, &r.Amount, &r.SettledAt); err != nil {
			return nil, err
		}
		r.Day = Day(day)
		out = append(out, r)
	}
	return out, rows.Err()
}

// Chart is a coin's daily earnings in scope for the last n days up to today: settled
// amounts, and estimates for the unsettled days. Days without earnings are zero.
func (s *Store) Chart(ctx context.Context, sc scope.Scope, coinType string, n int, now time.Time) ([]DayRow, error) {
	today := DayOf(now)
	from := DayOf(today.Start().AddDate(0, 0, -(n - 1)))
	where, args := sc.Where("user_id", "sub_account_id", "coin")
	args = append(args, coinType, string(from))
	rows, err := s.DB.Query(ctx, `SELECT day, SUM(diff_sum), SUM(amount), MAX(settled_at), COUNT(*) FROM earnings
		WHERE `+where+` AND coin = ? AND day >= ? GROUP BY day`, args...)
	if err != nil {
		return nil, fmt.Errorf("earnings: chart: %w", err)
	}
	byDay := map[Day]DayRow{}
	for rows.Next() {
		var r DayRow
		var day string
		if err := rows.Scan(&day, &r.DiffSum, &r.Amount, &r.SettledAt, &r.SubAccounts); err != nil {
			rows.Close()
			return nil, err
		}
		r.Day = Day(day)
		byDay[r.Day] = r
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	est, err := s.Settling(ctx, sc, coinType)
	if err != nil {
		return nil, err
	}
	for _, r := range settlingDays(est) {
		if r.Day >= from {
			byDay[r.Day] = r
		}
	}
	out := make([]DayRow, 0, n)
	for d := from; d <= today; d = d.Next() {
		r, ok := byDay[d]
		if !ok {
			r = DayRow{Day: d, Settling: d >= today}
		}
		out = append(out, r)
	}
	return out, nil
}

// FormatMicro writes millionths of a minor unit as a decimal of the coin's unit with
// decimals+6 digits: the precision the audit and the day detail show.
func FormatMicro(micro string, decimals int) string {
	v, ok := new(big.Int).SetString(micro, 10)
	if !ok {
		return micro
	}
	digits := v.String()
	places := decimals + 6
	if len(digits) <= places {
		digits = strings.Repeat("0", places-len(digits)+1) + digits
	}
	return digits[:len(digits)-places] + "." + digits[len(digits)-places:]
}

func sortInt64(s []int64) { sort.Slice(s, func(i, j int) bool { return s[i] < s[j] }) }

// HasEarned says whether a sub-account has any accrual or settled earnings on coin.
func (s *Store) HasEarned(ctx context.Context, sub int64, coinType string) (bool, error) {
	var n int
	err := s.DB.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM pps_minutes WHERE sub_account_id = ? AND coin = ?)
		+ (SELECT COUNT(*) FROM earnings WHERE sub_account_id = ? AND coin = ?)`, sub, coinType, sub, coinType).Scan(&n)
	return n > 0, err
}

// HoldsMoney says whether a sub-account has a balance, or accruals of a day not settled
// yet (which the settlement will book to it): pool.Store.HoldsMoney.
func HoldsMoney(ctx context.Context, q db.Querier, subAccountID int64) (bool, error) {
	if money, err := ledger.HoldsBalance(ctx, q, subAccountID); err != nil || money {
		return money, err
	}
	rows, err := q.Query(ctx, "SELECT DISTINCT coin FROM pps_minutes WHERE sub_account_id = ?", subAccountID)
	if err != nil {
		return false, fmt.Errorf("earnings: accruals of %d: %w", subAccountID, err)
	}
	var coins []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			rows.Close()
			return false, err
		}
		coins = append(coins, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return false, err
	}
	from, err := unsettledFrom(ctx, q, coins)
	if err != nil {
		return false, err
	}
	for _, c := range coins {
		var n int
		if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM pps_minutes WHERE sub_account_id = ? AND coin = ? AND minute >= ?", subAccountID, c, from[c]).Scan(&n); err != nil {
			return false, err
		}
		if n > 0 {
			return true, nil
		}
	}
	return false, nil
}

// SettledDay is one coin's day as settled for a scope: what observer messages announce.
type SettledDay struct {
	Coin        string
	Day         Day
	Amount      int64
	SubAccounts int
	SettledAt   int64 // Unix ms: the latest settlement of the day's rows in scope
}

// SettledSince lists the coin days in scope settled at or after since, newest settlement
// first. Days before since's Beijing day are not looked at (the index serves the rest), so
// a late catch-up of an older day is not among them.
func (s *Store) SettledSince(ctx context.Context, sc scope.Scope, since time.Time) ([]SettledDay, error) {
	where, args := sc.Where("user_id", "sub_account_id", "coin")
	rows, err := s.DB.Query(ctx, `SELECT coin, day, SUM(amount), COUNT(*), MAX(settled_at) FROM earnings
		WHERE `+where+` AND day >= ? AND settled_at >= ? GROUP BY coin, day ORDER BY MAX(settled_at) DESC, coin, day DESC`,
		append(args, string(DayOf(since).Prev()), since.UnixMilli())...)
	if err != nil {
		return nil, fmt.Errorf("earnings: settled days: %w", err)
	}
	defer rows.Close()
	out := []SettledDay{}
	for rows.Next() {
		var d SettledDay
		var day string
		if err := rows.Scan(&d.Coin, &day, &d.Amount, &d.SubAccounts, &d.SettledAt); err != nil {
			return nil, fmt.Errorf("earnings: settled days: %w", err)
		}
		d.Day = Day(day)
		out = append(out, d)
	}
	return out, rows.Err()
}
