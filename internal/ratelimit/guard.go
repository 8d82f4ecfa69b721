package ratelimit

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/uniplus-pool/pool/internal/db"
)

// Guard slows down guessing (wrong passwords, wrong codes) per key: each key counts the
// failures of its current burst, and past its free failures each one makes the key wait
// before its next attempt, twice as long as the one before, up to a cap. It never locks a
// key for good, and one key's failures never make another wait: the caller picks keys
// (an account and a client address, an address, an account) and a Policy for each.
// DBGuard and RedisGuard keep the counts where every api process sees them.
type Guard interface {
	// State tells how long key must still wait before its next attempt (0: it may try
	// now) and whether it is trusted (Succeed with a trust period not yet over).
	State(ctx context.Context, key string) (State, error)
	// Fail records a failure of key under p and answers the key's state after it.
	Fail(ctx context.Context, key string, p Policy) (Verdict, error)
	// Succeed forgets key's failures and ends its wait; with trustFor > 0 the key is
	// trusted until that much later.
	Succeed(ctx context.Context, key string, trustFor time.Duration) error
}

// Policy is how failures slow a key down.
type Policy struct {
	Free   int           // failures of a burst that cost no wait
	First  time.Duration // the wait after failure Free+1; each failure after it doubles it
	Max    time.Duration // the longest wait
	Memory time.Duration // a burst ends, and its failures are forgotten, this long after its last failure
	// NotifyAfter > 0: the failure that brings a burst to NotifyAfter answers Notify, and
	// so does one NotifyEvery after the last notice of a burst that goes on.
	NotifyAfter int
	NotifyEvery time.Duration
}

// WaitAfter is the wait that the n-th failure of a burst imposes.
func (p Policy) WaitAfter(n int) time.Duration {
	if n <= p.Free {
		return 0
	}
	w := p.First
	for i := p.Free + 1; i < n && w < p.Max; i++ {
		w *= 2
	}
	return min(w, p.Max)
}

// State is a key before an attempt.
type State struct {
	Wait    time.Duration // until the key may try again; 0 now
	Trusted bool
}

// Verdict is a key after a failure.
type Verdict struct {
	Failures int           // of the current burst, this one included
	Since    time.Time     // the burst's first failure
	Wait     time.Duration // before the key's next attempt
	Notify   bool          // tell the owner (once a burst, see Policy.NotifyAfter)
}

func notifyDue(p Policy, failures int, notifiedAt, now int64) bool {
	return p.NotifyAfter > 0 && failures >= p.NotifyAfter && (notifiedAt == 0 || now-notifiedAt >= p.NotifyEvery.Milliseconds())
}

func waitUntil(nextAt, now int64) time.Duration {
	if nextAt <= now {
		return 0
	}
	return time.Duration(nextAt-now) * time.Millisecond
}

// DBGuard keeps the counts in the auth_throttle table.
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

// State implements Guard.
func (g *DBGuard) State(ctx context.Context, key string) (State, error) {
	now := g.now().UnixMilli()
	var nextAt, trustedUntil int64
	err := g.DB.QueryRow(ctx, "SELECT COALESCE(MAX(next_at), 0), COALESCE(MAX(trusted_until), 0) FROM auth_throttle WHERE key = ?", key).
		Scan(&nextAt, &trustedUntil)
	if err != nil {
		return State{}, fmt.Errorf("ratelimit: state of %s: %w", key, err)
	}
	return State{Wait: waitUntil(nextAt, now), Trusted: trustedUntil > now}, nil
}

// greatest is the larger of two SQL expressions in both dialects.
func greatest(a, b string) string {
	return "CASE WHEN " + a + " > " + b + " THEN " + a + " ELSE " + b + " END"
}

