package withdraw

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/ledger"
)

// payoutLock is the PostgreSQL advisory lock that lets one jobs process pay.
const payoutLock = 7_340_003

// Payout is one payout transaction.
type Payout struct {
	ID            int64
	Coin          string
	Status        string
	TxID          string
	Raw           []byte
	Inputs        []chain.OutPoint
	NetworkFee    int64
	Outputs       int
	Confirmations int64
	Attempts      int
	LastError     string
}

// signed is the payout as the driver knows it.
func (p Payout) signed() chain.SignedPayout {
	sp := chain.SignedPayout{Raw: p.Raw, Fee: p.NetworkFee, Inputs: p.Inputs}
	sp.TxID, _ = chain.ParseHash(p.TxID)
	return sp
}

// RunReport is what one payout run did for one coin.
type RunReport struct {
	Coin                                     string
	Batched, Signed, Broadcast, Paid, Failed int
	// Refused counts withdrawals failed because the node refused their outputs (a dust
	// amount, an address it does not take); their payouts pay the others.
	Refused int
	Pending int // payouts still open after the run
	// Busy says another process held the payout lock (a jobs process, another `payout
	// run`): this run did nothing.
	Busy bool
}

func (r RunReport) String() string {
	if r.Busy {
		return r.Coin + ": another process is paying (it holds the payout lock); nothing done"
	}
	return fmt.Sprintf("%s: %d batched, %d signed, %d broadcast, %d paid, %d failed, %d refused, %d open",
		r.Coin, r.Batched, r.Signed, r.Broadcast, r.Paid, r.Failed, r.Refused, r.Pending)
}

// Pay runs the payout state machine once for coin c on its driver, under the payout lock
// (db.Exclusive: of the jobs processes and `poold admin payout run`s on one database, one
// pays at a time; the others return Busy). In order:
//
//  0. hold the wallet's sends against the payouts (ScanSends): while one that no payout
//     holds waits for an operator, pay nothing;
//  1. broadcast the stored transaction of every signed payout (a crash may have stopped
//     the last run between storing and sending);
//  2. tell the wallet to hold only the inputs of payouts still signed, freeing coins a
//     build reserved for a payout that was never stored;
//  3. batch requested withdrawals into payouts, at most chain.MaxPayoutOutputs each and
//     one withdrawal per address in a payout;
//  4. build and sign each batched payout, and store its txid and bytes before anything
//     else; a payout stored by someone else meanwhile gives its build back; outputs the
//     node refuses (dust, an address it does not take) fail their withdrawals alone and
//     the payout is built again without them;
//  5. broadcast what step 4 stored;
//  6. follow broadcast payouts: a transaction the node lost is sent again from the stored
//     bytes, one with enough confirmations pays its withdrawals, one the node proves
//     conflicted fails and gives the money back.
func (s *Store) Pay(ctx context.Context, c coin.Coin, drv chain.Node, log *slog.Logger) (RunReport, error) {
	r := RunReport{Coin: c.Type}
	ran, err := s.DB.Exclusive(ctx, payoutLock, func() error { return s.pay(ctx, c, drv, log, &r) })
	r.Busy = !ran && err == nil
	return r, err
}

