// Package opsusers is the operator console's users area (docs/operations.md "Users"):
// search by email, phone, uid, sub-account, worker or withdrawal address; a user's page
// (sub-accounts, devices, balances, the ledger, withdrawals, addresses with their lock
// times, observer links, sessions, two-factor sign-in, freezes); and the actions, each with
// a reason: freeze and unfreeze the account or its withdrawals, end the sessions, reset
// two-factor sign-in. The actions are the domain packages' own functions
// (account.SetFrozen, account.EndSessions, twofactor.ResetBy), which hold the rules and
// write the audit log, as `poold admin user|2fa` does.
package opsusers

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/scope"
	"github.com/uniplus-pool/pool/internal/twofactor"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// Area serves the users routes.
type Area struct {
	DB          *db.DB
	Accounts    *account.Store
	TwoFactor   *twofactor.Service
	Withdrawals *withdraw.Store
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

func (a *Area) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

// Routes are the users routes, for ops.Handler.Extra: reading for every role, the
// actions for support and the owner (users).
func (a *Area) Routes() []ops.Route {
	return []ops.Route{
		{Method: "GET", Path: "/ops/api/v1/users", Perm: ops.PermRead, Handle: a.search},
		{Method: "GET", Path: "/ops/api/v1/users/{id}", Perm: ops.PermRead, Handle: a.page},
		{Method: "POST", Path: "/ops/api/v1/users/{id}/freeze", Perm: ops.PermUsers, Handle: a.freeze(true)},
		{Method: "POST", Path: "/ops/api/v1/users/{id}/unfreeze", Perm: ops.PermUsers, Handle: a.freeze(false)},
		{Method: "POST", Path: "/ops/api/v1/users/{id}/end-sessions", Perm: ops.PermUsers, Handle: a.endSessions},
		{Method: "POST", Path: "/ops/api/v1/users/{id}/reset-2fa", Perm: ops.PermUsers, Handle: a.resetTwoFactor},
	}
}

// Summary is a user in the search's answer.
type Summary struct {
	ID        int64  `json:"id"`
	UID       string `json:"uid"`
	Nickname  string `json:"nickname"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
	Status    string `json:"status"`
	CreatedAt int64  `json:"createdAt"`
	// Matched says what the query matched: email, phone, uid, subAccount, worker, address,
	// or emailPrefix (the email starts with it).
	Matched string `json:"matched"`
}

// MaxResults bounds a search's answer.
const MaxResults = 50

// Search finds users by email, phone or uid (exact, email in any case), by a sub-account's
// code or alias, a worker's name, or a withdrawal address (exact), then those whose email
// starts with q (any case, q of at least account.MinEmailPrefix characters), at most
// MaxResults in all.
func (a *Area) Search(ctx context.Context, q string) ([]Summary, error) {
	q = strings.TrimSpace(q)
	out := []Summary{}
	if q == "" {
		return out, nil
	}
	seen := map[int64]bool{}
	for _, m := range []struct{ what, query string }{
		{"email", ""}, // users are account's table: these three go through its lookup
		{"phone", ""},
		{"uid", ""},
		{"subAccount", "SELECT user_id FROM sub_accounts WHERE code = ? OR alias = ?"},
		{"worker", "SELECT DISTINCT s.user_id FROM devices d JOIN sub_accounts s ON s.id = d.sub_account_id WHERE d.worker = ?"},
		{"address", "SELECT DISTINCT user_id FROM withdraw_addresses WHERE address = ?"},
		{"emailPrefix", ""}, // after the exact matches: the rest of the page
	} {
		var ids []int64
		var err error
		if m.query == "" {
			ids, err = account.UserIDsBy(ctx, a.DB, m.what, q, MaxResults)
		} else {
			args := []any{q}
			if strings.Count(m.query, "?") == 2 {
				args = append(args, q)
			}
			ids, err = ints(ctx, a.DB, m.query+" LIMIT "+strconv.Itoa(MaxResults), args...)
		}
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			if seen[id] || len(out) >= MaxResults {
				continue
			}
			seen[id] = true
			u, err := a.Accounts.UserByID(ctx, a.DB, id)
			if errors.Is(err, db.ErrNotFound) {
				continue
			}
			if err != nil {
				return nil, err
			}
			out = append(out, Summary{ID: u.ID, UID: u.UID, Nickname: u.Nickname, Email: u.Email, Phone: u.Phone, Status: u.Status,
				CreatedAt: u.CreatedAt, Matched: m.what})
		}
	}
	return out, nil
}

func ints(ctx context.Context, q db.Querier, query string, args ...any) ([]int64, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var v int64
		if err := rows.Scan(&v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

func (a *Area) search(w http.ResponseWriter, r *http.Request) error {
	list, err := a.Search(r.Context(), r.URL.Query().Get("q"))
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]any{"items": list})
}

// SubAccount is a sub-account on the user's page, with its devices.
type SubAccount struct {
	ID          int64    `json:"id"`
	Code        string   `json:"code"`
	Alias       string   `json:"alias"`
	DefaultCoin string   `json:"defaultCoin"`
	Deleted     bool     `json:"deleted"`
	Devices     []Device `json:"devices"`
}

// Device is a device of a sub-account.
type Device struct {
	ID     int64  `json:"id"`
	Coin   string `json:"coin"`
	Worker string `json:"worker"`
	Kind   string `json:"kind"`
	Status string `json:"status"`
}

// Balance is a balance in the coin's minor units (Page.Decimals says how many to a coin).
type Balance struct {
	SubAccountID int64  `json:"subAccountId"`
	Coin         string `json:"coin"`
	Available    int64  `json:"available"` // minor units
	Frozen       int64  `json:"frozen"`
	Earned       int64  `json:"earned"`
	Withdrawn    int64  `json:"withdrawn"`
}

// LedgerRow is one journal row.
type LedgerRow struct {
	ID           int64  `json:"id"`
	SubAccountID int64  `json:"subAccountId"`
	Coin         string `json:"coin"`
	Kind         string `json:"kind"`
	Available    int64  `json:"available"`
	Frozen       int64  `json:"frozen"`
	Ref          string `json:"ref"`
	CreatedAt    int64  `json:"createdAt"`
}

// Address is a withdrawal address with its lock.
type Address struct {
	ID          int64  `json:"id"`
	Coin        string `json:"coin"`
	Address     string `json:"address"`
	Network     string `json:"network"`
	Description string `json:"description"`
	UsableAt    int64  `json:"usableAt"` // Unix ms: paid from then on
	Locked      bool   `json:"locked"`
}

// ObserverLink is an observer link, without its token.
type ObserverLink struct {
	ID        int64  `json:"id"`
	Coins     string `json:"coins"`
	Note      string `json:"note"`
	ExpiresAt int64  `json:"expiresAt"`
	CreatedAt int64  `json:"createdAt"`
}

// Session is a live session, without its token.
type Session struct {
	CreatedAt  int64  `json:"createdAt"`
	LastSeenAt int64  `json:"lastSeenAt"`
	ExpiresAt  int64  `json:"expiresAt"`
	ClientAddr string `json:"ip"`
	UserAgent  string `json:"userAgent"`
}

// Page is a user's page.
type Page struct {
	User        Summary                  `json:"user"`
	AccountType string                   `json:"accountType"`
	Freeze      account.Freeze           `json:"freeze"`
	TwoFactor   twofactor.Status         `json:"twoFactor"`
	SubAccounts []SubAccount             `json:"subAccounts"`
	Balances    []Balance                `json:"balances"`
	Ledger      []LedgerRow              `json:"ledger"`
	Withdrawals []withdraw.OpsWithdrawal `json:"withdrawals"`
	Addresses   []Address                `json:"addresses"`
	Observers   []ObserverLink           `json:"observerLinks"`
	Sessions    []Session                `json:"sessions"`
	// Decimals are the decimals of each coin in Balances and Ledger, whose amounts are
	// minor units: the page shows them in coins.
	Decimals map[string]int `json:"decimals"`
}

// PageOf reads a user's page, or db.ErrNotFound.
func (a *Area) PageOf(ctx context.Context, id int64) (Page, error) {
	var p Page
	u, err := a.Accounts.UserByID(ctx, a.DB, id)
	if err != nil {
		return p, err
	}
	now := a.now()
	p.User = Summary{ID: u.ID, UID: u.UID, Nickname: u.Nickname, Email: u.Email, Phone: u.Phone, Status: u.Status, CreatedAt: u.CreatedAt}
	p.AccountType = u.AccountType
	if p.Freeze, err = account.FreezeOf(ctx, a.DB, id); err != nil {
		return p, err
	}
	if p.TwoFactor, err = a.TwoFactor.StatusOf(ctx, id); err != nil {
		return p, err
	}
	if p.SubAccounts, err = a.subAccounts(ctx, id); err != nil {
		return p, err
	}
	bals, err := ledger.Balances(ctx, a.DB, scope.User(id))
	if err != nil {
		return p, err
	}
	p.Balances = []Balance{}
	for _, b := range bals {
		p.Balances = append(p.Balances, Balance{SubAccountID: b.SubAccountID, Coin: b.Coin, Available: b.Available, Frozen: b.Frozen,
			Earned: b.Earned, Withdrawn: b.Withdrawn})
	}
	rows, _, err := ledger.Entries(ctx, a.DB, scope.User(id), ledger.Filter{}, 1, 50)
	if err != nil {
		return p, err
	}
	p.Ledger = []LedgerRow{}
	for _, r := range rows {
		p.Ledger = append(p.Ledger, LedgerRow{ID: r.ID, SubAccountID: r.SubAccountID, Coin: r.Coin, Kind: r.Kind, Available: r.Available,
			Frozen: r.Frozen, Ref: r.Ref, CreatedAt: r.CreatedAt})
	}
	if p.Withdrawals, err = a.Withdrawals.OpsList(ctx, withdraw.OpsFilter{UserID: id, Limit: 50}); err != nil {
		return p, err
	}
	addrs, err := a.Withdrawals.Addresses(ctx, id, "")
	if err != nil {
		return p, err
	}
	p.Addresses = []Address{}
	for _, ad := range addrs {
		p.Addresses = append(p.Addresses, Address{ID: ad.ID, Coin: ad.Coin, Address: ad.Address, Network: ad.Network,
			Description: ad.Description, UsableAt: ad.UsableAt, Locked: ad.UsableAt > now.UnixMilli()})
	}
	p.Decimals = map[string]int{}
	for _, c := range append(coinsOf(p.Balances, func(b Balance) string { return b.Coin }), coinsOf(p.Ledger, func(r LedgerRow) string { return r.Coin })...) {
		if _, ok := p.Decimals[c]; ok {
			continue
		}
		cn, err := a.Withdrawals.Coins.Get(ctx, c)
		if err != nil {
			return p, err
		}
		p.Decimals[c] = cn.Decimals
	}
	if p.Observers, err = a.observers(ctx, id); err != nil {
		return p, err
	}
	p.Sessions, err = a.sessions(ctx, id, now)
	return p, err
}

// coinsOf is the coin of each row.
func coinsOf[T any](rows []T, coin func(T) string) []string {
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, coin(r))
	}
	return out
}

func (a *Area) subAccounts(ctx context.Context, userID int64) ([]SubAccount, error) {
	rows, err := a.DB.Query(ctx, `SELECT id, code, alias, default_coin, deleted_at IS NOT NULL FROM sub_accounts WHERE user_id = ? ORDER BY id`, userID)
	if err != nil {
		return nil, err
	}
	out := []SubAccount{}
	for rows.Next() {
		var s SubAccount
		if err := rows.Scan(&s.ID, &s.Code, &s.Alias, &s.DefaultCoin, &s.Deleted); err != nil {
			rows.Close()
			return nil, err
		}
		s.Devices = []Device{}
		out = append(out, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for i := range out {
		drows, err := a.DB.Query(ctx, "SELECT id, coin, worker, kind, status FROM devices WHERE sub_account_id = ? ORDER BY worker LIMIT 500", out[i].ID)
		if err != nil {
			return nil, err
		}
		for drows.Next() {
			var d Device
			if err := drows.Scan(&d.ID, &d.Coin, &d.Worker, &d.Kind, &d.Status); err != nil {
				drows.Close()
				return nil, err
			}
			out[i].Devices = append(out[i].Devices, d)
		}
		drows.Close()
		if err := drows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (a *Area) observers(ctx context.Context, userID int64) ([]ObserverLink, error) {
	rows, err := a.DB.Query(ctx, "SELECT id, coins, note, expires_at, created_at FROM observer_links WHERE user_id = ? ORDER BY id", userID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []ObserverLink{}
	for rows.Next() {
		var l ObserverLink
		if err := rows.Scan(&l.ID, &l.Coins, &l.Note, &l.ExpiresAt, &l.CreatedAt); err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

func (a *Area) sessions(ctx context.Context, userID int64, now time.Time) ([]Session, error) {
	rows, err := a.DB.Query(ctx, `SELECT created_at, last_seen_at, expires_at, client_addr, user_agent FROM sessions
		WHERE user_id = ? AND expires_at > ? ORDER BY last_seen_at DESC`, userID, now.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []Session{}
	for rows.Next() {
		var s Session
		if err := rows.Scan(&s.CreatedAt, &s.LastSeenAt, &s.ExpiresAt, &s.ClientAddr, &s.UserAgent); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func userID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, noUser()
	}
	return id, nil
}

func noUser() error {
	return &httpx.Error{Code: httpx.CodeWarning, Status: 404, Key: "account.admin.noUser", Data: map[string]string{"error": "account.admin.noUser"}}
}

func (a *Area) page(w http.ResponseWriter, r *http.Request) error {
	id, err := userID(r)
	if err != nil {
		return err
	}
	p, err := a.PageOf(r.Context(), id)
	if errors.Is(err, db.ErrNotFound) {
		return noUser()
	}
	if err != nil {
		return err
	}
	return httpx.OK(w, r, p)
}

// action reads an action's id and body ({"reason": ..., and more into extra}).
func action(w http.ResponseWriter, r *http.Request, in any) (int64, error) {
	id, err := userID(r)
	if err != nil {
		return 0, err
	}
	return id, httpx.Decode(w, r, in)
}

func (a *Area) freeze(on bool) httpx.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) error {
		var in struct {
			What   string `json:"what"` // account or withdrawals
			Reason string `json:"reason"`
		}
		id, err := action(w, r, &in)
		if err != nil {
			return err
		}
		f, err := a.Accounts.SetFrozen(r.Context(), ops.ActorOf(r), id, in.What, on, in.Reason, a.now())
		if err != nil {
			return err
		}
		return httpx.OK(w, r, f)
	}
}

func (a *Area) endSessions(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Reason string `json:"reason"`
	}
	id, err := action(w, r, &in)
	if err != nil {
		return err
	}
	n, err := a.Accounts.EndSessions(r.Context(), ops.ActorOf(r), id, in.Reason, a.now())
	if err != nil {
		return err
	}
	return httpx.OK(w, r, map[string]int{"ended": n})
}

func (a *Area) resetTwoFactor(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Reason string `json:"reason"`
	}
	id, err := action(w, r, &in)
	if err != nil {
		return err
	}
	if err := a.TwoFactor.ResetBy(r.Context(), ops.ActorOf(r), id, in.Reason); err != nil {
		return err
	}
	st, err := a.TwoFactor.StatusOf(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.OK(w, r, st)
}
