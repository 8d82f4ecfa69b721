package twofactor

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// AdminUsage is the help of `poold admin 2fa`.
const AdminUsage = `  2fa status EMAIL|PHONE     whether the account signs in with a second factor
  2fa reset EMAIL|PHONE --reason R
                             turn it off for a user who lost both the phone and the
                             recovery codes (check who is asking first: docs/accounts.md);
                             the reason goes to the operator audit log
`

// Admin runs `poold admin 2fa VERB WHO`.
func (s *Service) Admin(ctx context.Context, args []string, stdout io.Writer) error {
	if err := cli.HelpArea("2fa", AdminUsage, args, stdout); err != nil {
		return err
	}
	var reason string
	if len(args) > 0 && args[0] != "status" && args[0] != "reset" {
		fmt.Fprint(stdout, AdminUsage)
		return fmt.Errorf("2fa: unknown verb %q", args[0])
	}
	if len(args) > 0 {
		// Its help (and a bad flag) before the database is read.
		cmd := cli.New("2fa "+args[0], AdminUsage)
		if args[0] == "reset" {
			cmd.Flags.StringVar(&reason, "reason", "", "why, kept in the operator audit log (required)")
		}
		words, err := cmd.Parse(args[1:], stdout)
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
		if err := s.ResetBy(ctx, audit.CLI, u.ID, reason); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "user %s (uid %s): two-factor sign-in is off; they log in with the password and may turn it on again\n", who, u.UID)
		return nil
	}
	fmt.Fprint(stdout, AdminUsage)
	return fmt.Errorf("2fa: unknown verb %q", args[0])
}

// resetIn turns two-factor sign-in off for a user in tx: the key and the recovery codes go.
func resetIn(ctx context.Context, tx *db.Tx, userID int64) error {
	if _, err := tx.Exec(ctx, "DELETE FROM user_totp WHERE user_id = ?", userID); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, "DELETE FROM totp_recovery_codes WHERE user_id = ?", userID)
	return err
}

// ResetBy turns two-factor sign-in off for a user who lost both the phone and the
// recovery codes, by an operator of the console or the command line (audit.CLI), with a
// reason (account.CheckAdminReason), written to the operator audit log with the status
// before and after in the same transaction.
func (s *Service) ResetBy(ctx context.Context, by audit.Actor, userID int64, reason string) error {
	reason, err := account.CheckAdminReason(reason)
	if err != nil {
		return err
	}
	if _, err := (&account.Store{DB: s.DB}).UserByID(ctx, s.DB, userID); err != nil {
		return err
	}
	before, err := s.StatusOf(ctx, userID)
	if err != nil {
		return err
	}
	return s.DB.InTx(ctx, func(tx *db.Tx) error {
		if err := resetIn(ctx, tx, userID); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{At: s.now(), Actor: by, Action: "user.2fa.reset", ObjectType: "user",
			ObjectID: strconv.FormatInt(userID, 10), Reason: reason, Before: before, After: Status{}})
	})
}
