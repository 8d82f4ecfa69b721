package ledger

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/scope"
)

// Balance is one sub-account's money in one coin.
type Balance struct {
	SubAccountID int64
	Coin         string
	Sums
	UpdatedAt int64
}

// Balances lists the balances in scope, by coin and sub-account.
func Balances(ctx context.Context, q db.Querier, sc scope.Scope) ([]Balance, error) {
	where, args := sc.Where("user_id", "sub_account_id", "coin")
	rows, err := q.Query(ctx, `SELECT sub_account_id, coin, available, frozen, earned, withdrawn, updated_at FROM balances
		WHERE `+where+` ORDER BY coin, sub_account_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("ledger: balances: %w", err)
	}
	defer rows.Close()
	out := []Balance{}
	for rows.Next() {
		var b Balance
		if err := rows.Scan(&b.SubAccountID, &b.Coin, &b.Available, &b.Frozen, &b.Earned, &b.Withdrawn, &b.UpdatedAt); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

// Row is one journal row as the asset detail shows it.
type Row struct {
	ID           int64
	SubAccountID int64
	Coin         string
	Kind         string
	Sums
	Ref       string
	CreatedAt int64
}

// Filter narrows the journal: a kind, and a time range [From, To) (zero: open).
type Filter struct {
	Kind     string
	From, To time.Time
}

// Entries pages the journal rows in scope, newest first, and counts them all.
func Entries(ctx context.Context, q db.Querier, sc scope.Scope, f Filter, page, size int) ([]Row, int, error) {
	where, args := sc.Where("user_id", "sub_account_id", "coin")
	if f.Kind != "" {
		where += " AND kind = ?"
		args = append(args, f.Kind)
	}
	if !f.From.IsZero() {
		where += " AND created_at >= ?"
		args = append(args, f.From.UnixMilli())
	}
	if !f.To.IsZero() {
		where += " AND created_at < ?"
		args = append(args, f.To.UnixMilli())
	}
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM ledger_entries WHERE "+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("ledger: count entries: %w", err)
	}
	rows, err := q.Query(ctx, `SELECT id, sub_account_id, coin, kind, available, frozen, earned, withdrawn, ref, created_at FROM ledger_entries
		WHERE `+where+` ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, append(args, size, (page-1)*size)...)
	if err != nil {
		return nil, 0, fmt.Errorf("ledger: entries: %w", err)
	}
	defer rows.Close()
	out := []Row{}
	for rows.Next() {
		var r Row
		if err := rows.Scan(&r.ID, &r.SubAccountID, &r.Coin, &r.Kind, &r.Available, &r.Frozen, &r.Earned, &r.Withdrawn, &r.Ref, &r.CreatedAt); err != nil {
			return nil, 0, err
		}
		out = append(out, r)
	}
	return out, total, rows.Err()
}

// HoldsBalance says whether a sub-account has money available or frozen in any coin.
func HoldsBalance(ctx context.Context, q db.Querier, subAccountID int64) (bool, error) {
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM balances WHERE sub_account_id = ? AND (available > 0 OR frozen > 0)", subAccountID).Scan(&n); err != nil {
		return false, fmt.Errorf("ledger: balance of %d: %w", subAccountID, err)
	}
	return n > 0, nil
}

// BalanceOf is one sub-account's balance in one coin (zero when it has none), read in q.
func BalanceOf(ctx context.Context, q db.Querier, subAccountID int64, coin string) (Sums, error) {
	var s Sums
	err := q.QueryRow(ctx, "SELECT available, frozen, earned, withdrawn FROM balances WHERE sub_account_id = ? AND coin = ?", subAccountID, coin).
		Scan(&s.Available, &s.Frozen, &s.Earned, &s.Withdrawn)
	if errors.Is(err, sql.ErrNoRows) {
		return Sums{}, nil
	}
	if err != nil {
		return s, fmt.Errorf("ledger: balance of %d in %s: %w", subAccountID, coin, err)
	}
	return s, nil
}

// CoinTotals adds up every balance in one coin.
func CoinTotals(ctx context.Context, q db.Querier, coin string) (Sums, error) {
	var s Sums
	err := q.QueryRow(ctx, `SELECT COALESCE(SUM(available), 0), COALESCE(SUM(frozen), 0), COALESCE(SUM(earned), 0), COALESCE(SUM(withdrawn), 0)
		FROM balances WHERE coin = ?`, coin).Scan(&s.Available, &s.Frozen, &s.Earned, &s.Withdrawn)
	if err != nil {
		return s, fmt.Errorf("ledger: totals of %s: %w", coin, err)
	}
	return s, nil
}
