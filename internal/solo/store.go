// Package solo is solo mining's storage and reads (docs/solo.md): the shares of solo
// miners, one row each, which the solo pages (search, summary, workers, share records)
// read by the miner's wallet address. The mining engine of a coin's solo port writes them
// (mining.SoloShares); the jobs role drops rows older than Kept.
package solo

import (
	"context"
	"fmt"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/mining"
)

// Kept is how long solo shares are kept: the pages look back 24 hours, the share records
// a month.
const Kept = 30 * 24 * time.Hour

// Store is the solo_shares table.
type Store struct {
	DB *db.DB
}

var shareTypes = []string{"text", "text", "text", "double precision", "double precision", "bigint", "double precision", "boolean", "bigint"}

// AddSoloShares implements mining.SoloSink: one row per share, in one batch.
func (s *Store) AddSoloShares(ctx context.Context, rows []mining.SoloShare) error {
	out := make([][]any, len(rows))
	for i, r := range rows {
		out[i] = []any{r.Coin, r.Address, r.Worker, r.Difficulty, r.Actual, r.Height, r.NetDiff, r.Block, r.At.UnixMilli()}
	}
	err := db.ExecBulk(ctx, s.DB, `INSERT INTO solo_shares (coin, address, worker, difficulty, actual, height, net_diff, block, submitted_at)`,
		shareTypes, out, "")
	if err != nil {
		return fmt.Errorf("solo: add %d shares: %w", len(rows), err)
	}
	return nil
}

var _ mining.SoloSink = (*Store)(nil)

// Prune drops shares older than Kept before now.
func (s *Store) Prune(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.DB.Exec(ctx, "DELETE FROM solo_shares WHERE submitted_at < ?", now.Add(-Kept).UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("solo: prune: %w", err)
	}
	return res.RowsAffected()
}
