package db_test

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"path/filepath"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// SQLite's sha256_hex and PostgreSQL's encode(sha256(convert_to(...))) give the same
// lower-case hex of the text's UTF-8 bytes as Go's crypto/sha256, and NULL stays NULL.
func TestSHA256HexMatchesPostgres(t *testing.T) {
	const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" // FIPS 180-2, "abc"
	sum := sha256.Sum256([]byte("UP-矿"))
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		expr := "sha256_hex(?)"
		if d.Dialect == db.Postgres {
			expr = "encode(sha256(convert_to(CAST(? AS TEXT), 'UTF8')), 'hex')"
		}
		for _, c := range []struct {
			in   any
			want sql.NullString
		}{
			{"abc", sql.NullString{String: abc, Valid: true}},
			{"UP-矿", sql.NullString{String: hex.EncodeToString(sum[:]), Valid: true}},
			{nil, sql.NullString{}},
		} {
			var got sql.NullString
			if err := d.QueryRow(context.Background(), "SELECT "+expr, c.in).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("%v: got %+v, want %+v", c.in, got, c.want)
			}
		}
	})
	// The function is there before any migration runs.
	d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "bare.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var got string
	if err := d.QueryRow(context.Background(), "SELECT sha256_hex('abc')").Scan(&got); err != nil || got != abc {
		t.Fatalf("bare database: %q %v", got, err)
	}
}
