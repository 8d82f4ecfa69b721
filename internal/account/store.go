// Package account owns users, sessions, verification codes and the slider captcha: their
// rules, their SQL and their HTTP handlers (SPEC sections 3-5 and 7 "Account", "Login and
// register"; DESIGN.md "Accounts and security").
package account

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/secrettoken"
)

// Account types (SPEC section 4: ASIC machines bind only under the ASIC type).
const (
	TypeNormal = "normal"
	TypeASIC   = "asic"
)

// AccountTypes lists the types in display order.
var AccountTypes = []string{TypeNormal, TypeASIC}

// User statuses.
const (
	StatusActive    = "active"
	StatusCancelled = "cancelled"
)

// User is an account holder.
type User struct {
	ID              int64
	UID             string
	Nickname        string
	Phone           string // "" when none is bound
	Email           string // "" when none is bound
	PasswordHash    string
	AccountType     string
	Status          string
	AgentInviteCode string
	Lang            string
	CreatedAt       int64
	UpdatedAt       int64
	// ContactChangedAt is when the phone or email was last bound or changed (Unix ms, 0
	// never): money waits ContactHold after it (docs/withdrawals.md "After a contact
	// change"). Only setContact writes it.
	ContactChangedAt int64
	// FrozenAt is when an operator froze the account (Unix ms, 0: not frozen): it signs in
	// nowhere and its sessions open nothing. WithdrawFrozenAt likewise stops its
	// withdrawals (freeze.go).
	FrozenAt, WithdrawFrozenAt int64
}

// Store is the account tables.
type Store struct {
	DB *db.DB
}

// userCols lists the users columns scanUser reads, each prefixed with p (a table alias).
func userCols(p string) string {
	return p + "id, " + p + "uid, " + p + "nickname, COALESCE(" + p + "phone, ''), COALESCE(" + p + "email, ''), " +
		p + "password_hash, " + p + "account_type, " + p + "status, COALESCE(" + p + "agent_invite_code, ''), " +
		p + "lang, " + p + "created_at, " + p + "updated_at, " + p + "contact_changed_at, " + p + "frozen_at, " + p + "withdraw_frozen_at"
}

var userColumns = userCols("")

func scanUser(row interface{ Scan(...any) error }) (User, error) {
	var u User
	err := row.Scan(&u.ID, &u.UID, &u.Nickname, &u.Phone, &u.Email, &u.PasswordHash, &u.AccountType, &u.Status,
		&u.AgentInviteCode, &u.Lang, &u.CreatedAt, &u.UpdatedAt, &u.ContactChangedAt, &u.FrozenAt, &u.WithdrawFrozenAt)
	if errors.Is(err, sql.ErrNoRows) {
		return u, db.ErrNotFound
	}
	return u, err
}

// UserByID answers an active or cancelled user, or db.ErrNotFound.
func (s *Store) UserByID(ctx context.Context, q db.Querier, id int64) (User, error) {
	u, err := scanUser(q.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE id = ?", id))
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return u, fmt.Errorf("account: user %d: %w", id, err)
	}
	return u, err
}

// AccountType answers the account type of the active user id, or db.ErrNotFound (also
// for a cancelled user). Other packages read a user's type here, not from the users table.
func (s *Store) AccountType(ctx context.Context, q db.Querier, userID int64) (string, error) {
	var typ string
	err := q.QueryRow(ctx, "SELECT account_type FROM users WHERE id = ? AND status = ?", userID, StatusActive).Scan(&typ)
	if errors.Is(err, sql.ErrNoRows) {
		return "", db.ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("account: type of user %d: %w", userID, err)
	}
	return typ, nil
}

