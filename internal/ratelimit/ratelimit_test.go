package ratelimit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// exercise checks a limiter against a clock the test moves.
func exercise(t *testing.T, l Limiter, setNow func(time.Time)) {
	ctx := context.Background()
	base := time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)
	setNow(base)
	for i := 1; i <= 3; i++ {
		ok, err := l.Allow(ctx, "contact:1.2.3.4", 3, time.Minute)
		if err != nil || !ok {
			t.Fatalf("hit %d: ok=%v err=%v", i, ok, err)
		}
	}
	if ok, _ := l.Allow(ctx, "contact:1.2.3.4", 3, time.Minute); ok {
		t.Fatal("fourth hit in the window allowed")
	}
	if ok, _ := l.Allow(ctx, "contact:5.6.7.8", 3, time.Minute); !ok {
		t.Fatal("another bucket is limited too")
	}
	setNow(base.Add(time.Minute))
	if ok, _ := l.Allow(ctx, "contact:1.2.3.4", 3, time.Minute); !ok {
		t.Fatal("next window still limited")
	}
}

func TestDBLimiter(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		var now time.Time
		l := &DB{DB: d, Now: func() time.Time { return now }}
		exercise(t, l, func(t time.Time) { now = t })
		n, err := l.Sweep(context.Background(), now.Add(time.Hour))
		if err != nil || n != 2 {
			t.Fatalf("sweep: %d %v", n, err)
		}
	})
}

// Concurrent hits from many goroutines (as from many api processes) are all counted.
func TestDBLimiterConcurrentHitsAreAllCounted(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		l := &DB{DB: d}
		var wg sync.WaitGroup
		var mu sync.Mutex
		allowed := 0
		for i := 0; i < 40; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, err := l.Allow(context.Background(), "burst", 10, time.Hour)
				if err != nil {
					t.Error(err)
					return
				}
				if ok {
					mu.Lock()
					allowed++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if allowed != 10 {
			t.Fatalf("allowed %d of 40 with limit 10", allowed)
		}
	})
}

func TestRedisLimiter(t *testing.T) {
	l := redisForTest(t)
	var now time.Time
	l.Now = func() time.Time { return now }
	exercise(t, l, func(t time.Time) { now = t })
}

// redisForTest connects to POOLD_TEST_REDIS (default the local server) with a prefix of
// its own, so parallel runs never share keys.
func redisForTest(t *testing.T) *Redis {
	url := os.Getenv("POOLD_TEST_REDIS")
	if url == "" {
		url = "redis://127.0.0.1:6379/0"
	}
	if url == "skip" {
		t.Skip("POOLD_TEST_REDIS=skip")
	}
	l, err := NewRedis(url)
	if err != nil {
		t.Fatal(err)
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	l.Prefix = "poold-test:" + hex.EncodeToString(b[:]) + ":"
	if err := l.Client.Ping(context.Background()).Err(); err != nil {
		t.Fatalf("redis at %s: %v (POOLD_TEST_REDIS=skip to run without)", url, err)
	}
	t.Cleanup(func() { l.Client.Close() })
	return l
}
