package pool

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/uniplus-pool/pool/internal/db"
)

// A pool that restarts sees every rig come back within seconds: ten thousand authorizes
// and ten thousand first shares at once. Asked one at a time they queue on the database
// (SQLite writes one transaction at a time; PostgreSQL pays a round trip a statement),
// and miners waited 10 to 50 seconds for work. The stratum engine therefore gathers the
// names that arrive together and asks here for all of them at once: one query for the
// batch's sub-accounts, one transaction for its devices.

// ShareDeviceRequest is one worker's first accepted share on a connection (ShareDevice).
type ShareDeviceRequest struct {
	Worker, RemoteAddr, MinerSoftware string
}

// AuthorizeWorkers is AuthorizeWorker for many names, with one query per 500 distinct
// sub-accounts; errs[i] is names[i]'s refusal, or nil.
func (s *Store) AuthorizeWorkers(ctx context.Context, coinType string, names []string) []error {
	errs := make([]error, len(names))
	owners, parsed, coinErr, err := s.admitMany(ctx, coinType, names)
	for i := range names {
		switch {
		case parsed[i].err != nil:
			errs[i] = parsed[i].err
		case err != nil:
			errs[i] = err
		case owners[parsed[i].code].ID == 0:
			errs[i] = ErrUnknownSubAccount
		default:
			errs[i] = coinErr
		}
	}
	return errs
}

// ShareDevices is ShareDevice for many first shares: the live devices of the batch are
// read, stamped and saved in one transaction (rows locked on PostgreSQL; SQLite's write
// transaction holds the whole database), and only the workers without a device yet, or
// named twice in the batch, take ShareDevice's one-at-a-time path, which creates
// devices under the sub-account's cap.
func (s *Store) ShareDevices(ctx context.Context, coinType string, reqs []ShareDeviceRequest) ([]Device, []error) {
	devs := make([]Device, len(reqs))
	errs := make([]error, len(reqs))
	names := make([]string, len(reqs))
	for i, r := range reqs {
		names[i] = r.Worker
	}
	owners, parsed, coinErr, err := s.admitMany(ctx, coinType, names)
	if err != nil {
		for i := range errs {
			errs[i] = err
		}
		return devs, errs
	}
	type key struct {
		sub    int64
		suffix string
	}
	batch := map[key]int{} // the request each live device answers
	var slow []int
	for i := range reqs {
		o := owners[parsed[i].code]
		switch {
		case parsed[i].err != nil:
			errs[i] = parsed[i].err
			continue
		case o.ID == 0:
			errs[i] = ErrUnknownSubAccount
			continue
		case coinErr != nil:
			errs[i] = coinErr
			continue
		}
		k := key{o.ID, parsed[i].suffix}
		if _, twice := batch[k]; twice {
			slow = append(slow, i)
			continue
		}
		batch[k] = i
	}
	if len(batch) > 0 {
		c, err := s.coins().Get(ctx, coinType)
		if err != nil {
			return devs, fill(errs, err)
		}
		now := s.now().UnixMilli()
		found := map[int]bool{}
		err = s.DB.InTx(ctx, func(tx *db.Tx) error {
			clear(found)
			keys := make([]key, 0, len(batch))
			for k := range batch {
				keys = append(keys, k)
			}
			for start := 0; start < len(keys); start += 250 {
				part := keys[start:min(start+250, len(keys))]
				args := make([]any, 0, 2*len(part))
				for _, k := range part {
					args = append(args, k.sub, k.suffix)
				}
				q := "SELECT " + deviceColumns + deviceFrom + "WHERE d.removed_at IS NULL AND (d.sub_account_id, d.worker) IN (" +
					strings.TrimSuffix(strings.Repeat("(?, ?), ", len(part)), ", ") + ") ORDER BY d.id"
				if s.DB.Dialect == db.Postgres {
					q += " FOR UPDATE OF d" // in id order, so two batches cannot deadlock
				}
				rows, err := tx.Query(ctx, q, args...)
				if err != nil {
					return err
				}
				var cur []Device
				for rows.Next() {
					d, err := scanDevice(rows)
					if err != nil {
						rows.Close()
						return err
					}
					cur = append(cur, d)
				}
				rows.Close()
				if err := rows.Err(); err != nil {
					return err
				}
				for _, d := range cur {
					i := batch[key{d.SubAccountID, d.Worker}]
					r := reqs[i]
					software, _ := splitUserAgent(r.MinerSoftware)
					stampDevice(&d, owners[parsed[i].code], c, KindOf(software), now, firstShare(r.RemoteAddr, r.MinerSoftware, now))
					if err := saveDevice(ctx, tx, d); err != nil {
						return err
					}
					devs[i] = d
					found[i] = true
				}
			}
			return nil
		})
		if err != nil {
			return devs, fill(errs, fmt.Errorf("pool: devices of %d first shares: %w", len(batch), err))
		}
		for _, i := range batch {
			if !found[i] {
				slow = append(slow, i)
			}
		}
	}
	slices.Sort(slow)
	for _, i := range slow {
		devs[i], errs[i] = s.ShareDevice(ctx, coinType, reqs[i].Worker, reqs[i].RemoteAddr, reqs[i].MinerSoftware)
	}
	return devs, errs
}

