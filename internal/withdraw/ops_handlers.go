package withdraw

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops"
)

// The operator console's withdrawal and payout routes (docs/operations.md, "Operator
// console"): reading is for every role (read), the actions are finance writes, which ask
// the authenticator code again. The actions call the same functions as `poold admin
// withdrawal|payout` (admin.go), which hold the rules and write the audit log.

// MaxOpsPage bounds one page of the console's lists.
const MaxOpsPage = 500

// OpsRoutes are the console's withdrawal and payout routes, for ops.Handler.Extra.
func (s *Store) OpsRoutes() []ops.Route {
	return []ops.Route{
		{Method: "GET", Path: "/ops/api/v1/withdrawals", Perm: ops.PermRead, Handle: s.opsWithdrawals},
		{Method: "GET", Path: "/ops/api/v1/withdrawals/{id}", Perm: ops.PermRead, Handle: s.opsWithdrawal},
		{Method: "POST", Path: "/ops/api/v1/withdrawals/{id}/approve", Perm: ops.PermFinance, Handle: s.opsApprove},
		{Method: "POST", Path: "/ops/api/v1/withdrawals/{id}/reject", Perm: ops.PermFinance, Handle: s.opsReject},
		{Method: "POST", Path: "/ops/api/v1/withdrawals/{id}/fail", Perm: ops.PermFinance, Handle: s.opsFailWithdrawal},
		{Method: "GET", Path: "/ops/api/v1/payouts", Perm: ops.PermRead, Handle: s.opsPayouts},
		{Method: "GET", Path: "/ops/api/v1/payouts/{id}", Perm: ops.PermRead, Handle: s.opsPayout},
		{Method: "POST", Path: "/ops/api/v1/payouts/{id}/fail", Perm: ops.PermFinance, Handle: s.opsFailPayout},
		{Method: "POST", Path: "/ops/api/v1/payouts/{id}/unbatch", Perm: ops.PermFinance, Handle: s.opsUnbatch},
		{Method: "GET", Path: "/ops/api/v1/wallet", Perm: ops.PermRead, Handle: s.opsWallet},
		{Method: "GET", Path: "/ops/api/v1/wallet/sends", Perm: ops.PermRead, Handle: s.opsWalletSends},
		{Method: "POST", Path: "/ops/api/v1/wallet/sends/accept", Perm: ops.PermFinance, Handle: s.opsAcceptSend},
	}
}

// OpsWithdrawal is a withdrawal as the console shows it: amounts in coins.
type OpsWithdrawal struct {
	ID            int64  `json:"id"`
	OrderNo       string `json:"orderNo"`
	UserID        int64  `json:"userId"`
	UserUID       string `json:"uid"`
	UserEmail     string `json:"email"`
	SubAccountID  int64  `json:"subAccountId"`
	Coin          string `json:"coin"`
	Kind          string `json:"kind"`
	Address       string `json:"address"`
	Network       string `json:"network"`
	Amount        string `json:"amount"`
	Fee           string `json:"fee"`
	Received      string `json:"received"`
	Remark        string `json:"remark"`
	Status        string `json:"status"`
	PayoutID      int64  `json:"payoutId"`
	Reason        string `json:"reason"`
	ReasonKey     string `json:"reasonKey"`
	TxID          string `json:"txid"`
	Confirmations int64  `json:"confirmations"`
	CreatedAt     int64  `json:"createdAt"` // Unix ms
	UpdatedAt     int64  `json:"updatedAt"`
}

// OpsFilter picks withdrawals for the review queue; zero fields pick all. Newest first.
type OpsFilter struct {
	Status, Coin string
	// User is a user's uid or email; UserID a user's id.
	User   string
	UserID int64
	// OlderThan keeps withdrawals asked for at least this long ago.
	OlderThan time.Duration
	// Before is a cursor: withdrawals with a smaller id.
	Before int64
	Limit  int
}

// decimals reads coins' decimals once per list.
type decimals struct {
	s    *Store
	seen map[string]int
}

func (d *decimals) format(ctx context.Context, coinType string, v int64) (string, error) {
	n, ok := d.seen[coinType]
	if !ok {
		c, err := d.s.Coins.Get(ctx, coinType)
		if err != nil {
			return "", fmt.Errorf("withdraw: coin %s: %w", coinType, err)
		}
		n = c.Decimals
		d.seen[coinType] = n
	}
	return chain.FormatAmount(v, n), nil
}

