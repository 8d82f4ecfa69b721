package ratelimit

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/uniplus-pool/pool/internal/db"
)

// Guard counts failures (wrong passwords, wrong codes) per key in a sliding window and
// locks a key for a while once it has too many.
type Guard interface {
	// Locked tells whether key is locked now.
	Locked(ctx context.Context, key string) (bool, error)
	// Fail records a failure; when the failures within window reach max, key is locked
	// for lockFor and Fail answers true.
	Fail(ctx context.Context, key string, max int, window, lockFor time.Duration) (bool, error)
	// Reset forgets key's failures (after a success).
	Reset(ctx context.Context, key string) error
}

// DBGuard keeps failures and locks in the auth_failures and lockouts tables.
type DBGuard struct {
	DB  *db.DB
	Now func() time.Time
}

func (g *DBGuard) now() time.Time {
	if g.Now != nil {
		return g.Now()
	}
	return time.Now()
}

// Locked implements Guard.
func (g *DBGuard) Locked(ctx context.Context, key string) (bool, error) {
	var n int
	err := g.DB.QueryRow(ctx, "SELECT COUNT(*) FROM lockouts WHERE key = ? AND until > ?", key, g.now().UnixMilli()).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("ratelimit: locked %s: %w", key, err)
	}
	return n > 0, nil
}

// Fail implements Guard.
func (g *DBGuard) Fail(ctx context.Context, key string, max int, window, lockFor time.Duration) (bool, error) {
	now := g.now().UnixMilli()
	locked := false
	err := g.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO auth_failures (key, at) VALUES (?, ?)", key, now); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM auth_failures WHERE key = ? AND at > ?", key, now-window.Milliseconds()).Scan(&n); err != nil {
			return err
		}
		if n < max {
			return nil
		}
		locked = true
		if _, err := tx.Exec(ctx, `INSERT INTO lockouts (key, until) VALUES (?, ?)
			ON CONFLICT (key) DO UPDATE SET until = excluded.until`, key, now+lockFor.Milliseconds()); err != nil {
			return err
		}
		// The lock now speaks for these failures; starting over keeps one more failure
		// after the lock ends from locking again at once.
		_, err := tx.Exec(ctx, "DELETE FROM auth_failures WHERE key = ?", key)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("ratelimit: fail %s: %w", key, err)
	}
	return locked, nil
}

// Reset implements Guard.
func (g *DBGuard) Reset(ctx context.Context, key string) error {
	if _, err := g.DB.Exec(ctx, "DELETE FROM auth_failures WHERE key = ?", key); err != nil {
		return fmt.Errorf("ratelimit: reset %s: %w", key, err)
	}
	return nil
}

// Sweep deletes failures older than cutoff and ended locks.
func (g *DBGuard) Sweep(ctx context.Context, cutoff time.Time) error {
	if _, err := g.DB.Exec(ctx, "DELETE FROM auth_failures WHERE at < ?", cutoff.UnixMilli()); err != nil {
		return fmt.Errorf("ratelimit: sweep failures: %w", err)
	}
	if _, err := g.DB.Exec(ctx, "DELETE FROM lockouts WHERE until < ?", g.now().UnixMilli()); err != nil {
		return fmt.Errorf("ratelimit: sweep lockouts: %w", err)
	}
	return nil
}

// RedisGuard keeps failures in a sorted set per key and locks as keys with an expiry.
type RedisGuard struct {
	Client *redis.Client
	Prefix string
	Now    func() time.Time
}

func (g *RedisGuard) now() time.Time {
	if g.Now != nil {
		return g.Now()
	}
	return time.Now()
}

// Locked implements Guard.
func (g *RedisGuard) Locked(ctx context.Context, key string) (bool, error) {
	v, err := g.Client.Get(ctx, g.Prefix+"lock:"+key).Int64()
	if err == redis.Nil {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("ratelimit: redis locked %s: %w", key, err)
	}
	return v > g.now().UnixMilli(), nil
}

// Fail implements Guard.
func (g *RedisGuard) Fail(ctx context.Context, key string, max int, window, lockFor time.Duration) (bool, error) {
	now := g.now().UnixMilli()
	fk := g.Prefix + "fail:" + key
	pipe := g.Client.TxPipeline()
	pipe.ZAdd(ctx, fk, redis.Z{Score: float64(now), Member: strconv.FormatInt(now, 10) + ":" + strconv.FormatInt(time.Now().UnixNano(), 36)})
	pipe.ZRemRangeByScore(ctx, fk, "-inf", "("+strconv.FormatInt(now-window.Milliseconds()+1, 10))
	card := pipe.ZCard(ctx, fk)
	pipe.PExpire(ctx, fk, window)
	if _, err := pipe.Exec(ctx); err != nil {
		return false, fmt.Errorf("ratelimit: redis fail %s: %w", key, err)
	}
	if card.Val() < int64(max) {
		return false, nil
	}
	until := now + lockFor.Milliseconds()
	pipe = g.Client.TxPipeline()
	pipe.Set(ctx, g.Prefix+"lock:"+key, until, lockFor+time.Minute)
	pipe.Del(ctx, fk)
	if _, err := pipe.Exec(ctx); err != nil {
		return false, fmt.Errorf("ratelimit: redis lock %s: %w", key, err)
	}
	return true, nil
}

// Reset implements Guard.
func (g *RedisGuard) Reset(ctx context.Context, key string) error {
	if err := g.Client.Del(ctx, g.Prefix+"fail:"+key).Err(); err != nil {
		return fmt.Errorf("ratelimit: redis reset %s: %w", key, err)
	}
	return nil
}
