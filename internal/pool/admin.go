package pool

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// AdminUsage is the help of `poold admin subaccount`.
const AdminUsage = `  subaccount add USER CODE [--coin C] [--alias A]   a sub-account of the account USER (its
                             email or phone), on the rules of the web app's; prints its
                             Uniplus ID, shown only this once. --coin: its default coin (may
                             be left out when one coin is open); --alias: CODE when left out
`

// Admin runs `poold admin subaccount VERB ...`.
func (s *Store) Admin(ctx context.Context, args []string, out io.Writer) error {
	if err := cli.HelpArea("subaccount", AdminUsage, args, out); err != nil {
		return err
	}
	if len(args) == 0 || args[0] != "add" {
		fmt.Fprint(out, AdminUsage)
		if len(args) == 0 {
			return errors.New("subaccount: want a verb: add")
		}
		return fmt.Errorf("subaccount: unknown verb %q", args[0])
	}
	cmd := cli.New("subaccount add", AdminUsage)
	coinType := cmd.Flags.String("coin", "", "its default coin, open for mining (may be left out when only one coin is open)")
	alias := cmd.Flags.String("alias", "", "what the owner sees it as: letters, digits, _, - and spaces, at most 20 (default: the code)")
	words, err := cmd.Parse(args[1:], out)
	if err != nil {
		return err
	}
	if len(words) != 2 {
		return cmd.Usage()
	}
	who, code := strings.TrimSpace(words[0]), words[1]
	u, err := s.adminOwner(ctx, who)
	if err != nil {
		return fmt.Errorf("subaccount add: %w", err)
	}
	if strings.TrimSpace(*alias) == "" {
		// A valid code is always a valid alias (lower-case letters, digits and _, at most
		// 20): the rule itself is CreateSubAccount's.
		*alias = code
	}
	// Coin types are upper case, as coin add stores them.
	*coinType = strings.ToUpper(strings.TrimSpace(*coinType))
	if *coinType == "" {
		if *coinType, err = s.onlyOpenCoin(ctx); err != nil {
			return fmt.Errorf("subaccount add: %w", err)
		}
	}
	a, err := s.CreateSubAccountFor(ctx, audit.CLI, u.ID, code, *alias, *coinType)
	if err != nil {
		return fmt.Errorf("subaccount add: %w", cli.Explain(err))
	}
	fmt.Fprintf(out, "sub-account %s (%s, default coin %s) added to %s (uid %s); workers are named %s.<suffix>\n",
		a.Code, a.Alias, a.DefaultCoin, who, u.UID, a.Code)
	fmt.Fprintf(out, "Uniplus ID, shown only this once (the owner can make a new one in the web app): %s\n", a.UniplusID)
	return nil
}

// adminOwner is the active account whose email or phone an operator names.
func (s *Store) adminOwner(ctx context.Context, who string) (account.User, error) {
	channel := account.ContactChannel(who)
	var target string
	var err error
	if channel == account.ChannelEmail {
		target, err = account.NormalizeEmail(who)
	} else {
		target, err = account.NormalizePhone(who)
	}
	if err != nil {
		return account.User{}, fmt.Errorf("USER %q: %w", who, cli.Explain(err))
	}
	u, err := s.accounts().UserByContact(ctx, s.DB, channel, target)
	if errors.Is(err, db.ErrNotFound) {
		return u, fmt.Errorf("no active account uses %s (poold admin user add makes one)", target)
	}
	return u, err
}

// onlyOpenCoin is the one coin open for mining, the default of --coin; with none or
// several, an error saying what to give.
func (s *Store) onlyOpenCoin(ctx context.Context) (string, error) {
	list, err := s.coins().List(ctx)
	if err != nil {
		return "", err
	}
	var open []string
	for _, c := range list {
		if c.OpenStatus {
			open = append(open, c.Type)
		}
	}
	switch len(open) {
	case 1:
		return open[0], nil
	case 0:
		return "", errors.New("no coin is open for mining (poold admin coin list)")
	}
	return "", fmt.Errorf("give --coin, one of %s", strings.Join(open, ", "))
}