func (s *Store) pay(ctx context.Context, c coin.Coin, drv chain.Node, log *slog.Logger, r *RunReport) error {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	waiting, err := s.ScanSends(ctx, c, drv)
	if err != nil {
		return err
	}
	if waiting > 0 {
		return fmt.Errorf("withdraw: %s: %d sends of the node wallet have no payout here (a database restored from a backup? someone else spending the wallet?); nothing is paid until an operator accepts them (poold admin wallet sends): %w",
			c.Type, waiting, ErrUnknownSends)
	}
	signed, err := s.broadcastSigned(ctx, c, drv, log, r)
	if err != nil {
		return err
	}
	keep := make([]chain.SignedPayout, len(signed))
	for i, p := range signed {
		keep[i] = p.signed()
	}
	if err := drv.HoldOnly(ctx, keep); err != nil {
		return fmt.Errorf("withdraw: %s: hold payout inputs: %w", c.Type, err)
	}
	if r.Batched, err = s.batch(ctx, c); err != nil {
		return err
	}
	batched, err := s.payouts(ctx, c.Type, StatusBatched)
	if err != nil {
		return err
	}
	var buildErr error
	for _, p := range batched {
		ok, err := s.build(ctx, c, drv, p, log, r)
		if err != nil {
			log.Warn("payout build failed", "coin", c.Type, "payout", p.ID, "err", err)
			buildErr = errors.Join(buildErr, err)
			continue
		}
		if ok {
			r.Signed++
		}
	}
	if _, err := s.broadcastSigned(ctx, c, drv, log, r); err != nil {
		return err
	}
	if err := s.follow(ctx, c, drv, log, r); err != nil {
		return err
	}
	var open int
	if err := s.DB.QueryRow(ctx, "SELECT COUNT(*) FROM payouts WHERE coin = ? AND status IN (?, ?, ?)",
		c.Type, StatusBatched, StatusSigned, StatusBroadcast).Scan(&open); err != nil {
		return err
	}
	r.Pending = open
	return buildErr
}

const payoutColumns = "id, coin, status, txid, raw, inputs, network_fee, outputs, confirmations, attempts, last_error"

