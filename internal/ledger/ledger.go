// Package ledger keeps every sub-account's money per coin: an append-only journal and the
// balances it adds up to, changed in the same transaction (DESIGN.md "Storage").
//
// A balance belongs to a sub-account, not to the account: earnings are settled per
// sub-account (SPEC section 3 "Earnings log"), a sub-account is what a miner shares with an
// observer and pays out from, and the account's figures are the sum of its sub-accounts'.
// Every journal row carries an idempotency key; a job that runs twice writes its rows once.
package ledger

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
)

// Kinds of journal rows. Earnings credit available and earned; a withdrawal moves
// available to frozen when requested, frozen to withdrawn when paid, and frozen back to
// available when it fails (internal/withdraw).
const (
	KindEarning          = "earning"
	KindWithdrawal       = "withdrawal"
	KindWithdrawalPaid   = "withdrawal_paid"
	KindWithdrawalRefund = "withdrawal_refund"
)

// Kinds lists every kind of journal row.
var Kinds = []string{KindEarning, KindWithdrawal, KindWithdrawalPaid, KindWithdrawalRefund}

// Entry is one journal row: the changes it makes to a sub-account's balance in one coin.
type Entry struct {
	SubAccountID int64
	UserID       int64
	Coin         string
	Kind         string
	// Available, Frozen, Earned and Withdrawn are the changes, in minor units.
	Available, Frozen, Earned, Withdrawn int64
	// Ref points at what the row is for ("earning:123"); IdemKey makes it unique.
	Ref     string
	IdemKey string
	At      time.Time
}

// ErrNegative is returned when a row would take a balance below zero; the transaction
// must then be rolled back (PostgreSQL has aborted it).
var ErrNegative = errors.New("ledger: a balance would go below zero")

// journalTypes and creditTypes are the PostgreSQL types of a journal row and of a balance
// credit row.
var (
	journalTypes = []string{"bigint", "bigint", "text", "text", "bigint", "bigint", "bigint", "bigint", "text", "text", "bigint"}
	creditTypes  = []string{"bigint", "text", "bigint", "bigint", "bigint", "bigint", "bigint", "bigint"}
)

// Post writes entries to the journal and their changes to the balances, in q, which must
// be a transaction. Entries whose idempotency key is already in the journal change
// nothing. It returns how many entries were new.
func Post(ctx context.Context, q db.Querier, entries []Entry) (int, error) {
	journal := make([][]any, len(entries))
	keyed := make(map[string]bool, len(entries))
	for i, e := range entries {
		if e.IdemKey == "" || e.Kind == "" || e.Coin == "" {
			return 0, fmt.Errorf("ledger: entry %+v lacks a kind, coin or idempotency key", e)
		}
		// A key twice in one post would be written once and added to the balance twice.
		if keyed[e.IdemKey] {
			return 0, fmt.Errorf("ledger: idempotency key %q twice in one post", e.IdemKey)
		}
		keyed[e.IdemKey] = true
		journal[i] = []any{e.SubAccountID, e.UserID, e.Coin, e.Kind, e.Available, e.Frozen, e.Earned, e.Withdrawn, e.Ref, e.IdemKey, e.At.UnixMilli()}
	}
	stmts, err := db.BulkInsert(db.DialectOf(q), `INSERT INTO ledger_entries (sub_account_id, user_id, coin, kind, available, frozen, earned, withdrawn, ref, idem_key, created_at)`,
		journalTypes, journal, ` ON CONFLICT (idem_key) DO NOTHING RETURNING idem_key`)
	if err != nil {
		return 0, err
	}
	fresh := map[string]bool{}
	for _, st := range stmts {
		if err := newKeys(ctx, q, st, fresh); err != nil {
			return 0, fmt.Errorf("ledger: journal: %w", err)
		}
	}
	if len(fresh) == 0 {
		return 0, nil
	}

	// One balance change per sub-account and coin (a statement may not touch a row twice
	// on PostgreSQL), in key order so that concurrent posters lock rows alike.
	sums := map[owner]*Entry{}
	var keys []owner
	for _, e := range entries {
		if !fresh[e.IdemKey] {
			continue
		}
		k := owner{e.SubAccountID, e.Coin}
		s, ok := sums[k]
		if !ok {
			c := e
			c.Available, c.Frozen, c.Earned, c.Withdrawn = 0, 0, 0, 0
			s = &c
			sums[k] = s
			keys = append(keys, k)
		}
		s.Available += e.Available
		s.Frozen += e.Frozen
		s.Earned += e.Earned
		s.Withdrawn += e.Withdrawn
		if e.At.After(s.At) {
			s.At = e.At
		}
	}
	slices.SortFunc(keys, func(a, b owner) int {
		if a.sub != b.sub {
			return int(a.sub - b.sub)
		}
		return strings.Compare(a.coin, b.coin)
	})
	// Credits only (a settlement): one upsert adds them. With a debit, the balance row is
	// made at zero first and then changed, because both databases check a CHECK constraint
	// on the row an upsert proposes before they see the conflict: an upsert of a debit
	// would fail even where the balance covers it.
	credits := true
	for _, k := range keys {
		e := sums[k]
		credits = credits && e.Available >= 0 && e.Frozen >= 0 && e.Earned >= 0 && e.Withdrawn >= 0
	}
	if credits {
		credit := make([][]any, len(keys))
		for i, k := range keys {
			e := sums[k]
			credit[i] = []any{e.SubAccountID, e.Coin, e.UserID, e.Available, e.Frozen, e.Earned, e.Withdrawn, e.At.UnixMilli()}
		}
		if err := db.ExecBulk(ctx, q, `INSERT INTO balances (sub_account_id, coin, user_id, available, frozen, earned, withdrawn, updated_at)`,
			creditTypes, credit, ` ON CONFLICT (sub_account_id, coin) DO UPDATE SET
			available = balances.available + excluded.available, frozen = balances.frozen + excluded.frozen,
			earned = balances.earned + excluded.earned, withdrawn = balances.withdrawn + excluded.withdrawn,
			updated_at = excluded.updated_at`); err != nil {
			return 0, fmt.Errorf("ledger: balances: %w", err)
		}
		return len(fresh), nil
	}
	// Debits are few (a withdrawal's rows): plain VALUES, 2,500 owners a statement.
	for from := 0; from < len(keys); from += 2500 {
		if err := debit(ctx, q, sums, keys[from:min(from+2500, len(keys))]); err != nil {
			return 0, err
		}
	}
	return len(fresh), nil
}