func fill(errs []error, err error) []error {
	for i := range errs {
		if errs[i] == nil {
			errs[i] = err
		}
	}
	return errs
}

// parsedWorker is a worker name split by ParseWorkerName.
type parsedWorker struct {
	code, suffix string
	err          error
}

// admitMany is admit for many names: their sub-accounts by code (live, of an active
// user; a code missing from owners is unknown), and the coin's refusal (ErrCoinClosed)
// or nil. err is a failure to read them.
func (s *Store) admitMany(ctx context.Context, coinType string, names []string) (owners map[string]owner, parsed []parsedWorker, coinErr, err error) {
	parsed = make([]parsedWorker, len(names))
	var codes []string
	seen := map[string]bool{}
	for i, n := range names {
		p := &parsed[i]
		p.code, p.suffix, p.err = ParseWorkerName(n)
		if p.err == nil && !seen[p.code] {
			seen[p.code] = true
			codes = append(codes, p.code)
		}
	}
	owners = make(map[string]owner, len(codes))
	var userIDs []int64
	for start := 0; start < len(codes); start += 500 {
		part := codes[start:min(start+500, len(codes))]
		args := make([]any, len(part))
		for i, c := range part {
			args[i] = c
		}
		rows, err := s.DB.Query(ctx, "SELECT "+subColumns+" FROM sub_accounts s WHERE s.deleted_at IS NULL AND s.code IN ("+placeholders(len(part))+")", args...)
		if err != nil {
			return nil, parsed, nil, fmt.Errorf("pool: sub-accounts of %d workers: %w", len(names), err)
		}
		for rows.Next() {
			a, err := scanSub(rows)
			if err != nil {
				rows.Close()
				return nil, parsed, nil, fmt.Errorf("pool: sub-accounts of %d workers: %w", len(names), err)
			}
			owners[a.Code] = owner{SubAccount: a}
			userIDs = append(userIDs, a.UserID)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, parsed, nil, fmt.Errorf("pool: sub-accounts of %d workers: %w", len(names), err)
		}
	}
	// A sub-account of a user who is not active is unknown, as admit has it.
	types, err := s.accounts().ActiveAccountTypes(ctx, s.DB, userIDs)
	if err != nil {
		return nil, parsed, nil, err
	}
	for code, o := range owners {
		typ, ok := types[o.UserID]
		if !ok {
			delete(owners, code)
			continue
		}
		o.AccountType = typ
		owners[code] = o
	}
	c, err := s.coins().Get(ctx, coinType)
	switch {
	case errors.Is(err, db.ErrNotFound) || (err == nil && !c.OpenStatus):
		coinErr = ErrCoinClosed
	case err != nil:
		return nil, parsed, nil, err
	}
	return owners, parsed, coinErr, nil
}
