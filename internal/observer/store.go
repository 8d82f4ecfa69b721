// Package observer is observer links (docs/observer.md): a user shares a read-only view of
// some coins' devices or earnings, of the whole account or some sub-accounts, with anyone
// holding the link's token, without a login. It owns the observer_links table, the link
// manager's calls and the middleware that turns a link's token into a read scope for the
// pool-mode and revenue reads.
package observer

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/scope"
	"github.com/uniplus-pool/pool/internal/seal"
	"github.com/uniplus-pool/pool/internal/secrettoken"
)

// The link rules: SPEC section 5, and ours where it is silent.
const (
	MaxNote          = 10 // characters
	MaxLinksPerUser  = 50
	MaxCoinsPerLink  = 50
	touchEvery       = time.Minute // last used and the use count move at most this often
	tokenRandomBytes = 32
)

// ExpiryDays are the lifetimes a link may have, in days; 0 is never.
var ExpiryDays = []int{0, 1, 7, 30}

// Link is one observer link.
type Link struct {
	ID          int64
	UserID      int64
	Token       string // "" when it cannot be unsealed (the secret key was replaced)
	Coins       []string
	SubAccounts []int64 // empty: every sub-account
	Machine     bool
	Income      bool
	Note        string
	ExpiresAt   int64 // Unix ms; 0 never
	CreatedAt   int64
	UpdatedAt   int64
	LastUsedAt  int64
	UseCount    int64
	// ReadThrough is the link's read mark for messages: those up to it are read (Unix ms).
	ReadThrough int64
}

// Scope is what the link lets its holder read.
func (l Link) Scope() scope.Scope {
	return scope.Scope{UserID: l.UserID, Coins: l.Coins, SubAccounts: l.SubAccounts}
}

// Spec is what an owner sets on a link.
type Spec struct {
	Coins       []string
	SubAccounts []int64
	Machine     bool
	Income      bool
	Note        string
	ExpiresIn   int // days, one of ExpiryDays
	// KeepExpiry leaves an edited link's end where it is (expiresIn absent on edit).
	KeepExpiry bool
}

// Store is the observer_links table.
type Store struct {
	DB     *db.DB
	Sealer *seal.Sealer
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

func (s *Store) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// IsToken says whether a request token is an observer link's rather than a session's.
func IsToken(token string) bool { return strings.HasPrefix(token, account.ObserverTokenPrefix) }

func newToken() (string, error) {
	b := make([]byte, tokenRandomBytes)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return account.ObserverTokenPrefix + base64.RawURLEncoding.EncodeToString(b), nil
}

// mint makes a new token and its sealed copy for storage.
func (s *Store) mint() (token, sealed string, err error) {
	if token, err = newToken(); err != nil {
		return "", "", err
	}
	sealed, err = s.Sealer.Seal(token, nil)
	return token, sealed, err
}

// check applies the link rules and puts the spec in its canonical form (coins upper-case,
// sorted and once each; sub-accounts sorted and once each; the note trimmed).
func (sp *Spec) check() error {
	coins := make([]string, 0, len(sp.Coins))
	for _, c := range sp.Coins {
		if c = strings.ToUpper(strings.TrimSpace(c)); c != "" && !slices.Contains(coins, c) {
			coins = append(coins, c)
		}
	}
	slices.Sort(coins)
	sp.Coins = coins
	if len(coins) == 0 {
		return httpx.Warn("observer.coinRequired", nil)
	}
	if len(coins) > MaxCoinsPerLink {
		return httpx.Invalid("observer.field.currencyList")
	}
	if !sp.Machine && !sp.Income {
		return httpx.Warn("observer.infoRequired", nil)
	}
	sp.Note = strings.TrimSpace(sp.Note)
	if sp.Note == "" {
		return httpx.Required("observer.field.note")
	}
	if utf8.RuneCountInString(sp.Note) > MaxNote {
		return httpx.TooLong("observer.field.note", MaxNote)
	}
	for _, r := range sp.Note {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			return httpx.Invalid("observer.field.note")
		}
	}
	if !slices.Contains(ExpiryDays, sp.ExpiresIn) {
		return httpx.Warn("validation.oneOf", i18n.Params{"field": "observer.field.expiresIn", "values": "0, 1, 7, 30"})
	}
	subs := slices.Clone(sp.SubAccounts)
	slices.Sort(subs)
	sp.SubAccounts = slices.Compact(subs)
	return nil
}