// payouts lists a coin's payouts in one status, oldest first.
func (s *Store) payouts(ctx context.Context, coinType, status string) ([]Payout, error) {
	rows, err := s.DB.Query(ctx, "SELECT "+payoutColumns+" FROM payouts WHERE coin = ? AND status = ? ORDER BY id", coinType, status)
	if err != nil {
		return nil, fmt.Errorf("withdraw: payouts: %w", err)
	}
	defer rows.Close()
	var out []Payout
	for rows.Next() {
		var p Payout
		var raw, inputs string
		if err := rows.Scan(&p.ID, &p.Coin, &p.Status, &p.TxID, &raw, &inputs, &p.NetworkFee, &p.Outputs, &p.Confirmations, &p.Attempts, &p.LastError); err != nil {
			return nil, err
		}
		if p.Raw, err = hex.DecodeString(raw); err != nil {
			return nil, fmt.Errorf("withdraw: payout %d raw: %w", p.ID, err)
		}
		if inputs != "" {
			if err := json.Unmarshal([]byte(inputs), &p.Inputs); err != nil {
				return nil, fmt.Errorf("withdraw: payout %d inputs: %w", p.ID, err)
			}
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// batch puts the coin's requested withdrawals into new payouts, oldest first: each payout
// takes at most chain.MaxPayoutOutputs of them and one per address (a node refuses an
// address twice in one transaction); the rest wait for the next payout.
func (s *Store) batch(ctx context.Context, c coin.Coin) (int, error) {
	rows, err := s.DB.Query(ctx, "SELECT id, address FROM withdrawals WHERE coin = ? AND status = ? ORDER BY id LIMIT 10000", c.Type, StatusRequested)
	if err != nil {
		return 0, fmt.Errorf("withdraw: batch: %w", err)
	}
	type req struct {
		id   int64
		addr string
	}
	var reqs []req
	for rows.Next() {
		var q req
		if err := rows.Scan(&q.id, &q.addr); err != nil {
			rows.Close()
			return 0, err
		}
		reqs = append(reqs, q)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	var groups [][]int64
	for len(reqs) > 0 {
		seen := map[string]bool{}
		var group []int64
		var rest []req
		for _, q := range reqs {
			if len(group) < chain.MaxPayoutOutputs && !seen[q.addr] {
				seen[q.addr] = true
				group = append(group, q.id)
			} else {
				rest = append(rest, q)
			}
		}
		groups = append(groups, group)
		reqs = rest
	}
	now := s.now().UnixMilli()
	n := 0
	for _, g := range groups {
		err := s.DB.InTx(ctx, func(tx *db.Tx) error {
			var id int64
			if err := tx.QueryRow(ctx, "INSERT INTO payouts (coin, status, outputs, created_at) VALUES (?, ?, ?, ?) RETURNING id",
				c.Type, StatusBatched, len(g), now).Scan(&id); err != nil {
				return fmt.Errorf("withdraw: new payout: %w", err)
			}
			args := []any{StatusBatched, id, now}
			for _, w := range g {
				args = append(args, w)
			}
			args = append(args, StatusRequested)
			res, err := tx.Exec(ctx, "UPDATE withdrawals SET status = ?, payout_id = ?, updated_at = ? WHERE id IN ("+db.Marks(len(g))+") AND status = ?", args...)
			if err != nil {
				return fmt.Errorf("withdraw: batch withdrawals: %w", err)
			}
			if m, _ := res.RowsAffected(); m != int64(len(g)) {
				return errRaced
			}
			return nil
		})
		if errors.Is(err, errRaced) {
			continue // another runner took some of them: they are in its payout
		}
		if err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

var errRaced = errors.New("withdraw: another runner changed these rows")

// outputsOf is what a payout pays: each of its withdrawals' received amount to its
// address, and the withdrawals' ids in the same order.
func (s *Store) outputsOf(ctx context.Context, q db.Querier, payoutID int64) ([]int64, []chain.PayoutOutput, error) {
	rows, err := q.Query(ctx, "SELECT id, address, received FROM withdrawals WHERE payout_id = ? ORDER BY id", payoutID)
	if err != nil {
		return nil, nil, fmt.Errorf("withdraw: payout %d outputs: %w", payoutID, err)
	}
	defer rows.Close()
	var ids []int64
	var out []chain.PayoutOutput
	for rows.Next() {
		var id int64
		var o chain.PayoutOutput
		if err := rows.Scan(&id, &o.Address, &o.Amount); err != nil {
			return nil, nil, err
		}
		ids = append(ids, id)
		out = append(out, o)
	}
	return ids, out, rows.Err()
}

// build signs a batched payout and stores it as signed. It says whether this run stored
// it; when another stored it first, this build is given back to the wallet.
//
// A build the node refuses for its outputs (outputsRefused) would be refused again on
// every run, and every withdrawal batched with the bad one would wait forever. So the
// outputs the node refuses on their own are found (refusedAlone), their withdrawals fail
// and get their money back (dropRefused), and the payout is built again with the rest.
// Each round removes at least one output, so this ends. Any other error (the node down,
// the wallet short) leaves the payout as it is for the next run.
func (s *Store) build(ctx context.Context, c coin.Coin, drv chain.Node, p Payout, log *slog.Logger, r *RunReport) (bool, error) {
	for {
		ids, outs, err := s.outputsOf(ctx, s.DB, p.ID)
		if err != nil {
			return false, err
		}
		if len(outs) == 0 {
			return false, nil // every output was refused; dropRefused failed the payout
		}
		sp, err := drv.BuildPayout(ctx, outs)
		if err != nil {
			s.noteError(ctx, p.ID, err)
			if !outputsRefused(err) {
				return false, fmt.Errorf("withdraw: %s payout %d: build: %w", c.Type, p.ID, err)
			}
			bad, ferr := refusedAlone(ctx, drv, outs, err)
			if len(bad) > 0 {
				n, derr := s.dropRefused(ctx, p, ids, bad)
				if errors.Is(derr, errRaced) {
					return false, nil // an operator or another runner moved it: the next run sees
				}
				if derr != nil {
					return false, derr
				}
				r.Refused += n
				log.Warn("payout outputs refused by the node; their withdrawals are refunded and the rest built again",
					"coin", c.Type, "payout", p.ID, "refused", n, "of", len(outs), "err", err)
			}
			if ferr != nil {
				return false, fmt.Errorf("withdraw: %s payout %d: finding the refused outputs: %w", c.Type, p.ID, ferr)
			}
			if len(bad) == 0 {
				// Refused together but none alone: nothing proves one withdrawal at
				// fault, so none fails; the operator decides (poold admin payout ...).
				return false, fmt.Errorf("withdraw: %s payout %d: build: the node refuses the outputs together but none alone: %w", c.Type, p.ID, err)
			}
			continue
		}
		inputs, _ := json.Marshal(sp.Inputs)
		now := s.now().UnixMilli()
		stored := false
		err = s.advance(ctx, p, StatusBatched, "status = ?, txid = ?, raw = ?, inputs = ?, network_fee = ?, signed_at = ?, last_error = ''",
			[]any{StatusSigned, sp.TxID.String(), hex.EncodeToString(sp.Raw), string(inputs), sp.Fee, now},
			func(tx *db.Tx) error {
				// An operator may have failed or unbatched a withdrawal of this payout
				// while it was being built: a transaction paying it must not be stored,
				// or the withdrawal would be refunded and paid.
				_, still, err := s.outputsOf(ctx, tx, p.ID)
				if err != nil {
					return err
				}
				if !slices.Equal(still, outs) {
					return errRaced
				}
				stored = true
				return s.setWithdrawals(ctx, tx, p.ID, StatusSigned, now)
			})
		if err != nil || !stored {
			_ = drv.ReleasePayout(context.WithoutCancel(ctx), sp)
		}
		if errors.Is(err, errRaced) {
			return false, nil // built again from what it pays now, on the next run
		}
		if err != nil {
			return false, fmt.Errorf("withdraw: %s payout %d: store: %w", c.Type, p.ID, err)
		}
		return stored, nil
	}
}

// outputsRefused tells a build error that building the same outputs will give again: the
// driver's error says so with an OutputsRefused method (bitcoind.OutputsRefusedError).
func outputsRefused(err error) bool {
	var r interface{ OutputsRefused() bool }
	return errors.As(err, &r) && r.OutputsRefused()
}

// refusedAlone finds which of outs the node refuses on their own, given that it refused
// them all together with whole. Nodes do not say which output they refused, so it builds
// halves: a half that builds holds no refused output (its build is given back at once, so
// the next one has the coins), a half refused for its outputs is split again, down to
// single outputs. With k refused outputs among n that is about 2k*log2(n) builds, and
// never more than 2n-2. It answers the index of each refused output with the node's
// words. Another kind of error (the node went away) ends the search; what was proved by
// then is answered with it.
func refusedAlone(ctx context.Context, drv chain.Node, outs []chain.PayoutOutput, whole error) (map[int]string, error) {
	bad := map[int]string{}
	type part struct {
		idx []int
		err error // the node's refusal of this part
	}
	all := make([]int, len(outs))
	for i := range all {
		all[i] = i
	}
	stack := []part{{all, whole}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if len(p.idx) == 1 {
			bad[p.idx[0]] = p.err.Error()
			continue
		}
		half := len(p.idx) / 2
		for _, idx := range [][]int{p.idx[:half], p.idx[half:]} {
			some := make([]chain.PayoutOutput, len(idx))
			for i, j := range idx {
				some[i] = outs[j]
			}
			sp, err := drv.BuildPayout(ctx, some)
			if err == nil {
				if err := drv.ReleasePayout(context.WithoutCancel(ctx), sp); err != nil {
					return bad, err
				}
				continue
			}
			if !outputsRefused(err) {
				return bad, err
			}
			stack = append(stack, part{idx, err})
		}
	}
	return bad, nil
}

// dropRefused fails the withdrawals of a batched payout whose outputs (bad, indexes into
// ids) the node refused: each leaves the payout, its money goes back to available with
// the reason the user reads, and the payout, still batched, keeps the others. A payout
// left with none fails. It answers how many failed, or errRaced when the payout was no
// longer batched or one of them had moved (another runner, an operator): then nothing
// changes.
func (s *Store) dropRefused(ctx context.Context, p Payout, ids []int64, bad map[int]string) (int, error) {
	now := s.now()
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
		// The payout row first: whoever changes a batched payout takes its row, so this
		// and an operator's command, or the store of a build, come one after the other.
		res, err := tx.Exec(ctx, "UPDATE payouts SET outputs = outputs - ?, last_error = ? WHERE id = ? AND status = ?",
			len(bad), clip(fmt.Sprintf("%d outputs refused by the node; built again without them", len(bad))), p.ID, StatusBatched)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return errRaced
		}
		for _, i := range slices.Sorted(maps.Keys(bad)) {
			why := bad[i]
			w, err := s.Get(ctx, tx, ids[i])
			if err != nil {
				return err
			}
			if w.Status != StatusBatched || w.PayoutID != p.ID {
				return errRaced
			}
			err = s.refund(ctx, tx, []Withdrawal{w}, failure{key: ReasonRefused, detach: true,
				detail: fmt.Sprintf("refused by the node in payout %d: %s", p.ID, why)}, now)
			if err != nil {
				return err
			}
		}
		return s.failIfEmpty(ctx, tx, p.ID, "every output was refused by the node", now)
	})
	if err != nil {
		return 0, err
	}
	return len(bad), nil
}

// failIfEmpty fails a batched payout that has no withdrawals left: it has nothing to pay.
func (s *Store) failIfEmpty(ctx context.Context, tx *db.Tx, payoutID int64, why string, now time.Time) error {
	var n int
	if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM withdrawals WHERE payout_id = ?", payoutID).Scan(&n); err != nil || n > 0 {
		return err
	}
	_, err := tx.Exec(ctx, "UPDATE payouts SET status = ?, outputs = 0, last_error = ?, done_at = ? WHERE id = ? AND status = ?",
		StatusFailed, clip(why), now.UnixMilli(), payoutID, StatusBatched)
	return err
}

// clip bounds a text kept on a row to 500 bytes, cut where a character starts: a note
// in Chinese cut inside a character would reach its reader as a replacement sign.
func clip(s string) string {
	if len(s) <= 500 {
		return s
	}
	i := 500
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i]
}

// setWithdrawals moves a payout's withdrawals that are still open to status.
func (s *Store) setWithdrawals(ctx context.Context, tx *db.Tx, payoutID int64, status string, now int64) error {
	_, err := tx.Exec(ctx, "UPDATE withdrawals SET status = ?, updated_at = ? WHERE payout_id = ? AND status NOT IN (?, ?)",
		status, now, payoutID, StatusConfirmed, StatusFailed)
	return err
}

// noteError records a payout's last failed attempt, for the operator.
func (s *Store) noteError(ctx context.Context, id int64, cause error) {
	_, _ = s.DB.Exec(context.WithoutCancel(ctx), "UPDATE payouts SET attempts = attempts + 1, last_error = ? WHERE id = ?", clip(cause.Error()), id)
}

// broadcastSigned sends every signed payout's stored bytes and marks it broadcast. It
// answers the payouts still signed: those the node did not take this time.
func (s *Store) broadcastSigned(ctx context.Context, c coin.Coin, drv chain.Node, log *slog.Logger, r *RunReport) ([]Payout, error) {
	signed, err := s.payouts(ctx, c.Type, StatusSigned)
	if err != nil {
		return nil, err
	}
	var left []Payout
	for _, p := range signed {
		txid, err := drv.Broadcast(ctx, p.Raw)
		if errors.Is(err, chain.ErrConflict) {
			if err := s.fail(ctx, p, StatusSigned, err.Error()); err != nil {
				return nil, err
			}
			r.Failed++
			log.Warn("payout conflicts with the chain; its withdrawals are refunded", "coin", c.Type, "payout", p.ID, "txid", p.TxID)
			continue
		}
		if err != nil {
			s.noteError(ctx, p.ID, err)
			log.Warn("payout broadcast failed; will retry with the same bytes", "coin", c.Type, "payout", p.ID, "txid", p.TxID, "err", err)
			left = append(left, p)
			continue
		}
		if txid.String() != p.TxID {
			return nil, fmt.Errorf("withdraw: payout %d: the node named txid %s for stored %s", p.ID, txid, p.TxID)
		}
		now := s.now().UnixMilli()
		err = s.advance(ctx, p, StatusSigned, "status = ?, broadcast_at = ?, last_error = ''", []any{StatusBroadcast, now},
			func(tx *db.Tx) error { return s.setWithdrawals(ctx, tx, p.ID, StatusBroadcast, now) })
		if err != nil {
			return nil, fmt.Errorf("withdraw: payout %d: mark broadcast: %w", p.ID, err)
		}
		r.Broadcast++
		log.Info("payout broadcast", "coin", c.Type, "payout", p.ID, "txid", p.TxID, "outputs", p.Outputs)
	}
	return left, nil
}

// follow tracks broadcast payouts to their confirmations.
func (s *Store) follow(ctx context.Context, c coin.Coin, drv chain.Node, log *slog.Logger, r *RunReport) error {
	open, err := s.payouts(ctx, c.Type, StatusBroadcast)
	if err != nil {
		return err
	}
	need := c.Confirmations()
	for _, p := range open {
		h, err := chain.ParseHash(p.TxID)
		if err != nil {
			return fmt.Errorf("withdraw: payout %d txid: %w", p.ID, err)
		}
		wt, err := drv.Transaction(ctx, h)
		if errors.Is(err, chain.ErrNotFound) {
			// The node forgot it (a restart with an empty mempool): the same bytes again.
			_, berr := drv.Broadcast(ctx, p.Raw)
			if errors.Is(berr, chain.ErrConflict) {
				if err := s.fail(ctx, p, StatusBroadcast, berr.Error()); err != nil {
					return err
				}
				r.Failed++
				continue
			}
			if berr != nil {
				s.noteError(ctx, p.ID, berr)
			}
			continue
		}
		if err != nil {
			s.noteError(ctx, p.ID, err)
			continue
		}
		// A conflicted transaction shows minus the confirmations of the one that beat it;
		// once that one is as deep as a payout must be, ours can never come back.
		if wt.Confirmations <= -need {
			if err := s.fail(ctx, p, StatusBroadcast, fmt.Sprintf("conflicted by a transaction with %d confirmations", -wt.Confirmations)); err != nil {
				return err
			}
			r.Failed++
			log.Warn("payout conflicted; its withdrawals are refunded", "coin", c.Type, "payout", p.ID, "txid", p.TxID)
			continue
		}
		if wt.Confirmations < need {
			if wt.Confirmations != p.Confirmations {
				if _, err := s.DB.Exec(ctx, "UPDATE payouts SET confirmations = ? WHERE id = ? AND status = ?", wt.Confirmations, p.ID, StatusBroadcast); err != nil {
					return err
				}
			}
			continue
		}
		if err := s.confirm(ctx, p, wt.Confirmations); err != nil {
			return err
		}
		r.Paid++
		log.Info("payout confirmed", "coin", c.Type, "payout", p.ID, "txid", p.TxID, "confirmations", wt.Confirmations)
	}
	return nil
}

// openWithdrawals lists a payout's withdrawals not yet final.
func (s *Store) openWithdrawals(ctx context.Context, tx *db.Tx, payoutID int64) ([]Withdrawal, error) {
	list, _, err := s.query(ctx, tx, " WHERE w.payout_id = ? AND w.status NOT IN (?, ?) ORDER BY w.id", payoutID, StatusConfirmed, StatusFailed)
	return list, err
}

// advance moves a payout on from status from, setting the columns of set, and runs then
// in the same transaction. A payout that has left from meanwhile (another runner moved
// it) changes nothing and then does not run.
func (s *Store) advance(ctx context.Context, p Payout, from, set string, args []any, then func(tx *db.Tx) error) error {
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, "UPDATE payouts SET "+set+" WHERE id = ? AND status = ?", append(args, p.ID, from)...)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		return then(tx)
	})
}

