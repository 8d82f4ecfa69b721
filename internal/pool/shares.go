package pool

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/scope"
)

// ShareMinute is one device's shares in one minute, as the mining engine aggregates
// them (DESIGN.md "Mining"). DiffSum is the summed difficulty of the accepted shares.
type ShareMinute struct {
	DeviceID int64
	Minute   time.Time // any time in the minute; stored as the minute's start (UTC)
	Coin     string
	DiffSum  float64
	Accepted int
	Rejected int
	Stale    int
}

// shareBatch bounds the rows of one INSERT (7 parameters each, far below both
// databases' parameter limits).
const shareBatch = 500

// minuteOf is the start of t's minute in Unix ms.
func minuteOf(t time.Time) int64 {
	ms := t.UnixMilli()
	m := ms % time.Minute.Milliseconds()
	if m < 0 {
		m += time.Minute.Milliseconds()
	}
	return ms - m
}

// AddShareMinutes adds rows to share_minutes, adding to a row that already exists for
// the device and minute, and the same shares to sub_account_minutes per sub-account,
// coin and minute. Rows for the same key are merged first (one statement may not
// update a row twice on PostgreSQL) and written in key order, so two flushers never
// deadlock. A merged device row keeps the first coin it was given. Give it a
// transaction (db.Tx) so that both tables take the shares or neither does: a flush
// that is retried after a failure must not count shares twice.
func AddShareMinutes(ctx context.Context, q db.Querier, rows []ShareMinute) error {
	type key struct{ dev, minute int64 }
	merged := map[key]*ShareMinute{}
	keys := make([]key, 0, len(rows))
	for _, r := range rows {
		k := key{r.DeviceID, minuteOf(r.Minute)}
		if m, ok := merged[k]; ok {
			m.add(r)
			continue
		}
		r := r
		merged[k] = &r
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b key) int {
		return cmp.Or(cmp.Compare(a.dev, b.dev), cmp.Compare(a.minute, b.minute))
	})
	devRows := make([][]any, len(keys))
	ids := make([]int64, 0, len(keys))
	for i, k := range keys {
		r := merged[k]
		devRows[i] = []any{k.dev, k.minute, r.Coin, r.DiffSum, r.Accepted, r.Rejected, r.Stale}
		if i == 0 || keys[i-1].dev != k.dev {
			ids = append(ids, k.dev)
		}
	}
	if err := addSums(ctx, q, "share_minutes", "device_id, minute, coin", "device_id, minute", devRows); err != nil {
		return err
	}

	subOf, err := subAccountsOf(ctx, q, ids)
	if err != nil {
		return err
	}
	type subKey struct {
		sub    int64
		coin   string
		minute int64
	}
	subs := map[subKey]*ShareMinute{}
	subKeys := []subKey{}
	for _, k := range keys {
		r := merged[k]
		sub, ok := subOf[k.dev]
		if !ok {
			continue // not a device (a test's made-up id): nobody's account to count on
		}
		sk := subKey{sub, r.Coin, k.minute}
		if m, ok := subs[sk]; ok {
			m.add(*r)
			continue
		}
		c := *r
		subs[sk] = &c
		subKeys = append(subKeys, sk)
	}
	slices.SortFunc(subKeys, func(a, b subKey) int {
		return cmp.Or(cmp.Compare(a.sub, b.sub), cmp.Compare(a.coin, b.coin), cmp.Compare(a.minute, b.minute))
	})
	subRows := make([][]any, len(subKeys))
	for i, k := range subKeys {
		r := subs[k]
		subRows[i] = []any{k.sub, k.coin, k.minute, r.DiffSum, r.Accepted, r.Rejected, r.Stale}
	}
	return addSums(ctx, q, "sub_account_minutes", "sub_account_id, coin, minute", "sub_account_id, coin, minute", subRows)
}

func (m *ShareMinute) add(r ShareMinute) {
	m.DiffSum += r.DiffSum
	m.Accepted += r.Accepted
	m.Rejected += r.Rejected
	m.Stale += r.Stale
}