// OpsList reads withdrawals for the console.
func (s *Store) OpsList(ctx context.Context, f OpsFilter) ([]OpsWithdrawal, error) {
	var where []string
	var args []any
	if f.Status != "" {
		where, args = append(where, "w.status = ?"), append(args, f.Status)
	}
	if f.Coin != "" {
		where, args = append(where, "w.coin = ?"), append(args, f.Coin)
	}
	if f.User != "" {
		// The users table is account's: the uid or email becomes user ids first.
		var ids []int64
		for _, field := range []string{"uid", "email"} {
			found, err := account.UserIDsBy(ctx, s.DB, field, f.User, 1)
			if err != nil {
				return nil, err
			}
			ids = append(ids, found...)
		}
		if len(ids) == 0 {
			return []OpsWithdrawal{}, nil
		}
		where = append(where, "w.user_id IN ("+strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")+")")
		for _, id := range ids {
			args = append(args, id)
		}
	}
	if f.UserID > 0 {
		where, args = append(where, "w.user_id = ?"), append(args, f.UserID)
	}
	if f.OlderThan > 0 {
		where, args = append(where, "w.created_at <= ?"), append(args, s.now().Add(-f.OlderThan).UnixMilli())
	}
	if f.Before > 0 {
		where, args = append(where, "w.id < ?"), append(args, f.Before)
	}
	tail := ""
	if len(where) > 0 {
		tail = " WHERE " + strings.Join(where, " AND ")
	}
	limit := f.Limit
	if limit <= 0 {
		limit = 50
	}
	return s.opsQuery(ctx, s.DB, tail+" ORDER BY w.id DESC LIMIT "+strconv.Itoa(limit), args...)
}

