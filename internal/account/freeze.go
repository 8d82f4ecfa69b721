package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops/audit"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// An operator's freezes of a user (the operator console and `poold admin user`): the
// account (it signs in nowhere, its sessions end) or its withdrawals (internal/withdraw
// refuses them, WithdrawalsFrozen). Each change needs a reason and is written to the
// operator audit log in its transaction.

// What an operator freezes.
const (
	FreezeAccount     = "account"
	FreezeWithdrawals = "withdrawals"
)

// errFrozen refuses a frozen account's sign-in.
var errFrozen = &httpx.Error{Code: httpx.CodeWarning, Status: 403, Key: "account.frozen", Data: map[string]string{"error": "account.frozen"}}

// refuseFrozen refuses to open a session for a frozen account.
func refuseFrozen(u User) error {
	if u.FrozenAt != 0 {
		return errFrozen
	}
	return nil
}

// MaxAdminReason bounds an operator's reason.
const MaxAdminReason = 200

// CheckAdminReason refuses an operator's reason that is empty, too long, or holds control
// or bidi formatting characters.
func CheckAdminReason(reason string) (string, error) {
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return "", adminErr(400, "account.admin.reasonRequired", nil)
	case !textcheck.Safe(reason):
		return "", adminErr(400, "account.admin.reasonUnsafe", nil)
	case utf8.RuneCountInString(reason) > MaxAdminReason:
		return "", adminErr(400, "account.admin.reasonTooLong", i18n.Params{"max": strconv.Itoa(MaxAdminReason)})
	}
	return reason, nil
}

func adminErr(status int, key string, params i18n.Params) *httpx.Error {
	return &httpx.Error{Code: httpx.CodeWarning, Status: status, Key: key, Params: params, Data: map[string]string{"error": key}}
}

// Freeze is a user's freezes as the console and the audit log show them.
type Freeze struct {
	Frozen                  bool   `json:"frozen"`
	FrozenAt                int64  `json:"frozenAt"`
	FrozenReason            string `json:"frozenReason"`
	WithdrawalsFrozen       bool   `json:"withdrawalsFrozen"`
	WithdrawFrozenAt        int64  `json:"withdrawFrozenAt"`
	WithdrawalsFrozenReason string `json:"withdrawalsFrozenReason"`
}

// FreezeOf reads a user's freezes, or db.ErrNotFound.
func FreezeOf(ctx context.Context, q db.Querier, userID int64) (Freeze, error) {
	var f Freeze
	err := q.QueryRow(ctx, "SELECT frozen_at, frozen_reason, withdraw_frozen_at, withdraw_frozen_reason FROM users WHERE id = ?", userID).
		Scan(&f.FrozenAt, &f.FrozenReason, &f.WithdrawFrozenAt, &f.WithdrawalsFrozenReason)
	if errors.Is(err, sql.ErrNoRows) {
		return f, db.ErrNotFound
	}
	if err != nil {
		return f, fmt.Errorf("account: freeze of %d: %w", userID, err)
	}
	f.Frozen, f.WithdrawalsFrozen = f.FrozenAt != 0, f.WithdrawFrozenAt != 0
	return f, nil
}

// SetFrozen freezes (on) or unfreezes what (FreezeAccount or FreezeWithdrawals) of a
// user, by an operator or the command line, with a reason. Freezing the account also
// ends its sessions. A freeze that is already so is refused, so each entry of the audit
// log is a change.
func (s *Store) SetFrozen(ctx context.Context, by audit.Actor, userID int64, what string, on bool, reason string, now time.Time) (Freeze, error) {
	reason, err := CheckAdminReason(reason)
	if err != nil {
		return Freeze{}, err
	}
	at, why := "frozen_at", "frozen_reason"
	switch what {
	case FreezeAccount:
	case FreezeWithdrawals:
		at, why = "withdraw_frozen_at", "withdraw_frozen_reason"
	default:
		return Freeze{}, adminErr(400, "account.admin.freezeWhat", i18n.Params{"values": FreezeAccount + ", " + FreezeWithdrawals})
	}
	var after Freeze
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		before, err := FreezeOf(ctx, tx, userID)
		if errors.Is(err, db.ErrNotFound) {
			return adminErr(404, "account.admin.noUser", nil)
		}
		if err != nil {
			return err
		}
		was := before.Frozen
		if what == FreezeWithdrawals {
			was = before.WithdrawalsFrozen
		}
		if was == on {
			return adminErr(409, map[bool]string{true: "account.admin.alreadyFrozen", false: "account.admin.notFrozen"}[on], nil)
		}
		stamp, text := int64(0), ""
		if on {
			stamp, text = now.UnixMilli(), reason
		}
		if _, err := tx.Exec(ctx, "UPDATE users SET "+at+" = ?, "+why+" = ?, updated_at = ? WHERE id = ?", stamp, text, now.UnixMilli(), userID); err != nil {
			return err
		}
		if on && what == FreezeAccount {
			if _, err := tx.Exec(ctx, "DELETE FROM sessions WHERE user_id = ?", userID); err != nil {
				return err
			}
		}
		if after, err = FreezeOf(ctx, tx, userID); err != nil {
			return err
		}
		action := "user.unfreeze." + what
		if on {
			action = "user.freeze." + what
		}
		return audit.Record(ctx, tx, audit.Entry{At: now, Actor: by, Action: action, ObjectType: "user",
			ObjectID: strconv.FormatInt(userID, 10), Reason: reason, Before: before, After: after})
	})
	return after, err
}

// EndSessions ends every session of a user, by an operator or the command line, with a
// reason, and answers how many there were.
func (s *Store) EndSessions(ctx context.Context, by audit.Actor, userID int64, reason string, now time.Time) (int, error) {
	reason, err := CheckAdminReason(reason)
	if err != nil {
		return 0, err
	}
	var n int64
	err = s.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := FreezeOf(ctx, tx, userID); errors.Is(err, db.ErrNotFound) {
			return adminErr(404, "account.admin.noUser", nil)
		} else if err != nil {
			return err
		}
		res, err := tx.Exec(ctx, "DELETE FROM sessions WHERE user_id = ?", userID)
		if err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		return audit.Record(ctx, tx, audit.Entry{At: now, Actor: by, Action: "user.sessions.end", ObjectType: "user",
			ObjectID: strconv.FormatInt(userID, 10), Reason: reason, Before: map[string]int64{"sessions": n}, After: map[string]int64{"sessions": 0}})
	})
	return int(n), err
}

// WithdrawalsFrozen tells whether an operator has frozen the user's withdrawals or
// account: internal/withdraw asks it in the withdrawal's transaction and refuses. A user
// with no row here is not frozen.
func WithdrawalsFrozen(ctx context.Context, q db.Querier, userID int64) (bool, error) {
	f, err := FreezeOf(ctx, q, userID)
	if errors.Is(err, db.ErrNotFound) {
		return false, nil
	}
	return f.Frozen || f.WithdrawalsFrozen, err
}
