package withdraw

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// AdminUsage lists the withdrawal commands of `poold admin`.
const AdminUsage = `  withdrawal list [--status review|requested|...|failed]   the newest 100
  withdrawal approve ID [--reason R]   one waiting for review goes to the payout queue
  withdrawal reject ID --reason R      one waiting for review fails; its money is returned
  payout run --coin C [--until-done]   run the payout job for one coin now
  payout list [--status batched|...]   the newest 100 payouts, with their last error
  payout fail ID --reason R            a batched payout (no transaction yet) fails; its withdrawals' money is returned
  payout fail --withdrawal ID --reason R  one withdrawal not yet in a built transaction fails; its money is returned
  payout unbatch ID [--reason R]       a batched payout's withdrawals go back to be batched again
  wallet check [--coin C]              node wallet balance against what the pool owes
  wallet sends [--coin C]              sends of the node wallet that no payout holds
  wallet accept TXID --coin C --note N such a send is accounted for: payouts go on
  wallet accept --all --coin C --note N  every waiting send of the coin (a wallet that sent before the pool)
`

// The operator's actions on withdrawals and payouts. The console (ops_handlers.go) and
// `poold admin` both call these: each checks its own rules (the status it changes from,
// the reason) and writes its entry in the operator audit log (ops.Record) in the same
// transaction, by the actor given (ops.CLI for the command line).

// adminError is a refusal of an operator's action, in the console's language; the
// command line prints it in English (cli.Explain). data.error is the key.
func adminError(status int, key string, params i18n.Params) *httpx.Error {
	return &httpx.Error{Code: httpx.CodeWarning, Status: status, Key: key, Params: params, Data: map[string]string{"error": key}}
}

func idParam(id int64) i18n.Params { return i18n.Params{"id": strconv.FormatInt(id, 10)} }

func idStatus(id int64, status string) i18n.Params {
	return i18n.Params{"id": strconv.FormatInt(id, 10), "status": status}
}

// withdrawalAudit is a withdrawal as the audit log keeps it, before and after a change.
func withdrawalAudit(w Withdrawal) map[string]any {
	return map[string]any{"id": w.ID, "orderNo": w.OrderNo, "userId": w.UserID, "coin": w.Coin, "amount": w.Amount,
		"address": w.Address, "status": w.Status, "payoutId": w.PayoutID, "reason": w.Reason}
}

// getForAdmin reads a withdrawal in tx, or refuses an id no row has.
func (s *Store) getForAdmin(ctx context.Context, tx *db.Tx, id int64) (Withdrawal, error) {
	w, err := s.Get(ctx, tx, id)
	if errors.Is(err, db.ErrNotFound) {
		return w, adminError(404, "withdraw.admin.noWithdrawal", idParam(id))
	}
	return w, err
}

// Approve sends a withdrawal waiting for review to the payout queue; reason, which may
// be empty, is kept in the audit log.
func (s *Store) Approve(ctx context.Context, by ops.Actor, id int64, reason string) error {
	if err := checkNote(reason, false); err != nil {
		return err
	}
	now := s.now()
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		w, err := s.getForAdmin(ctx, tx, id)
		if err != nil {
			return err
		}
		res, err := tx.Exec(ctx, "UPDATE withdrawals SET status = ?, updated_at = ? WHERE id = ? AND status = ?",
			StatusRequested, now.UnixMilli(), id, StatusReview)
		if err != nil {
			return fmt.Errorf("withdraw: approve %d: %w", id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return adminError(409, "withdraw.admin.notInReview", idStatus(id, w.Status))
		}
		after := w
		after.Status, after.UpdatedAt = StatusRequested, now.UnixMilli()
		return ops.Record(ctx, tx, ops.Entry{At: now, Actor: by, Action: "withdrawal.approve", ObjectType: "withdrawal",
			ObjectID: strconv.FormatInt(id, 10), Reason: reason, Before: withdrawalAudit(w), After: withdrawalAudit(after)})
	})
}

// Reject fails a withdrawal waiting for review and returns its money; reason is
// required: its owner reads it.
func (s *Store) Reject(ctx context.Context, by ops.Actor, id int64, reason string) error {
	if err := checkNote(reason, true); err != nil {
		return err
	}
	now := s.now()
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		w, err := s.getForAdmin(ctx, tx, id)
		if err != nil {
			return err
		}
		if w.Status != StatusReview {
			return adminError(409, "withdraw.admin.notInReview", idStatus(id, w.Status))
		}
		if err := s.refund(ctx, tx, []Withdrawal{w}, byPool(reason), now); err != nil {
			return err
		}
		return s.recordWithdrawal(ctx, tx, by, "withdrawal.reject", reason, w, now)
	})
}