func (s *Store) opsQuery(ctx context.Context, q db.Querier, tail string, args ...any) ([]OpsWithdrawal, error) {
	rows, err := q.Query(ctx, "SELECT "+withdrawalColumns+withdrawalFrom+tail, args...)
	if err != nil {
		return nil, fmt.Errorf("withdraw: console list: %w", err)
	}
	var list []Withdrawal
	for rows.Next() {
		var w Withdrawal
		if err := rows.Scan(&w.ID, &w.OrderNo, &w.UserID, &w.SubAccountID, &w.Coin, &w.Kind, &w.Address, &w.Network, &w.Amount, &w.Fee,
			&w.Received, &w.Remark, &w.Status, &w.PayoutID, &w.Reason, &w.ReasonKey, &w.CreatedAt, &w.UpdatedAt, &w.TxID, &w.Confirmations); err != nil {
			rows.Close()
			return nil, err
		}
		list = append(list, w)
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	userIDs := make([]int64, 0, len(list))
	for _, w := range list {
		userIDs = append(userIDs, w.UserID)
	}
	who, err := account.Identities(ctx, q, userIDs)
	if err != nil {
		return nil, err
	}
	dec := &decimals{s: s, seen: map[string]int{}}
	out := make([]OpsWithdrawal, 0, len(list))
	for _, w := range list {
		v := OpsWithdrawal{ID: w.ID, OrderNo: w.OrderNo, UserID: w.UserID, UserUID: who[w.UserID].UID, UserEmail: who[w.UserID].Email,
			SubAccountID: w.SubAccountID, Coin: w.Coin, Kind: w.Kind, Address: w.Address, Network: w.Network, Remark: w.Remark,
			Status: w.Status, PayoutID: w.PayoutID, Reason: w.Reason, ReasonKey: w.ReasonKey, TxID: w.TxID,
			Confirmations: w.Confirmations, CreatedAt: w.CreatedAt, UpdatedAt: w.UpdatedAt}
		for _, a := range []struct {
			to *string
			v  int64
		}{{&v.Amount, w.Amount}, {&v.Fee, w.Fee}, {&v.Received, w.Received}} {
			s, err := dec.format(ctx, w.Coin, a.v)
			if err != nil {
				return nil, err
			}
			*a.to = s
		}
		out = append(out, v)
	}
	return out, nil
}

// OpsPayout is a payout as the console shows it.
type OpsPayout struct {
	ID            int64  `json:"id"`
	Coin          string `json:"coin"`
	Status        string `json:"status"`
	TxID          string `json:"txid"`
	Raw           string `json:"raw"`
	NetworkFee    string `json:"networkFee"`
	Outputs       int    `json:"outputs"`
	Confirmations int64  `json:"confirmations"`
	Attempts      int    `json:"attempts"`
	LastError     string `json:"lastError"`
	CreatedAt     int64  `json:"createdAt"` // Unix ms; 0 is not yet
	SignedAt      int64  `json:"signedAt"`
	BroadcastAt   int64  `json:"broadcastAt"`
	DoneAt        int64  `json:"doneAt"`
}

const opsPayoutColumns = "id, coin, status, txid, raw, network_fee, outputs, confirmations, attempts, last_error, created_at, signed_at, broadcast_at, done_at"

// opsPayoutList reads payouts with the query tail given.
func (s *Store) opsPayoutList(ctx context.Context, tail string, args ...any) ([]OpsPayout, error) {
	rows, err := s.DB.Query(ctx, "SELECT "+opsPayoutColumns+" FROM payouts"+tail, args...)
	if err != nil {
		return nil, fmt.Errorf("withdraw: console payouts: %w", err)
	}
	type row struct {
		p   OpsPayout
		fee int64
	}
	var list []row
	for rows.Next() {
		var r row
		p := &r.p
		if err := rows.Scan(&p.ID, &p.Coin, &p.Status, &p.TxID, &p.Raw, &r.fee, &p.Outputs, &p.Confirmations, &p.Attempts, &p.LastError,
			&p.CreatedAt, &p.SignedAt, &p.BroadcastAt, &p.DoneAt); err != nil {
			rows.Close()
			return nil, err
		}
		list = append(list, r)
	}
	if err := rows.Close(); err != nil {
		return nil, err
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	dec := &decimals{s: s, seen: map[string]int{}}
	out := make([]OpsPayout, 0, len(list))
	for _, r := range list {
		if r.p.NetworkFee, err = dec.format(ctx, r.p.Coin, r.fee); err != nil {
			return nil, err
		}
		out = append(out, r.p)
	}
	return out, nil
}

// HistoryStep is one state a withdrawal reached, and when.
type HistoryStep struct {
	State string `json:"state"`
	At    int64  `json:"at"` // Unix ms
}

// History is a withdrawal's whole story: the row, its payout (transaction, raw bytes,
// confirmations), the states it went through, and the operators' actions on it and on
// its payout from the audit log.
type History struct {
	Withdrawal OpsWithdrawal  `json:"withdrawal"`
	Payout     *OpsPayout     `json:"payout"`
	States     []HistoryStep  `json:"states"`
	Audit      []ops.AuditRow `json:"audit"`
}

// OpsHistory reads a withdrawal's history, or db.ErrNotFound.
func (s *Store) OpsHistory(ctx context.Context, id int64) (History, error) {
	var h History
	list, err := s.opsQuery(ctx, s.DB, " WHERE w.id = ?", id)
	if err != nil {
		return h, err
	}
	if len(list) == 0 {
		return h, db.ErrNotFound
	}
	h.Withdrawal = list[0]
	w := h.Withdrawal
	h.States = []HistoryStep{{State: "created", At: w.CreatedAt}}
	if w.PayoutID != 0 {
		ps, err := s.opsPayoutList(ctx, " WHERE id = ?", w.PayoutID)
		if err != nil {
			return h, err
		}
		if len(ps) == 1 {
			p := ps[0]
			h.Payout = &p
			for _, st := range []HistoryStep{{StatusBatched, p.CreatedAt}, {StatusSigned, p.SignedAt}, {StatusBroadcast, p.BroadcastAt}} {
				if st.At > 0 {
					h.States = append(h.States, st)
				}
			}
			if p.DoneAt > 0 && (w.Status == StatusConfirmed || w.Status == StatusFailed) {
				h.States = append(h.States, HistoryStep{w.Status, p.DoneAt})
			}
		}
	} else if w.Status == StatusFailed {
		h.States = append(h.States, HistoryStep{StatusFailed, w.UpdatedAt})
	}
	if h.Audit, err = ops.ListAudit(ctx, s.DB, ops.AuditFilter{Object: "withdrawal:" + strconv.FormatInt(id, 10), Limit: ops.MaxAuditPage}); err != nil {
		return h, err
	}
	if w.PayoutID != 0 {
		more, err := ops.ListAudit(ctx, s.DB, ops.AuditFilter{Object: "payout:" + strconv.FormatInt(w.PayoutID, 10), Limit: ops.MaxAuditPage})
		if err != nil {
			return h, err
		}
		h.Audit = append(h.Audit, more...)
	}
	return h, nil
}

func badFilter(field string) error {
	return adminError(400, "withdraw.admin.badFilter", i18n.Params{"field": field})
}

// page reads the cursor and limit of a console list.
func page(q url.Values) (before int64, limit int, err error) {
	limit = 50
	if c := q.Get("cursor"); c != "" {
		if before, err = strconv.ParseInt(c, 10, 64); err != nil || before <= 0 {
			return 0, 0, badFilter("cursor")
		}
	}
	if l := q.Get("limit"); l != "" {
		if limit, err = strconv.Atoi(l); err != nil || limit < 1 || limit > MaxOpsPage {
			return 0, 0, badFilter("limit")
		}
	}
	return before, limit, nil
}

var statuses = []string{StatusReview, StatusRequested, StatusBatched, StatusSigned, StatusBroadcast, StatusConfirmed, StatusFailed}

func knownStatus(s string, in []string) bool { return s == "" || slices.Contains(in, s) }

// nextCursor is the cursor of the page after a full one.
func nextCursor(n, limit int, lastID int64) *string {
	if n < limit || n == 0 {
		return nil
	}
	c := strconv.FormatInt(lastID, 10)
	return &c
}

// opsWithdrawals answers the review queue: ?status=&coin=&user=(uid or email)
// &olderThan=(a duration: 30m, 2h, 48h)&cursor=&limit=, newest first.
func (s *Store) opsWithdrawals(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	f := OpsFilter{Status: q.Get("status"), Coin: strings.TrimSpace(q.Get("coin")), User: strings.TrimSpace(q.Get("user"))}
	if !knownStatus(f.Status, statuses) {
		return badFilter("status")
	}
	if a := q.Get("olderThan"); a != "" {
		d, err := time.ParseDuration(a)
		if err != nil || d <= 0 {
			return badFilter("olderThan")
		}
		f.OlderThan = d
	}
	var err error
	if f.Before, f.Limit, err = page(q); err != nil {
		return err
	}
	list, err := s.OpsList(r.Context(), f)
	if err != nil {
		return err
	}
	var last int64
	if len(list) > 0 {
		last = list[len(list)-1].ID
	}
	return httpx.OK(w, r, map[string]any{"items": list, "nextCursor": nextCursor(len(list), f.Limit, last)})
}

func pathID(r *http.Request, notFound string) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, adminError(404, notFound, i18n.Params{"id": r.PathValue("id")})
	}
	return id, nil
}

