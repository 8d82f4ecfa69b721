package mining

import (
	"context"
	"fmt"
)

// CountByStatus answers how many found blocks each coin has in each status.
func (b *Blocks) CountByStatus(ctx context.Context) (map[string]map[string]int64, error) {
	rows, err := b.DB.Query(ctx, "SELECT coin, status, COUNT(*) FROM found_blocks GROUP BY coin, status")
	if err != nil {
		return nil, fmt.Errorf("mining: count blocks: %w", err)
	}
	defer rows.Close()
	out := map[string]map[string]int64{}
	for rows.Next() {
		var coin, status string
		var n int64
		if err := rows.Scan(&coin, &status, &n); err != nil {
			return nil, fmt.Errorf("mining: count blocks: %w", err)
		}
		if out[coin] == nil {
			out[coin] = map[string]int64{}
		}
		out[coin][status] = n
	}
	return out, rows.Err()
}
