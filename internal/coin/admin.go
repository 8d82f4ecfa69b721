package coin

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// AdminUsage lists the coin commands of `poold admin`.
const AdminUsage = `  coin list
  coin add TYPE --name N --algorithm sha256d|scrypt|... --unit U --decimals 8 [--reason TEXT] [flags]
                                       audited as cli (coin.add)
  coin set TYPE --reason TEXT [flags]  only the flags given change; audited as cli (coin.update);
                                       a change of --fee-bps or --pps-tx-fees applies from the next settlement day
      flags: --name --alias --algorithm --unit --hash-unit --decimals --icon --logo
             --open=true|false --closed-msg LANG=TEXT (repeatable) --fee-bps N
             --settle-time HH:MM --pps-tx-fees=true|false --min-withdraw MINOR --withdraw-fee MINOR
             --payout-confirmations N --withdraw-review-above MINOR --ports 3333,3334
             --dust-floor MINOR (smallest amount a withdrawal delivers; 0: the chain's dust limit)
             --solo-ports 4333 --solo-fee-bps N (solo mining: the worker is the miner's address)
             --tutorial URL --driver bitcoind|ironfish|kaspad|devnet --driver-config KEY=VALUE (repeatable)
             --bind --detail --overclock --switchable (capability flags, =false to clear) --sort N
`

// kvFlag collects repeated KEY=VALUE flags into a map.
type kvFlag struct{ m *map[string]string }

func (f kvFlag) String() string { return "" }
func (f kvFlag) Set(v string) error {
	k, val, ok := strings.Cut(v, "=")
	if !ok || k == "" {
		return fmt.Errorf("%q is not KEY=VALUE", v)
	}
	if *f.m == nil {
		*f.m = map[string]string{}
	}
	(*f.m)[k] = val
	return nil
}

// portsFlag reads a comma-separated list of ports.
type portsFlag struct{ p *[]int }

func (f portsFlag) String() string { return "" }
func (f portsFlag) Set(v string) error {
	*f.p = nil
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		n, err := strconv.Atoi(s)
		if err != nil {
			return fmt.Errorf("port %q is not a number", s)
		}
		*f.p = append(*f.p, n)
	}
	return nil
}

// coinFlags binds the flags of coin add and coin set to c's fields.
func coinFlags(c *Coin, fs *flag.FlagSet) {
	fs.StringVar(&c.Name, "name", c.Name, "full name")
	fs.StringVar(&c.AliasName, "alias", c.AliasName, "short name")
	fs.StringVar(&c.Algorithm, "algorithm", c.Algorithm, "proof of work")
	fs.StringVar(&c.ChainUnit, "unit", c.ChainUnit, "unit of amounts")
	fs.StringVar(&c.MinHashUnit, "hash-unit", c.MinHashUnit, "smallest hashrate unit shown")
	fs.IntVar(&c.Decimals, "decimals", c.Decimals, "decimals of the unit")
	fs.StringVar(&c.IconURL, "icon", c.IconURL, "icon URL")
	fs.StringVar(&c.LogoURL, "logo", c.LogoURL, "logo URL")
	fs.BoolVar(&c.OpenStatus, "open", c.OpenStatus, "open for mining")
	fs.Var(kvFlag{&c.ClosedMsg}, "closed-msg", "LANG=TEXT shown while closed")
	fs.IntVar(&c.FeeBps, "fee-bps", c.FeeBps, "pool fee in basis points")
	fs.StringVar(&c.SettleTime, "settle-time", c.SettleTime, "daily settlement, HH:MM Beijing time")
	fs.BoolVar(&c.PPSTxFees, "pps-tx-fees", c.PPSTxFees, "shares earn from the block's fees too, not the subsidy alone")
	fs.Int64Var(&c.MinWithdraw, "min-withdraw", c.MinWithdraw, "minimum withdrawal in minor units")
	fs.Int64Var(&c.WithdrawFee, "withdraw-fee", c.WithdrawFee, "withdrawal fee in minor units")
	fs.IntVar(&c.PayoutConfirmations, "payout-confirmations", c.PayoutConfirmations, "confirmations before a payout is paid (0: 6)")
	fs.Int64Var(&c.WithdrawReviewAbove, "withdraw-review-above", c.WithdrawReviewAbove, "withdrawals above this many minor units wait for an operator (0: none)")
	fs.Int64Var(&c.DustFloor, "dust-floor", c.DustFloor, "smallest amount a withdrawal may deliver after its fee, minor units (0: the chain's default dust limit)")
	fs.Var(portsFlag{&c.StratumPorts}, "ports", "stratum ports, comma-separated")
	fs.Var(portsFlag{&c.SoloPorts}, "solo-ports", "solo stratum ports, comma-separated")
	fs.IntVar(&c.SoloFeeBps, "solo-fee-bps", c.SoloFeeBps, "pool's part of a solo block in basis points")
	fs.StringVar(&c.TutorialURL, "tutorial", c.TutorialURL, "tutorial URL")
	fs.StringVar(&c.Driver, "driver", c.Driver, "bitcoind, ironfish, kaspad or devnet")
	fs.Var(kvFlag{&c.DriverConfig}, "driver-config", "KEY=VALUE driver setting")
	fs.BoolVar(&c.MachineBindFlag, "bind", c.MachineBindFlag, "devices can be bound")
	fs.BoolVar(&c.MachineDetailFlag, "detail", c.MachineDetailFlag, "device detail pages")
	fs.BoolVar(&c.GPUOverclockingFlag, "overclock", c.GPUOverclockingFlag, "GPU overclocking")
	fs.BoolVar(&c.CurrencyChangeFlag, "switchable", c.CurrencyChangeFlag, "sub-accounts may switch to it")
	fs.IntVar(&c.SortOrder, "sort", c.SortOrder, "display order")
}

