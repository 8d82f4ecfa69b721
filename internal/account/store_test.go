package account_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// AccountType answers an active user's type; a cancelled or missing user is not found.
func TestAccountType(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &account.Store{DB: d}
		now := time.Now()
		asic := accounttest.NewUser(t, d, "asic@example.com", account.TypeASIC, now)
		gone := accounttest.NewUser(t, d, "gone@example.com", account.TypeNormal, now)
		if typ, err := s.AccountType(ctx, d, asic.ID); err != nil || typ != account.TypeASIC {
			t.Fatalf("asic user: %q %v", typ, err)
		}
		if err := s.Cancel(ctx, d, gone.ID); err != nil {
			t.Fatal(err)
		}
		for _, id := range []int64{gone.ID, gone.ID + 1000} {
			if typ, err := s.AccountType(ctx, d, id); !errors.Is(err, db.ErrNotFound) {
				t.Fatalf("user %d: %q %v, want not found", id, typ, err)
			}
		}
	})
}

// LockUser holds the user's row to the end of the transaction: a second transaction
// locking the same user waits for the first to end (a row lock on PostgreSQL, SQLite's
// write lock there), which is what keeps two sub-account creates from both passing the
// count.
func TestLockUserSerialisesTransactions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := &account.Store{DB: d}
		u := accounttest.NewUser(t, d, "lock@example.com", "", time.Now())
		if err := s.LockUser(ctx, d, u.ID+1000); !errors.Is(err, db.ErrNotFound) {
			t.Fatalf("missing user: %v, want not found", err)
		}
		locked, release, second := make(chan struct{}), make(chan struct{}), make(chan error, 1)
		first := make(chan error, 1)
		go func() {
			first <- d.InTx(ctx, func(tx *db.Tx) error {
				err := s.LockUser(ctx, tx, u.ID)
				close(locked)
				if err != nil {
					return err
				}
				<-release
				return nil
			})
		}()
		<-locked
		go func() {
			second <- d.InTx(ctx, func(tx *db.Tx) error { return s.LockUser(ctx, tx, u.ID) })
		}()
		select {
		case err := <-second:
			t.Fatalf("the second lock did not wait for the first transaction (err %v)", err)
		case <-time.After(300 * time.Millisecond):
		}
		close(release)
		if err := <-first; err != nil {
			t.Fatal(err)
		}
		select {
		case err := <-second:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(8 * time.Second):
			t.Fatal("the second lock still waits after the first transaction ended")
		}
	})
}

// Migration 0030 gives the sessions open at the upgrade a fresh idle time: their
// last_seen_at was the login until then, so without it every session older than
// SessionIdle would end at once.
func TestSessionIdleMigrationKeepsOpenSessions(t *testing.T) {
	for _, backend := range []struct {
		name string
		open func(t *testing.T) *db.DB
	}{
		{"sqlite", func(t *testing.T) *db.DB {
			d, err := db.Open(context.Background(), filepath.Join(t.TempDir(), "old.db"))
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			return d
		}},
		{"postgres", func(t *testing.T) *db.DB {
			dsn, _ := dbtest.NewPostgresSchema(t)
			d, err := db.Open(context.Background(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { d.Close() })
			return d
		}},
	} {
		t.Run(backend.name, func(t *testing.T) {
			ctx := context.Background()
			d := backend.open(t)
			if _, err := d.MigrateBefore(ctx, "0030"); err != nil {
				t.Fatal(err)
			}
			// A login of 20 days ago, its last use never written.
			now := time.Now()
			u := accounttest.NewUser(t, d, "old@example.com", "", now.Add(-20*24*time.Hour))
			s := &account.Store{DB: d}
			// Read from the row: SessionUser reads columns that later migrations add
			// (0031's contact_changed_at), so it cannot run on this schema.
			var seen int64
			if err := d.QueryRow(ctx, "SELECT last_seen_at FROM sessions").Scan(&seen); err != nil || seen > now.Add(-account.SessionIdle).UnixMilli() {
				t.Fatalf("before 0030 the session's last use is %d (%v), want it idle for 20 days: ended", seen, err)
			}
			if _, err := d.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			if got, err := s.SessionUser(ctx, u.Token, now); err != nil || got.ID != u.ID {
				t.Fatalf("after 0030: %+v, %v; want the session open", got, err)
			}
			// Its idle time starts at the upgrade.
			if _, err := s.SessionUser(ctx, u.Token, now.Add(account.SessionIdle+time.Minute)); !errors.Is(err, db.ErrNotFound) {
				t.Fatalf("unused for SessionIdle after the upgrade: %v, want it ended", err)
			}
		})
	}
}
