package db

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"sort"
	"strings"
)

//go:embed migrations
var migrations embed.FS

// migrationLockID is the PostgreSQL advisory lock that keeps two poold processes starting
// together from migrating the same schema at the same time.
const migrationLockID = 7_340_001

// Migrate applies every embedded migration not applied yet, each in its own transaction,
// recorded by name in schema_migrations. Files are only ever added at the end.
func (db *DB) Migrate(ctx context.Context) (applied []string, err error) {
	return db.migrate(ctx, "")
}

// MigrateBefore applies the migrations whose names sort before name ("0020" stops before
// 0020_...), as Migrate does: tests of a data migration fill the tables as they were and
// then Migrate the rest.
func (db *DB) MigrateBefore(ctx context.Context, name string) (applied []string, err error) {
	if name == "" {
		return nil, fmt.Errorf("db: migrate before: no name")
	}
	return db.migrate(ctx, name)
}

// migrate applies the migrations not applied yet, those before stop when stop is not "".
func (db *DB) migrate(ctx context.Context, stop string) (applied []string, err error) {
	dir := "migrations/" + db.Dialect.String()
	names, err := fs.Glob(migrations, dir+"/*.sql")
	if err != nil {
		return nil, fmt.Errorf("db: list migrations: %w", err)
	}
	sort.Strings(names)
	if stop != "" {
		names = slices.DeleteFunc(names, func(p string) bool { return strings.TrimPrefix(p, dir+"/") >= stop })
	}

	if db.Dialect == Postgres {
		conn, err := db.sql.Conn(ctx)
		if err != nil {
			return nil, fmt.Errorf("db: migrate: %w", err)
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(hashtext(current_schema()), $1)", int32(migrationLockID)); err != nil {
			return nil, fmt.Errorf("db: migrate lock: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(hashtext(current_schema()), $1)", int32(migrationLockID))
	}
	if _, err := db.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		name TEXT PRIMARY KEY,
		applied_at BIGINT NOT NULL)`); err != nil {
		return nil, fmt.Errorf("db: create schema_migrations: %w", err)
	}
	for _, path := range names {
		name := strings.TrimPrefix(path, dir+"/")
		body, err := migrations.ReadFile(path)
		if err != nil {
			return applied, fmt.Errorf("db: read migration %s: %w", name, err)
		}
		err = db.InTx(ctx, func(tx *Tx) error {
			var n int
			if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE name = ?", name).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return errAlreadyApplied
			}
			if _, err := tx.Exec(ctx, string(body)); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, "INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", name, NowMillis())
			return err
		})
		if err == errAlreadyApplied {
			continue
		}
		if err != nil {
			return applied, fmt.Errorf("db: migration %s: %w", name, err)
		}
		applied = append(applied, name)
	}
	return applied, nil
}

var errAlreadyApplied = fmt.Errorf("already applied")
