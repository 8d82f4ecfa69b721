package db_test

import (
	"context"
	"testing"

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
