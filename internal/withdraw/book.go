package withdraw

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

// Address is one address book entry.
type Address struct {
	ID          int64
	UserID      int64
	Coin        string
	Address     string
	Network     string
	Description string
	// UsableAt is when the entry may first be paid (Unix ms): AddressLock after it was
	// added or its address changed.
	UsableAt  int64
	CreatedAt int64
	UpdatedAt int64
}

// AddressInput is an add (ID 0) or an edit of an entry.
type AddressInput struct {
	ID          int64
	Coin        string
	Address     string
	Network     string
	Description string
}

// Spend uses up a second-verification code inside the action's transaction.
type Spend func(ctx context.Context, tx *db.Tx) error

const addressColumns = "id, user_id, coin, address, network, description, usable_at, created_at, updated_at"

func scanAddress(row interface{ Scan(...any) error }) (Address, error) {
	var a Address
	err := row.Scan(&a.ID, &a.UserID, &a.Coin, &a.Address, &a.Network, &a.Description, &a.UsableAt, &a.CreatedAt, &a.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return a, db.ErrNotFound
	}
	return a, err
}

// Addresses lists a user's entries, of one coin when coinType is not empty.
func (s *Store) Addresses(ctx context.Context, userID int64, coinType string) ([]Address, error) {
	where, args := "user_id = ?", []any{userID}
	if coinType != "" {
		where += " AND coin = ?"
		args = append(args, coinType)
	}
	rows, err := s.DB.Query(ctx, "SELECT "+addressColumns+" FROM withdraw_addresses WHERE "+where+" ORDER BY coin, id", args...)
	if err != nil {
		return nil, fmt.Errorf("withdraw: addresses: %w", err)
	}
	defer rows.Close()
	out := []Address{}
	for rows.Next() {
		a, err := scanAddress(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// address answers one of the user's entries, or the not-found warning.
func (s *Store) address(ctx context.Context, q db.Querier, userID, id int64) (Address, error) {
	a, err := scanAddress(q.QueryRow(ctx, "SELECT "+addressColumns+" FROM withdraw_addresses WHERE id = ? AND user_id = ?", id, userID))
	if errors.Is(err, db.ErrNotFound) {
		return a, httpx.NotFound("withdraw.addressNotFound")
	}
	if err != nil {
		return a, fmt.Errorf("withdraw: address %d: %w", id, err)
	}
	return a, nil
}

// Changes of an address book entry, as its notice names them.
const (
	ChangeAdded   = "added"
	ChangeAddress = "changed" // the address or network changed
	ChangeDeleted = "deleted"
)

// CheckAddress validates an entry's fields, the address with the coin's chain driver, and
// answers them normalised, for SaveChecked.
func (s *Store) CheckAddress(ctx context.Context, in AddressInput) (AddressInput, error) {
	c, err := s.coinOf(ctx, in.Coin)
	if err != nil {
		return in, err
	}
	in.Coin = c.Type
	in.Address = strings.TrimSpace(in.Address)
	in.Network = strings.ToUpper(strings.TrimSpace(in.Network))
	if in.Address == "" {
		return in, httpx.Required("withdraw.field.address")
	}
	if in.Network == "" {
		return in, httpx.Required("withdraw.field.network")
	}
	if !slices.Contains(Networks(c), in.Network) {
		return in, httpx.Warn("validation.oneOf", i18n.Params{"field": "withdraw.field.network", "values": strings.Join(Networks(c), ", ")})
	}
	if len(in.Address) > MaxAddress || strings.ContainsFunc(in.Address, func(r rune) bool { return r <= ' ' || r >= 0x7f }) {
		return in, httpx.Warn("withdraw.addressInvalid", i18n.Params{"coin": c.Type})
	}
	if in.Description, err = cleanText(in.Description, "withdraw.field.description", MaxDescription); err != nil {
		return in, err
	}
	drv, err := s.Chains.Driver(ctx, c)
	if err != nil {
		return in, err
	}
	v, err := drv.ValidateAddress(ctx, in.Address)
	if err != nil {
		return in, fmt.Errorf("withdraw: validate %s address: %w", c.Type, err)
	}
	if !v.Valid {
		return in, httpx.Warn("withdraw.addressInvalid", i18n.Params{"coin": c.Type})
	}
	// The node's canonical text (chain.Address.Normalized): an address whose format
	// ignores case is stored, compared and shown in one case, so it cannot stand twice.
	if v.Normalized != "" {
		in.Address = v.Normalized
	}
	return in, nil
}

// SaveAddress adds an entry (in.ID 0) or edits one of the user's, after spend has used up
// the second verification in the same transaction. A new address, or a changed one,
// cannot be paid before AddressLock has passed; a changed description alone keeps the
// entry usable.
func (s *Store) SaveAddress(ctx context.Context, userID int64, in AddressInput, spend Spend) (Address, error) {
	in, err := s.CheckAddress(ctx, in)
	if err != nil {
		return Address{}, err
	}
	a, _, err := s.SaveChecked(ctx, userID, in, spend)
	return a, err
}

// SaveChecked is SaveAddress of an input CheckAddress answered. It also tells what changed
// where money may go: ChangeAdded, ChangeAddress, or "" for a description alone.
func (s *Store) SaveChecked(ctx context.Context, userID int64, in AddressInput, spend Spend) (Address, string, error) {
	now := s.now()
	change := ChangeAdded
	ms := now.UnixMilli()
	var out Address
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		if in.ID == 0 {
			err := tx.QueryRow(ctx, `INSERT INTO withdraw_addresses (user_id, coin, address, network, description, usable_at, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING `+addressColumns,
				userID, in.Coin, in.Address, in.Network, in.Description, now.Add(AddressLock).UnixMilli(), ms, ms).Scan(
				&out.ID, &out.UserID, &out.Coin, &out.Address, &out.Network, &out.Description, &out.UsableAt, &out.CreatedAt, &out.UpdatedAt)
			if db.IsUniqueViolation(err) {
				return httpx.Warn("withdraw.addressExists", nil)
			}
			if err != nil {
				return fmt.Errorf("withdraw: add address: %w", err)
			}
			return spend(ctx, tx)
		}
		old, err := s.address(ctx, tx, userID, in.ID)
		if err != nil {
			return err
		}
		if old.Coin != in.Coin {
			return httpx.Warn("withdraw.addressCoinFixed", nil)
		}
		usable := old.UsableAt
		change = ""
		if old.Address != in.Address || old.Network != in.Network {
			usable, change = now.Add(AddressLock).UnixMilli(), ChangeAddress
		}
		_, err = tx.Exec(ctx, `UPDATE withdraw_addresses SET address = ?, network = ?, description = ?, usable_at = ?, updated_at = ?
			WHERE id = ? AND user_id = ?`, in.Address, in.Network, in.Description, usable, ms, in.ID, userID)
		if db.IsUniqueViolation(err) {
			return httpx.Warn("withdraw.addressExists", nil)
		}
		if err != nil {
			return fmt.Errorf("withdraw: edit address %d: %w", in.ID, err)
		}
		out = old
		out.Address, out.Network, out.Description, out.UsableAt, out.UpdatedAt = in.Address, in.Network, in.Description, usable, ms
		return spend(ctx, tx)
	})
	return out, change, err
}

// DeleteAddress removes one of the user's entries, unless an auto-withdrawal setting that
// is on pays to it. Withdrawals keep their own copy of the address.
func (s *Store) DeleteAddress(ctx context.Context, userID, id int64, spend Spend) (Address, error) {
	var old Address
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if old, err = s.address(ctx, tx, userID, id); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM withdraw_settings WHERE address_id = ? AND enabled", id).Scan(&n); err != nil {
			return fmt.Errorf("withdraw: address %d settings: %w", id, err)
		}
		if n > 0 {
			return httpx.Warn("withdraw.addressInUse", nil)
		}
		if _, err := tx.Exec(ctx, "DELETE FROM withdraw_addresses WHERE id = ? AND user_id = ?", id, userID); err != nil {
			return fmt.Errorf("withdraw: delete address %d: %w", id, err)
		}
		return spend(ctx, tx)
	})
	return old, err
}

// usable refuses an entry still inside its AddressLock, telling the hours left.
func usable(a Address, now time.Time) error {
	if left := time.UnixMilli(a.UsableAt).Sub(now); left > 0 {
		hours := int((left + time.Hour - 1) / time.Hour)
		return httpx.Warn("withdraw.addressLocked", i18n.Params{"hours": fmt.Sprint(hours)})
	}
	return nil
}

// ImportAddress adds an entry that is usable at once, for an operator: the demo's own
// wallet, or users moved from another pool with their checked addresses. The address is
// still checked by the chain driver; an entry already in the book is left as it is.
func (s *Store) ImportAddress(ctx context.Context, userID int64, in AddressInput) error {
	in, err := s.CheckAddress(ctx, in)
	if err != nil {
		return err
	}
	ms := s.now().UnixMilli()
	_, err = s.DB.Exec(ctx, `INSERT INTO withdraw_addresses (user_id, coin, address, network, description, usable_at, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, coin, address) DO NOTHING`,
		userID, in.Coin, in.Address, in.Network, in.Description, ms, ms, ms)
	if err != nil {
		return fmt.Errorf("withdraw: import address: %w", err)
	}
	return nil
}
