package pool

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/uniplus-pool/pool/internal/coin"
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
	owners, parsed, _, coinErr, err := s.admitMany(ctx, coinType, names)
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
// transaction holds the whole database), the workers without a device yet get theirs in a
// second (createDevices), and only a worker named twice in the batch, or one whose device
// another connection made meanwhile, takes ShareDevice's one-at-a-time path.
func (s *Store) ShareDevices(ctx context.Context, coinType string, reqs []ShareDeviceRequest) ([]Device, []error) {
	devs := make([]Device, len(reqs))
	errs := make([]error, len(reqs))
	names := make([]string, len(reqs))
	for i, r := range reqs {
		names[i] = r.Worker
	}
	owners, parsed, c, coinErr, err := s.admitMany(ctx, coinType, names)
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
		var missing []int
		for _, i := range batch {
			if !found[i] {
				missing = append(missing, i)
			}
		}
		if len(missing) > 0 {
			slices.Sort(missing)
			err := s.DB.InTx(ctx, func(tx *db.Tx) error {
				return s.createDevices(ctx, tx, c, now, reqs, parsed, owners, missing, devs, errs)
			})
			if err != nil {
				// Another connection or process made one of them meanwhile (or the
				// database failed): each takes the one-at-a-time path, which finds it.
				for _, i := range missing {
					devs[i], errs[i] = Device{}, nil
				}
				slow = append(slow, missing...)
			}
		}
	}
	slices.Sort(slow)
	for _, i := range slow {
		devs[i], errs[i] = s.ShareDevice(ctx, coinType, reqs[i].Worker, reqs[i].RemoteAddr, reqs[i].MinerSoftware)
	}
	return devs, errs
}

// createDevices makes the devices of the batch's first shares whose workers have none
// (missing, in request order), as createDevice does one at a time: each sub-account's row
// is locked, its active devices counted (and, per source address, the devices it made in
// the last hour), and its new workers inserted in one statement up to its cap
// (ErrDeviceLimit past it) and each source's bound (ErrNewDeviceRate), with the first
// share already on them. A worker whose device another connection made meanwhile fails
// the insert on the unique index, and the whole transaction with it.
func (s *Store) createDevices(ctx context.Context, tx *db.Tx, c coin.Coin, now int64, reqs []ShareDeviceRequest,
	parsed []parsedWorker, owners map[string]owner, missing []int, devs []Device, errs []error) error {
	bySub := map[int64][]int{}
	var subs []int64
	for _, i := range missing {
		id := owners[parsed[i].code].ID
		if bySub[id] == nil {
			subs = append(subs, id)
		}
		bySub[id] = append(bySub[id], i)
	}
	slices.Sort(subs) // lock sub-accounts in one order, so two batches cannot deadlock
	for _, sub := range subs {
		items := bySub[sub]
		o := owners[parsed[items[0]].code]
		res, err := tx.Exec(ctx, "UPDATE sub_accounts SET updated_at = updated_at WHERE id = ? AND deleted_at IS NULL", sub)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 { // deleted since admitMany read it
			for _, i := range items {
				errs[i] = ErrUnknownSubAccount
			}
			continue
		}
		live, err := activeDevices(ctx, tx, sub, now)
		if err != nil {
			return err
		}
		// What each source made here in the last hour, asked once per source and counted
		// on as this batch makes more.
		madeBy := map[string]int{}
		// Under the lock, a device a batch that held it before made is found, not counted
		// against the cap and made again.
		made0, err := s.liveDevicesOf(ctx, tx, sub, parsed, items)
		if err != nil {
			return err
		}
		var args []any
		var made []int
		for _, i := range items {
			if d, ok := made0[parsed[i].suffix]; ok {
				r := reqs[i]
				software, _ := splitUserAgent(r.MinerSoftware)
				stampDevice(&d, o, c, KindOf(software), now, firstShare(r.RemoteAddr, r.MinerSoftware, now))
				if err := saveDevice(ctx, tx, d); err != nil {
					return err
				}
				devs[i] = d
				continue
			}
			r := reqs[i]
			source := sourceOf(r.RemoteAddr)
			n, asked := madeBy[source]
			if !asked && s.boundsSource(source) {
				if n, err = newDevicesFrom(ctx, tx, sub, source, now); err != nil {
					return err
				}
			}
			if errs[i] = s.room(live, n, source); errs[i] != nil {
				madeBy[source] = n
				continue
			}
			live++
			madeBy[source] = n + 1
			software, version := splitUserAgent(r.MinerSoftware)
			kind := KindOf(software)
			bound := canBind(c.MachineBindFlag, kind, o.AccountType)
			var boundAt any
			if bound {
				boundAt = now
			}
			args = append(args, sub, c.Type, parsed[i].suffix, kind, bound, StatusNormal, now, now, now, now, now, boundAt,
				now, clip(hostOf(r.RemoteAddr), maxShortText), software, version, source)
			made = append(made, i)
		}
		if len(made) == 0 {
			continue
		}
		const cols = 17
		row := "(" + db.Marks(cols) + ")"
		if _, err := tx.Exec(ctx, `INSERT INTO devices (sub_account_id, coin, worker, kind, bound, status, first_seen_at,
			last_seen_at, online_since, created_at, updated_at, bound_at, last_share_at, public_ip, miner_software, miner_version,
			created_from) VALUES `+
			strings.TrimSuffix(strings.Repeat(row+", ", len(made)), ", "), args...); err != nil {
			return err
		}
		bySuffix, err := s.liveDevicesOf(ctx, tx, sub, parsed, made)
		if err != nil {
			return err
		}
		for _, i := range made {
			d, ok := bySuffix[parsed[i].suffix]
			if !ok {
				return fmt.Errorf("pool: device %s.%s not found after its insert", o.Code, parsed[i].suffix)
			}
			devs[i] = d
		}
	}
	return nil
}