// same says whether a link already shares what spec would.
func (l Link) same(sp Spec) bool {
	return slices.Equal(l.Coins, sp.Coins) && slices.Equal(l.SubAccounts, sp.SubAccounts) &&
		l.Machine == sp.Machine && l.Income == sp.Income && l.Note == sp.Note
}

func joinIDs(ids []int64) string {
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, ",")
}

func splitIDs(s string) []int64 {
	if s == "" {
		return nil
	}
	var out []int64
	for _, p := range strings.Split(s, ",") {
		if id, err := strconv.ParseInt(p, 10, 64); err == nil {
			out = append(out, id)
		}
	}
	return out
}

const linkColumns = `id, user_id, token_sealed, coins, sub_accounts, machine, income, note, expires_at,
	created_at, updated_at, last_used_at, use_count, read_through`

func (s *Store) scan(row interface{ Scan(...any) error }) (Link, error) {
	var l Link
	var sealed, coins, subs string
	err := row.Scan(&l.ID, &l.UserID, &sealed, &coins, &subs, &l.Machine, &l.Income, &l.Note, &l.ExpiresAt,
		&l.CreatedAt, &l.UpdatedAt, &l.LastUsedAt, &l.UseCount, &l.ReadThrough)
	if errors.Is(err, sql.ErrNoRows) {
		return l, db.ErrNotFound
	}
	if err != nil {
		return l, fmt.Errorf("observer: read link: %w", err)
	}
	if coins != "" {
		l.Coins = strings.Split(coins, ",")
	}
	l.SubAccounts = splitIDs(subs)
	if s.Sealer != nil {
		l.Token, _ = s.Sealer.Open(sealed, nil)
	}
	return l, nil
}

// List is the user's links, newest first.
func (s *Store) List(ctx context.Context, userID int64) ([]Link, error) {
	return s.list(ctx, s.DB, userID)
}

