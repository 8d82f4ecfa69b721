package ops

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/db"
)

// AdminUsage is the help of `poold admin operator` and `poold admin audit`.
const AdminUsage = `  operator add EMAIL --role ROLE --password-stdin
                             an operator of the console (ROLE: owner, finance, support or
                             viewer); the password (12 to 200 characters) is the first line
                             of standard input; the authenticator is set up at the first
                             sign-in on the --admin-http listener
  operator list              every operator, their role, authenticator and state
  operator disable EMAIL --reason TEXT
                             stop an operator signing in; their sessions end
  operator role EMAIL ROLE --reason TEXT
                             give an operator another role
  operator reset-totp EMAIL --reason TEXT
                             remove an operator's authenticator (a lost phone; check who is
                             asking first); their sessions end and the next sign-in sets up
                             a new one
  audit list [--actor WHO] [--action ACTION] [--since WHEN] [--limit N]
                             the operator audit log, newest first (console and command line;
                             WHO is an email or cli, an ACTION ending in . is a prefix,
                             WHEN a duration such as 24h, a date or an RFC 3339 time)
`

// Admin runs `poold admin operator|audit VERB ...` as the actor 'cli'. stdin holds a new
// operator's password.
func (s *Service) Admin(ctx context.Context, area string, args []string, stdin io.Reader, out io.Writer) error {
	if err := cli.HelpArea(area, AdminUsage, args, out); err != nil {
		return err
	}
	verbs := map[string][]string{"operator": {"add", "list", "disable", "role", "reset-totp"}, "audit": {"list"}}[area]
	if len(args) == 0 || !slices.Contains(verbs, args[0]) {
		io.WriteString(out, cli.Lines(AdminUsage, area))
		if len(args) == 0 {
			return fmt.Errorf("%s: want a verb: %s", area, strings.Join(verbs, ", "))
		}
		return fmt.Errorf("%s: unknown verb %q", area, args[0])
	}
	name := area + " " + args[0]
	cmd := cli.New(name, AdminUsage)
	switch name {
	case "operator add":
		role := cmd.Flags.String("role", "", "owner, finance, support or viewer (required)")
		fromStdin := cmd.Flags.Bool("password-stdin", false, "read the password from the first line of standard input (required: a password on the command line would show in ps and the shell's history)")
		words, err := cmd.Parse(args[1:], out)
		if err != nil {
			return err
		}
		if len(words) != 1 || *role == "" {
			return cmd.Usage()
		}
		if !*fromStdin {
			return errors.New("operator add: give --password-stdin and the password on standard input (printf '%s\\n' \"$PW\" | poold admin operator add ...); a password is never taken as an argument")
		}
		r, err := ParseRole(*role)
		if err != nil {
			return fmt.Errorf("operator add: %w", cli.Explain(err))
		}
		password, err := readLine(stdin)
		if err != nil {
			return fmt.Errorf("operator add: %w", err)
		}
		o, err := s.AddOperator(ctx, CLI, words[0], r, password)
		if err != nil {
			return fmt.Errorf("operator add: %w", cli.Explain(err))
		}
		fmt.Fprintf(out, "operator %s added: id %d, role %s; they set up an authenticator at their first sign-in\n", o.Email, o.ID, o.Role)
		return nil
	case "operator list":
		words, err := cmd.Parse(args[1:], out)
		if err != nil {
			return err
		}
		if len(words) != 0 {
			return cmd.Usage()
		}
		list, err := s.Operators(ctx)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(out, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tEMAIL\tROLE\tAUTHENTICATOR\tSTATE\tCREATED")
		for _, o := range list {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\n", o.ID, o.Email, o.Role, yesNo(o.TOTPEnrolled, "set up", "not yet"),
				yesNo(o.Disabled, "disabled", "active"), o.CreatedAt.UTC().Format(time.RFC3339))
		}
		return tw.Flush()
	case "operator disable", "operator role", "operator reset-totp":
		reason := cmd.Flags.String("reason", "", "why (required; kept in the audit log)")
		words, err := cmd.Parse(args[1:], out)
		if err != nil {
			return err
		}
		if (name == "operator role") != (len(words) == 2) || len(words) < 1 || len(words) > 2 {
			return cmd.Usage()
		}
		o, err := s.OperatorByEmail(ctx, words[0])
		if errors.Is(err, db.ErrNotFound) {
			return fmt.Errorf("%s: no operator has the email %s", name, words[0])
		}
		if err != nil {
			return err
		}
		switch name {
		case "operator disable":
			if _, err := s.DisableOperator(ctx, CLI, o.ID, *reason); err != nil {
				return fmt.Errorf("%s: %w", name, cli.Explain(err))
			}
			fmt.Fprintf(out, "operator %s disabled; their sessions ended\n", o.Email)
			return nil
		case "operator reset-totp":
			if _, err := s.ResetTOTP(ctx, CLI, o.ID, *reason); err != nil {
				return fmt.Errorf("%s: %w", name, cli.Explain(err))
			}
			fmt.Fprintf(out, "operator %s: authenticator removed, sessions ended; the next sign-in sets up a new one\n", o.Email)
			return nil
		}
		r, err := ParseRole(words[1])
		if err == nil {
			_, err = s.SetRole(ctx, CLI, o.ID, r, *reason)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, cli.Explain(err))
		}
		fmt.Fprintf(out, "operator %s: role %s (was %s)\n", o.Email, r, o.Role)
		return nil
	case "audit list":
		actor := cmd.Flags.String("actor", "", "only this actor: an operator's email, or cli")
		action := cmd.Flags.String("action", "", "only this action (operator.disable), or those starting with it when it ends in . (operator.)")
		since := cmd.Flags.String("since", "", "only entries since: a duration back from now (24h), a date (2026-11-01) or an RFC 3339 time")
		limit := cmd.Flags.Int("limit", 50, fmt.Sprintf("at most this many entries (1 to %d)", MaxAuditPage))
		words, err := cmd.Parse(args[1:], out)
		if err != nil {
			return err
		}
		if len(words) != 0 {
			return cmd.Usage()
		}
		if *limit < 1 || *limit > MaxAuditPage {
			return fmt.Errorf("audit list: --limit is 1 to %d", MaxAuditPage)
		}
		f := AuditFilter{Actor: strings.TrimSpace(*actor), Action: strings.TrimSpace(*action), Limit: *limit}
		if *since != "" {
			if d, err := time.ParseDuration(*since); err == nil && d > 0 {
				f.From = s.now().Add(-d)
			} else if f.From, err = ParseTime(*since); err != nil {
				return fmt.Errorf("audit list: --since %q is not a duration (24h), a date or an RFC 3339 time", *since)
			}
		}
		rows, err := ListAudit(ctx, s.DB, f)
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(out, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tAT (UTC)\tACTOR\tIP\tACTION\tOBJECT\tREASON\tBEFORE -> AFTER")
		for _, r := range rows {
			change := ""
			if b, a := cell(r.Before), cell(r.After); b != "" || a != "" {
				change = b + " -> " + a
			}
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s:%s\t%s\t%s\n", r.ID, time.UnixMilli(r.At).UTC().Format(time.RFC3339), r.Actor,
				dash(r.Addr), r.Action, r.ObjectType, r.ObjectID, dash(r.Reason), change)
		}
		return tw.Flush()
	}
	return fmt.Errorf("%s: unknown verb", name)
}

func yesNo(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// readLine reads the first line of r, without its line end (at most 1 KiB).
func readLine(r io.Reader) (string, error) {
	if r == nil {
		return "", errors.New("no standard input to read the password from")
	}
	line, err := bufio.NewReader(io.LimitReader(r, 1024)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read the password: %w", err)
	}
	return strings.TrimRight(line, "\r\n"), nil
}
