package account

import (
	"bufio"
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/ops/audit"
	"strconv"
	"time"
)

// UserAdminUsage is the help of `poold admin user`.
const UserAdminUsage = `  user add EMAIL|PHONE --nickname NAME --password-stdin [--lang LANG]
                             an account, on registration's rules but without its code (make
                             sure the address is the user's); the password is the first line
                             of standard input, never an argument: printf '%s\n' "$PW" | ...
  user freeze EMAIL|PHONE|UID --reason R [--withdrawals]
                             freeze the account (no sign-in, its sessions end) or only its
                             withdrawals; in the operator audit log as cli
  user unfreeze EMAIL|PHONE|UID --reason R [--withdrawals]
                             lift that freeze
  user end-sessions EMAIL|PHONE|UID --reason R
                             sign the user out everywhere
`

// MaxPasswordLine bounds what `user add --password-stdin` reads: far more than a password
// may be (MaxPassword characters), so a longer line is refused by the rule, not cut.
const MaxPasswordLine = 1024

// AddUser creates an active account for an operator (`poold admin user add`), on the
// rules of registration: the nickname, the password and the contact's form, and no
// active account using the contact. There is no code to check: the operator vouches for
// the contact. lang is the language of what the pool sends the user. Nothing is stored
// unless every rule passes.
func (s *Service) AddUser(ctx context.Context, channel, rawTarget, nickname, password, lang string) (User, error) {
	nick, err := CheckNickname(nickname)
	if err != nil {
		return User{}, err
	}
	password, err = CheckPasswordRule(password)
	if err != nil {
		return User{}, err
	}
	target, err := normalizeTarget(channel, rawTarget)
	if err != nil {
		return User{}, err
	}
	if !i18n.Supported(lang) {
		return User{}, httpx.Warn("validation.oneOf", i18n.Params{"field": "field.language", "values": strings.Join(i18n.Languages, ", ")})
	}
	if err := s.checkOwner(ctx, Scenes[channel+":register"], target, nil); err != nil {
		return User{}, err
	}
	hash, err := HashPassword(password, s.Argon)
	if err != nil {
		return User{}, err
	}
	u := User{Nickname: nick, PasswordHash: hash, AccountType: TypeNormal, Status: StatusActive, Lang: lang}
	if channel == ChannelSMS {
		u.Phone = target
	} else {
		u.Email = target
	}
	// The account and its audit entry (user.add, as cli; the contact and nickname, never
	// the password's hash) in one transaction.
	err = s.Store.DB.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if u, err = s.Store.CreateUser(ctx, tx, u); err != nil {
			return err
		}
		return audit.Record(ctx, tx, audit.Entry{At: time.UnixMilli(u.CreatedAt), Actor: audit.CLI, Action: "user.add", ObjectType: "user",
			ObjectID: strconv.FormatInt(u.ID, 10), After: map[string]string{"uid": u.UID, "email": u.Email, "phone": u.Phone, "nickname": u.Nickname, "lang": u.Lang}})
	})
	if errors.Is(err, errContactTaken) {
		return User{}, httpx.Warn(contactKey(channel, "account.phoneRegistered", "account.emailRegistered"), nil)
	}
	return u, err
}

// ContactChannel is the channel of a contact an operator names: an email has an @, the
// rest is a phone.
func ContactChannel(contact string) string {
	if strings.Contains(contact, "@") {
		return ChannelEmail
	}
	return ChannelSMS
}

