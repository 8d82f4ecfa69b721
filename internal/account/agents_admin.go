package account

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/ops/audit"
)

// AgentAdminUsage is the help of `poold admin agent`.
const AgentAdminUsage = `  agent add CODE --name NAME [--expires WHEN]   a referral partner; its invite link is
                             /mobile/registerInvite/CODE. CODE: letters, digits, - and _, at
                             most 32, unique without regard to case. WHEN: YYYY-MM-DD (the
                             code works through that Beijing day) or RFC 3339 (that instant)
  agent list                 code, name, expiry, status and users registered with each code
  agent disable CODE         registration refuses the code from now on (users keep it)
  agent enable CODE [--expires WHEN|never]   take the code again; --expires sets a new expiry
`

// ParseAgentExpiry reads --expires: "" or "never" is none (0); YYYY-MM-DD is the end of
// that Beijing day (the code works through it); anything else must be RFC 3339. An
// expiry that is not after now is refused: it would add a dead code.
func ParseAgentExpiry(s string, now time.Time) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "never" {
		return 0, nil
	}
	var at time.Time
	if day, err := time.ParseInLocation("2006-01-02", s, beijing); err == nil {
		at = day.AddDate(0, 0, 1)
	} else if t, err := time.Parse(time.RFC3339, s); err == nil {
		at = t
	} else {
		return 0, fmt.Errorf("--expires %q: want YYYY-MM-DD (a Beijing day) or RFC 3339 such as 2025-07-01T00:00:00+08:00", s)
	}
	if !at.After(now) {
		return 0, fmt.Errorf("--expires %q: %s is already past", s, showAgentTime(at.UnixMilli()))
	}
	return at.UnixMilli(), nil
}

// showAgentTime shows an instant in Beijing time, as the pool's days are.
func showAgentTime(ms int64) string {
	return time.UnixMilli(ms).In(beijing).Format("2006-01-02 15:04:05 -07:00")
}

// AgentStatus is an agent's state at now, as the list shows it.
func AgentStatus(a Agent, now time.Time) string {
	switch {
	case a.Disabled && a.Expired(now):
		return "disabled, expired"
	case a.Disabled:
		return "disabled"
	case a.Expired(now):
		return "expired"
	}
	return "live"
}

func describeExpiry(a Agent) string {
	if a.ExpiresAt == 0 {
		return "never expires"
	}
	return "expires at " + showAgentTime(a.ExpiresAt)
}

// AdminAgents runs `poold admin agent VERB ...`; now is the operator's clock.
func (s *Store) AdminAgents(ctx context.Context, args []string, out io.Writer, now time.Time) error {
	if err := cli.HelpArea("agent", AgentAdminUsage, args, out); err != nil {
		return err
	}
	if len(args) == 0 {
		fmt.Fprint(out, AgentAdminUsage)
		return errors.New("agent: want a verb: add, list, disable or enable")
	}
	verb, args := args[0], args[1:]
	switch verb {
	case "add":
		return s.adminAgentAdd(ctx, args, out, now)
	case "list":
		if words, err := cli.New("agent list", AgentAdminUsage).Parse(args, out); err != nil || len(words) != 0 {
			return cmp.Or(err, errors.New("usage: agent list"))
		}
		return s.adminAgentList(ctx, out, now)
	case "disable", "enable":
		return s.adminAgentSwitch(ctx, verb, args, out, now)
	}
	fmt.Fprint(out, AgentAdminUsage)
	return fmt.Errorf("agent: unknown verb %q", verb)
}

// codeAndFlags parses `CODE --flag ...` with cmd (its flags added), answering the code.
func codeAndFlags(cmd *cli.Command, usage string, args []string, out io.Writer) (string, error) {
	words, err := cmd.Parse(args, out)
	switch {
	case err != nil:
		return "", err
	case len(words) == 0:
		return "", errors.New("usage: " + usage)
	case len(words) > 1:
		return "", fmt.Errorf("%s: unexpected %q; usage: %s", cmd.Name, words[1], usage)
	}
	return words[0], nil
}