// ActiveAccountTypes is AccountType for many users at once: the account type of each
// active one among userIDs (inactive and unknown users are missing from the map).
func (s *Store) ActiveAccountTypes(ctx context.Context, q db.Querier, userIDs []int64) (map[int64]string, error) {
	out := make(map[int64]string, len(userIDs))
	err := db.InBatches(userIDs, func(ids []any) error {
		rows, err := q.Query(ctx, "SELECT id, account_type FROM users WHERE status = ? AND id IN ("+db.Marks(len(ids))+")",
			append([]any{StatusActive}, ids...)...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var typ string
			if err := rows.Scan(&id, &typ); err != nil {
				return err
			}
			out[id] = typ
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("account: types of %d users: %w", len(userIDs), err)
	}
	return out, nil
}

// LockUser locks the user's row until the transaction q ends, so that another package's
// check-then-write for one user (pool: count the sub-accounts, then add one) runs one
// transaction at a time. It is a no-op write: PostgreSQL holds the row lock to the end of
// the transaction and a second LockUser waits for it (SQLite has no row locks, and its
// BEGIN IMMEDIATE serialises writing transactions already). No such user is db.ErrNotFound.
func (s *Store) LockUser(ctx context.Context, q db.Querier, userID int64) error {
	res, err := q.Exec(ctx, "UPDATE users SET updated_at = updated_at WHERE id = ?", userID)
	if err != nil {
		return fmt.Errorf("account: lock user %d: %w", userID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return fmt.Errorf("account: lock user %d: %w", userID, err)
	} else if n == 0 {
		return db.ErrNotFound
	}
	return nil
}

// UserByContact answers the active user whose phone or email (by channel) is target.
func (s *Store) UserByContact(ctx context.Context, q db.Querier, channel, target string) (User, error) {
	col := "email"
	if channel == ChannelSMS {
		col = "phone"
	}
	u, err := scanUser(q.QueryRow(ctx, "SELECT "+userColumns+" FROM users WHERE "+col+" = ? AND status = ?", target, StatusActive))
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return u, fmt.Errorf("account: user by %s: %w", col, err)
	}
	return u, err
}

// CreateUser inserts u with a fresh public uid; a phone or email already taken answers
// errContactTaken.
func (s *Store) CreateUser(ctx context.Context, q db.Querier, u User) (User, error) {
	now := db.NowMillis()
	u.CreatedAt, u.UpdatedAt = now, now
	for attempt := 0; attempt < 5; attempt++ {
		u.UID = newUID()
		err := q.QueryRow(ctx, `INSERT INTO users (uid, nickname, phone, email, password_hash, account_type, status,
			agent_invite_code, lang, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			u.UID, u.Nickname, nullable(u.Phone), nullable(u.Email), u.PasswordHash, u.AccountType, u.Status,
			nullable(u.AgentInviteCode), u.Lang, now, now).Scan(&u.ID)
		if err == nil {
			return u, nil
		}
		if !db.IsUniqueViolation(err) {
			return u, fmt.Errorf("account: create user: %w", err)
		}
		// A taken uid is retried with another; a taken contact is the caller's answer.
		var n int
		if e := q.QueryRow(ctx, "SELECT COUNT(*) FROM users WHERE uid = ?", u.UID).Scan(&n); e != nil || n == 0 {
			return u, errContactTaken
		}
	}
	return u, errors.New("account: no free uid after 5 tries")
}

var errContactTaken = errors.New("account: phone or email already registered")

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// newUID is an 8-digit public account number that does not start with 0.
func newUID() string {
	n, err := rand.Int(rand.Reader, big.NewInt(90_000_000))
	if err != nil {
		panic(err)
	}
	return fmt.Sprint(n.Int64() + 10_000_000)
}

// UpdateUser writes the fields a user can change; a contact taken by another user
// answers errContactTaken.
func (s *Store) UpdateUser(ctx context.Context, q db.Querier, u User) error {
	_, err := q.Exec(ctx, `UPDATE users SET nickname = ?, phone = ?, email = ?, password_hash = ?, account_type = ?,
		status = ?, updated_at = ? WHERE id = ?`,
		u.Nickname, nullable(u.Phone), nullable(u.Email), u.PasswordHash, u.AccountType, u.Status, db.NowMillis(), u.ID)
	if db.IsUniqueViolation(err) {
		return errContactTaken
	}
	if err != nil {
		return fmt.Errorf("account: update user %d: %w", u.ID, err)
	}
	return nil
}

// Cancel marks the user cancelled and frees the phone and email for a new account.
func (s *Store) Cancel(ctx context.Context, q db.Querier, id int64) error {
	now := db.NowMillis()
	_, err := q.Exec(ctx, `UPDATE users SET status = ?, phone = NULL, email = NULL, cancelled_at = ?, updated_at = ? WHERE id = ?`,
		StatusCancelled, now, now, id)
	if err != nil {
		return fmt.Errorf("account: cancel user %d: %w", id, err)
	}
	return nil
}

// Session lifetimes. A login lasts SessionTTL at most (SPEC section 9: 30 days), and ends
// sooner when it goes unused for SessionIdle: a token left behind on a shared or lost
// device stops working within a week rather than a month. Its last use is written at most
// every sessionTouchEvery, so the requests of an active session do not each write.
const (
	SessionTTL        = 30 * 24 * time.Hour
	SessionIdle       = 7 * 24 * time.Hour
	sessionTouchEvery = time.Hour
)

// CreateSession stores a new session for user and returns its token.
func (s *Store) CreateSession(ctx context.Context, q db.Querier, userID int64, clientAddr, userAgent string, now time.Time) (string, error) {
	token := secrettoken.New()
	if len(userAgent) > 300 {
		userAgent = userAgent[:300]
	}
	_, err := q.Exec(ctx, `INSERT INTO sessions (token_hash, user_id, created_at, expires_at, last_seen_at, client_addr, user_agent)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, secrettoken.Hash(token), userID, now.UnixMilli(), now.Add(SessionTTL).UnixMilli(), now.UnixMilli(),
		clientAddr, userAgent)
	if err != nil {
		return "", fmt.Errorf("account: create session: %w", err)
	}
	return token, nil
}

// SessionUser answers the active user behind a live token, or db.ErrNotFound: the token is
// unknown or ended, its 30 days are over, it was last used more than SessionIdle ago, or
// the user is no longer active or is frozen. A use moves the session's last use when it is
// sessionTouchEvery old.
func (s *Store) SessionUser(ctx context.Context, token string, now time.Time) (User, error) {
	ms := now.UnixMilli()
	hash := secrettoken.Hash(token)
	var seen int64
	u, err := scanUser(withExtra{s.DB.QueryRow(ctx, "SELECT "+userCols("u.")+`, s.last_seen_at FROM sessions s
		JOIN users u ON u.id = s.user_id
		WHERE s.token_hash = ? AND s.expires_at > ? AND s.last_seen_at > ? AND u.status = ? AND u.frozen_at = 0`,
		hash, ms, now.Add(-SessionIdle).UnixMilli(), StatusActive), []any{&seen}})
	if err != nil && !errors.Is(err, db.ErrNotFound) {
		return u, fmt.Errorf("account: session: %w", err)
	}
	if err == nil && seen <= now.Add(-sessionTouchEvery).UnixMilli() {
		// Decided on the row just read, so most requests write nothing (on SQLite even an
		// UPDATE that matches nothing takes the write lock). A failed touch is not the
		// request's failure: the session stays good for days, and the next use tries again.
		_, _ = s.DB.Exec(ctx, "UPDATE sessions SET last_seen_at = ? WHERE token_hash = ? AND last_seen_at < ?", ms, hash, ms)
	}
	return u, err
}

// withExtra scans a row's leading columns into what its caller asks for and the rest into
// extra, so scanUser reads a user from a query that also selects other columns.
type withExtra struct {
	row   interface{ Scan(...any) error }
	extra []any
}

func (w withExtra) Scan(dest ...any) error { return w.row.Scan(append(dest, w.extra...)...) }

// RevokeSession deletes one session.
func (s *Store) RevokeSession(ctx context.Context, q db.Querier, token string) error {
	if _, err := q.Exec(ctx, "DELETE FROM sessions WHERE token_hash = ?", secrettoken.Hash(token)); err != nil {
		return fmt.Errorf("account: revoke session: %w", err)
	}
	return nil
}

// RevokeUserSessions deletes every session of a user except keepToken (empty: all).
func (s *Store) RevokeUserSessions(ctx context.Context, q db.Querier, userID int64, keepToken string) error {
	var err error
	if keepToken == "" {
		_, err = q.Exec(ctx, "DELETE FROM sessions WHERE user_id = ?", userID)
	} else {
		_, err = q.Exec(ctx, "DELETE FROM sessions WHERE user_id = ? AND token_hash <> ?", userID, secrettoken.Hash(keepToken))
	}
	if err != nil {
		return fmt.Errorf("account: revoke sessions of %d: %w", userID, err)
	}
	return nil
}
