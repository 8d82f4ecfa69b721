package twofactor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/db"
)

// AdminUsage is the help of `poold admin 2fa`.
const AdminUsage = `  2fa status EMAIL|PHONE     whether the account signs in with a second factor
  2fa reset EMAIL|PHONE      turn it off for a user who lost both the phone and the
                             recovery codes (check who is asking first: docs/accounts.md)
`

// Admin runs `poold admin 2fa VERB WHO`.
func (s *Service) Admin(ctx context.Context, args []string, stdout io.Writer) error {
	if err := cli.HelpArea("2fa", AdminUsage, args, stdout); err != nil {
		return err
	}
	if len(args) > 0 && args[0] != "status" && args[0] != "reset" {
		fmt.Fprint(stdout, AdminUsage)
		return fmt.Errorf("2fa: unknown verb %q", args[0])
	}
	if len(args) > 0 {
		// Its help (and a bad flag) before the database is read.
		words, err := cli.New("2fa "+args[0], AdminUsage).Parse(args[1:], stdout)
		if err != nil {
			return err
		}
		args = append(args[:1:1], words...)
	}
	if len(args) != 2 {
		fmt.Fprint(stdout, AdminUsage)
		return errors.New("2fa: want VERB and an email or phone")
	}
	who := strings.TrimSpace(args[1])
	channel := account.ChannelSMS
	if strings.Contains(who, "@") {
		channel, who = account.ChannelEmail, strings.ToLower(who)
	}
	u, err := (&account.Store{DB: s.DB}).UserByContact(ctx, s.DB, channel, who)
	if errors.Is(err, db.ErrNotFound) {
		return fmt.Errorf("2fa: no active account uses %s", who)
	}
	if err != nil {
		return err
	}
	switch args[0] {
	case "status":
		st, err := s.StatusOf(ctx, u.ID)
		if err != nil {
			return err
		}
		if !st.Enabled {
			fmt.Fprintf(stdout, "user %s (uid %s): off\n", who, u.UID)
			return nil
		}
		fmt.Fprintf(stdout, "user %s (uid %s): on, %d recovery codes left\n", who, u.UID, st.RecoveryCodesLeft)
		return nil
	case "reset":
		if err := s.Reset(ctx, u.ID); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "user %s (uid %s): two-factor sign-in is off; they log in with the password and may turn it on again\n", who, u.UID)
		return nil
	}
	fmt.Fprint(stdout, AdminUsage)
	return fmt.Errorf("2fa: unknown verb %q", args[0])
}
