package withdraw

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ledger"
)

// ParseAmount reads a withdrawal amount typed by a user, in the coin's minor units, with
// the SPEC section 8 messages: empty, not a number, not positive, more than 5 decimals.
func ParseAmount(s string, c coin.Coin) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, httpx.Warn("withdraw.fieldsRequired", nil)
	}
	if strings.HasPrefix(s, "-") {
		if _, err := strconv.ParseFloat(s, 64); err == nil {
			return 0, httpx.Warn("withdraw.positive", nil)
		}
	}
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || !digits(whole) || (strings.Contains(s, ".") && !digits(frac)) {
		return 0, httpx.Warn("withdraw.amountWrong", nil)
	}
	if len(strings.TrimRight(frac, "0")) > min(MaxDecimals, c.Decimals) {
		return 0, httpx.Warn("withdraw.decimals", i18n.Params{"decimals": fmt.Sprint(min(MaxDecimals, c.Decimals))})
	}
	v, err := chain.ParseAmount(s, c.Decimals)
	if err != nil {
		return 0, httpx.Warn("withdraw.amountWrong", nil)
	}
	if v <= 0 {
		return 0, httpx.Warn("withdraw.positive", nil)
	}
	return v, nil
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// step is the smallest amount a withdrawal may name: 10^(decimals-5) minor units.
func step(c coin.Coin) int64 {
	s := int64(1)
	for i := MaxDecimals; i < c.Decimals; i++ {
		s *= 10
	}
	return s
}

// MinAmount is the smallest amount a withdrawal of c may name: what is left after the fee
// must reach the coin's dust floor (coin.Coin.Dust), at the allowed precision.
func MinAmount(c coin.Coin) int64 {
	v := c.WithdrawFee + c.Dust()
	st := step(c)
	return (v + st - 1) / st * st
}

// belowDust refuses an amount whose received part (after the fee) is below the coin's
// dust floor: the node would refuse that output and hold up the payout carrying it.
func belowDust(c coin.Coin, amount int64) error {
	if amount-c.WithdrawFee >= c.Dust() {
		return nil
	}
	return httpx.Warn("withdraw.belowDust", i18n.Params{"dust": chain.FormatAmount(c.Dust(), c.Decimals),
		"fee": chain.FormatAmount(c.WithdrawFee, c.Decimals), "min": chain.FormatAmount(MinAmount(c), c.Decimals)})
}

// Request is a manual withdrawal as a user asks for it.
type Request struct {
	UserID       int64
	SubAccountID int64
	Coin         string
	AddressID    int64
	Network      string
	Amount       string
	Remark       string
	// RequestID makes a resubmitted request (a retry after a lost answer) the same
	// withdrawal; empty makes every request new.
	RequestID string
}

// Quote is what a sub-account can withdraw of a coin now.
type Quote struct {
	Available, Frozen int64
	Fee               int64
	// Max is the most a withdrawal may name: the available balance at the allowed
	// precision (frozen money cannot be withdrawn).
	Max int64
}

// QuoteFor tells a sub-account's withdrawable balance of a coin.
func (s *Store) QuoteFor(ctx context.Context, subAccountID int64, c coin.Coin) (Quote, error) {
	q := Quote{Fee: c.WithdrawFee}
	b, err := ledger.BalanceOf(ctx, s.DB, subAccountID, c.Type)
	if err != nil {
		return q, err
	}
	q.Available, q.Frozen = b.Available, b.Frozen
	q.Max = q.Available / step(c) * step(c)
	return q, nil
}

// Withdraw books a manual withdrawal: in one transaction the amount moves from available
// to frozen in the ledger, the withdrawal is created (processing) and spend uses up the
// second verification. A resubmitted RequestID answers the withdrawal it made.
func (s *Store) Withdraw(ctx context.Context, r Request, spend Spend) (Withdrawal, error) {
	p, err := s.Prepare(ctx, r)
	if err != nil {
		return Withdrawal{}, err
	}
	return s.Book(ctx, p, spend)
}

