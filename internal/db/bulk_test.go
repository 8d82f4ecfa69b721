package db_test

import (
	"context"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// Bulk rows land as written on both databases, past one statement's worth, and an upsert
// tail applies to them; a value of the wrong type is refused before anything is sent.
func TestBulkInsert(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.Exec(ctx, `CREATE TABLE bulk_probe (id BIGINT PRIMARY KEY, name TEXT NOT NULL, share DOUBLE PRECISION NOT NULL, n INTEGER NOT NULL)`); err != nil {
			t.Fatal(err)
		}
		const count = 60_001 // two PostgreSQL statements, several SQLite ones
		rows := make([][]any, count)
		for i := range rows {
			rows[i] = []any{int64(i + 1), "row " + strings.Repeat("x", i%3), float64(i) / 4, i % 7}
		}
		types := []string{"bigint", "text", "double precision", "integer"}
		stmts, err := db.BulkInsert(db.DialectOf(d), "INSERT INTO bulk_probe (id, name, share, n)", types, rows, "")
		if err != nil {
			t.Fatal(err)
		}
		if d.Dialect == db.Postgres && len(stmts) != 2 {
			t.Fatalf("%d statements on PostgreSQL, want 2", len(stmts))
		}
		err = d.InTx(ctx, func(tx *db.Tx) error {
			for _, st := range stmts {
				if _, err := tx.Exec(ctx, st.Query, st.Args...); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		var n int
		var sumShare float64
		var sumN int64
		var name string
		if err := d.QueryRow(ctx, "SELECT COUNT(*), SUM(share), SUM(n) FROM bulk_probe").Scan(&n, &sumShare, &sumN); err != nil {
			t.Fatal(err)
		}
		var wantShare float64
		var wantN int64
		for i := range count {
			wantShare += float64(i) / 4
			wantN += int64(i % 7)
		}
		if n != count || sumShare != wantShare || sumN != wantN {
			t.Fatalf("%d rows, share %g, n %d; want %d, %g, %d", n, sumShare, sumN, count, wantShare, wantN)
		}
		if err := d.QueryRow(ctx, "SELECT name FROM bulk_probe WHERE id = 3").Scan(&name); err != nil || name != "row xx" {
			t.Fatalf("row 3 name %q %v", name, err)
		}
		// An upsert tail: the second write adds to the first.
		stmts, err = db.BulkInsert(db.DialectOf(d), "INSERT INTO bulk_probe (id, name, share, n)", types, [][]any{{int64(3), "again", 0.0, 5}},
			" ON CONFLICT (id) DO UPDATE SET n = bulk_probe.n + excluded.n")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(ctx, stmts[0].Query, stmts[0].Args...); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRow(ctx, "SELECT n FROM bulk_probe WHERE id = 3").Scan(&n); err != nil || n != 2+5 { // row 3 was written with n = 2
			t.Fatalf("upserted n %d %v", n, err)
		}
		if _, err := db.BulkInsert(db.Postgres, "INSERT INTO bulk_probe (id, name, share, n)", types, [][]any{{"1", "a", 0.0, 1}}, ""); err == nil {
			t.Fatal("a text id was taken for a bigint column")
		}
	})
}
