// Package db opens SQLite or PostgreSQL behind one small shim (placeholders, unique-violation
// check) and runs the embedded migrations. It knows no domain.
package db

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Dialect is the SQL flavour behind a DB.
type Dialect int

const (
	// SQLite is the embedded default.
	SQLite Dialect = iota
	// Postgres is PostgreSQL or a compatible cluster.
	Postgres
)

func (d Dialect) String() string {
	if d == Postgres {
		return "postgres"
	}
	return "sqlite"
}

// ErrNotFound is returned when a row asked for does not exist.
var ErrNotFound = errors.New("not found")

// DB is a database handle that rewrites `?` placeholders for the dialect it talks to.
type DB struct {
	sql     *sql.DB
	Dialect Dialect
	// holder names this handle in the SQLite job locks it takes (exclusiveLease): a random
	// value per Open, so that two processes, or a restarted one, never share a name.
	holder string
}

// IsPostgresURL tells whether dsn names a PostgreSQL server rather than a SQLite file.
func IsPostgresURL(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Open connects to dsn: a postgres:// URL, or else a SQLite file path whose folder is
// created when missing. It does not migrate.
func Open(ctx context.Context, dsn string) (*DB, error) {
	if IsPostgresURL(dsn) {
		sdb, err := sql.Open("pgx", dsn)
		if err != nil {
			return nil, fmt.Errorf("db: open postgres: %w", err)
		}
		sdb.SetMaxOpenConns(20)
		sdb.SetMaxIdleConns(10)
		sdb.SetConnMaxIdleTime(5 * time.Minute)
		if err := pingRetry(ctx, sdb); err != nil {
			sdb.Close()
			return nil, fmt.Errorf("db: connect postgres: %w", err)
		}
		return &DB{sql: sdb, Dialect: Postgres}, nil
	}
	if dir := filepath.Dir(dsn); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("db: create folder for %s: %w", dsn, err)
		}
	}
	// WAL lets readers run while one writer writes, which is what an API under load does;
	// foreign keys are off by default in SQLite and we rely on them; busy_timeout makes a
	// second writer wait instead of failing; _txlock=immediate takes the write lock at
	// BEGIN so that two read-then-write transactions cannot deadlock each other.
	q := "?_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	sdb, err := sql.Open("sqlite", "file:"+dsn+q)
	if err != nil {
		return nil, fmt.Errorf("db: open sqlite %s: %w", dsn, err)
	}
	sdb.SetMaxOpenConns(8)
	if err := sdb.PingContext(ctx); err != nil {
		sdb.Close()
		return nil, fmt.Errorf("db: open sqlite %s: %w", dsn, err)
	}
	return &DB{sql: sdb, Dialect: SQLite, holder: newHolder()}, nil
}

// newHolder names one open handle in its job locks: host, process id and a random part
// ("host:pid:random").
func newHolder() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return fmt.Sprintf("%s:%d:%s", hostName(), os.Getpid(), hex.EncodeToString(b[:]))
}

func hostName() string {
	h, err := os.Hostname()
	if err != nil || h == "" {
		return "unknown"
	}
	return strings.ReplaceAll(h, ":", "_")
}

// holderGone says whether the process that wrote holder is known to be dead: it ran on
// this host (a SQLite file is written by processes of one host) and its process id is
// gone. A process id that lives, belongs to another user or was reused counts as alive,
// so the lock then waits out its lease: the safe side.
func holderGone(holder string) bool {
	parts := strings.Split(holder, ":")
	if len(parts) != 3 || parts[0] != hostName() {
		return false
	}
	pid, err := strconv.Atoi(parts[1])
	if err != nil || pid <= 0 || pid == os.Getpid() {
		return false
	}
	p, err := os.FindProcess(pid)
	if err != nil {
		return true
	}
	err = p.Signal(syscall.Signal(0))
	return err != nil && !errors.Is(err, syscall.EPERM)
}

// pingRetry waits briefly for a server that is still starting.
func pingRetry(ctx context.Context, sdb *sql.DB) error {
	var err error
	for i := 0; i < 5; i++ {
		if err = sdb.PingContext(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * 200 * time.Millisecond):
		}
	}
	return err
}

// Close closes the pool.
func (db *DB) Close() error { return db.sql.Close() }

// Ping checks the connection, for /healthz.
func (db *DB) Ping(ctx context.Context) error { return db.sql.PingContext(ctx) }

// Stats exposes pool statistics for /metrics.
func (db *DB) Stats() sql.DBStats { return db.sql.Stats() }

// Querier is what both DB and Tx offer, so store functions take either.
type Querier interface {
	Exec(ctx context.Context, query string, args ...any) (sql.Result, error)
	Query(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, query string, args ...any) *sql.Row
}

type handle interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type querier struct {
	h       handle
	dialect Dialect
}

func (q querier) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return q.h.ExecContext(ctx, Rebind(q.dialect, query), args...)
}

func (q querier) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return q.h.QueryContext(ctx, Rebind(q.dialect, query), args...)
}

func (q querier) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return q.h.QueryRowContext(ctx, Rebind(q.dialect, query), args...)
}

func (db *DB) q() querier { return querier{h: db.sql, dialect: db.Dialect} }

// Exec runs a statement written with ? placeholders.
func (db *DB) Exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return db.q().Exec(ctx, query, args...)
}