// Prepared is a manual withdrawal read and checked as far as it can be outside the
// booking transaction, so a malformed request is refused before its code is spent.
type Prepared struct {
	Request
	Coin   coin.Coin
	amount int64
	remark string
	key    string
	// Existing is the withdrawal a resubmitted RequestID made already.
	Existing *Withdrawal
}

// Prepare reads a request: the coin, the fields given, the amount's rules, the remark and
// the idempotency key.
func (s *Store) Prepare(ctx context.Context, r Request) (Prepared, error) {
	p := Prepared{Request: r}
	// Before any code is asked for: a frozen user is told so at once. Book asks again.
	if err := refuseFrozen(ctx, s.DB, r.UserID); err != nil {
		return p, err
	}
	var err error
	if p.Coin, err = s.coinOf(ctx, r.Coin); err != nil {
		return p, err
	}
	if r.AddressID == 0 || strings.TrimSpace(r.Network) == "" {
		return p, httpx.Warn("withdraw.fieldsRequired", nil)
	}
	if p.amount, err = ParseAmount(r.Amount, p.Coin); err != nil {
		return p, err
	}
	if p.remark, err = cleanText(r.Remark, "withdraw.field.remark", MaxRemark); err != nil {
		return p, err
	}
	if r.RequestID == "" {
		p.key = fmt.Sprintf("manual:%d:%s", r.UserID, rand.Text())
		return p, nil
	}
	id, err := cleanText(r.RequestID, "withdraw.field.requestId", 64)
	if err != nil {
		return p, err
	}
	p.key = fmt.Sprintf("manual:%d:%s", r.UserID, id)
	w, ok, err := s.byKey(ctx, p.key)
	if ok {
		p.Existing = &w
	}
	return p, err
}

// Book books a prepared withdrawal (see Withdraw); one that exists already is answered.
func (s *Store) Book(ctx context.Context, p Prepared, spend Spend) (Withdrawal, error) {
	if p.Existing != nil {
		return *p.Existing, nil
	}
	r, c, amount, remark, key := p.Request, p.Coin, p.amount, p.remark, p.key
	now := s.now()
	var out Withdrawal
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := refuseFrozen(ctx, tx, r.UserID); err != nil {
			return err
		}
		a, err := s.address(ctx, tx, r.UserID, r.AddressID)
		if err != nil {
			return err
		}
		if a.Coin != c.Type {
			return httpx.NotFound("withdraw.addressNotFound")
		}
		if a.Network != strings.ToUpper(strings.TrimSpace(r.Network)) {
			return httpx.Warn("validation.oneOf", i18n.Params{"field": "withdraw.field.network", "values": a.Network})
		}
		if err := usable(a, now); err != nil {
			return err
		}
		if amount <= c.WithdrawFee {
			return httpx.Warn("withdraw.notAboveFee", i18n.Params{"fee": chain.FormatAmount(c.WithdrawFee, c.Decimals)})
		}
		if err := belowDust(c, amount); err != nil {
			return err
		}
		b, err := ledger.BalanceOf(ctx, tx, r.SubAccountID, c.Type)
		if err != nil {
			return err
		}
		if amount > b.Available {
			return httpx.Warn("withdraw.exceedsMax", nil)
		}
		out, err = s.create(ctx, tx, c, Withdrawal{UserID: r.UserID, SubAccountID: r.SubAccountID, Coin: c.Type, Kind: KindManual,
			Address: a.Address, Network: a.Network, Amount: amount, Remark: remark}, key, now)
		if err != nil {
			return err
		}
		return spend(ctx, tx)
	})
	if db.IsUniqueViolation(err) && r.RequestID != "" {
		// The same request raced itself: the other one made the withdrawal.
		if w, ok, kerr := s.byKey(ctx, key); kerr == nil && ok {
			return w, nil
		}
	}
	return out, err
}