// Fail implements Guard. The count goes up in one atomic upsert, so failures at once from
// several processes are all counted; the wait and the notice follow from the count.
func (g *DBGuard) Fail(ctx context.Context, key string, p Policy) (Verdict, error) {
	now := g.now().UnixMilli()
	forgotten := now - p.Memory.Milliseconds() // a last failure at or before this ended its burst
	expires := now + p.Memory.Milliseconds()
	var failures int
	var firstAt, nextAt, notifiedAt int64
	err := g.DB.QueryRow(ctx, `INSERT INTO auth_throttle (key, failures, first_at, last_at, next_at, notified_at, trusted_until, expires_at)
		VALUES (?, 1, ?, ?, 0, 0, 0, ?)
		ON CONFLICT (key) DO UPDATE SET
			failures = CASE WHEN auth_throttle.last_at <= ? OR auth_throttle.failures = 0 THEN 1 ELSE auth_throttle.failures + 1 END,
			first_at = CASE WHEN auth_throttle.last_at <= ? OR auth_throttle.failures = 0 THEN excluded.first_at ELSE auth_throttle.first_at END,
			notified_at = CASE WHEN auth_throttle.last_at <= ? THEN 0 ELSE auth_throttle.notified_at END,
			last_at = excluded.last_at,
			expires_at = `+greatest("auth_throttle.expires_at", "excluded.expires_at")+`
		RETURNING failures, first_at, next_at, notified_at`,
		key, now, now, expires, forgotten, forgotten, forgotten).Scan(&failures, &firstAt, &nextAt, &notifiedAt)
	if err != nil {
		return Verdict{}, fmt.Errorf("ratelimit: fail %s: %w", key, err)
	}
	v := Verdict{Failures: failures, Since: time.UnixMilli(firstAt).UTC()}
	if w := p.WaitAfter(failures); w > 0 {
		until := now + w.Milliseconds()
		if _, err := g.DB.Exec(ctx, `UPDATE auth_throttle SET next_at = ?, expires_at = `+greatest("expires_at", "?")+`
			WHERE key = ? AND next_at < ?`, until, until, until, key, until); err != nil {
			return Verdict{}, fmt.Errorf("ratelimit: wait %s: %w", key, err)
		}
		nextAt = max(nextAt, until)
	}
	v.Wait = waitUntil(nextAt, now)
	if notifyDue(p, failures, notifiedAt, now) {
		// Of failures at once, the one that moves notified_at on tells.
		res, err := g.DB.Exec(ctx, "UPDATE auth_throttle SET notified_at = ? WHERE key = ? AND notified_at = ?", now, key, notifiedAt)
		if err != nil {
			return Verdict{}, fmt.Errorf("ratelimit: notice %s: %w", key, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return Verdict{}, fmt.Errorf("ratelimit: notice %s: %w", key, err)
		}
		v.Notify = n == 1
	}
	return v, nil
}

// Succeed implements Guard.
func (g *DBGuard) Succeed(ctx context.Context, key string, trustFor time.Duration) error {
	now := g.now().UnixMilli()
	var err error
	if trustFor <= 0 {
		_, err = g.DB.Exec(ctx, "UPDATE auth_throttle SET failures = 0, next_at = 0 WHERE key = ?", key)
	} else {
		until := now + trustFor.Milliseconds()
		_, err = g.DB.Exec(ctx, `INSERT INTO auth_throttle (key, failures, first_at, last_at, next_at, notified_at, trusted_until, expires_at)
			VALUES (?, 0, 0, 0, 0, 0, ?, ?)
			ON CONFLICT (key) DO UPDATE SET failures = 0, next_at = 0,
				trusted_until = `+greatest("auth_throttle.trusted_until", "excluded.trusted_until")+`,
				expires_at = `+greatest("auth_throttle.expires_at", "excluded.expires_at"),
			key, until, until)
	}
	if err != nil {
		return fmt.Errorf("ratelimit: succeed %s: %w", key, err)
	}
	return nil
}

// Sweep deletes the rows that say nothing any more since before cutoff: failures
// forgotten, wait over and trust ended. The jobs role calls it.
func (g *DBGuard) Sweep(ctx context.Context, cutoff time.Time) error {
	if _, err := g.DB.Exec(ctx, "DELETE FROM auth_throttle WHERE expires_at < ?", cutoff.UnixMilli()); err != nil {
		return fmt.Errorf("ratelimit: sweep throttle: %w", err)
	}
	return nil
}

// RedisGuard keeps each key as a hash that expires when it says nothing any more.
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

// State implements Guard.
func (g *RedisGuard) State(ctx context.Context, key string) (State, error) {
	now := g.now().UnixMilli()
	vals, err := g.Client.HMGet(ctx, g.Prefix+"throttle:"+key, "next", "trusted").Result()
	if err != nil {
		return State{}, fmt.Errorf("ratelimit: redis state of %s: %w", key, err)
	}
	num := func(v any) int64 {
		s, _ := v.(string)
		var n int64
		_, _ = fmt.Sscan(s, &n)
		return n
	}
	return State{Wait: waitUntil(num(vals[0]), now), Trusted: num(vals[1]) > now}, nil
}

// failScript is Fail in one atomic step. The wait doubles as Policy.WaitAfter says. The
// key's expiry is relative (PEXPIRE), so a moved test clock cannot expire it early.
var failScript = redis.NewScript(`
local k = KEYS[1]
local now, memory, free, first, maxw, nafter, nevery =
  tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7])
local v = redis.call('HMGET', k, 'f', 'first', 'last', 'next', 'notified', 'trusted')
local f = tonumber(v[1]) or 0
local firstAt = tonumber(v[2]) or now
local last = tonumber(v[3]) or 0
local nxt = tonumber(v[4]) or 0
local notified = tonumber(v[5]) or 0
local trusted = tonumber(v[6]) or 0
if last <= now - memory then f = 0; notified = 0 end
if f == 0 then firstAt = now end
f = f + 1
local wait = 0
if f > free then
  wait = first
  local i = free + 1
  while i < f and wait < maxw do wait = wait * 2; i = i + 1 end
  if wait > maxw then wait = maxw end
end
if wait > 0 and now + wait > nxt then nxt = now + wait end
local notify = 0
if nafter > 0 and f >= nafter and (notified == 0 or now - notified >= nevery) then notified = now; notify = 1 end
redis.call('HSET', k, 'f', f, 'first', firstAt, 'last', now, 'next', nxt, 'notified', notified, 'trusted', trusted)
local ends = math.max(now + memory, nxt, trusted)
redis.call('PEXPIRE', k, ends - now + 60000)
return {f, firstAt, nxt, notify}
`)

// Fail implements Guard.
func (g *RedisGuard) Fail(ctx context.Context, key string, p Policy) (Verdict, error) {
	now := g.now().UnixMilli()
	res, err := failScript.Run(ctx, g.Client, []string{g.Prefix + "throttle:" + key}, now, p.Memory.Milliseconds(), p.Free,
		p.First.Milliseconds(), p.Max.Milliseconds(), p.NotifyAfter, p.NotifyEvery.Milliseconds()).Int64Slice()
	if err != nil || len(res) != 4 {
		return Verdict{}, fmt.Errorf("ratelimit: redis fail %s: %v %w", key, res, err)
	}
	return Verdict{Failures: int(res[0]), Since: time.UnixMilli(res[1]).UTC(), Wait: waitUntil(res[2], now), Notify: res[3] == 1}, nil
}

// succeedScript forgets the failures and extends the trust.
var succeedScript = redis.NewScript(`
local k = KEYS[1]
local now, trustEnd = tonumber(ARGV[1]), tonumber(ARGV[2])
if trustEnd == 0 and redis.call('EXISTS', k) == 0 then return 0 end
local trusted = tonumber(redis.call('HGET', k, 'trusted')) or 0
if trustEnd > trusted then trusted = trustEnd end
redis.call('HSET', k, 'f', 0, 'next', 0, 'trusted', trusted)
local ttl = redis.call('PTTL', k)
if trusted - now + 60000 > ttl then redis.call('PEXPIRE', k, trusted - now + 60000) end
return 1
`)

// Succeed implements Guard.
func (g *RedisGuard) Succeed(ctx context.Context, key string, trustFor time.Duration) error {
	now := g.now().UnixMilli()
	until := int64(0)
	if trustFor > 0 {
		until = now + trustFor.Milliseconds()
	}
	if err := succeedScript.Run(ctx, g.Client, []string{g.Prefix + "throttle:" + key}, now, until).Err(); err != nil {
		return fmt.Errorf("ratelimit: redis succeed %s: %w", key, err)
	}
	return nil
}
