package withdraw

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// Statuses of a withdrawal. A withdrawal follows its payout from batched on.
const (
	StatusReview    = "review"    // above the coin's threshold: waits for an operator
	StatusRequested = "requested" // money frozen, waiting for a batch
	StatusBatched   = "batched"   // in a payout whose transaction is not built yet
	StatusSigned    = "signed"    // the payout's transaction is built and stored
	StatusBroadcast = "broadcast" // sent to the network, confirming
	StatusConfirmed = "confirmed" // paid: enough confirmations
	StatusFailed    = "failed"    // refused or the transaction can never confirm; money returned
)

// Shown is the status a user sees (SPEC section 4): processing, success or failure.
func Shown(status string) string {
	switch status {
	case StatusConfirmed:
		return "success"
	case StatusFailed:
		return "failure"
	}
	return "processing"
}

// Kinds of withdrawal.
const (
	KindManual = "manual"
	KindAuto   = "auto"
)

// Ledger kinds of the journal rows a withdrawal writes.
const (
	LedgerRequest = ledger.KindWithdrawal       // available -> frozen
	LedgerPaid    = ledger.KindWithdrawalPaid   // frozen -> withdrawn
	LedgerRefund  = ledger.KindWithdrawalRefund // frozen -> available
)

// AddressLock is how long a new or changed address waits before it can be paid.
const AddressLock = 48 * time.Hour

// MaxDecimals is how many decimals a withdrawal amount may have (SPEC section 9).
const MaxDecimals = 5

// Limits of free text.
const (
	MaxDescription = 30
	MaxRemark      = 50
	MaxAddress     = 128
)

// beijing is the zone of the payment window (SPEC section 6).
var beijing = time.FixedZone("Asia/Shanghai", 8*3600)

// InPaymentWindow tells whether t falls from 00:00 to 12:00 Beijing time: settings are
// locked and auto-withdrawals are paid.
func InPaymentWindow(t time.Time) bool { return t.In(beijing).Hour() < 12 }

// windowEnd is the end of the payment window t falls in.
func windowEnd(t time.Time) time.Time {
	b := t.In(beijing)
	return time.Date(b.Year(), b.Month(), b.Day(), 12, 0, 0, 0, beijing)
}

// day is t's Beijing day, the key of one auto-withdrawal.
func day(t time.Time) string { return t.In(beijing).Format(time.DateOnly) }

// Chains gives a coin's chain driver (address checks, payouts).
type Chains interface {
	Driver(ctx context.Context, c coin.Coin) (chain.Node, error)
}

// Store owns the withdrawal tables.
type Store struct {
	DB     *db.DB
	Coins  *coin.Store
	Chains Chains
	// Now is the clock (tests move it); nil is time.Now.
	Now func() time.Time
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// Networks a coin's addresses may be on: its own chain (wrapped tokens would add more).
func Networks(c coin.Coin) []string { return []string{c.Type} }

// Withdrawal is one row of the withdrawals table.
type Withdrawal struct {
	ID           int64
	OrderNo      string
	UserID       int64
	SubAccountID int64
	Coin         string
	Kind         string
	Address      string
	Network      string
	Amount       int64 // left the balance
	Fee          int64
	Received     int64 // the transaction output: Amount - Fee
	Remark       string
	Status       string
	PayoutID     int64
	Reason       string // details of a failure: the node's words, the operator's note
	ReasonKey    string // the failure's message key (Reason...); "" on rows failed before there were keys
	CreatedAt    int64
	UpdatedAt    int64
	// From the payout, when there is one.
	TxID          string
	Confirmations int64
}

const withdrawalColumns = `w.id, w.order_no, w.user_id, w.sub_account_id, w.coin, w.kind, w.address, w.network, w.amount, w.fee,
	w.received, w.remark, w.status, COALESCE(w.payout_id, 0), w.reason, w.reason_key, w.created_at, w.updated_at,
	COALESCE(p.txid, ''), COALESCE(p.confirmations, 0)`

const withdrawalFrom = ` FROM withdrawals w LEFT JOIN payouts p ON p.id = w.payout_id`

func scanWithdrawal(row interface{ Scan(...any) error }) (Withdrawal, error) {
	var w Withdrawal
	err := row.Scan(&w.ID, &w.OrderNo, &w.UserID, &w.SubAccountID, &w.Coin, &w.Kind, &w.Address, &w.Network, &w.Amount, &w.Fee,
		&w.Received, &w.Remark, &w.Status, &w.PayoutID, &w.Reason, &w.ReasonKey, &w.CreatedAt, &w.UpdatedAt, &w.TxID, &w.Confirmations)
	return w, err
}

// Get answers one withdrawal or db.ErrNotFound.
func (s *Store) Get(ctx context.Context, q db.Querier, id int64) (Withdrawal, error) {
	w, err := scanWithdrawal(q.QueryRow(ctx, "SELECT "+withdrawalColumns+withdrawalFrom+" WHERE w.id = ?", id))
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return w, db.ErrNotFound
		}
		return w, fmt.Errorf("withdraw: withdrawal %d: %w", id, err)
	}
	return w, nil
}

// List pages a user's withdrawals, newest first, narrowed to a sub-account and a coin
// when given (0, "": all), and counts them.
func (s *Store) List(ctx context.Context, userID, subAccountID int64, coinType string, page, size int) ([]Withdrawal, int, error) {
	where, args := "w.user_id = ?", []any{userID}
	if subAccountID != 0 {
		where += " AND w.sub_account_id = ?"
		args = append(args, subAccountID)
	}
	if coinType != "" {
		where += " AND w.coin = ?"
		args = append(args, coinType)
	}
	var total int
	if err := s.DB.QueryRow(ctx, "SELECT COUNT(*) FROM withdrawals w WHERE "+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("withdraw: count: %w", err)
	}
	list, _, err := s.query(ctx, s.DB, " WHERE "+where+" ORDER BY w.id DESC LIMIT ? OFFSET ?", append(args, size, (page-1)*size)...)
	return list, total, err
}

// query runs a SELECT of withdrawals with the given tail.
func (s *Store) query(ctx context.Context, q db.Querier, tail string, args ...any) ([]Withdrawal, int, error) {
	rows, err := q.Query(ctx, "SELECT "+withdrawalColumns+withdrawalFrom+tail, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("withdraw: list: %w", err)
	}
	defer rows.Close()
	out := []Withdrawal{}
	for rows.Next() {
		w, err := scanWithdrawal(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, w)
	}
	return out, len(out), rows.Err()
}

// cleanText trims s and refuses the characters textcheck refuses (controls, bidi
// formatting: an address label must not make the address beside it read as another) and
// text longer than max runes.
func cleanText(s, field string, max int) (string, error) {
	s = strings.TrimSpace(s)
	if err := textcheck.Check(field, s); err != nil {
		return "", err
	}
	if len([]rune(s)) > max {
		return "", httpx.TooLong(field, max)
	}
	return s, nil
}

// coinOf loads a coin named in a request.
func (s *Store) coinOf(ctx context.Context, typ string) (coin.Coin, error) {
	typ = strings.ToUpper(strings.TrimSpace(typ))
	if typ == "" {
		return coin.Coin{}, httpx.Required("withdraw.field.coin")
	}
	c, err := s.Coins.Get(ctx, typ)
	if errors.Is(err, db.ErrNotFound) {
		return c, httpx.Warn("withdraw.coinUnknown", i18n.Params{"coin": typ})
	}
	return c, err
}
