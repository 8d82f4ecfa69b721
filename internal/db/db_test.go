package db_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

func TestRebind(t *testing.T) {
	cases := []struct{ in, sqlite, pg string }{
		{"SELECT 1", "SELECT 1", "SELECT 1"},
		{"a = ? AND b = ?", "a = ? AND b = ?", "a = $1 AND b = $2"},
		{"x = '?' AND y = ?", "x = '?' AND y = ?", "x = '?' AND y = $1"},
	}
	for _, c := range cases {
		if got := db.Rebind(db.SQLite, c.in); got != c.sqlite {
			t.Errorf("sqlite %q: got %q", c.in, got)
		}
		if got := db.Rebind(db.Postgres, c.in); got != c.pg {
			t.Errorf("postgres %q: got %q", c.in, got)
		}
	}
}

func TestMigrateIsIdempotentAndUniqueViolationIsSeen(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		again, err := d.Migrate(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(again) != 0 {
			t.Fatalf("second migrate applied %v", again)
		}
		ins := "INSERT INTO sys_config (key_type, sys_key, value, updated_at) VALUES (?, ?, ?, ?)"
		if _, err := d.Exec(ctx, ins, "global", "k", "v", 1); err != nil {
			t.Fatal(err)
		}
		_, err = d.Exec(ctx, ins, "global", "k", "v2", 2)
		if !db.IsUniqueViolation(err) {
			t.Fatalf("want unique violation, got %v", err)
		}
		if db.IsUniqueViolation(nil) {
			t.Fatal("nil is not a violation")
		}
	})
}

func TestInTxRollsBackOnError(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		boom := context.Canceled
		err := d.InTx(ctx, func(tx *db.Tx) error {
			if _, err := tx.Exec(ctx, "INSERT INTO sys_config (key_type, sys_key, value, updated_at) VALUES (?, ?, ?, ?)", "g", "k", "v", 1); err != nil {
				return err
			}
			return boom
		})
		if err != boom {
			t.Fatalf("got %v", err)
		}
		var n int
		if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM sys_config").Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("rolled-back row visible: %d", n)
		}
	})
}

// Two pools on one PostgreSQL database in schemas of their own (as parallel test
// processes are) do not share the job locks: one holding its lock leaves the other's
// free. The lock of one schema still keeps a second holder out.
func TestExclusiveIsPerSchema(t *testing.T) {
	ctx := context.Background()
	a, b := dbtest.Postgres(t), dbtest.Postgres(t)
	const id = 7_340_999
	ran, err := a.Exclusive(ctx, id, func() error {
		again, err := a.Exclusive(ctx, id, func() error { t.Error("the same schema's lock taken twice"); return nil })
		if err != nil || again {
			t.Errorf("the same schema: ran %v, %v", again, err)
		}
		other, err := b.Exclusive(ctx, id, func() error { return nil })
		if err != nil || !other {
			t.Errorf("another schema's job did not run while this one held its lock: ran %v, %v", other, err)
		}
		return nil
	})
	if err != nil || !ran {
		t.Fatalf("ran %v, %v", ran, err)
	}
}

// On SQLite, Exclusive is a lease row that two processes on one file see: while one holds
// the lock the other's job does not run (a payout run beside a jobs process used to run
// both, freeing each other's inputs), the holder renews it while it works, a lease left by
// a killed process is taken over once it has run out, and the lock is free after the work.
func TestExclusiveOnSQLiteIsOneHolderAcrossProcesses(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "pool.db")
	open := func() *db.DB {
		d, err := db.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { d.Close() })
		if _, err := d.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		return d
	}
	a, b := open(), open()
	old := db.ExclusiveLeaseTTL
	db.ExclusiveLeaseTTL = 600 * time.Millisecond
	t.Cleanup(func() { db.ExclusiveLeaseTTL = old })
	const id = 7_340_999
	expires := func() int64 {
		var at int64
		if err := a.QueryRow(ctx, "SELECT expires_at FROM exclusive_locks WHERE id = ?", id).Scan(&at); err != nil {
			t.Fatal(err)
		}
		return at
	}
	ran, err := a.Exclusive(ctx, id, func() error {
		other, err := b.Exclusive(ctx, id, func() error { t.Error("a second process ran while the first held the lock"); return nil })
		if err != nil || other {
			t.Errorf("second process: ran %v, %v", other, err)
		}
		// Renewed while the work runs: wait for the lease to move on, then it still holds.
		first := expires()
		for expires() == first {
			time.Sleep(20 * time.Millisecond)
		}
		other, err = b.Exclusive(ctx, id, func() error { t.Error("ran after a renewal"); return nil })
		if err != nil || other {
			t.Errorf("second process after a renewal: ran %v, %v", other, err)
		}
		return nil
	})
	if err != nil || !ran {
		t.Fatalf("first process: ran %v, %v", ran, err)
	}
	ran, err = b.Exclusive(ctx, id, func() error { return nil })
	if err != nil || !ran {
		t.Fatalf("the lock was not free after the work: ran %v, %v", ran, err)
	}

	// A holder that was killed: its row stays until its lease runs out.
	if _, err := a.Exec(ctx, "INSERT INTO exclusive_locks (id, holder, expires_at) VALUES (?, 'killed', ?)", id,
		time.Now().Add(time.Hour).UnixMilli()); err != nil {
		t.Fatal(err)
	}
	if ran, err := b.Exclusive(ctx, id, func() error { return nil }); err != nil || ran {
		t.Fatalf("a live lease of another process was taken: ran %v, %v", ran, err)
	}
	if _, err := a.Exec(ctx, "UPDATE exclusive_locks SET expires_at = ? WHERE id = ?", time.Now().Add(-time.Second).UnixMilli(), id); err != nil {
		t.Fatal(err)
	}
	if ran, err := b.Exclusive(ctx, id, func() error { return nil }); err != nil || !ran {
		t.Fatalf("an expired lease was not taken over: ran %v, %v", ran, err)
	}

	// A holder of this host whose process is gone (killed) gives the lock over at once,
	// within its lease; one of another host, or whose process lives, does not.
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	host, _ := os.Hostname()
	for _, c := range []struct {
		holder string
		taken  bool
	}{
		{fmt.Sprintf("%s:%d:0123", host, os.Getppid()), false},      // alive: the test runner
		{fmt.Sprintf("elsewhere:%d:0123", dead.Process.Pid), false}, // another host's
		{fmt.Sprintf("%s:%d:0123", host, dead.Process.Pid), true},   // killed here
	} {
		if _, err := a.Exec(ctx, "DELETE FROM exclusive_locks"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.Exec(ctx, "INSERT INTO exclusive_locks (id, holder, expires_at) VALUES (?, ?, ?)", id, c.holder,
			time.Now().Add(time.Hour).UnixMilli()); err != nil {
			t.Fatal(err)
		}
		if ran, err := b.Exclusive(ctx, id, func() error { return nil }); err != nil || ran != c.taken {
			t.Errorf("lease of %s: ran %v, %v; want %v", c.holder, ran, err, c.taken)
		}
	}
}
