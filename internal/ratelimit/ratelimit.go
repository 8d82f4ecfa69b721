// Package ratelimit counts hits per bucket in fixed windows, in the database or in Redis,
// so that a limit holds across every api process (DESIGN.md "Accounts and security").
package ratelimit

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/uniplus-pool/pool/internal/db"
)

// Limiter counts one hit in bucket and tells whether the bucket is still within limit
// hits for the current window.
type Limiter interface {
	Allow(ctx context.Context, bucket string, limit int, window time.Duration) (bool, error)
}

// windowStart is the start of the fixed window that now falls in, in Unix milliseconds.
func windowStart(now time.Time, window time.Duration) int64 {
	w := window.Milliseconds()
	if w <= 0 {
		w = 1
	}
	ms := now.UnixMilli()
	return ms - ms%w
}

// DB keeps counters in the rate_limits table.
type DB struct {
	DB  *db.DB
	Now func() time.Time
}

// Allow counts the hit with one atomic upsert, so concurrent processes never lose a hit.
func (l *DB) Allow(ctx context.Context, bucket string, limit int, window time.Duration) (bool, error) {
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	start := windowStart(now(), window)
	key := bucket + "|" + strconv.FormatInt(window.Milliseconds(), 10)
	var hits int
	err := l.DB.QueryRow(ctx, `INSERT INTO rate_limits (bucket, window_start, hits) VALUES (?, ?, 1)
		ON CONFLICT (bucket) DO UPDATE SET
			hits = CASE WHEN rate_limits.window_start = excluded.window_start THEN rate_limits.hits + 1 ELSE 1 END,
			window_start = excluded.window_start
		RETURNING hits`, key, start).Scan(&hits)
	if err != nil {
		return false, fmt.Errorf("ratelimit: count %s: %w", bucket, err)
	}
	return hits <= limit, nil
}

// Sweep deletes counters whose window ended before cutoff; the jobs role calls it.
func (l *DB) Sweep(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := l.DB.Exec(ctx, "DELETE FROM rate_limits WHERE window_start < ?", cutoff.UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("ratelimit: sweep: %w", err)
	}
	return res.RowsAffected()
}

// Redis keeps counters in Redis with INCR and an expiry of one window.
type Redis struct {
	Client *redis.Client
	Prefix string
	Now    func() time.Time
}

// NewRedis connects to a redis:// URL.
func NewRedis(url string) (*Redis, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, fmt.Errorf("ratelimit: redis url: %w", err)
	}
	return &Redis{Client: redis.NewClient(opt), Prefix: "poold:rl:"}, nil
}

// Allow counts the hit in a key named after the window, which expires with it.
func (l *Redis) Allow(ctx context.Context, bucket string, limit int, window time.Duration) (bool, error) {
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	key := l.Prefix + bucket + "|" + strconv.FormatInt(window.Milliseconds(), 10) + "|" + strconv.FormatInt(windowStart(now(), window), 10)
	pipe := l.Client.TxPipeline()
	incr := pipe.Incr(ctx, key)
	pipe.PExpire(ctx, key, window+time.Second)
	if _, err := pipe.Exec(ctx); err != nil {
		return false, fmt.Errorf("ratelimit: redis %s: %w", bucket, err)
	}
	return incr.Val() <= int64(limit), nil
}
