// Package dbtest gives tests a fresh, migrated database on SQLite and on PostgreSQL.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/uniplus-pool/pool/internal/db"
)

// PostgresURLEnv names the server the PostgreSQL half of each test uses. Set it to "skip"
// to run SQLite only (never in CI: make test leaves it at the machine's server).
const PostgresURLEnv = "POOLD_TEST_POSTGRES"

// DefaultPostgresURL is the machine's PostgreSQL with trust auth.
const DefaultPostgresURL = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// PostgresURL is the server tests use.
func PostgresURL() string {
	if v := os.Getenv(PostgresURLEnv); v != "" {
		return v
	}
	return DefaultPostgresURL
}

// Each runs fn as two subtests, "sqlite" and "postgres", each on its own migrated database.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
}

// SQLite opens a migrated database in a temporary file.
func SQLite(t testing.TB) *db.DB {
	t.Helper()
	d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return d
}

// Postgres opens a migrated database in a schema of its own, dropped when the test ends,
// so that parallel test processes never see each other's rows.
func Postgres(t testing.TB) *db.DB {
	t.Helper()
	dsn, schema := NewPostgresSchema(t)
	d, err := db.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate schema %s: %v", schema, err)
	}
	return d
}

// NewPostgresSchema creates an empty schema and returns a URL whose connections use it.
// The schema is dropped when the test ends.
func NewPostgresSchema(t testing.TB) (dsn, schema string) {
	t.Helper()
	base := PostgresURL()
	if base == "skip" {
		t.Skip(PostgresURLEnv + "=skip")
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema = "t_" + hex.EncodeToString(b[:])
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		admin.Close()
		t.Fatalf("postgres at %s: %v (set %s=skip to run without it)", base, err, PostgresURLEnv)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP SCHEMA " + schema + " CASCADE")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), schema
}