// AdminUsers runs `poold admin user VERB ...`. stdin holds the password; defaultLang is
// the language of an account made without --lang (the server's default).
func (s *Service) AdminUsers(ctx context.Context, args []string, stdin io.Reader, out io.Writer, defaultLang string) error {
	if err := cli.HelpArea("user", UserAdminUsage, args, out); err != nil {
		return err
	}
	if len(args) > 0 && (args[0] == "freeze" || args[0] == "unfreeze" || args[0] == "end-sessions") {
		return s.adminUserAction(ctx, args, out)
	}
	if len(args) == 0 || args[0] != "add" {
		io.WriteString(out, UserAdminUsage)
		if len(args) == 0 {
			return errors.New("user: want a verb: add, freeze, unfreeze or end-sessions")
		}
		return fmt.Errorf("user: unknown verb %q", args[0])
	}
	cmd := cli.New("user add", UserAdminUsage)
	nick := cmd.Flags.String("nickname", "", "the nickname (required): Chinese characters, letters, digits and _, at most 20")
	fromStdin := cmd.Flags.Bool("password-stdin", false, "read the password from the first line of standard input (required: a password on the command line would show in ps and the shell's history)")
	lang := cmd.Flags.String("lang", defaultLang, "language of the mail and messages the user gets: "+strings.Join(i18n.Languages, ", "))
	words, err := cmd.Parse(args[1:], out)
	if err != nil {
		return err
	}
	if len(words) != 1 {
		return cmd.Usage()
	}
	if !*fromStdin {
		return errors.New("user add: give --password-stdin and the password on standard input (printf '%s\\n' \"$PW\" | poold admin user add ...); a password is never taken as an argument")
	}
	password, err := readPasswordLine(stdin)
	if err != nil {
		return fmt.Errorf("user add: %w", err)
	}
	u, err := s.AddUser(ctx, ContactChannel(words[0]), words[0], *nick, password, *lang)
	if err != nil {
		return fmt.Errorf("user add: %w", cli.Explain(err))
	}
	fmt.Fprintf(out, "user %s added: uid %s, nickname %s, language %s; they log in with that password\n", cmp.Or(u.Email, u.Phone), u.UID, u.Nickname, u.Lang)
	return nil
}

// readPasswordLine reads the first line of r, without its line end.
func readPasswordLine(r io.Reader) (string, error) {
	if r == nil {
		return "", errors.New("no standard input to read the password from")
	}
	line, err := bufio.NewReader(io.LimitReader(r, MaxPasswordLine)).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read the password: %w", err)
	}
	return strings.TrimRight(line, "\r\n"), nil
}

// adminUserAction runs `poold admin user freeze|unfreeze|end-sessions WHO --reason R`:
// the same functions as the console's (freeze.go), recorded as cli.
func (s *Service) adminUserAction(ctx context.Context, args []string, out io.Writer) error {
	verb := args[0]
	cmd := cli.New("user "+verb, UserAdminUsage)
	reason := cmd.Flags.String("reason", "", "why, kept in the operator audit log (required)")
	var withdrawals *bool
	if verb != "end-sessions" {
		withdrawals = cmd.Flags.Bool("withdrawals", false, "only the user's withdrawals, not the account")
	}
	words, err := cmd.Parse(args[1:], out)
	if err != nil {
		return err
	}
	if len(words) != 1 {
		return cmd.Usage()
	}
	u, err := s.Store.UserByAdminName(ctx, words[0])
	if err != nil {
		return err
	}
	now := s.now()
	if verb == "end-sessions" {
		n, err := s.Store.EndSessions(ctx, audit.CLI, u.ID, *reason, now)
		if err != nil {
			return cli.Explain(err)
		}
		fmt.Fprintf(out, "user %s (uid %s): %d sessions ended\n", words[0], u.UID, n)
		return nil
	}
	what := FreezeAccount
	if *withdrawals {
		what = FreezeWithdrawals
	}
	if _, err := s.Store.SetFrozen(ctx, audit.CLI, u.ID, what, verb == "freeze", *reason, now); err != nil {
		return cli.Explain(err)
	}
	fmt.Fprintf(out, "user %s (uid %s): %s %sd\n", words[0], u.UID, what, verb)
	return nil
}

// UserByAdminName finds the user an operator names on the command line: an email (in
// any case), a phone as stored, or a uid, whatever the account's status.
func (s *Store) UserByAdminName(ctx context.Context, name string) (User, error) {
	name = strings.TrimSpace(name)
	var id int64
	err := s.DB.QueryRow(ctx, "SELECT id FROM users WHERE email = ? OR phone = ? OR uid = ? ORDER BY id LIMIT 1",
		strings.ToLower(name), name, name).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, fmt.Errorf("no user %s (give an email, a phone or a uid)", name)
	}
	if err != nil {
		return User{}, err
	}
	return s.UserByID(ctx, s.DB, id)
}