// Query runs a query written with ? placeholders.
func (db *DB) Query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return db.q().Query(ctx, query, args...)
}

// QueryRow runs a one-row query written with ? placeholders.
func (db *DB) QueryRow(ctx context.Context, query string, args ...any) *sql.Row {
	return db.q().QueryRow(ctx, query, args...)
}

// Tx is a transaction with the same placeholder rewriting.
type Tx struct {
	querier
	tx *sql.Tx
}

// InTx runs fn in a transaction, committing when it returns nil and rolling back otherwise.
func (db *DB) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	stx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("db: begin: %w", err)
	}
	tx := &Tx{querier: querier{h: stx, dialect: db.Dialect}, tx: stx}
	if err := fn(tx); err != nil {
		_ = stx.Rollback()
		return err
	}
	if err := stx.Commit(); err != nil {
		return fmt.Errorf("db: commit: %w", err)
	}
	return nil
}

// Rebind turns ? placeholders into $1, $2... for PostgreSQL. A ? inside a quoted string is
// left alone.
func Rebind(d Dialect, query string) string {
	if d != Postgres || !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 8)
	n := 0
	inQuote := false
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'':
			inQuote = !inQuote
			b.WriteByte(c)
		case c == '?' && !inQuote:
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// IsUniqueViolation tells whether err is a unique or primary-key constraint failure.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "23505"
	}
	var sqErr *sqlite.Error
	if errors.As(err, &sqErr) {
		c := sqErr.Code()
		return c == sqlite3.SQLITE_CONSTRAINT_UNIQUE || c == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	return false
}

// NowMillis is the current time as stored in every *_at column: Unix milliseconds, UTC.
func NowMillis() int64 { return time.Now().UnixMilli() }

// Exclusive runs fn only if no other process holds the lock named by id, and says whether
// it ran, so that of several jobs processes (or a jobs process and `poold admin payout run`)
// one does the work. On PostgreSQL that is a session advisory lock held on its own
// connection while fn runs. The lock is the schema's (advisory locks are the whole
// database's, and two pools, or parallel tests, may share a database in schemas of their
// own). On SQLite it is a lease row in exclusive_locks (exclusiveLease).
func (db *DB) Exclusive(ctx context.Context, id int32, fn func() error) (bool, error) {
	if db.Dialect != Postgres {
		return db.exclusiveLease(ctx, id, fn)
	}
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		return false, fmt.Errorf("db: lock %d: %w", id, err)
	}
	defer conn.Close()
	var got bool
	if err := conn.QueryRowContext(ctx, "SELECT pg_try_advisory_lock(hashtext(current_schema()), $1)", id).Scan(&got); err != nil {
		return false, fmt.Errorf("db: lock %d: %w", id, err)
	}
	if !got {
		return false, nil
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(hashtext(current_schema()), $1)", id)
	return true, fn()
}

// ExclusiveLeaseTTL is how long a SQLite job lock lasts unrenewed: how long the lock of a
// killed process keeps others out. The holder renews it every third of that while it works.
var ExclusiveLeaseTTL = 30 * time.Second

// exclusiveLease is Exclusive on SQLite. Transactions there take the write lock at BEGIN,
// but a job such as a payout run is several transactions with node calls between them, and
// two runs interleaving them fail each other's withdrawals (one frees the inputs the other
// built with). So the lock is a row: the first process to insert it, or to find it expired,
// holds it, renews it while fn runs and deletes it after. A process killed while holding it
// keeps others out until its lease runs out.
func (db *DB) exclusiveLease(ctx context.Context, id int32, fn func() error) (bool, error) {
	ttl := ExclusiveLeaseTTL
	now := time.Now()
	res, err := db.Exec(ctx, `INSERT INTO exclusive_locks (id, holder, expires_at) VALUES (?, ?, ?)
		ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
		WHERE exclusive_locks.expires_at <= ?`, id, db.holder, now.Add(ttl).UnixMilli(), now.UnixMilli())
	if err != nil {
		return false, fmt.Errorf("db: lock %d: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return false, err
	} else if n != 1 {
		// Held. A holder killed on this host (a crash, a SIGKILL) gives its lock over at
		// once rather than after its lease: the next run need not wait 30 s.
		var holder string
		err := db.QueryRow(ctx, "SELECT holder FROM exclusive_locks WHERE id = ?", id).Scan(&holder)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && !holderGone(holder)) {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("db: lock %d: %w", id, err)
		}
		res, err := db.Exec(ctx, "UPDATE exclusive_locks SET holder = ?, expires_at = ? WHERE id = ? AND holder = ?",
			db.holder, now.Add(ttl).UnixMilli(), id, holder)
		if err != nil {
			return false, fmt.Errorf("db: lock %d: %w", id, err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return false, err
		}
	}
	done := make(chan struct{})
	renewed := make(chan struct{})
	go func() {
		defer close(renewed)
		t := time.NewTicker(ttl / 3)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				_, _ = db.Exec(context.WithoutCancel(ctx), "UPDATE exclusive_locks SET expires_at = ? WHERE id = ? AND holder = ?",
					time.Now().Add(ttl).UnixMilli(), id, db.holder)
			}
		}
	}()
	defer func() {
		close(done)
		<-renewed
		_, _ = db.Exec(context.WithoutCancel(ctx), "DELETE FROM exclusive_locks WHERE id = ? AND holder = ?", id, db.holder)
	}()
	return true, fn()
}
