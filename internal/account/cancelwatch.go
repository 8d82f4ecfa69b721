package account

import (
	"context"
	"fmt"
	"log/slog"
	"time"
)

// The stratum role's watch for cancelled accounts (CancelWatch).
const (
	// CancelWatchEvery is how often a stratum process asks for lately cancelled accounts:
	// a live connection of a cancelled account mines on for at most about this long.
	CancelWatchEvery = 30 * time.Second
	// CancelWatchLookback is how far back each pass looks. Every pass closes again what
	// the passes before it closed, so a worker whose authorize was checked just before the
	// cancellation committed, and joined its connection just after a pass, is closed by
	// the next; and a cancellation whose cancelled_at (the api process's clock) is up to
	// a few minutes behind this process's clock is still seen.
	CancelWatchLookback = 10 * time.Minute
)

// CancelledSince answers the users cancelled at or after since (cancelled_at, Unix ms).
func (s *Store) CancelledSince(ctx context.Context, since time.Time) ([]int64, error) {
	rows, err := s.DB.Query(ctx, "SELECT id FROM users WHERE cancelled_at >= ? AND status = ? ORDER BY id",
		since.UnixMilli(), StatusCancelled)
	if err != nil {
		return nil, fmt.Errorf("account: cancelled users: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("account: cancelled users: %w", err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// CancelWatch closes the live stratum connections of cancelled accounts. The api process
// that cancels an account and the stratum process that holds its miners' connections may
// be different processes, so cancellation tells nothing to the stratum process directly:
// it commits the account's status, which every stratum lookup (authorize, a worker's
// first share on a connection) reads, and each stratum process runs a CancelWatch that
// reads the lately cancelled accounts from the database every CancelWatchEvery and closes
// their connections. A miner that reconnects is refused at authorize.
type CancelWatch struct {
	Store *Store
	// Codes answers the sub-account codes of a user, the first part of its worker names
	// ("<code>.<suffix>"; pool.Store.SubAccounts).
	Codes func(ctx context.Context, userID int64) ([]string, error)
	// Close closes this process's stratum connections that authorized a worker of one of
	// the sub-accounts codes names, and answers how many it closed.
	Close func(codes map[string]bool) int
	Log   *slog.Logger
	// Now is the clock that cancelled_at is compared with: the wall clock (Store.Cancel
	// writes it); nil is time.Now.
	Now func() time.Time
}

// Check makes one pass: the accounts cancelled within CancelWatchLookback, their
// sub-accounts' connections closed. It answers how many connections it closed.
func (w *CancelWatch) Check(ctx context.Context) (int, error) {
	now := time.Now
	if w.Now != nil {
		now = w.Now
	}
	users, err := w.Store.CancelledSince(ctx, now().Add(-CancelWatchLookback))
	if err != nil || len(users) == 0 {
		return 0, err
	}
	codes := map[string]bool{}
	for _, id := range users {
		cs, err := w.Codes(ctx, id)
		if err != nil {
			return 0, fmt.Errorf("account: sub-accounts of cancelled user %d: %w", id, err)
		}
		for _, c := range cs {
			codes[c] = true
		}
	}
	if len(codes) == 0 {
		return 0, nil
	}
	return w.Close(codes), nil
}

// Run makes a pass every `every` until ctx ends; a failed pass is logged and the next one
// tries again.
func (w *CancelWatch) Run(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		n, err := w.Check(ctx)
		switch {
		case err != nil && ctx.Err() == nil && w.Log != nil:
			w.Log.Warn("closing the stratum connections of cancelled accounts", "err", err)
		case n > 0 && w.Log != nil:
			w.Log.Info("closed the stratum connections of cancelled accounts", "connections", n)
		}
	}
}
