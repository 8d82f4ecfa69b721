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