// addSums inserts rows (the key columns, then diff_sum, accepted, rejected, stale) into
// table, adding the sums to a row whose conflict columns match, shareBatch rows a
// statement.
func addSums(ctx context.Context, q db.Querier, table, keyCols, conflict string, rows [][]any) error {
	for start := 0; start < len(rows); start += shareBatch {
		part := rows[start:min(start+shareBatch, len(rows))]
		args := make([]any, 0, len(part)*7)
		values := make([]byte, 0, len(part)*24)
		for i, r := range part {
			if i > 0 {
				values = append(values, ", "...)
			}
			values = append(values, "(?, ?, ?, ?, ?, ?, ?)"...)
			args = append(args, r...)
		}
		_, err := q.Exec(ctx, `INSERT INTO `+table+` (`+keyCols+`, diff_sum, accepted, rejected, stale)
			VALUES `+string(values)+` ON CONFLICT (`+conflict+`) DO UPDATE SET
			diff_sum = `+table+`.diff_sum + excluded.diff_sum, accepted = `+table+`.accepted + excluded.accepted,
			rejected = `+table+`.rejected + excluded.rejected, stale = `+table+`.stale + excluded.stale`, args...)
		if err != nil {
			return fmt.Errorf("pool: add %d rows to %s: %w", len(part), table, err)
		}
	}
	return nil
}

// subAccountsOf maps device ids to their sub-accounts' (removed devices included).
func subAccountsOf(ctx context.Context, q db.Querier, ids []int64) (map[int64]int64, error) {
	owners, err := Owners(ctx, q, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]int64, len(owners))
	for id, o := range owners {
		out[id] = o.SubAccountID
	}
	return out, nil
}

// Owner is whose a device's shares are, and whether they earn: only a bound device's
// shares accrue pay-per-share earnings (SPEC section 4, "unbinding stops earnings").
type Owner struct {
	SubAccountID int64
	UserID       int64
	Bound        bool
}