func (s *Store) adminAgentAdd(ctx context.Context, args []string, out io.Writer, now time.Time) error {
	const usage = "agent add CODE --name NAME [--expires YYYY-MM-DD|RFC3339]"
	cmd := cli.New("agent add", AgentAdminUsage)
	name := cmd.Flags.String("name", "", "what the pool calls the agent (required)")
	expires := cmd.Flags.String("expires", "", "YYYY-MM-DD (works through that Beijing day) or RFC 3339; empty: never")
	code, err := codeAndFlags(cmd, usage, args, out)
	if err != nil {
		return err
	}
	if _, err := AgentCode(code); err != nil {
		return fmt.Errorf("agent add: %w", err)
	}
	if _, err := AgentName(*name); err != nil {
		return fmt.Errorf("agent add: %w", err)
	}
	at, err := ParseAgentExpiry(*expires, now)
	if err != nil {
		return fmt.Errorf("agent add: %w", err)
	}
	a, err := s.AddAgent(ctx, audit.CLI, Agent{Code: code, Name: *name, ExpiresAt: at}, now)
	if errors.Is(err, ErrAgentExists) {
		return fmt.Errorf("agent add %s: %w", strings.TrimSpace(code), err)
	}
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "agent %s (%s) added, %s; invite link: /mobile/registerInvite/%s\n", a.Code, a.Name, describeExpiry(a), a.Code)
	return nil
}

func (s *Store) adminAgentList(ctx context.Context, out io.Writer, now time.Time) error {
	list, err := s.ListAgents(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(out, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "CODE\tNAME\tEXPIRES\tSTATUS\tUSERS\tCREATED")
	for _, a := range list {
		exp := "never"
		if a.ExpiresAt != 0 {
			exp = showAgentTime(a.ExpiresAt)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%d\t%s\n", a.Code, a.Name, exp, AgentStatus(a, now), a.Users, showAgentTime(a.CreatedAt))
	}
	return tw.Flush()
}

func (s *Store) adminAgentSwitch(ctx context.Context, verb string, args []string, out io.Writer, now time.Time) error {
	usage := "agent disable CODE"
	if verb == "enable" {
		usage = "agent enable CODE [--expires YYYY-MM-DD|RFC3339|never]"
	}
	cmd := cli.New("agent "+verb, AgentAdminUsage)
	var expires *string
	if verb == "enable" {
		expires = cmd.Flags.String("expires", "", "a new expiry: YYYY-MM-DD (through that Beijing day), RFC 3339, or never")
	}
	code, err := codeAndFlags(cmd, usage, args, out)
	if err != nil {
		return err
	}
	if _, err := CheckInviteCode(code); err != nil || strings.TrimSpace(code) == "" {
		return fmt.Errorf("agent %s: code %q: only letters, digits, - and _, at most %d", verb, code, MaxInviteCode)
	}
	var newExpiry *int64
	if expires != nil && *expires != "" {
		at, err := ParseAgentExpiry(*expires, now)
		if err != nil {
			return fmt.Errorf("agent %s: %w", verb, err)
		}
		newExpiry = &at
	}
	a, err := s.SetAgent(ctx, audit.CLI, code, verb == "disable", newExpiry)
	if errors.Is(err, ErrAgentUnknown) {
		return fmt.Errorf("agent %s %s: %w (agent list shows them)", verb, strings.TrimSpace(code), err)
	}
	if err != nil {
		return err
	}
	switch {
	case verb == "disable":
		fmt.Fprintf(out, "agent %s (%s) disabled: registration refuses its code; its users keep it\n", a.Code, a.Name)
	case a.Expired(now):
		fmt.Fprintf(out, "agent %s (%s) enabled, but it expired at %s: registration refuses its code until you give it a new expiry (--expires)\n",
			a.Code, a.Name, showAgentTime(a.ExpiresAt))
	default:
		fmt.Fprintf(out, "agent %s (%s) enabled, %s\n", a.Code, a.Name, describeExpiry(a))
	}
	return nil
}
