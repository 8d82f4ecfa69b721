package solo

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/mining"
)

// Windows of the solo pages.
const (
	Window10m    = 10 * time.Minute
	Window1h     = time.Hour
	Window24h    = 24 * time.Hour
	OnlineWithin = 10 * time.Minute // a rig with a share this recent is online
	// SessionGap ends a mining session: the session best is the best share since the
	// address's shares resumed after a gap this long.
	SessionGap = 10 * time.Minute
	// BucketSize is the hashrate chart's step.
	BucketSize = 10 * time.Minute
)

// byAddress is the condition of an address's shares.
const byAddress = "coin = ? AND address = ?"

// Known says whether the address has mined here: a share in the last Kept, or a solo block.
func (s *Store) Known(ctx context.Context, coin, address string) (bool, error) {
	var n int
	worker, workerArgs := mining.SoloWorkerOf(address)
	err := s.DB.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM solo_shares WHERE `+byAddress+` LIMIT 1) x)
		+ (SELECT COUNT(*) FROM (SELECT 1 FROM found_blocks WHERE solo AND coin = ? AND `+worker+` LIMIT 1) y)`,
		append([]any{coin, address, coin}, workerArgs...)...).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("solo: known %s: %w", coin, err)
	}
	return n > 0, nil
}

// Rates are hashrates over the solo pages' windows, H/s.
type Rates struct {
	M10, H1, H24 float64
}

// Summary is an address's solo mining at a glance.
type Summary struct {
	Rates
	WorkersOnline int
	Workers       int // rigs with a share in the last 24 hours
	BestSession   float64
	BestDay       float64
	BestEver      float64 // over Kept
	Blocks        int
	LastShareAt   int64
}

// Summary reads an address's figures at now; algo turns share difficulty into hashes.
func (s *Store) Summary(ctx context.Context, coin, address, algo string, now time.Time) (Summary, error) {
	var out Summary
	ms := now.UnixMilli()
	var d10, d1h, d24 float64
	var last int64
	err := s.DB.QueryRow(ctx, `SELECT
			COALESCE(SUM(CASE WHEN submitted_at >= ? THEN difficulty ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN submitted_at >= ? THEN difficulty ELSE 0 END), 0),
			COALESCE(SUM(difficulty), 0), COALESCE(MAX(actual), 0), COALESCE(MAX(submitted_at), 0),
			COUNT(DISTINCT CASE WHEN submitted_at >= ? THEN worker END), COUNT(DISTINCT worker)
		FROM solo_shares WHERE `+byAddress+` AND submitted_at >= ? AND submitted_at <= ?`,
		ms-Window10m.Milliseconds(), ms-Window1h.Milliseconds(), ms-OnlineWithin.Milliseconds(), coin, address, ms-Window24h.Milliseconds(), ms).
		Scan(&d10, &d1h, &d24, &out.BestDay, &last, &out.WorkersOnline, &out.Workers)
	if err != nil {
		return out, fmt.Errorf("solo: summary %s: %w", coin, err)
	}
	out.Rates = Rates{hashrate.FromDifficulty(d10, algo, Window10m), hashrate.FromDifficulty(d1h, algo, Window1h), hashrate.FromDifficulty(d24, algo, Window24h)}
	out.LastShareAt = last
	if err := s.DB.QueryRow(ctx, `SELECT COALESCE(MAX(actual), 0), COALESCE(MAX(submitted_at), 0) FROM solo_shares WHERE `+byAddress,
		coin, address).Scan(&out.BestEver, &out.LastShareAt); err != nil {
		return out, fmt.Errorf("solo: best %s: %w", coin, err)
	}
	if out.BestSession, err = s.sessionBest(ctx, coin, address, now); err != nil {
		return out, err
	}
	worker, workerArgs := mining.SoloWorkerOf(address)
	if err := s.DB.QueryRow(ctx, `SELECT COUNT(*) FROM found_blocks WHERE solo AND coin = ? AND status <> ? AND `+worker,
		append([]any{coin, mining.BlockRejected}, workerArgs...)...).Scan(&out.Blocks); err != nil {
		return out, fmt.Errorf("solo: blocks %s: %w", coin, err)
	}
	return out, nil
}

// sessionBest is the best share since the address's shares resumed after a SessionGap, or
// 0 when it has had none within SessionGap of now; it looks back 24 hours at most.
func (s *Store) sessionBest(ctx context.Context, coin, address string, now time.Time) (float64, error) {
	rows, err := s.DB.Query(ctx, `SELECT submitted_at, actual FROM solo_shares WHERE `+byAddress+` AND submitted_at >= ?
		ORDER BY submitted_at DESC`, coin, address, now.Add(-Window24h).UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("solo: session %s: %w", coin, err)
	}
	defer rows.Close()
	best, next := 0.0, now.UnixMilli()
	for rows.Next() {
		var at int64
		var actual float64
		if err := rows.Scan(&at, &actual); err != nil {
			return 0, err
		}
		if next-at > SessionGap.Milliseconds() {
			break
		}
		best, next = math.Max(best, actual), at
	}
	return best, rows.Err()
}

// Worker is one rig of an address over the last 24 hours.
type Worker struct {
	Name        string // the rig suffix, "" for the bare address
	Rates       Rates
	BestShare   float64
	LastShareAt int64
	Online      bool
}

// Workers lists an address's rigs with a share in the last 24 hours, by name.
func (s *Store) Workers(ctx context.Context, coin, address, algo string, now time.Time) ([]Worker, error) {
	ms := now.UnixMilli()
	rows, err := s.DB.Query(ctx, `SELECT worker,
			COALESCE(SUM(CASE WHEN submitted_at >= ? THEN difficulty ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN submitted_at >= ? THEN difficulty ELSE 0 END), 0),
			SUM(difficulty), MAX(actual), MAX(submitted_at)
		FROM solo_shares WHERE `+byAddress+` AND submitted_at >= ? AND submitted_at <= ? GROUP BY worker ORDER BY worker`,
		ms-Window10m.Milliseconds(), ms-Window1h.Milliseconds(), coin, address, ms-Window24h.Milliseconds(), ms)
	if err != nil {
		return nil, fmt.Errorf("solo: workers %s: %w", coin, err)
	}
	defer rows.Close()
	out := []Worker{}
	for rows.Next() {
		var w Worker
		var d10, d1h, d24 float64
		if err := rows.Scan(&w.Name, &d10, &d1h, &d24, &w.BestShare, &w.LastShareAt); err != nil {
			return nil, err
		}
		w.Rates = Rates{hashrate.FromDifficulty(d10, algo, Window10m), hashrate.FromDifficulty(d1h, algo, Window1h), hashrate.FromDifficulty(d24, algo, Window24h)}
		w.Online = w.LastShareAt >= ms-OnlineWithin.Milliseconds()
		out = append(out, w)
	}
	return out, rows.Err()
}

// Share is one share record.
type Share struct {
	ID          int64
	Worker      string
	Difficulty  float64
	Actual      float64
	Height      int64
	NetDiff     float64
	Block       bool
	SubmittedAt int64
}

// Shares pages an address's shares, newest first.
func (s *Store) Shares(ctx context.Context, coin, address string, page, size int) ([]Share, int, error) {
	var total int
	if err := s.DB.QueryRow(ctx, "SELECT COUNT(*) FROM solo_shares WHERE "+byAddress, coin, address).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("solo: count shares %s: %w", coin, err)
	}
	rows, err := s.DB.Query(ctx, `SELECT id, worker, difficulty, actual, height, net_diff, block, submitted_at FROM solo_shares
		WHERE `+byAddress+` ORDER BY submitted_at DESC, id DESC LIMIT ? OFFSET ?`, coin, address, size, (page-1)*size)
	if err != nil {
		return nil, 0, fmt.Errorf("solo: shares %s: %w", coin, err)
	}
	defer rows.Close()
	out := []Share{}
	for rows.Next() {
		var sh Share
		if err := rows.Scan(&sh.ID, &sh.Worker, &sh.Difficulty, &sh.Actual, &sh.Height, &sh.NetDiff, &sh.Block, &sh.SubmittedAt); err != nil {
			return nil, 0, err
		}
		out = append(out, sh)
	}
	return out, total, rows.Err()
}

// Point is one step of the hashrate chart.
type Point struct {
	At       int64 // Unix ms of the bucket's start
	HashRate float64
}

// History is the address's hashrate in BucketSize steps over the 24 hours before now
// (whole buckets; empty ones are 0).
func (s *Store) History(ctx context.Context, coin, address, algo string, now time.Time) ([]Point, error) {
	step := BucketSize.Milliseconds()
	end := now.UnixMilli() / step * step
	start := end - Window24h.Milliseconds()
	rows, err := s.DB.Query(ctx, `SELECT submitted_at / ? AS bucket, SUM(difficulty) FROM solo_shares
		WHERE `+byAddress+` AND submitted_at >= ? AND submitted_at < ? GROUP BY 1`, step, coin, address, start, end)
	if err != nil {
		return nil, fmt.Errorf("solo: history %s: %w", coin, err)
	}
	defer rows.Close()
	sums := map[int64]float64{}
	for rows.Next() {
		var b int64
		var d float64
		if err := rows.Scan(&b, &d); err != nil {
			return nil, err
		}
		sums[b*step] = d
	}
	out := make([]Point, 0, Window24h/BucketSize)
	for at := start; at < end; at += step {
		out = append(out, Point{At: at, HashRate: hashrate.FromDifficulty(sums[at], algo, BucketSize)})
	}
	return out, rows.Err()
}

// Chance is the odds of a solo block: expected seconds to one, and the probability of at
// least one in a day, a month (30 days) and a year (365 days), for hs hashes a second
// against network difficulty netDiff: 1 - exp(-hs t / (netDiff x hashes per difficulty 1)).
type Chance struct {
	ExpectedSeconds  float64 // 0 when hs is 0
	Day, Month, Year float64
	HashesPerBlock   float64
}

// ChanceOf computes the odds for algo's difficulty-1 work (2^32 hashes for sha256d, 2^16
// for scrypt).
func ChanceOf(hs, netDiff float64, algo string) Chance {
	c := Chance{HashesPerBlock: netDiff * chain.HashesPerDifficulty(algo)}
	if hs <= 0 || c.HashesPerBlock <= 0 {
		return c
	}
	c.ExpectedSeconds = c.HashesPerBlock / hs
	p := func(d time.Duration) float64 { return -math.Expm1(-hs * d.Seconds() / c.HashesPerBlock) }
	c.Day, c.Month, c.Year = p(24*time.Hour), p(30*24*time.Hour), p(365*24*time.Hour)
	return c
}

// DiffBetween sums an address's share difficulty after from up to and including to: the
// work behind its solo block since its previous one (the block's effort).
func (s *Store) DiffBetween(ctx context.Context, coin, address string, from, to time.Time) (float64, error) {
	var sum float64
	err := s.DB.QueryRow(ctx, `SELECT COALESCE(SUM(difficulty), 0) FROM solo_shares WHERE `+byAddress+` AND submitted_at > ? AND submitted_at <= ?`,
		coin, address, from.UnixMilli(), to.UnixMilli()).Scan(&sum)
	if err != nil {
		return 0, fmt.Errorf("solo: difficulty %s: %w", coin, err)
	}
	return sum, nil
}