func (s *Store) list(ctx context.Context, q db.Querier, userID int64) ([]Link, error) {
	rows, err := q.Query(ctx, "SELECT "+linkColumns+" FROM observer_links WHERE user_id = ? ORDER BY id DESC", userID)
	if err != nil {
		return nil, fmt.Errorf("observer: list links: %w", err)
	}
	defer rows.Close()
	out := []Link{}
	for rows.Next() {
		l, err := s.scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, rows.Err()
}

// expiry is when a link made or changed now with spec ends (0: never).
func expiry(now time.Time, days int) int64 {
	if days == 0 {
		return 0
	}
	return now.Add(time.Duration(days) * 24 * time.Hour).UnixMilli()
}

// Add makes a link (the spec already checked against the user's coins and sub-accounts).
func (s *Store) Add(ctx context.Context, userID int64, sp Spec) (Link, error) {
	if err := sp.check(); err != nil {
		return Link{}, err
	}
	token, sealed, err := s.mint()
	if err != nil {
		return Link{}, err
	}
	now := s.now()
	var id int64
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		links, err := s.lockedLinks(ctx, tx, userID, 0, sp)
		if err != nil {
			return err
		}
		if len(links) >= MaxLinksPerUser {
			return httpx.Warn("observer.tooMany", i18n.Params{"max": strconv.Itoa(MaxLinksPerUser)})
		}
		return tx.QueryRow(ctx, `INSERT INTO observer_links (user_id, token_hash, token_sealed, coins, sub_accounts, machine,
			income, note, expires_at, created_at, updated_at, read_through) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			userID, secrettoken.Hash(token), sealed, strings.Join(sp.Coins, ","), joinIDs(sp.SubAccounts), sp.Machine, sp.Income,
			sp.Note, expiry(now, sp.ExpiresIn), now.UnixMilli(), now.UnixMilli(), now.UnixMilli()).Scan(&id)
	})
	if err != nil {
		return Link{}, err
	}
	return s.byID(ctx, userID, id)
}

// lockedLinks locks the user's row and answers their links, refusing sp when a link other
// than except (0: none) already shares exactly that. The lock orders concurrent adds and
// edits (PostgreSQL), so the duplicate and count checks see each other.
func (s *Store) lockedLinks(ctx context.Context, tx *db.Tx, userID, except int64, sp Spec) ([]Link, error) {
	if err := (&account.Store{DB: s.DB}).LockUser(ctx, tx, userID); err != nil {
		return nil, err
	}
	links, err := s.list(ctx, tx, userID)
	if err != nil {
		return nil, err
	}
	for _, l := range links {
		if l.ID != except && l.same(sp) {
			return nil, httpx.Warn("observer.exists", nil)
		}
	}
	return links, nil
}

func (s *Store) byID(ctx context.Context, userID, id int64) (Link, error) {
	return s.scan(s.DB.QueryRow(ctx, "SELECT "+linkColumns+" FROM observer_links WHERE id = ? AND user_id = ?", id, userID))
}

// Find is the user's link with token, or with id when token is empty (a link whose token
// cannot be unsealed any more is still reachable by its id). Another user's link is not
// found.
func (s *Store) Find(ctx context.Context, userID int64, token string, id int64) (Link, error) {
	if token != "" {
		return s.scan(s.DB.QueryRow(ctx, "SELECT "+linkColumns+" FROM observer_links WHERE token_hash = ? AND user_id = ?",
			secrettoken.Hash(token), userID))
	}
	return s.byID(ctx, userID, id)
}

// Update changes what a link shares; the token stays. A new expiry counts from now; with
// KeepExpiry the link ends when it did.
func (s *Store) Update(ctx context.Context, l Link, sp Spec) (Link, error) {
	if err := sp.check(); err != nil {
		return Link{}, err
	}
	now := s.now()
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := s.lockedLinks(ctx, tx, l.UserID, l.ID, sp); err != nil {
			return err
		}
		ends := expiry(now, sp.ExpiresIn)
		if sp.KeepExpiry {
			ends = l.ExpiresAt
		}
		_, err := tx.Exec(ctx, `UPDATE observer_links SET coins = ?, sub_accounts = ?, machine = ?, income = ?, note = ?,
			expires_at = ?, updated_at = ? WHERE id = ? AND user_id = ?`,
			strings.Join(sp.Coins, ","), joinIDs(sp.SubAccounts), sp.Machine, sp.Income, sp.Note,
			ends, now.UnixMilli(), l.ID, l.UserID)
		return err
	})
	if err != nil {
		return Link{}, err
	}
	return s.byID(ctx, l.UserID, l.ID)
}

// Delete removes a link; its token stops opening anything at once.
func (s *Store) Delete(ctx context.Context, l Link) error {
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, "DELETE FROM observer_links WHERE id = ? AND user_id = ?", l.ID, l.UserID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		_, err = tx.Exec(ctx, "DELETE FROM observer_message_reads WHERE link_id = ?", l.ID)
		return err
	})
}

// Regenerate gives a link a new token; the old one stops opening anything at once (the
// hash is replaced in the same statement).
func (s *Store) Regenerate(ctx context.Context, l Link) (Link, error) {
	token, sealed, err := s.mint()
	if err != nil {
		return Link{}, err
	}
	_, err = s.DB.Exec(ctx, "UPDATE observer_links SET token_hash = ?, token_sealed = ?, updated_at = ? WHERE id = ? AND user_id = ?",
		secrettoken.Hash(token), sealed, s.now().UnixMilli(), l.ID, l.UserID)
	if err != nil {
		return Link{}, err
	}
	return s.byID(ctx, l.UserID, l.ID)
}

// Resolve is the live link a token opens: db.ErrNotFound for an unknown, deleted,
// regenerated or expired one, or one whose owner is no longer active. Cancellation deletes
// the owner's links (EndUser); the owner's status is checked here too, so that no link
// outlives its account whatever path ended it.
func (s *Store) Resolve(ctx context.Context, token string, now time.Time) (Link, error) {
	l, err := s.scan(s.DB.QueryRow(ctx, "SELECT "+linkColumns+" FROM observer_links WHERE token_hash = ?", secrettoken.Hash(token)))
	if err != nil {
		return l, err
	}
	if l.ExpiresAt != 0 && now.UnixMilli() >= l.ExpiresAt {
		return l, db.ErrNotFound
	}
	// AccountType answers db.ErrNotFound for a cancelled (or missing) user.
	if _, err := (&account.Store{DB: s.DB}).AccountType(ctx, s.DB, l.UserID); err != nil {
		return l, err
	}
	return l, nil
}

// EndUser deletes every link of a user and their read marks, inside tx: the account
// package calls it when the account is cancelled (account.Service.OnCancel), so its tokens
// open nothing from then on.
func (s *Store) EndUser(ctx context.Context, tx *db.Tx, userID int64) error {
	if _, err := tx.Exec(ctx, `DELETE FROM observer_message_reads WHERE link_id IN
		(SELECT id FROM observer_links WHERE user_id = ?)`, userID); err != nil {
		return fmt.Errorf("observer: end the links of user %d: %w", userID, err)
	}
	if _, err := tx.Exec(ctx, "DELETE FROM observer_links WHERE user_id = ?", userID); err != nil {
		return fmt.Errorf("observer: end the links of user %d: %w", userID, err)
	}
	return nil
}

// Touch records a use of the link: its last use and use count move at most once a minute,
// so an observer page that polls does not write on every request.
func (s *Store) Touch(ctx context.Context, l Link, now time.Time) error {
	// The row was just read: most reads of a polling page need no statement at all (on
	// SQLite even an UPDATE that matches nothing takes the write lock).
	if l.LastUsedAt >= now.Add(-touchEvery).UnixMilli() {
		return nil
	}
	_, err := s.DB.Exec(ctx, "UPDATE observer_links SET last_used_at = ?, use_count = use_count + 1 WHERE id = ? AND last_used_at < ?",
		now.UnixMilli(), l.ID, now.Add(-touchEvery).UnixMilli())
	return err
}

// ReadMarks is the ids of the messages opened through the link since its read mark.
func (s *Store) ReadMarks(ctx context.Context, linkID int64) (map[string]bool, error) {
	rows, err := s.DB.Query(ctx, "SELECT message_id FROM observer_message_reads WHERE link_id = ?", linkID)
	if err != nil {
		return nil, fmt.Errorf("observer: read marks: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("observer: read marks: %w", err)
		}
		out[id] = true
	}
	return out, rows.Err()
}

// MarkRead records that the link opened a message (again is fine).
func (s *Store) MarkRead(ctx context.Context, linkID int64, messageID string, now time.Time) error {
	_, err := s.DB.Exec(ctx, `INSERT INTO observer_message_reads (link_id, message_id, read_at) VALUES (?, ?, ?)
		ON CONFLICT (link_id, message_id) DO NOTHING`, linkID, messageID, now.UnixMilli())
	if err != nil {
		return fmt.Errorf("observer: mark message read: %w", err)
	}
	return nil
}

// ReadAll moves the link's read mark to now: every message so far is read. The single
// marks are all below it then, so they go.
func (s *Store) ReadAll(ctx context.Context, linkID int64, now time.Time) error {
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "UPDATE observer_links SET read_through = ? WHERE id = ? AND read_through < ?",
			now.UnixMilli(), linkID, now.UnixMilli()); err != nil {
			return fmt.Errorf("observer: read all: %w", err)
		}
		_, err := tx.Exec(ctx, "DELETE FROM observer_message_reads WHERE link_id = ?", linkID)
		return err
	})
}