func (s *Store) opsWithdrawal(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "withdraw.admin.noWithdrawal")
	if err != nil {
		return err
	}
	h, err := s.OpsHistory(r.Context(), id)
	if errors.Is(err, db.ErrNotFound) {
		return adminError(404, "withdraw.admin.noWithdrawal", idParam(id))
	}
	if err != nil {
		return err
	}
	return httpx.OK(w, r, h)
}

// reasonOf reads an action's body: {"reason": "..."}.
func reasonOf(w http.ResponseWriter, r *http.Request) (string, error) {
	var in struct {
		Reason string `json:"reason"`
	}
	if err := httpx.Decode(w, r, &in); err != nil {
		return "", err
	}
	return strings.TrimSpace(in.Reason), nil
}

// withdrawalAction runs an action on the withdrawal of the path and answers its history.
func (s *Store) withdrawalAction(w http.ResponseWriter, r *http.Request, act func(ctx context.Context, by ops.Actor, id int64, reason string) error) error {
	id, err := pathID(r, "withdraw.admin.noWithdrawal")
	if err != nil {
		return err
	}
	reason, err := reasonOf(w, r)
	if err != nil {
		return err
	}
	if err := act(r.Context(), ops.ActorOf(r), id, reason); err != nil {
		return err
	}
	h, err := s.OpsHistory(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, h)
}

func (s *Store) opsApprove(w http.ResponseWriter, r *http.Request) error {
	return s.withdrawalAction(w, r, s.Approve)
}