// liveDevicesOf reads sub's live devices among the workers of items, by suffix, locking
// their rows on PostgreSQL until the transaction ends (a report writing one meanwhile
// waits instead of being overwritten by what was read before it).
func (s *Store) liveDevicesOf(ctx context.Context, q db.Querier, sub int64, parsed []parsedWorker, items []int) (map[string]Device, error) {
	args := make([]any, 0, len(items)+1)
	args = append(args, sub)
	for _, i := range items {
		args = append(args, parsed[i].suffix)
	}
	query := "SELECT " + deviceColumns + deviceFrom + "WHERE d.sub_account_id = ? AND d.removed_at IS NULL AND d.worker IN (" +
		db.Marks(len(items)) + ") ORDER BY d.id"
	if s.DB.Dialect == db.Postgres {
		query += " FOR UPDATE OF d"
	}
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]Device{}
	for rows.Next() {
		d, err := scanDevice(rows)
		if err != nil {
			return nil, err
		}
		out[d.Worker] = d
	}
	return out, rows.Err()
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
// user; a code missing from owners is unknown), the coin, and its refusal (ErrCoinClosed)
// or nil. err is a failure to read them.
func (s *Store) admitMany(ctx context.Context, coinType string, names []string) (owners map[string]owner, parsed []parsedWorker, c coin.Coin, coinErr, err error) {
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
	err = db.InBatches(codes, func(in []any) error {
		rows, err := s.DB.Query(ctx, "SELECT "+subColumns+" FROM sub_accounts s WHERE s.deleted_at IS NULL AND s.code IN ("+db.Marks(len(in))+")", in...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			a, err := scanSub(rows)
			if err != nil {
				return err
			}
			owners[a.Code] = owner{SubAccount: a}
			userIDs = append(userIDs, a.UserID)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, parsed, c, nil, fmt.Errorf("pool: sub-accounts of %d workers: %w", len(names), err)
	}
	// A sub-account of a user who is not active is unknown, as admit has it.
	types, err := s.accounts().ActiveAccountTypes(ctx, s.DB, userIDs)
	if err != nil {
		return nil, parsed, c, nil, err
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
	c, err = s.coins().Get(ctx, coinType)
	switch {
	case errors.Is(err, db.ErrNotFound) || (err == nil && !c.OpenStatus):
		coinErr = ErrCoinClosed
	case err != nil:
		return nil, parsed, c, nil, err
	}
	return owners, parsed, c, coinErr, nil
}