// recordWithdrawal writes the audit entry of a change of withdrawal w, read again in tx
// for its after.
func (s *Store) recordWithdrawal(ctx context.Context, tx *db.Tx, by ops.Actor, action, reason string, w Withdrawal, now time.Time) error {
	after, err := s.Get(ctx, tx, w.ID)
	if err != nil {
		return err
	}
	return ops.Record(ctx, tx, ops.Entry{At: now, Actor: by, Action: action, ObjectType: "withdrawal",
		ObjectID: strconv.FormatInt(w.ID, 10), Reason: reason, Before: withdrawalAudit(w), After: withdrawalAudit(after)})
}

// payoutAudit is a payout as the audit log keeps it, with its withdrawals' ids.
func (s *Store) payoutAudit(ctx context.Context, tx *db.Tx, id int64) (map[string]any, error) {
	var coinType, status, lastErr string
	var outputs int
	err := tx.QueryRow(ctx, "SELECT coin, status, outputs, last_error FROM payouts WHERE id = ?", id).Scan(&coinType, &status, &outputs, &lastErr)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, adminError(404, "withdraw.admin.noPayout", idParam(id))
	}
	if err != nil {
		return nil, err
	}
	rows, err := tx.Query(ctx, "SELECT id FROM withdrawals WHERE payout_id = ? ORDER BY id", id)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ids := []int64{}
	for rows.Next() {
		var w int64
		if err := rows.Scan(&w); err != nil {
			return nil, err
		}
		ids = append(ids, w)
	}
	return map[string]any{"id": id, "coin": coinType, "status": status, "outputs": outputs, "lastError": lastErr, "withdrawals": ids}, rows.Err()
}

// changePayout runs change on payout id in a transaction and records it with the
// payout before and after.
func (s *Store) changePayout(ctx context.Context, by ops.Actor, action string, id int64, reason string, now time.Time, change func(tx *db.Tx) error) error {
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		before, err := s.payoutAudit(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := change(tx); err != nil {
			return err
		}
		after, err := s.payoutAudit(ctx, tx, id)
		if err != nil {
			return err
		}
		return ops.Record(ctx, tx, ops.Entry{At: now, Actor: by, Action: action, ObjectType: "payout",
			ObjectID: strconv.FormatInt(id, 10), Reason: reason, Before: before, After: after})
	})
}

// FailPayout fails a batched payout, whose transaction was never built, and returns its
// withdrawals' money, with note (required) as the reason their owners read. A payout the
// job stored a transaction for meanwhile is refused: the payout row is changed first and
// only from batched, and the job stores a transaction only on a payout still batched, so
// the two come one after the other whichever is first.
func (s *Store) FailPayout(ctx context.Context, by ops.Actor, id int64, note string) (int, error) {
	if err := checkNote(note, true); err != nil {
		return 0, err
	}
	now := s.now()
	n := 0
	err := s.changePayout(ctx, by, "payout.fail", id, note, now, func(tx *db.Tx) error {
		if err := s.takeBatched(ctx, tx, id, "status = ?, last_error = ?, done_at = ?",
			StatusFailed, clip("failed by an operator: "+note), now.UnixMilli()); err != nil {
			return err
		}
		list, err := s.openWithdrawals(ctx, tx, id)
		if err != nil {
			return err
		}
		n = len(list)
		return s.refund(ctx, tx, list, byPool(note), now)
	})
	return n, err
}

// Unbatch puts a batched payout's withdrawals back to requested, for the next run to batch
// again, and fails the empty payout (it never had a transaction). Refused, as FailPayout,
// for a payout whose transaction is stored. note may be empty.
func (s *Store) Unbatch(ctx context.Context, by ops.Actor, id int64, note string) (int, error) {
	if err := checkNote(note, false); err != nil {
		return 0, err
	}
	now := s.now()
	var n int64
	err := s.changePayout(ctx, by, "payout.unbatch", id, note, now, func(tx *db.Tx) error {
		if err := s.takeBatched(ctx, tx, id, "status = ?, outputs = 0, last_error = ?, done_at = ?",
			StatusFailed, clip("unbatched by an operator: "+note), now.UnixMilli()); err != nil {
			return err
		}
		res, err := tx.Exec(ctx, "UPDATE withdrawals SET status = ?, payout_id = NULL, updated_at = ? WHERE payout_id = ? AND status = ?",
			StatusRequested, now.UnixMilli(), id, StatusBatched)
		if err != nil {
			return err
		}
		n, _ = res.RowsAffected()
		return nil
	})
	return int(n), err
}