func (s *Store) opsReject(w http.ResponseWriter, r *http.Request) error {
	return s.withdrawalAction(w, r, s.Reject)
}

func (s *Store) opsFailWithdrawal(w http.ResponseWriter, r *http.Request) error {
	return s.withdrawalAction(w, r, s.FailWithdrawal)
}

var payoutStatuses = []string{StatusBatched, StatusSigned, StatusBroadcast, StatusConfirmed, StatusFailed}

// opsPayouts answers the payouts: ?status=&coin=&cursor=&limit=, newest first.
func (s *Store) opsPayouts(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	var where []string
	var args []any
	if st := q.Get("status"); st != "" {
		if !knownStatus(st, payoutStatuses) {
			return badFilter("status")
		}
		where, args = append(where, "status = ?"), append(args, st)
	}
	if c := strings.TrimSpace(q.Get("coin")); c != "" {
		where, args = append(where, "coin = ?"), append(args, c)
	}
	before, limit, err := page(q)
	if err != nil {
		return err
	}
	if before > 0 {
		where, args = append(where, "id < ?"), append(args, before)
	}
	tail := ""
	if len(where) > 0 {
		tail = " WHERE " + strings.Join(where, " AND ")
	}
	list, err := s.opsPayoutList(r.Context(), tail+" ORDER BY id DESC LIMIT "+strconv.Itoa(limit), args...)
	if err != nil {
		return err
	}
	var last int64
	if len(list) > 0 {
		last = list[len(list)-1].ID
	}
	return httpx.OK(w, r, map[string]any{"items": list, "nextCursor": nextCursor(len(list), limit, last)})
}

// PayoutView is a payout with its withdrawals and the operators' actions on it.
type PayoutView struct {
	Payout      OpsPayout       `json:"payout"`
	Withdrawals []OpsWithdrawal `json:"withdrawals"`
	Audit       []ops.AuditRow  `json:"audit"`
}

// OpsPayoutView reads a payout for the console, or db.ErrNotFound.
func (s *Store) OpsPayoutView(ctx context.Context, id int64) (PayoutView, error) {
	var v PayoutView
	ps, err := s.opsPayoutList(ctx, " WHERE id = ?", id)
	if err != nil {
		return v, err
	}
	if len(ps) == 0 {
		return v, db.ErrNotFound
	}
	v.Payout = ps[0]
	if v.Withdrawals, err = s.opsQuery(ctx, s.DB, " WHERE w.payout_id = ? ORDER BY w.id", id); err != nil {
		return v, err
	}
	v.Audit, err = ops.ListAudit(ctx, s.DB, ops.AuditFilter{Object: "payout:" + strconv.FormatInt(id, 10), Limit: ops.MaxAuditPage})
	return v, err
}

func (s *Store) opsPayout(w http.ResponseWriter, r *http.Request) error {
	id, err := pathID(r, "withdraw.admin.noPayout")
	if err != nil {
		return err
	}
	v, err := s.OpsPayoutView(r.Context(), id)
	if errors.Is(err, db.ErrNotFound) || errors.Is(err, sql.ErrNoRows) {
		return adminError(404, "withdraw.admin.noPayout", idParam(id))
	}
	if err != nil {
		return err
	}
	return httpx.OK(w, r, v)
}

// payoutAction runs an action on the payout of the path and answers the payout and how
// many withdrawals it moved.
func (s *Store) payoutAction(w http.ResponseWriter, r *http.Request, act func(ctx context.Context, by ops.Actor, id int64, reason string) (int, error)) error {
	id, err := pathID(r, "withdraw.admin.noPayout")
	if err != nil {
		return err
	}
	reason, err := reasonOf(w, r)
	if err != nil {
		return err
	}
	n, err := act(r.Context(), ops.ActorOf(r), id, reason)
	if err != nil {
		return err
	}
	v, err := s.OpsPayoutView(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"payout": v.Payout, "audit": v.Audit, "withdrawals": n})
}

func (s *Store) opsFailPayout(w http.ResponseWriter, r *http.Request) error {
	return s.payoutAction(w, r, s.FailPayout)
}

func (s *Store) opsUnbatch(w http.ResponseWriter, r *http.Request) error {
	return s.payoutAction(w, r, s.Unbatch)
}