// confirm marks a payout and its withdrawals paid and books frozen -> withdrawn.
func (s *Store) confirm(ctx context.Context, p Payout, confirmations int64) error {
	now := s.now()
	return s.advance(ctx, p, StatusBroadcast, "status = ?, confirmations = ?, done_at = ?", []any{StatusConfirmed, confirmations, now.UnixMilli()},
		func(tx *db.Tx) error {
			list, err := s.openWithdrawals(ctx, tx, p.ID)
			if err != nil {
				return err
			}
			entries := make([]ledger.Entry, len(list))
			for i, w := range list {
				entries[i] = ledger.Entry{SubAccountID: w.SubAccountID, UserID: w.UserID, Coin: w.Coin, Kind: LedgerPaid,
					Frozen: -w.Amount, Withdrawn: w.Amount, Ref: ref(w.ID), IdemKey: LedgerPaid + ":" + strconv.FormatInt(w.ID, 10), At: now}
			}
			if _, err := ledger.Post(ctx, tx, entries); err != nil {
				return fmt.Errorf("withdraw: payout %d: book paid: %w", p.ID, err)
			}
			return s.setWithdrawals(ctx, tx, p.ID, StatusConfirmed, now.UnixMilli())
		})
}

// fail marks a payout failed (from status from) and returns its withdrawals' money.
func (s *Store) fail(ctx context.Context, p Payout, from, reason string) error {
	now := s.now()
	return s.advance(ctx, p, from, "status = ?, last_error = ?, done_at = ?", []any{StatusFailed, clip(reason), now.UnixMilli()},
		func(tx *db.Tx) error {
			list, err := s.openWithdrawals(ctx, tx, p.ID)
			if err != nil {
				return err
			}
			return s.refund(ctx, tx, list, failure{key: ReasonConflict, detail: "payout failed: " + reason}, now)
		})
}