// FailWithdrawal fails one withdrawal that no built transaction pays (in review,
// requested, or batched in a payout still batched) and returns its money; note is
// required. Taken out of its payout, it leaves the others to be built without it. The
// payout job stores a transaction only if the payout still pays exactly what it was built
// for, so a build under way that still pays this withdrawal is given back, never stored.
func (s *Store) FailWithdrawal(ctx context.Context, by ops.Actor, id int64, note string) error {
	if err := checkNote(note, true); err != nil {
		return err
	}
	now := s.now()
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		w, err := s.getForAdmin(ctx, tx, id)
		if err != nil {
			return err
		}
		switch w.Status {
		case StatusReview, StatusRequested:
			err = s.refund(ctx, tx, []Withdrawal{w}, byPool(note), now)
		case StatusBatched:
			if err := s.takeBatched(ctx, tx, w.PayoutID, "outputs = outputs - 1"); err != nil {
				return err
			}
			why := byPool(note)
			why.detach = true
			if err := s.refund(ctx, tx, []Withdrawal{w}, why, now); err != nil {
				return err
			}
			err = s.failIfEmpty(ctx, tx, w.PayoutID, "its last withdrawal was failed by an operator", now)
		case StatusConfirmed, StatusFailed:
			return adminError(409, "withdraw.admin.withdrawalFinal", idStatus(id, w.Status))
		default:
			return adminError(409, "withdraw.admin.withdrawalBuilt", idStatus(id, w.Status))
		}
		if errors.Is(err, errRaced) {
			return adminError(409, "withdraw.admin.raced", idParam(id))
		}
		if err != nil {
			return err
		}
		return s.recordWithdrawal(ctx, tx, by, "withdrawal.fail", note, w, now)
	})
}

// takeBatched changes a payout that is still batched (set, with args), or refuses it as
// it is. Changing the payout row first makes the payout job's store of a transaction for
// it, which changes that row only while batched, come before or after, never between.
func (s *Store) takeBatched(ctx context.Context, tx *db.Tx, id int64, set string, args ...any) error {
	res, err := tx.Exec(ctx, "UPDATE payouts SET "+set+" WHERE id = ? AND status = ?", append(args, id, StatusBatched)...)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	var status string
	err = tx.QueryRow(ctx, "SELECT status FROM payouts WHERE id = ?", id).Scan(&status)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return adminError(404, "withdraw.admin.noPayout", idParam(id))
	case err != nil:
		return err
	case status == StatusFailed || status == StatusConfirmed:
		return adminError(409, "withdraw.admin.payoutFinal", idStatus(id, status))
	}
	return adminError(409, "withdraw.admin.payoutBuilt", idStatus(id, status))
}

// MaxNote bounds an operator's note, which the owners of the withdrawals read.
const MaxNote = 200

// checkNote refuses a note its readers would see garbled or that would not fit (the rule
// of every text people read, textcheck: no controls, no bidi formatting), and an empty
// one where it is required.
func checkNote(note string, required bool) error {
	if required && strings.TrimSpace(note) == "" {
		return adminError(400, "withdraw.admin.reasonRequired", nil)
	}
	if !textcheck.Safe(note) {
		return adminError(400, "withdraw.admin.reasonUnsafe", nil)
	}
	if n := utf8.RuneCountInString(note); n > MaxNote {
		return adminError(400, "withdraw.admin.reasonTooLong", i18n.Params{"n": strconv.Itoa(n), "max": strconv.Itoa(MaxNote)})
	}
	return nil
}

// payoutID reads the one payout id a payout command names.
func payoutID(area, verb string, pos []string) (int64, error) {
	if len(pos) != 1 {
		return 0, fmt.Errorf("%s %s needs one payout id", area, verb)
	}
	return strconv.ParseInt(pos[0], 10, 64)
}

// audit logs an operator's change of money in the command's log too (stderr, the journal
// under systemd-run), beside its entry in the operator audit log.
func audit(log *slog.Logger, msg string, args ...any) {
	if log != nil {
		log.Warn("admin: "+msg, args...)
	}
}