// OpsWalletReport is one coin's `poold admin wallet check` line, amounts in coins.
type OpsWalletReport struct {
	Coin         string `json:"coin"`
	Wallet       string `json:"wallet"`
	Available    string `json:"available"`
	Unsent       string `json:"unsent"`
	Surplus      string `json:"surplus"` // negative: the wallet cannot pay every user
	Short        bool   `json:"short"`   // the surplus is negative
	Frozen       string `json:"frozen"`
	Open         string `json:"open"`
	UnknownSends int    `json:"unknownSends"`
	// Problem is what is wrong, "" for nothing; Error is why the coin could not be checked.
	Problem string `json:"problem"`
	Error   string `json:"error"`
}

// OpsWalletLine is coin c's wallet check (CheckWallet, through its node), amounts in
// coins; a node that does not answer, or no driver in this process, is the line's Error.
// The operator console's overview shows it too, under a deadline of its own (ctx).
func (s *Store) OpsWalletLine(ctx context.Context, c coin.Coin) OpsWalletReport {
	line := OpsWalletReport{Coin: c.Type}
	rep, err := func() (WalletReport, error) {
		if s.Chains == nil {
			return WalletReport{}, errors.New("no chain drivers in this process")
		}
		drv, err := s.Chains.Driver(ctx, c)
		if err != nil {
			return WalletReport{}, err
		}
		return s.CheckWallet(ctx, c, drv)
	}()
	if err != nil {
		line.Error = err.Error()
		return line
	}
	f := func(v int64) string { return chain.FormatAmount(v, c.Decimals) }
	line.Wallet, line.Available, line.Unsent, line.Surplus = f(rep.Wallet), f(rep.Available), f(rep.Unsent), f(rep.Surplus())
	line.Frozen, line.Open, line.UnknownSends, line.Problem = f(rep.Frozen), f(rep.Open), rep.UnknownSends, rep.Problem()
	line.Short = rep.Surplus() < 0
	return line
}

// opsWallet answers the wallet check of every coin (?coin= for one), as `poold admin
// wallet check` does: CheckWallet asks each coin's node for its balance and its sends.
func (s *Store) opsWallet(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	coins, err := s.Coins.List(ctx)
	if err != nil {
		return err
	}
	only := strings.TrimSpace(r.URL.Query().Get("coin"))
	out := []OpsWalletReport{}
	for _, c := range coins {
		if only != "" && c.Type != only {
			continue
		}
		out = append(out, s.OpsWalletLine(ctx, c))
	}
	return httpx.OK(w, r, map[string]any{"coins": out})
}

// OpsWalletSend is a send of a node wallet that no payout holds.
type OpsWalletSend struct {
	Coin       string `json:"coin"`
	TxID       string `json:"txid"`
	FoundAt    int64  `json:"foundAt"`
	AcceptedAt int64  `json:"acceptedAt"` // 0: waiting, the coin pays nothing meanwhile
	Note       string `json:"note"`
}

func (s *Store) opsWalletSends(w http.ResponseWriter, r *http.Request) error {
	list, err := s.WalletSends(r.Context(), strings.TrimSpace(r.URL.Query().Get("coin")))
	if err != nil {
		return err
	}
	out := make([]OpsWalletSend, 0, len(list))
	for _, v := range list {
		out = append(out, OpsWalletSend{Coin: v.Coin, TxID: v.TxID, FoundAt: v.FoundAt, AcceptedAt: v.AcceptedAt, Note: v.Note})
	}
	return httpx.OK(w, r, map[string]any{"items": out})
}

// opsAcceptSend accepts a send no payout holds ({"coin","txid","note"}, the note
// required), as `poold admin wallet accept` does.
func (s *Store) opsAcceptSend(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Coin string `json:"coin"`
		TxID string `json:"txid"`
		Note string `json:"note"`
	}
	if err := httpx.Decode(w, r, &in); err != nil {
		return err
	}
	note, err := func() (string, error) {
		n := strings.TrimSpace(in.Note)
		return n, checkNote(n, true)
	}()
	if err != nil {
		return err
	}
	if err := s.AcceptSend(r.Context(), ops.ActorOf(r), strings.TrimSpace(in.Coin), strings.TrimSpace(in.TxID), note); err != nil {
		return err
	}
	return httpx.OK(w, r, nil)
}
