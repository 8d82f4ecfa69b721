package ratelimit

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

func exerciseGuard(t *testing.T, g Guard, setNow func(time.Time)) {
	ctx := context.Background()
	base := time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC)
	setNow(base)
	const max, window, lockFor = 5, 15 * time.Minute, 15 * time.Minute
	// Four failures spread beyond the window never lock.
	for i := 0; i < 4; i++ {
		setNow(base.Add(time.Duration(i) * 10 * time.Minute))
		if locked, err := g.Fail(ctx, "acct:1", max, window, lockFor); err != nil || locked {
			t.Fatalf("failure %d: locked=%v err=%v", i, locked, err)
		}
	}
	setNow(base.Add(40 * time.Minute))
	// 3 of the 4 are older than 15 minutes now; four more fresh ones lock at the fifth in window.
	for i := 0; i < 4; i++ {
		locked, err := g.Fail(ctx, "acct:1", max, window, lockFor)
		if err != nil {
			t.Fatal(err)
		}
		if locked != (i == 3) {
			t.Fatalf("fresh failure %d: locked=%v", i, locked)
		}
	}
	if l, _ := g.Locked(ctx, "acct:1"); !l {
		t.Fatal("not locked after the fifth failure")
	}
	if l, _ := g.Locked(ctx, "acct:2"); l {
		t.Fatal("another key locked")
	}
	setNow(base.Add(40*time.Minute + lockFor - time.Second))
	if l, _ := g.Locked(ctx, "acct:1"); !l {
		t.Fatal("lock ended early")
	}
	setNow(base.Add(40*time.Minute + lockFor + time.Second))
	if l, _ := g.Locked(ctx, "acct:1"); l {
		t.Fatal("lock did not end")
	}
	// Reset forgets failures.
	for i := 0; i < 4; i++ {
		_, _ = g.Fail(ctx, "acct:3", max, window, lockFor)
	}
	if err := g.Reset(ctx, "acct:3"); err != nil {
		t.Fatal(err)
	}
	if locked, _ := g.Fail(ctx, "acct:3", max, window, lockFor); locked {
		t.Fatal("reset did not forget failures")
	}
}

func TestDBGuard(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		var now time.Time
		g := &DBGuard{DB: d, Now: func() time.Time { return now }}
		exerciseGuard(t, g, func(t time.Time) { now = t })
		if err := g.Sweep(context.Background(), now); err != nil {
			t.Fatal(err)
		}
	})
}

func TestRedisGuard(t *testing.T) {
	l := redisForTest(t)
	var b [6]byte
	_, _ = rand.Read(b[:])
	var now time.Time
	g := &RedisGuard{Client: l.Client, Prefix: "poold-test:" + hex.EncodeToString(b[:]) + ":", Now: func() time.Time { return now }}
	exerciseGuard(t, g, func(t time.Time) { now = t })
}