// Why a withdrawal failed, as the message key its owner reads (withdrawals.reason_key).
const (
	// ReasonRefused: the node refused its output (below the dust limit, an address it
	// does not take).
	ReasonRefused = "withdraw.failed.refused"
	// ReasonConflict: its payout's transaction can never confirm.
	ReasonConflict = "withdraw.failed.conflict"
	// ReasonByPool, ReasonByPoolNote: an operator rejected or failed it, with a note
	// ({note}) or without.
	ReasonByPool     = "withdraw.failed.byPool"
	ReasonByPoolNote = "withdraw.failed.byPoolNote"
)

// failure is why withdrawals fail and their money goes back.
type failure struct {
	key    string // the message their owners read (Reason...)
	detail string // kept in reason: the node's words, or the operator's note ReasonByPoolNote shows
	// detach takes them out of their payout, which has no transaction yet and will be
	// built for the others: they must not show its transaction as theirs.
	detach bool
}

// byPool is an operator's failure with the note the user reads.
func byPool(note string) failure {
	if note == "" {
		return failure{key: ReasonByPool}
	}
	return failure{key: ReasonByPoolNote, detail: note}
}

// refund fails withdrawals and moves their money from frozen back to available, each
// only from the status it was read in: one another runner moved meanwhile makes the whole
// transaction errRaced, so nothing is refunded that was paid or refunded since.
func (s *Store) refund(ctx context.Context, tx *db.Tx, list []Withdrawal, why failure, now time.Time) error {
	if len(list) == 0 {
		return nil
	}
	set := "status = ?, reason = ?, reason_key = ?, updated_at = ?"
	if why.detach {
		set += ", payout_id = NULL"
	}
	entries := make([]ledger.Entry, len(list))
	for i, w := range list {
		entries[i] = ledger.Entry{SubAccountID: w.SubAccountID, UserID: w.UserID, Coin: w.Coin, Kind: LedgerRefund,
			Frozen: -w.Amount, Available: w.Amount, Ref: ref(w.ID), IdemKey: LedgerRefund + ":" + strconv.FormatInt(w.ID, 10), At: now}
		res, err := tx.Exec(ctx, "UPDATE withdrawals SET "+set+" WHERE id = ? AND status = ?",
			StatusFailed, clip(why.detail), why.key, now.UnixMilli(), w.ID, w.Status)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return errRaced
		}
	}
	_, err := ledger.Post(ctx, tx, entries)
	return err
}

// sleep waits a few seconds between payout runs of `payout run --until-done`.
func sleep(ctx context.Context) error {
	t := time.NewTimer(2 * time.Second)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