type owner struct {
	sub  int64
	coin string
}

// newKeys runs one journal insert and adds the idempotency keys it wrote to fresh.
func newKeys(ctx context.Context, q db.Querier, st db.Statement, fresh map[string]bool) error {
	rows, err := q.Query(ctx, st.Query, st.Args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var k string
		if err := rows.Scan(&k); err != nil {
			return err
		}
		fresh[k] = true
	}
	return rows.Err()
}

// debit makes the balance rows of keys at zero where missing, then adds their sums.
func debit(ctx context.Context, q db.Querier, sums map[owner]*Entry, keys []owner) error {
	values := make([]string, 0, len(keys))
	args := make([]any, 0, len(keys)*7)
	for _, k := range keys {
		e := sums[k]
		values = append(values, "(?, ?, ?, 0, 0, 0, 0, ?)")
		args = append(args, e.SubAccountID, e.Coin, e.UserID, e.At.UnixMilli())
	}
	if _, err := q.Exec(ctx, `INSERT INTO balances (sub_account_id, coin, user_id, available, frozen, earned, withdrawn, updated_at)
		VALUES `+strings.Join(values, ", ")+` ON CONFLICT (sub_account_id, coin) DO NOTHING`, args...); err != nil {
		return fmt.Errorf("ledger: balances: %w", err)
	}
	values = values[:0]
	args = args[:0]
	for _, k := range keys {
		e := sums[k]
		values = append(values, "(CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS BIGINT))")
		args = append(args, e.SubAccountID, e.Coin, e.Available, e.Frozen, e.Earned, e.Withdrawn, e.At.UnixMilli())
	}
	_, err := q.Exec(ctx, `WITH v (sub, coin, available, frozen, earned, withdrawn, at) AS (VALUES `+strings.Join(values, ", ")+`)
		UPDATE balances SET available = balances.available + v.available, frozen = balances.frozen + v.frozen,
		earned = balances.earned + v.earned, withdrawn = balances.withdrawn + v.withdrawn, updated_at = v.at
		FROM v WHERE balances.sub_account_id = v.sub AND balances.coin = v.coin`, args...)
	if err != nil {
		if isCheckViolation(err) {
			return fmt.Errorf("%w: %v", ErrNegative, err)
		}
		return fmt.Errorf("ledger: balances: %w", err)
	}
	return nil
}

// isCheckViolation recognises a CHECK constraint failure on either database.
func isCheckViolation(err error) bool {
	s := err.Error()
	return strings.Contains(s, "CHECK constraint failed") || strings.Contains(s, "23514") || strings.Contains(s, "violates check constraint")
}