// newCoin is what coin add starts from: the flags given change it.
func newCoin(typ string) Coin {
	return Coin{Type: typ, Decimals: 8, SettleModel: SettleModelPPS, SettleTime: "08:00", FeeBps: 100, OpenStatus: true,
		Driver: DriverDevnet, MinHashUnit: "H/s", MachineDetailFlag: true, CurrencyChangeFlag: true}
}

// parseCoinFlags reads coin add's or set's arguments into c: the words (the type) and
// the flags, which change only the fields they name.
// --reason is read into reason: required by coin set, optional for coin add.
func parseCoinFlags(verb string, c *Coin, args []string, out io.Writer, reason *string) ([]string, error) {
	cmd := cli.New("coin "+verb, AdminUsage)
	coinFlags(c, cmd.Flags)
	what := "why, for the audit log (required)"
	if verb == "add" {
		what = "why, for the audit log"
	}
	cmd.Flags.StringVar(reason, "reason", "", what)
	return cmd.Parse(args, out)
}

// Admin runs a coin command of `poold admin`.
func (s *Store) Admin(ctx context.Context, args []string, out io.Writer) error {
	if err := cli.HelpArea("coin", AdminUsage, args, out); err != nil {
		return err
	}
	if len(args) == 0 {
		return fmt.Errorf("coin commands:\n%s", AdminUsage)
	}
	verb, args := args[0], args[1:]
	switch verb {
	case "list":
		cmd := cli.New("coin list", AdminUsage)
		if words, err := cmd.Parse(args, out); err != nil || len(words) != 0 {
			return cmp.Or(err, cmd.Usage())
		}
		list, err := s.List(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(out, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "TYPE\tNAME\tALGO\tDEC\tOPEN\tFEE\tSETTLE\tPORTS\tDRIVER")
		for _, c := range list {
			fee := fmt.Sprintf("%.2f%%", float64(c.FeeBps)/100)
			if p := c.Pending; p != nil {
				fee += fmt.Sprintf(" (%.2f%% from %s)", float64(p.FeeBps)/100, p.From)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%v\t%s\t%s %s\t%v\t%s\n", c.Type, c.Name, c.Algorithm, c.Decimals, c.OpenStatus,
				fee, c.SettleModel, c.SettleTime, c.StratumPorts, c.Driver)
		}
		return tw.Flush()
	case "add", "set":
		// The flags are read once before the database is (help, a bad flag and a missing
		// type cost nothing), and again onto the stored coin, whose other fields stay.
		first := Coin{}
		if verb == "add" {
			first = newCoin("")
		}
		var reason string
		words, err := parseCoinFlags(verb, &first, args, out, &reason)
		if err != nil {
			return err
		}
		if len(words) != 1 {
			return fmt.Errorf("usage: coin %s TYPE [flags]", verb)
		}
		typ := strings.ToUpper(words[0])
		if verb == "set" {
			// The console's service: checked, audited as cli, a fee or PPS change from the
			// next settlement day.
			res, err := s.Update(ctx, audit.CLI, typ, func(c *Coin) error {
				_, err := parseCoinFlags(verb, c, args, io.Discard, new(string))
				return err
			}, reason)
			if err != nil {
				return cli.Explain(err)
			}
			fmt.Fprintf(out, "coin %s saved\n", typ)
			if res.TermsFrom != "" {
				fmt.Fprintf(out, "fee %.2f%%, PPS tx fees %v: from the settlement day %s (Beijing); today's shares keep fee %.2f%%, PPS tx fees %v\n",
					float64(res.Coin.Pending.FeeBps)/100, res.Coin.Pending.PPSTxFees, res.TermsFrom, float64(res.Coin.FeeBps)/100, res.Coin.PPSTxFees)
			}
			return nil
		}
		c := newCoin(typ)
		if _, err := parseCoinFlags(verb, &c, args, out, new(string)); err != nil {
			return err
		}
		if c.AliasName == "" {
			c.AliasName = c.Type
		}
		if c.ChainUnit == "" {
			c.ChainUnit = c.Type
		}
		if err := s.Add(ctx, audit.CLI, c, reason); err != nil {
			return cli.Explain(err)
		}
		fmt.Fprintf(out, "coin %s saved\n", c.Type)
		return nil
	}
	return fmt.Errorf("unknown coin command %q; coin commands:\n%s", verb, AdminUsage)
}
