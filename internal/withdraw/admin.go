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
	"github.com/uniplus-pool/pool/internal/ledger"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// AdminUsage lists the withdrawal commands of `poold admin`.
const AdminUsage = `  withdrawal list [--status review|requested|...|failed]   the newest 100
  withdrawal approve ID                one waiting for review goes to the payout queue
  withdrawal reject ID [--reason R]    one waiting for review fails; its money is returned
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

// Approve sends a withdrawal waiting for review to the payout queue.
func (s *Store) Approve(ctx context.Context, id int64) error {
	res, err := s.DB.Exec(ctx, "UPDATE withdrawals SET status = ?, updated_at = ? WHERE id = ? AND status = ?",
		StatusRequested, s.now().UnixMilli(), id, StatusReview)
	if err != nil {
		return fmt.Errorf("withdraw: approve %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("withdrawal %d is not waiting for review", id)
	}
	return nil
}

// Reject fails a withdrawal waiting for review and returns its money.
func (s *Store) Reject(ctx context.Context, id int64, reason string) error {
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		w, err := s.Get(ctx, tx, id)
		if err != nil {
			return err
		}
		if w.Status != StatusReview {
			return fmt.Errorf("withdrawal %d is %s, not waiting for review", id, w.Status)
		}
		return s.refund(ctx, tx, []Withdrawal{w}, byPool(reason), s.now())
	})
}

// errBuilt refuses an operator's change to a payout whose transaction is stored: it may
// have been sent already (a crash between sending and marking leaves it signed), so only
// the node can say whether it pays; the payout job follows it to confirmed or failed.
func errBuilt(what string, id int64, status string) error {
	return fmt.Errorf("%s %d is %s: its transaction is stored and may have been sent, so it is not changed by hand (the payout job follows it; poold admin payout list)", what, id, status)
}

// FailPayout fails a batched payout, whose transaction was never built, and returns its
// withdrawals' money, with note as the reason their owners read. A payout the job stored a
// transaction for meanwhile is refused: the payout row is changed first and only from
// batched, and the job stores a transaction only on a payout still batched, so the two
// come one after the other whichever is first.
func (s *Store) FailPayout(ctx context.Context, id int64, note string) (int, error) {
	now := s.now()
	n := 0
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
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
// for a payout whose transaction is stored.
func (s *Store) Unbatch(ctx context.Context, id int64, note string) (int, error) {
	now := s.now()
	var n int64
	err := s.DB.InTx(ctx, func(tx *db.Tx) error {
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
// requested, or batched in a payout still batched) and returns its money. Taken out of
// its payout, it leaves the others to be built without it. The payout job stores a
// transaction only if the payout still pays exactly what it was built for, so a build
// under way that still pays this withdrawal is given back, never stored.
func (s *Store) FailWithdrawal(ctx context.Context, id int64, note string) error {
	now := s.now()
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		w, err := s.Get(ctx, tx, id)
		if errors.Is(err, db.ErrNotFound) {
			return fmt.Errorf("no withdrawal %d", id)
		}
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
			return fmt.Errorf("withdrawal %d is %s already", id, w.Status)
		default:
			return errBuilt("withdrawal", id, w.Status)
		}
		if errors.Is(err, errRaced) {
			return fmt.Errorf("withdrawal %d changed while it was being failed (the payout job?); nothing was done, look again", id)
		}
		return err
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
		return fmt.Errorf("no payout %d", id)
	case err != nil:
		return err
	case status == StatusFailed || status == StatusConfirmed:
		return fmt.Errorf("payout %d is %s already", id, status)
	}
	return errBuilt("payout", id, status)
}

// MaxNote bounds an operator's note, which the owners of the withdrawals read.
const MaxNote = 200

// checkNote refuses a note its readers would see garbled or that would not fit: the rule
// of every text people read (textcheck: no controls, no bidi formatting).
func checkNote(note string) error {
	if !textcheck.Safe(note) {
		return errors.New("--reason holds control or bidi formatting characters; the owners of the withdrawals read it")
	}
	if n := utf8.RuneCountInString(note); n > MaxNote {
		return fmt.Errorf("--reason is %d characters; at most %d", n, MaxNote)
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

// audit logs an operator's change of money: `poold admin` has no audit table, so the
// log of the command (stderr, the journal under systemd-run) is the record, beside the
// reasons kept on the payout and withdrawal rows.
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
	"withdrawal approve": func(*flag.FlagSet, *adminArgs) {},
	"withdrawal reject": func(fs *flag.FlagSet, a *adminArgs) {
		fs.StringVar(&a.reason, "reason", "", "why, which the withdrawal's owner reads")
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
		if err := s.Approve(ctx, n); err != nil {
			return err
		}
		fmt.Fprintf(out, "withdrawal %d approved\n", n)
		return nil
	case "withdrawal reject":
		n, err := id()
		if err != nil {
			return err
		}
		if err := checkNote(a.reason); err != nil {
			return err
		}
		if err := s.Reject(ctx, n, a.reason); err != nil {
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
		if strings.TrimSpace(a.reason) == "" {
			return errors.New("payout fail needs --reason: the owners of the withdrawals read it")
		}
		if err := checkNote(a.reason); err != nil {
			return err
		}
		if a.withdrawal != 0 {
			if len(pos) != 0 {
				return errors.New("payout fail takes a payout id or --withdrawal ID, not both")
			}
			if err := s.FailWithdrawal(ctx, a.withdrawal, a.reason); err != nil {
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
		k, err := s.FailPayout(ctx, n, a.reason)
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
		if err := checkNote(a.reason); err != nil {
			return err
		}
		k, err := s.Unbatch(ctx, n, a.reason)
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
			n, err := s.AcceptAllSends(ctx, a.coin, a.note)
			if err != nil {
				return err
			}
			fmt.Fprintf(out, "%d sends of %s accepted\n", n, a.coin)
			return nil
		}
		if a.all || len(pos) != 1 || a.coin == "" {
			return errors.New("wallet accept needs one txid (or --all) and --coin")
		}
		if err := s.AcceptSend(ctx, a.coin, pos[0], a.note); err != nil {
			return err
		}
		fmt.Fprintf(out, "send %s of %s accepted\n", pos[0], a.coin)
		return nil
	}
	return fmt.Errorf("unknown command %q; commands:\n%s", area+" "+verb, AdminUsage)
}
