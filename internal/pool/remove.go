package pool

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

// Removing devices (docs/mining.md "Removing devices"). The owner removes an offline
// device (a retired rig, or a worker name a stranger invented by mining to the
// sub-account) at once instead of waiting for the sweep's 3 days: it leaves the lists,
// the device counts and the cap, and its name makes a new device at its next first
// share, as after the sweep.
//
// Removal is the sweep's: removed_at is set and the row stays. Money and history read
// the row after it is gone from the lists: share_minutes and share_hours are per device,
// and their sub-account (sub_account_minutes, the pay-per-share accruals of a flush,
// Owners, CoinStats) comes from the device row, removed ones included; overclock_devices,
// alert states and device_events name it by id. Deleting the row would orphan all of
// them; a late flush of a removed device's last minute still lands on its sub-account.

// RemoveDevice removes the user's live device id, which must be offline: a normal or
// abnormal device is mining or reporting, so removing it would only hide a working rig
// (pool.deviceOnline, nothing changed). Another user's device, or one already removed,
// is not found.
func (s *Store) RemoveDevice(ctx context.Context, userID, id int64) (Device, error) {
	d, err := s.Device(ctx, userID, id)
	if err != nil {
		return d, err
	}
	now := s.now().UnixMilli()
	// The status is checked by the write itself: a share flushed after the read above
	// makes the device normal, and then nothing is removed.
	res, err := s.DB.Exec(ctx, "UPDATE devices SET removed_at = ?, updated_at = ? WHERE id = ? AND removed_at IS NULL AND status = ?",
		now, now, d.ID, StatusOffline)
	if err != nil {
		return d, fmt.Errorf("pool: remove device %d: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return d, err
	} else if n == 0 {
		if cur, err := s.Device(ctx, userID, id); err != nil {
			return d, err // removed meanwhile (the sweep, another tab): not found
		} else if cur.Status != StatusOffline {
			return cur, httpx.Warn("pool.deviceOnline", i18n.Params{"worker": cur.FullName()})
		}
		return d, fmt.Errorf("pool: remove device %d: nothing removed", id)
	}
	d.RemovedAt, d.UpdatedAt = now, now
	return d, nil
}

// RemoveOfflineDevices removes every offline device of the user's sub-account with code
// (all their sub-accounts when code is ""), on coinType (any coin when ""), and answers
// how many. Devices online when it runs stay, whatever the page showed. An unknown
// sub-account, or another user's, is not found; an unknown coin is refused. Nothing else
// changes.
func (s *Store) RemoveOfflineDevices(ctx context.Context, userID int64, code, coinType string) (int, error) {
	where := "s.user_id = ? AND s.deleted_at IS NULL"
	args := []any{userID}
	if code = strings.TrimSpace(code); code != "" {
		a, err := s.mustSub(ctx, userID, code)
		if err != nil {
			return 0, err
		}
		where += " AND s.id = ?"
		args = append(args, a.ID)
	}
	if coinType = strings.TrimSpace(coinType); coinType != "" {
		c, err := s.coins().Get(ctx, coinType)
		if errors.Is(err, db.ErrNotFound) {
			return 0, httpx.Warn("pool.coinNotFound", i18n.Params{"coin": coinType})
		} else if err != nil {
			return 0, err
		}
		where += " AND d.coin = ?"
		args = append(args, c.Type)
	}
	now := s.now().UnixMilli()
	res, err := s.DB.Exec(ctx, `UPDATE devices SET removed_at = ?, updated_at = ? WHERE removed_at IS NULL AND status = ? AND id IN (
		SELECT d.id FROM devices d JOIN sub_accounts s ON s.id = d.sub_account_id WHERE `+where+`)`,
		append([]any{now, now, StatusOffline}, args...)...)
	if err != nil {
		return 0, fmt.Errorf("pool: remove offline devices of %d: %w", userID, err)
	}
	n, err := res.RowsAffected()
	return int(n), err
}

// revive makes live again the removed devices among ids (accepted shares arrived on
// them: Touch) whose sub-account is live and whose worker name no live device of it has
// taken since. A stratum connection keeps the device of its first share until it ends,
// so a proxy's connection carrying many workers, one of which paused for longer than
// OfflineAfter and was removed by its owner, would go on counting that rig's shares on a
// device no list shows. Each runs under its sub-account's row lock, as device creation
// and sub-account deletion do, so a revived device never lands in a deleted sub-account;
// one at a time, so a name taken twice fails alone. It answers the ids revived.
func (s *Store) revive(ctx context.Context, ids []any, ms int64) ([]any, error) {
	rows, err := s.DB.Query(ctx, "SELECT id FROM devices WHERE removed_at IS NOT NULL AND id IN ("+db.Marks(len(ids))+")", ids...)
	if err != nil {
		return nil, fmt.Errorf("pool: removed devices among touched ones: %w", err)
	}
	removed, err := scanIDs(rows)
	if err != nil {
		return nil, fmt.Errorf("pool: removed devices among touched ones: %w", err)
	}
	var out []any
	for _, id := range removed {
		var back bool
		err := s.DB.InTx(ctx, func(tx *db.Tx) error {
			res, err := tx.Exec(ctx, `UPDATE sub_accounts SET updated_at = updated_at WHERE deleted_at IS NULL
				AND id = (SELECT sub_account_id FROM devices WHERE id = ?)`, id)
			if err != nil {
				return err
			}
			if n, err := res.RowsAffected(); err != nil || n == 0 {
				return err
			}
			res, err = tx.Exec(ctx, `UPDATE devices SET removed_at = NULL, updated_at = ? WHERE id = ? AND removed_at IS NOT NULL
				AND NOT EXISTS (SELECT 1 FROM devices x WHERE x.sub_account_id = devices.sub_account_id AND x.worker = devices.worker
				AND x.removed_at IS NULL)`, ms, id)
			if err != nil {
				return err
			}
			n, err := res.RowsAffected()
			back = n == 1
			return err
		})
		if err != nil {
			return out, fmt.Errorf("pool: revive device %d: %w", id, err)
		}
		if back {
			out = append(out, id)
		}
	}
	return out, nil
}