// Owners maps device ids to their owners (removed devices included); give it the share
// flush's transaction so that a device unbound before the flush earns nothing from it.
func Owners(ctx context.Context, q db.Querier, ids []int64) (map[int64]Owner, error) {
	out := make(map[int64]Owner, len(ids))
	err := db.InBatches(ids, func(in []any) error {
		rows, err := q.Query(ctx, `SELECT d.id, d.sub_account_id, s.user_id, d.bound FROM devices d
			JOIN sub_accounts s ON s.id = d.sub_account_id WHERE d.id IN (`+db.Marks(len(in))+")", in...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var o Owner
			if err := rows.Scan(&id, &o.SubAccountID, &o.UserID, &o.Bound); err != nil {
				return err
			}
			out[id] = o
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("pool: owners of devices: %w", err)
	}
	return out, nil
}

// ShareStats are share sums over the two windows the pages show: difficulty over the
// real-time window and over 24 h, and share counts over 24 h.
type ShareStats struct {
	RealTimeDiff float64
	DayDiff      float64
	// RealTimeAccepted counts the accepted shares in the real-time window: how sure the
	// real-time figure is (Effective).
	RealTimeAccepted int64
	Accepted         int64
	Rejected         int64
	Stale            int64
	// RealTimeSpan and DaySpan are how much of each window was mined: the whole window,
	// or, for devices whose first accepted share came inside it, the time since that
	// share (MiningSpan). A figure is the difficulty over the span, so a rig that started
	// three minutes ago reads its rate, not a fifth of it. Zero means the whole window.
	RealTimeSpan time.Duration
	DaySpan      time.Duration
}

// MinFigureShares and MinFigureSpan are what a real-time figure needs before a page shows
// it: with fewer shares, or less than a minute of mining, it says "measuring…" instead.
// Five shares put the true rate within about 0.3 to 2.3 times the figure (Effective).
const (
	MinFigureShares = 5
	MinFigureSpan   = time.Minute
)

// MiningSpan is the part of the window [from, to) (Unix ms) that was mined by devices
// whose earliest first accepted share is first (Unix ms; 0 when unknown): the whole
// window when that share came before it, the time since it when inside, 0 when it came
// after to (its shares are not in the window's whole minutes yet).
func MiningSpan(first, from, to int64) time.Duration {
	if first <= from {
		return time.Duration(to-from) * time.Millisecond
	}
	return time.Duration(max(0, to-first)) * time.Millisecond
}

func spanOr(span, window time.Duration) time.Duration {
	if span <= 0 || span > window {
		return window
	}
	return span
}

// RealTime is the real-time hashrate in H/s under algo: the difficulty of the last 15
// minutes over the time mined in them (RealTimeSpan).
func (st ShareStats) RealTime(algo string) float64 {
	if st.RealTimeDiff == 0 {
		return 0
	}
	return Hashrate(st.RealTimeDiff, algo, spanOr(st.RealTimeSpan, RealTimeWindow))
}

// Measuring says the real-time figure is not one yet: fewer than MinFigureShares shares
// or less than MinFigureSpan mined, but some shares (a rig with none reads 0).
func (st ShareStats) Measuring() bool {
	return st.RealTimeAccepted > 0 && (st.RealTimeAccepted < MinFigureShares || spanOr(st.RealTimeSpan, RealTimeWindow) < MinFigureSpan)
}

// WindowFull says the real-time window was mined whole: only then can the pool's figure
// be held against the rig's own (a warning before would blame the rig for its start).
func (st ShareStats) WindowFull() bool {
	return spanOr(st.RealTimeSpan, RealTimeWindow) >= RealTimeWindow
}

// RealTimeRate is RealTime as the API carries it, measuring while Measuring.
func (st ShareStats) RealTimeRate(algo string) hashrate.Rate {
	return hashrate.Measured(st.RealTime(algo), st.Measuring())
}

// DayRate is Day as the API carries it: measuring while the real-time figure is (the day
// figure of a rig a minute old is that same minute).
func (st ShareStats) DayRate(algo string) hashrate.Rate {
	return hashrate.Measured(st.Day(algo), st.Measuring())
}

// Effective is the 95% range of the real-time hashrate under algo given how few shares
// it rests on: shares arrive as a Poisson process, so with N shares the true rate lies
// between the exact two-sided Poisson bounds of N, scaled by the rate per share. With
// no share there is no rate per share: 0, 0.
func (st ShareStats) Effective(algo string) (low, high float64) {
	n := st.RealTimeAccepted
	if n <= 0 {
		return 0, 0
	}
	lo, hi := poissonBounds(n)
	perShare := st.RealTime(algo) / float64(n)
	return lo * perShare, hi * perShare
}

// poissonBounds are the exact 95% bounds of a Poisson mean after n events: the means
// for which seeing at least n (lower) or at most n (upper) events has probability
// 2.5%. Past 1,000 events Wilson-Hilferty's approximation is as good and cheaper.
func poissonBounds(n int64) (low, high float64) {
	const tail = 0.025
	x := float64(n)
	if n > 1000 {
		const z = 1.959964
		m := x + 1
		return x * math.Pow(1-1/(9*x)-z/(3*math.Sqrt(x)), 3), m * math.Pow(1-1/(9*m)+z/(3*math.Sqrt(m)), 3)
	}
	// cdf is P(X <= k) for mean mu, summed in log space (no underflow for large mu).
	cdf := func(k int64, mu float64) float64 {
		var sum float64
		logTerm := -mu
		for i := int64(0); i <= k; i++ {
			if i > 0 {
				logTerm += math.Log(mu) - math.Log(float64(i))
			}
			sum += math.Exp(logTerm)
		}
		return sum
	}
	// solve finds mu in [a, b] where f(mu) = tail, f falling in mu.
	solve := func(f func(float64) float64, a, b float64) float64 {
		for range 100 {
			mid := (a + b) / 2
			if f(mid) > tail {
				a = mid
			} else {
				b = mid
			}
		}
		return (a + b) / 2
	}
	top := x + 10*math.Sqrt(x) + 10
	high = solve(func(mu float64) float64 { return cdf(n, mu) }, 0, top)
	low = solve(func(mu float64) float64 { return 1 - cdf(n-1, mu) }, top, 0)
	return low, high
}

// Day is the 24-hour hashrate in H/s under algo, over the time mined in those 24 hours
// (DaySpan).
func (st ShareStats) Day(algo string) float64 {
	if st.DayDiff == 0 {
		return 0
	}
	return Hashrate(st.DayDiff, algo, spanOr(st.DaySpan, DayWindow))
}

// withSpans sets st's spans from the earliest first accepted share of the devices behind
// it (firstRT among those with a share in the real-time window, firstDay in the day
// window) at the window bounds of windows(now).
func (st *ShareStats) withSpans(firstRT, firstDay, to, rt, day int64) {
	st.RealTimeSpan = MiningSpan(firstRT, rt, to)
	st.DaySpan = MiningSpan(firstDay, day, to)
}

// windows are the bounds of the read windows at now: whole minutes before the current
// one, which the engine may still be adding to.
func windows(now time.Time) (to, realTimeFrom, dayFrom int64) {
	to = minuteOf(now)
	return to, to - RealTimeWindow.Milliseconds(), to - DayWindow.Milliseconds()
}

// statColumns take the real-time window's start twice (statArgs).
const statColumns = `COALESCE(SUM(CASE WHEN m.minute >= ? THEN m.diff_sum ELSE 0 END), 0), COALESCE(SUM(m.diff_sum), 0),
	COALESCE(SUM(CASE WHEN m.minute >= ? THEN m.accepted ELSE 0 END), 0),
	COALESCE(SUM(m.accepted), 0), COALESCE(SUM(m.rejected), 0), COALESCE(SUM(m.stale), 0)`

const statFrom = ` FROM share_minutes m JOIN devices d ON d.id = m.device_id JOIN sub_accounts s ON s.id = d.sub_account_id `

// subStatFrom reads the per-sub-account sums: one row a minute per sub-account and coin,
// however many devices mined.
const subStatFrom = ` FROM sub_account_minutes m JOIN sub_accounts s ON s.id = m.sub_account_id `

func scanStats(row interface{ Scan(...any) error }, lead ...any) (ShareStats, error) {
	var st ShareStats
	err := row.Scan(append(lead, &st.RealTimeDiff, &st.DayDiff, &st.RealTimeAccepted, &st.Accepted, &st.Rejected, &st.Stale)...)
	return st, err
}

// DeviceStats sums each device's shares on its current coin, by device id. The whole
// hours of the day window that are rolled up come from share_hours (24 rows a device
// instead of 1,440); the edges and the real-time window from share_minutes.
func (s *Store) DeviceStats(ctx context.Context, ids []int64, now time.Time) (map[int64]ShareStats, error) {
	out := map[int64]ShareStats{}
	to, rt, day := windows(now)
	done, err := s.rolledUpTo(ctx)
	if err != nil {
		return nil, err
	}
	hour := time.Hour.Milliseconds()
	// Hours from the first whole one in the window to the last one rolled up, and
	// never into the real-time window (its minutes are read one by one).
	hFrom := day + (hour-day%hour)%hour
	hTo := min(done, rt-rt%hour)
	if hTo <= hFrom {
		hFrom, hTo = to, to // no whole hour to use: minutes only
	}
	err = db.InBatches(ids, func(in []any) error {
		// Minutes: [day, hFrom) and [hTo, to).
		rows, err := s.DB.Query(ctx, "SELECT m.device_id, "+statColumns+` FROM share_minutes m JOIN devices d ON d.id = m.device_id
			WHERE m.coin = d.coin AND ((m.minute >= ? AND m.minute < ?) OR (m.minute >= ? AND m.minute < ?))
			AND m.device_id IN (`+db.Marks(len(in))+") GROUP BY m.device_id", append([]any{rt, rt, day, hFrom, hTo, to}, in...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			st, err := scanStats(rows, &id)
			if err != nil {
				return err
			}
			out[id] = st
		}
		if err := rows.Err(); err != nil || hFrom == hTo {
			return err
		}
		rows.Close()
		hours, err := s.DB.Query(ctx, `SELECT m.device_id, SUM(m.diff_sum), SUM(m.accepted), SUM(m.rejected), SUM(m.stale)
			FROM share_hours m JOIN devices d ON d.id = m.device_id
			WHERE m.coin = d.coin AND m.hour >= ? AND m.hour < ? AND m.device_id IN (`+db.Marks(len(in))+") GROUP BY m.device_id",
			append([]any{hFrom, hTo}, in...)...)
		if err != nil {
			return fmt.Errorf("hours: %w", err)
		}
		defer hours.Close()
		for hours.Next() {
			var id, acc, rej, stale int64
			var sum float64
			if err := hours.Scan(&id, &sum, &acc, &rej, &stale); err != nil {
				return fmt.Errorf("hours: %w", err)
			}
			st := out[id]
			st.DayDiff += sum
			st.Accepted += acc
			st.Rejected += rej
			st.Stale += stale
			out[id] = st
		}
		return hours.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("pool: device stats: %w", err)
	}
	if err := s.deviceSpans(ctx, out, to, rt, day); err != nil {
		return nil, err
	}
	return out, nil
}

// deviceSpans sets the spans of the devices in stats from their first accepted shares.
func (s *Store) deviceSpans(ctx context.Context, stats map[int64]ShareStats, to, rt, day int64) error {
	ids := make([]int64, 0, len(stats))
	for id := range stats {
		ids = append(ids, id)
	}
	err := db.InBatches(ids, func(in []any) error {
		rows, err := s.DB.Query(ctx, "SELECT id, first_seen_at FROM devices WHERE id IN ("+db.Marks(len(in))+")", in...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id, first int64
			if err := rows.Scan(&id, &first); err != nil {
				return err
			}
			st := stats[id]
			st.withSpans(first, first, to, rt, day)
			stats[id] = st
		}
		return rows.Err()
	})
	if err != nil {
		return fmt.Errorf("pool: device spans: %w", err)
	}
	return nil
}

// firstShareColumns are the earliest first accepted share of the devices with a share in
// the real-time window and of those with one in the day window (the start of each
// window's span, MiningSpan); args: the real-time window's start, and the day window's
// start in WHERE. A device counts for the coin it is on now.
const firstShareColumns = `COALESCE(MIN(CASE WHEN d.last_share_at >= ? THEN d.first_seen_at END), 0), COALESCE(MIN(d.first_seen_at), 0)`

// UserStats sums the shares of the scope's devices on coinType (a coin outside the scope
// sums nothing). Devices removed since still count for the hours they mined.
func (s *Store) UserStats(ctx context.Context, sc scope.Scope, coinType string, now time.Time) (ShareStats, error) {
	to, rt, day := windows(now)
	in, scoped := sc.Where("s.user_id", "s.id", "m.coin")
	args := append([]any{rt, rt}, scoped...)
	args = append(args, coinType, day, to)
	st, err := scanStats(s.DB.QueryRow(ctx, "SELECT "+statColumns+subStatFrom+"WHERE "+in+" AND m.coin = ? AND m.minute >= ? AND m.minute < ?", args...))
	if err != nil {
		return st, fmt.Errorf("pool: stats of user %d: %w", sc.UserID, err)
	}
	in, scoped = sc.Where("s.user_id", "s.id", "d.coin")
	var firstRT, firstDay int64
	err = s.DB.QueryRow(ctx, "SELECT "+firstShareColumns+" FROM devices d JOIN sub_accounts s ON s.id = d.sub_account_id WHERE "+in+
		" AND d.coin = ? AND d.last_share_at >= ?", append(append([]any{rt}, scoped...), coinType, day)...).Scan(&firstRT, &firstDay)
	if err != nil {
		return st, fmt.Errorf("pool: first shares of user %d: %w", sc.UserID, err)
	}
	st.withSpans(firstRT, firstDay, to, rt, day)
	return st, nil
}

// SubAccountStats sums each of the user's sub-accounts' shares on its default coin, by
// sub-account id.
func (s *Store) SubAccountStats(ctx context.Context, sc scope.Scope, now time.Time) (map[int64]ShareStats, error) {
	to, rt, day := windows(now)
	in, scoped := sc.Where("s.user_id", "s.id", "m.coin")
	args := append([]any{rt, rt}, scoped...)
	args = append(args, day, to)
	rows, err := s.DB.Query(ctx, "SELECT s.id, "+statColumns+subStatFrom+
		"WHERE "+in+" AND s.deleted_at IS NULL AND m.coin = s.default_coin AND m.minute >= ? AND m.minute < ? GROUP BY s.id",
		args...)
	if err != nil {
		return nil, fmt.Errorf("pool: sub-account stats: %w", err)
	}
	defer rows.Close()
	out := map[int64]ShareStats{}
	for rows.Next() {
		var id int64
		st, err := scanStats(rows, &id)
		if err != nil {
			return nil, fmt.Errorf("pool: sub-account stats: %w", err)
		}
		out[id] = st
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("pool: sub-account stats: %w", err)
	}
	rows.Close()
	in, scoped = sc.Where("s.user_id", "s.id", "d.coin")
	firsts, err := s.DB.Query(ctx, "SELECT s.id, "+firstShareColumns+" FROM devices d JOIN sub_accounts s ON s.id = d.sub_account_id WHERE "+in+
		" AND s.deleted_at IS NULL AND d.coin = s.default_coin AND d.last_share_at >= ? GROUP BY s.id", append(append([]any{rt}, scoped...), day)...)
	if err != nil {
		return nil, fmt.Errorf("pool: first shares of sub-accounts: %w", err)
	}
	defer firsts.Close()
	for firsts.Next() {
		var id, firstRT, firstDay int64
		if err := firsts.Scan(&id, &firstRT, &firstDay); err != nil {
			return nil, fmt.Errorf("pool: first shares of sub-accounts: %w", err)
		}
		if st, ok := out[id]; ok {
			st.withSpans(firstRT, firstDay, to, rt, day)
			out[id] = st
		}
	}
	return out, firsts.Err()
}

// CoinStats are the whole pool's shares on one coin, what the home table and the engine's
// pool_stats show: ShareStats summed over every device that mined the coin in the windows
// (devices moved to another coin or removed since included, for the minutes they mined
// it, as UserStats counts them), and ActiveMiners, the devices with accepted shares in
// the real-time window.
type CoinStats struct {
	ShareStats
	ActiveMiners int
}

// CoinStats sums the pool's shares on coinType over the same windows as the device and
// sub-account pages (windows(now)), so the pool's hashrate is the sum of its devices'.
func (s *Store) CoinStats(ctx context.Context, coinType string, now time.Time) (CoinStats, error) {
	to, rt, day := windows(now)
	var st CoinStats
	err := s.DB.QueryRow(ctx, "SELECT "+statColumns+`, COUNT(DISTINCT CASE WHEN m.minute >= ? AND m.accepted > 0 THEN m.device_id END)
		FROM share_minutes m WHERE m.coin = ? AND m.minute >= ? AND m.minute < ?`, rt, rt, rt, coinType, day, to).Scan(
		&st.RealTimeDiff, &st.DayDiff, &st.RealTimeAccepted, &st.Accepted, &st.Rejected, &st.Stale, &st.ActiveMiners)
	if err != nil {
		return st, fmt.Errorf("pool: stats of coin %s: %w", coinType, err)
	}
	var firstRT, firstDay int64
	if err := s.DB.QueryRow(ctx, "SELECT "+firstShareColumns+" FROM devices d WHERE d.coin = ? AND d.last_share_at >= ?",
		rt, coinType, day).Scan(&firstRT, &firstDay); err != nil {
		return st, fmt.Errorf("pool: first shares on coin %s: %w", coinType, err)
	}
	st.withSpans(firstRT, firstDay, to, rt, day)
	return st, nil
}

// Point is one HistoryBucket of a device's hashrate history.
type Point struct {
	Time     int64   `json:"time"` // Unix ms of the bucket's start
	HashRate float64 `json:"hashRate"`
	Accepted int64   `json:"accepted"`
	Rejected int64   `json:"rejected"`
	Stale    int64   `json:"stale"`
}

// History is the device's hashrate on its current coin in 10-minute buckets over the
// last hours, oldest first, ending with the last whole bucket; empty buckets are zeros.
func (s *Store) History(ctx context.Context, d Device, algo string, hours int, now time.Time) ([]Point, error) {
	return s.history(ctx, historyScope{deviceID: d.ID, coin: d.Coin}, algo, HistoryBucket, hours*int(time.Hour/HistoryBucket), now)
}

// CoinDiffBetween sums the accepted share difficulty of a coin's devices in the minutes from
// from up to to (both rounded down to their minute, to's minute included): the work behind a
// found block since the one before it (its effort).
func (s *Store) CoinDiffBetween(ctx context.Context, coinType string, from, to time.Time) (float64, error) {
	var sum float64
	err := s.DB.QueryRow(ctx, `SELECT COALESCE(SUM(diff_sum), 0) FROM share_minutes WHERE coin = ? AND minute >= ? AND minute <= ?`,
		coinType, from.Truncate(time.Minute).UnixMilli(), to.Truncate(time.Minute).UnixMilli()).Scan(&sum)
	if err != nil {
		return 0, fmt.Errorf("pool: difficulty of coin %s: %w", coinType, err)
	}
	return sum, nil
}

// SubAccountWork is one sub-account's accepted share difficulty on a coin over a window.
type SubAccountWork struct {
	SubAccountID int64
	UserID       int64
	Code         string
	DiffSum      float64
}

// DayWork lists the sub-accounts with accepted shares on a coin in the day window before
// now (the 24-hour hashrate's window), from the per-sub-account minutes.
func (s *Store) DayWork(ctx context.Context, coinType string, now time.Time) ([]SubAccountWork, error) {
	to, _, day := windows(now)
	rows, err := s.DB.Query(ctx, `SELECT m.sub_account_id, s.user_id, s.code, SUM(m.diff_sum) FROM sub_account_minutes m
		JOIN sub_accounts s ON s.id = m.sub_account_id WHERE m.coin = ? AND m.minute >= ? AND m.minute < ?
		GROUP BY m.sub_account_id, s.user_id, s.code HAVING SUM(m.diff_sum) > 0`, coinType, day, to)
	if err != nil {
		return nil, fmt.Errorf("pool: day work of %s: %w", coinType, err)
	}
	defer rows.Close()
	var out []SubAccountWork
	for rows.Next() {
		var w SubAccountWork
		if err := rows.Scan(&w.SubAccountID, &w.UserID, &w.Code, &w.DiffSum); err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, rows.Err()
}