// refuseFrozen refuses the withdrawal of a user whose withdrawals or account an operator
// froze (account.SetFrozen): 403 withdraw.frozen.
func refuseFrozen(ctx context.Context, q db.Querier, userID int64) error {
	frozen, err := account.WithdrawalsFrozen(ctx, q, userID)
	if err != nil {
		return err
	}
	if frozen {
		return &httpx.Error{Code: httpx.CodeWarning, Status: 403, Key: "withdraw.frozen", Data: map[string]string{"error": "withdraw.frozen"}}
	}
	return nil
}

// byKey finds the withdrawal an idempotency key made.
func (s *Store) byKey(ctx context.Context, key string) (Withdrawal, bool, error) {
	var id int64
	err := s.DB.QueryRow(ctx, "SELECT id FROM withdrawals WHERE idem_key = ?", key).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Withdrawal{}, false, nil
	}
	if err != nil {
		return Withdrawal{}, false, fmt.Errorf("withdraw: by key: %w", err)
	}
	w, err := s.Get(ctx, s.DB, id)
	return w, err == nil, err
}

// create inserts a withdrawal (fee and received from the coin, status requested or review)
// and moves its amount from available to frozen, in tx. ledger.ErrNegative becomes the
// user's "exceeds the maximum transferable amount".
func (s *Store) create(ctx context.Context, tx *db.Tx, c coin.Coin, w Withdrawal, key string, now time.Time) (Withdrawal, error) {
	// Every withdrawal, manual or automatic, is made here: none may deliver dust.
	if err := belowDust(c, w.Amount); err != nil {
		return w, err
	}
	w.Fee = c.WithdrawFee
	w.Received = w.Amount - w.Fee
	w.Status = StatusRequested
	if c.WithdrawReviewAbove > 0 && w.Amount > c.WithdrawReviewAbove {
		w.Status = StatusReview
	}
	w.CreatedAt, w.UpdatedAt = now.UnixMilli(), now.UnixMilli()
	err := tx.QueryRow(ctx, `INSERT INTO withdrawals (order_no, idem_key, user_id, sub_account_id, coin, kind, address, network, amount, fee,
		received, remark, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		key, key, w.UserID, w.SubAccountID, w.Coin, w.Kind, w.Address, w.Network, w.Amount, w.Fee,
		w.Received, w.Remark, w.Status, w.CreatedAt, w.UpdatedAt).Scan(&w.ID)
	if err != nil {
		return w, fmt.Errorf("withdraw: create: %w", err)
	}
	w.OrderNo = orderNo(now, w.ID)
	if _, err := tx.Exec(ctx, "UPDATE withdrawals SET order_no = ? WHERE id = ?", w.OrderNo, w.ID); err != nil {
		return w, fmt.Errorf("withdraw: order number: %w", err)
	}
	_, err = ledger.Post(ctx, tx, []ledger.Entry{{SubAccountID: w.SubAccountID, UserID: w.UserID, Coin: w.Coin, Kind: LedgerRequest,
		Available: -w.Amount, Frozen: w.Amount, Ref: ref(w.ID), IdemKey: LedgerRequest + ":" + strconv.FormatInt(w.ID, 10), At: now}})
	if errors.Is(err, ledger.ErrNegative) {
		return w, httpx.Warn("withdraw.exceedsMax", nil)
	}
	return w, err
}

func ref(id int64) string { return "withdrawal:" + strconv.FormatInt(id, 10) }

// orderNo is a withdrawal's order number: W, the Beijing date and the withdrawal's id
// (at least 8 digits), unique because the id is.
func orderNo(now time.Time, id int64) string {
	return fmt.Sprintf("W%s%08d", now.In(beijing).Format("20060102"), id)
}

// Setting is one sub-account's auto-withdrawal of one coin.
type Setting struct {
	SubAccountID int64
	Coin         string
	Enabled      bool
	Amount       int64
	AddressID    int64
	UpdatedAt    int64
}

// Settings lists a sub-account's settings by coin.
func (s *Store) Settings(ctx context.Context, subAccountID int64) (map[string]Setting, error) {
	rows, err := s.DB.Query(ctx, "SELECT sub_account_id, coin, enabled, amount, address_id, updated_at FROM withdraw_settings WHERE sub_account_id = ?", subAccountID)
	if err != nil {
		return nil, fmt.Errorf("withdraw: settings: %w", err)
	}
	defer rows.Close()
	out := map[string]Setting{}
	for rows.Next() {
		var st Setting
		if err := rows.Scan(&st.SubAccountID, &st.Coin, &st.Enabled, &st.Amount, &st.AddressID, &st.UpdatedAt); err != nil {
			return nil, err
		}
		out[st.Coin] = st
	}
	return out, rows.Err()
}

// SettingInput is a change of a setting as a user asks for it.
type SettingInput struct {
	UserID       int64
	SubAccountID int64
	Coin         string
	Enabled      bool
	Amount       string
	AddressID    int64
}

// windowOpen refuses a settings change inside the payment window, saying when it ends.
func windowOpen(now time.Time) error {
	if InPaymentWindow(now) {
		return httpx.Warn("withdraw.windowLocked", i18n.Params{"until": windowEnd(now).Format("15:04")})
	}
	return nil
}

// SaveSetting turns a coin's auto-withdrawal on (an amount not below the coin's minimum
// and above the fee, an address of the coin from the user's book that is past its
// AddressLock) or off. Refused from 00:00 to 12:00 Beijing time. The API asks for the
// second verification first (PrepareSetting, then PutSetting with its code).
func (s *Store) SaveSetting(ctx context.Context, in SettingInput) (Setting, error) {
	st, err := s.PrepareSetting(ctx, in)
	if err != nil {
		return st, err
	}
	return st, s.PutSetting(ctx, in.UserID, st, func(context.Context, *db.Tx) error { return nil })
}

// PrepareSetting checks a change of a setting (see SaveSetting) and answers the setting to
// store, so that a refused change costs no code.
func (s *Store) PrepareSetting(ctx context.Context, in SettingInput) (Setting, error) {
	now := s.now()
	if err := windowOpen(now); err != nil {
		return Setting{}, err
	}
	c, err := s.coinOf(ctx, in.Coin)
	if err != nil {
		return Setting{}, err
	}
	st := Setting{SubAccountID: in.SubAccountID, Coin: c.Type, Enabled: in.Enabled, UpdatedAt: now.UnixMilli()}
	if !in.Enabled {
		return st, nil
	}
	if in.AddressID == 0 {
		return st, httpx.Required("withdraw.field.address")
	}
	a, err := s.address(ctx, s.DB, in.UserID, in.AddressID)
	if err != nil {
		return st, err
	}
	if a.Coin != c.Type {
		return st, httpx.NotFound("withdraw.addressNotFound")
	}
	// An address inside its 48 hours is no choice either: the auto-withdrawal would skip
	// it, and a setting must not be a way to line one up before the owner has been told.
	if err := usable(a, now); err != nil {
		return st, err
	}
	if st.Amount, err = ParseAmount(in.Amount, c); err != nil {
		return st, err
	}
	// The dust floor too, under the same message: the SPEC does not show the minimum.
	if st.Amount < c.MinWithdraw || st.Amount <= c.WithdrawFee || belowDust(c, st.Amount) != nil {
		return st, httpx.Warn("withdraw.belowMinimum", nil)
	}
	st.AddressID = a.ID
	return st, nil
}

// PutSetting writes a setting PrepareSetting answered, and spends the second verification
// in the same transaction; turning one off keeps its amount and address.
func (s *Store) PutSetting(ctx context.Context, userID int64, st Setting, spend Spend) error {
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if st.Enabled {
			_, err = tx.Exec(ctx, `INSERT INTO withdraw_settings (sub_account_id, coin, user_id, enabled, amount, address_id, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (sub_account_id, coin) DO UPDATE SET enabled = excluded.enabled,
				amount = excluded.amount, address_id = excluded.address_id, updated_at = excluded.updated_at`,
				st.SubAccountID, st.Coin, userID, st.Enabled, st.Amount, st.AddressID, st.UpdatedAt)
		} else {
			_, err = tx.Exec(ctx, "UPDATE withdraw_settings SET enabled = ?, updated_at = ? WHERE sub_account_id = ? AND coin = ?",
				false, st.UpdatedAt, st.SubAccountID, st.Coin)
		}
		if err != nil {
			return fmt.Errorf("withdraw: setting: %w", err)
		}
		return spend(ctx, tx)
	})
}

// AutoWithdraw makes the day's auto-withdrawals inside the payment window: for every
// setting that is on, whose address is usable and whose sub-account's available balance
// reaches the amount, one withdrawal of the whole available balance (at the allowed
// precision). The key (sub-account, coin, Beijing day) makes a second run that day, or a
// second jobs process, a no-op. It answers how many it made.
func (s *Store) AutoWithdraw(ctx context.Context) (int, error) {
	now := s.now()
	if !InPaymentWindow(now) {
		return 0, nil
	}
	rows, err := s.DB.Query(ctx, `SELECT st.sub_account_id, st.user_id, st.coin, st.amount, a.address, a.network, a.usable_at
		FROM withdraw_settings st
		JOIN withdraw_addresses a ON a.id = st.address_id AND a.user_id = st.user_id AND a.coin = st.coin
		WHERE st.enabled ORDER BY st.sub_account_id, st.coin`)
	if err != nil {
		return 0, fmt.Errorf("withdraw: auto: %w", err)
	}
	type due struct {
		sub, user         int64
		coin              string
		amount, available int64
		address, network  string
		usableAt          int64
	}
	var list []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.sub, &d.user, &d.coin, &d.amount, &d.address, &d.network, &d.usableAt); err != nil {
			rows.Close()
			return 0, err
		}
		list = append(list, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	coins := map[string]coin.Coin{}
	made := 0
	for _, d := range list {
		if d.usableAt > now.UnixMilli() {
			continue
		}
		c, ok := coins[d.coin]
		if !ok {
			if c, err = s.Coins.Get(ctx, d.coin); err != nil {
				return made, err
			}
			coins[d.coin] = c
		}
		b, err := ledger.BalanceOf(ctx, s.DB, d.sub, d.coin)
		if err != nil {
			return made, err
		}
		amount := b.Available / step(c) * step(c)
		if amount <= c.WithdrawFee || amount < d.amount || belowDust(c, amount) != nil {
			continue
		}
		key := fmt.Sprintf("auto:%d:%s:%s", d.sub, d.coin, day(now))
		err = s.DB.InTx(ctx, func(tx *db.Tx) error {
			var n int
			if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM withdrawals WHERE idem_key = ?", key).Scan(&n); err != nil || n > 0 {
				return err
			}
			if frozen, err := account.WithdrawalsFrozen(ctx, tx, d.user); err != nil || frozen {
				return err // a frozen user's auto-withdrawal waits for the unfreeze
			}
			_, err := s.create(ctx, tx, c, Withdrawal{UserID: d.user, SubAccountID: d.sub, Coin: c.Type, Kind: KindAuto,
				Address: d.address, Network: d.network, Amount: amount}, key, now)
			if err == nil {
				made++
			}
			return err
		})
		var he *httpx.Error
		if db.IsUniqueViolation(err) || errors.As(err, &he) {
			continue // another process made it, or the balance moved: nothing to do
		}
		if err != nil {
			return made, err
		}
	}
	return made, nil
}
