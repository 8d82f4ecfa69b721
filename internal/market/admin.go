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
)

// AdminUsage lists the price commands of `poold admin`.
const AdminUsage = `  price list
  price set COIN USD|CNY VALUE         e.g. price set BTC USD 97000.50 (what the home page shows)
`

// Admin runs a price command of `poold admin`.
func (p *Prices) Admin(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("price commands:\n%s", AdminUsage)
	}
	switch args[0] {
	case "list":
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
	case "set":
		if len(args) != 4 {
			return errors.New("usage: price set COIN USD|CNY VALUE")
		}
		coin, fiat := strings.ToUpper(args[1]), strings.ToUpper(args[2])
		v, err := strconv.ParseFloat(args[3], 64)
		if err != nil || v < 0 || v > 1e12 {
			return fmt.Errorf("price %q must be a number from 0 to 1e12", args[3])
		}
		if err := p.Set(ctx, coin, fiat, ToMicros(v), "operator"); err != nil {
			return err
		}
		fmt.Fprintf(out, "%s = %.6f %s\n", coin, ToMicros(v).Float(), fiat)
		return nil
	}
	return fmt.Errorf("unknown price command %q; price commands:\n%s", args[0], AdminUsage)
}
