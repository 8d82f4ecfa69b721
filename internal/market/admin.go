package market

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// AdminUsage lists the price commands of `poold admin`.
const AdminUsage = `  price list
  price set COIN USD|CNY VALUE         e.g. price set BTC USD 97000.50 (what the home page shows)
`

// Admin runs a price command of `poold admin`.
func (p *Prices) Admin(ctx context.Context, args []string, out io.Writer) error {
	if err := cli.HelpArea("price", AdminUsage, args, out); err != nil {
		return err
	}
	if len(args) == 0 {
		return fmt.Errorf("price commands:\n%s", AdminUsage)
	}
	verb := args[0]
	if verb != "list" && verb != "set" {
		return fmt.Errorf("unknown price command %q; price commands:\n%s", verb, AdminUsage)
	}
	cmd := cli.New("price "+verb, AdminUsage)
	words, err := cmd.Parse(args[1:], out)
	if err != nil {
		return err
	}
	switch verb {
	case "list":
		if len(words) != 0 {
			return cmd.Usage()
		}
		all, err := p.All(ctx)
		if err != nil {
			return err
		}
		coins := make([]string, 0, len(all))
		for c := range all {
			coins = append(coins, c)
		}
		sort.Strings(coins)
		tw := tabwriter.NewWriter(out, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "COIN\tUSD\tCNY")
		for _, c := range coins {
			fmt.Fprintf(tw, "%s\t%.6f\t%.6f\n", c, all[c][USD].Float(), all[c][CNY].Float())
		}
		return tw.Flush()
	default: // set
		if len(words) != 3 {
			return errors.New("usage: price set COIN USD|CNY VALUE")
		}
		coin, fiat := strings.ToUpper(words[0]), strings.ToUpper(words[1])
		v, err := strconv.ParseFloat(words[2], 64)
		if err != nil || v < 0 || v > 1e12 {
			return fmt.Errorf("price %q must be a number from 0 to 1e12", words[2])
		}
		if err := p.SetByOperator(ctx, audit.CLI, coin, fiat, ToMicros(v)); err != nil {
			return err
		}
		fmt.Fprintf(out, "%s = %.6f %s\n", coin, ToMicros(v).Float(), fiat)
		return nil
	}
}
