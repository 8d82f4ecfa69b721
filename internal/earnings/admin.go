package earnings

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/ledger"
)

// AdminUsage lists the earnings and ledger commands of `poold admin`.
const AdminUsage = `  earnings settle --coin C --day YYYY-MM-DD   settle C's days up to this Beijing day now
                                              (a settled day changes nothing)
  ledger check                                recompute every balance from the journal;
                                              exits non-zero on any mismatch
`

// ErrLedgerMismatch is returned by `ledger check` when a balance is not its journal's sum.
var ErrLedgerMismatch = errors.New("ledger: balances do not match the journal")

// Admin runs an earnings or ledger command of `poold admin`.
func (s *Store) Admin(ctx context.Context, area string, args []string, out io.Writer, now time.Time) error {
	if err := cli.HelpArea(area, AdminUsage, args, out); err != nil {
		return err
	}
	verb := ""
	if len(args) > 0 {
		verb, args = args[0], args[1:]
	}
	cmd := cli.New(area+" "+verb, AdminUsage)
	switch area + " " + verb {
	case "ledger check":
		if words, err := cmd.Parse(args, out); err != nil || len(words) != 0 {
			return cmp.Or(err, cmd.Usage())
		}
		rep, err := ledger.Check(ctx, s.DB)
		if err != nil {
			return err
		}
		rep.Print(out)
		if !rep.OK() {
			return fmt.Errorf("%w: %d balances", ErrLedgerMismatch, len(rep.Mismatches))
		}
		return nil
	case "earnings settle":
		coinType := cmd.Flags.String("coin", "", "coin type")
		dayText := cmd.Flags.String("day", "", "Beijing day, YYYY-MM-DD")
		words, err := cmd.Parse(args, out)
		if err != nil {
			return err
		}
		if *coinType == "" || *dayText == "" || len(words) != 0 {
			return errors.New("usage: earnings settle --coin C --day YYYY-MM-DD")
		}
		d, err := ParseDay(*dayText)
		if err != nil {
			return err
		}
		c, err := (&coin.Store{DB: s.DB}).Get(ctx, strings.ToUpper(*coinType))
		if err != nil {
			return fmt.Errorf("coin %s: %w", *coinType, err)
		}
		results, err := s.SettleThrough(ctx, c, d, now)
		for _, r := range results {
			state := "settled"
			if r.Already {
				state = "already settled, nothing changed"
			}
			fmt.Fprintf(out, "%s %s: %s (%d sub-accounts, %s %s)\n", r.Coin, r.Day, state, r.SubAccounts, chain.FormatAmount(r.Amount, c.Decimals), c.ChainUnit)
		}
		return err
	}
	return fmt.Errorf("unknown command %q; commands:\n%s", strings.TrimSpace(area+" "+verb), AdminUsage)
}