// listPayouts prints the newest 100 payouts, in one status when given.
func (s *Store) listPayouts(ctx context.Context, status string, out io.Writer) error {
	q, args := "SELECT id, coin, status, outputs, txid, attempts, last_error FROM payouts", []any{}
	if status != "" {
		q, args = q+" WHERE status = ?", append(args, status)
	}
	rows, err := s.DB.Query(ctx, q+" ORDER BY id DESC LIMIT 100", args...)
	if err != nil {
		return fmt.Errorf("withdraw: payout list: %w", err)
	}
	defer rows.Close()
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tCOIN\tSTATUS\tOUTPUTS\tTXID\tATTEMPTS\tLAST ERROR")
	for rows.Next() {
		var id int64
		var coinType, st, txid, lastErr string
		var outputs, attempts int
		if err := rows.Scan(&id, &coinType, &st, &outputs, &txid, &attempts, &lastErr); err != nil {
			return err
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t%d\t%s\n", id, coinType, st, outputs, txid, attempts, lastErr)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return tw.Flush()
}

// WalletReport compares a coin's node wallet with what the pool owes.
type WalletReport struct {
	Coin string
	// Wallet is the node wallet's balance; Available the users' available balances;
	// Unsent what withdrawals not yet broadcast will pay out (received amounts).
	Wallet, Available, Unsent int64
	// Frozen is the ledger's frozen total and Open the amounts of the withdrawals not yet
	// final: they must be equal.
	Frozen, Open int64
	Decimals     int
	// UnknownSends counts the wallet's sends that no payout holds and no operator has
	// accepted: the coin pays nothing meanwhile (ScanSends).
	UnknownSends int
}

// Surplus is the wallet less what the pool owes: negative means the wallet cannot pay
// every user.
func (w WalletReport) Surplus() int64 { return w.Wallet - w.Available - w.Unsent }

// Problem says what is wrong, or "".
func (w WalletReport) Problem() string {
	switch {
	case w.UnknownSends > 0:
		return fmt.Sprintf("%d wallet sends have no payout; payouts are stopped (poold admin wallet sends)", w.UnknownSends)
	case w.Frozen != w.Open:
		return fmt.Sprintf("frozen balances %s differ from open withdrawals %s", chain.FormatAmount(w.Frozen, w.Decimals), chain.FormatAmount(w.Open, w.Decimals))
	case w.Surplus() < 0:
		return "the wallet holds less than the pool owes"
	}
	return ""
}

// CheckWallet compares coin c's wallet (through drv) with the ledger and the withdrawals.
func (s *Store) CheckWallet(ctx context.Context, c coin.Coin, drv chain.Node) (WalletReport, error) {
	r := WalletReport{Coin: c.Type, Decimals: c.Decimals}
	var bal int64
	totals, err := ledger.CoinTotals(ctx, s.DB, c.Type)
	if err != nil {
		return r, err
	}
	r.Available, r.Frozen = totals.Available, totals.Frozen
	if err := s.DB.QueryRow(ctx, `SELECT COALESCE(SUM(amount), 0),
		COALESCE(SUM(CASE WHEN status IN (?, ?, ?, ?) THEN received ELSE 0 END), 0)
		FROM withdrawals WHERE coin = ? AND status NOT IN (?, ?)`,
		StatusReview, StatusRequested, StatusBatched, StatusSigned, c.Type, StatusConfirmed, StatusFailed).Scan(&r.Open, &r.Unsent); err != nil {
		return r, fmt.Errorf("withdraw: wallet check %s: %w", c.Type, err)
	}
	bal, err = drv.Balance(ctx)
	if err != nil {
		return r, fmt.Errorf("withdraw: wallet check %s: balance: %w", c.Type, err)
	}
	r.Wallet = bal
	if r.UnknownSends, err = s.ScanSends(ctx, c, drv); err != nil {
		return r, err
	}
	return r, nil
}

// adminArgs holds what a withdrawal, payout or wallet command was given.
type adminArgs struct {
	status, reason, coin, note string
	untilDone, all             bool
	withdrawal                 int64
}

// adminFlags declares each command's own flags, and only those: its --help lists them,
// and any other is refused.
var adminFlags = map[string]func(fs *flag.FlagSet, a *adminArgs){
	"withdrawal list": func(fs *flag.FlagSet, a *adminArgs) {
		fs.StringVar(&a.status, "status", "", "only withdrawals in this status: review, requested, batched, signed, broadcast, confirmed or failed")
	},
	"withdrawal approve": func(fs *flag.FlagSet, a *adminArgs) {
		fs.StringVar(&a.reason, "reason", "", "why, kept in the operator audit log")
	},
	"withdrawal reject": func(fs *flag.FlagSet, a *adminArgs) {
		fs.StringVar(&a.reason, "reason", "", "why, which the withdrawal's owner reads (required)")
	},
	"payout run": func(fs *flag.FlagSet, a *adminArgs) {
		fs.StringVar(&a.coin, "coin", "", "the coin to pay (required)")
		fs.BoolVar(&a.untilDone, "until-done", false, "run until no payout is open")
	},
	"payout list": func(fs *flag.FlagSet, a *adminArgs) {
		fs.StringVar(&a.status, "status", "", "only payouts in this status: batched, signed, broadcast, confirmed or failed")
	},
	"payout fail": func(fs *flag.FlagSet, a *adminArgs) {
		fs.StringVar(&a.reason, "reason", "", "why, which the owners of the withdrawals read (required)")
		fs.Int64Var(&a.withdrawal, "withdrawal", 0, "fail this one withdrawal instead of a whole payout")
	},
	"payout unbatch": func(fs *flag.FlagSet, a *adminArgs) {
		fs.StringVar(&a.reason, "reason", "", "why, kept on the payout")
	},
	"wallet check": func(fs *flag.FlagSet, a *adminArgs) {
		fs.StringVar(&a.coin, "coin", "", "only this coin")
	},
	"wallet sends": func(fs *flag.FlagSet, a *adminArgs) {
		fs.StringVar(&a.coin, "coin", "", "only this coin")
	},
	"wallet accept": func(fs *flag.FlagSet, a *adminArgs) {
		fs.StringVar(&a.coin, "coin", "", "the send's coin (required)")
		fs.StringVar(&a.note, "note", "", "what was done to account for it")
		fs.BoolVar(&a.all, "all", false, "every waiting send of the coin")
	},
}

// Admin runs a withdrawal, payout or wallet command of `poold admin`.
func (s *Store) Admin(ctx context.Context, area string, args []string, out io.Writer, log *slog.Logger) error {
	if err := cli.HelpArea(area, AdminUsage, args, out); err != nil {
		return err
	}
	if len(args) == 0 {
		return fmt.Errorf("commands:\n%s", AdminUsage)
	}
	verb, args := args[0], args[1:]
	declare, ok := adminFlags[area+" "+verb]
	if !ok {
		return fmt.Errorf("unknown command %q; commands:\n%s", area+" "+verb, AdminUsage)
	}
	cmd := cli.New(area+" "+verb, AdminUsage)
	var a adminArgs
	declare(cmd.Flags, &a)
	// Flags may follow the id too: "reject 42 --reason R".
	pos, err := cmd.Parse(args, out)
	if err != nil {
		return err
	}
	id := func() (int64, error) {
		if len(pos) != 1 {
			return 0, fmt.Errorf("%s %s needs one withdrawal id", area, verb)
		}
		return strconv.ParseInt(pos[0], 10, 64)
	}
	switch area + " " + verb {
	case "withdrawal list":
		tail, qargs := " ORDER BY w.id DESC LIMIT 100", []any{}
		if a.status != "" {
			tail, qargs = " WHERE w.status = ?"+tail, append(qargs, a.status)
		}
		list, _, err := s.query(ctx, s.DB, tail, qargs...)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tORDER\tCOIN\tAMOUNT\tADDRESS\tSTATUS\tPAYOUT\tTXID\tREASON")
		for _, w := range list {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%d\t%s\t%s\t%d\t%s\t%s\n", w.ID, w.OrderNo, w.Coin, w.Amount, w.Address, w.Status, w.PayoutID, w.TxID, w.Reason)
		}
		return tw.Flush()
	case "withdrawal approve":
		n, err := id()
		if err != nil {
			return err
		}
		if err := s.Approve(ctx, ops.CLI, n, a.reason); err != nil {
			return err
		}
		fmt.Fprintf(out, "withdrawal %d approved\n", n)
		return nil
	case "withdrawal reject":
		n, err := id()
		if err != nil {
			return err
		}
		if err := s.Reject(ctx, ops.CLI, n, a.reason); err != nil {
			return err
		}
		fmt.Fprintf(out, "withdrawal %d rejected, its money returned\n", n)
		return nil
	case "payout run":
		c, err := s.Coins.Get(ctx, a.coin)
		if err != nil {
			return fmt.Errorf("coin %q: %w", a.coin, err)
		}
		if c.Driver == coin.DriverDevnet {
			// A second copy of a devnet chain would not see the serve process's blocks,
			// and both would write its state file.
			return fmt.Errorf("coin %s runs on devnet, whose chain lives in the poold serve process; its jobs role pays it", c.Type)
		}
		drv, err := s.Chains.Driver(ctx, c)
		if err != nil {
			return err
		}
		for {
			r, err := s.Pay(ctx, c, drv, log)
			fmt.Fprintln(out, r)
			// Busy: another process pays now; --until-done waits for it, as for open payouts.
			if err != nil || !a.untilDone || (r.Pending == 0 && !r.Busy) {
				return err
			}
			if err := sleep(ctx); err != nil {
				return err
			}
		}
	case "payout list":
		return s.listPayouts(ctx, a.status, out)
	case "payout fail":
		if a.withdrawal != 0 {
			if len(pos) != 0 {
				return errors.New("payout fail takes a payout id or --withdrawal ID, not both")
			}
			if err := s.FailWithdrawal(ctx, ops.CLI, a.withdrawal, a.reason); err != nil {
				return err
			}
			audit(log, "withdrawal failed by an operator; its money is returned", "withdrawal", a.withdrawal, "reason", a.reason)
			fmt.Fprintf(out, "withdrawal %d failed, its money returned\n", a.withdrawal)
			return nil
		}
		n, err := payoutID(area, verb, pos)
		if err != nil {
			return err
		}
		k, err := s.FailPayout(ctx, ops.CLI, n, a.reason)
		if err != nil {
			return err
		}
		audit(log, "payout failed by an operator; its withdrawals' money is returned", "payout", n, "withdrawals", k, "reason", a.reason)
		fmt.Fprintf(out, "payout %d failed: %d withdrawals failed, their money returned\n", n, k)
		return nil
	case "payout unbatch":
		n, err := payoutID(area, verb, pos)
		if err != nil {
			return err
		}
		k, err := s.Unbatch(ctx, ops.CLI, n, a.reason)
		if err != nil {
			return err
		}
		audit(log, "payout unbatched by an operator; its withdrawals wait for the next batch", "payout", n, "withdrawals", k, "reason", a.reason)
		fmt.Fprintf(out, "payout %d unbatched: %d withdrawals wait for the next batch\n", n, k)
		return nil
	case "wallet check":
		coins, err := s.Coins.List(ctx)
		if err != nil {
			return err
		}
		var bad []error
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "COIN\tWALLET\tAVAILABLE\tUNSENT\tSURPLUS\tFROZEN\tOPEN\tPROBLEM")
		for _, c := range coins {
			if a.coin != "" && c.Type != a.coin {
				continue
			}
			drv, err := s.Chains.Driver(ctx, c)
			if err != nil {
				bad = append(bad, err)
				continue
			}
			r, err := s.CheckWallet(ctx, c, drv)
			if err != nil {
				bad = append(bad, err)
				continue
			}
			f := func(v int64) string { return chain.FormatAmount(v, c.Decimals) }
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", c.Type, f(r.Wallet), f(r.Available), f(r.Unsent), f(r.Surplus()), f(r.Frozen), f(r.Open), r.Problem())
			if p := r.Problem(); p != "" {
				bad = append(bad, fmt.Errorf("%s: %s", c.Type, p))
			}
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		return errors.Join(bad...)
	case "wallet sends":
		list, err := s.WalletSends(ctx, a.coin)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "COIN\tTXID\tFOUND\tACCEPTED\tNOTE")
		stamp := func(ms int64) string {
			if ms == 0 {
				return "waiting"
			}
			return time.UnixMilli(ms).UTC().Format(time.RFC3339)
		}
		for _, w := range list {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", w.Coin, w.TxID, stamp(w.FoundAt), stamp(w.AcceptedAt), w.Note)
		}
		return tw.Flush()
	case "wallet accept":
		if a.all && len(pos) == 0 && a.coin != "" {
			n, err := s.AcceptAllSends(ctx, ops.CLI, a.coin, a.note)
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "%d sends of %s accepted\n", n, a.coin)
			return nil
		}
		if a.all || len(pos) != 1 || a.coin == "" {
			return errors.New("wallet accept needs one txid (or --all) and --coin")
		}
		if err := s.AcceptSend(ctx, ops.CLI, a.coin, pos[0], a.note); err != nil {
			return err
		}
		fmt.Fprintf(out, "send %s of %s accepted\n", pos[0], a.coin)
		return nil
	}
	return fmt.Errorf("unknown command %q; commands:\n%s", area+" "+verb, AdminUsage)
}
