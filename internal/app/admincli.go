package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/cli"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/earnings"
	"github.com/uniplus-pool/pool/internal/helpcenter"
	"github.com/uniplus-pool/pool/internal/market"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/twofactor"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// The operator's command line, `poold admin AREA VERB ...`: each area's package runs its
// commands (its Admin function, with its usage text); this file picks the area, opens the
// database for it, and holds what all areas share: the help, and the refusal of a
// database file that is not there.

const adminUsage = `poold admin [flags] AREA VERB [args]

Flags, before or after the command (each also an environment variable, such as POOLD_DB):
  --db PATH|URL       the pool's database: a SQLite file (default ./data/poold.db) or a
                      postgres:// URL
  --log-level LEVEL   debug, info, warn or error (default info)
  --log-format FMT    text or json (default text)

'poold admin AREA --help' lists an area's commands; 'poold admin AREA VERB --help' shows a
command's usage and flags. A command refuses a SQLite file that is not there (poold
migrate --db PATH, or poold serve at its first start, creates one), except those that
set a new pool up: coin add, agent add, sysconfig set, legal set, app set, price set
and KIND add.

Content:
` + content.AdminUsage + `
Coins:
` + coin.AdminUsage + `
Prices:
` + market.AdminUsage + `
Help centre (KIND is notice, announcement or faq):
` + helpcenter.AdminUsage + `
Earnings and the ledger:
` + earnings.AdminUsage + `
Withdrawals, payouts and the wallet:
` + withdraw.AdminUsage + `
Users and sub-accounts:
` + account.UserAdminUsage + pool.AdminUsage + `
Two-factor sign-in:
` + twofactor.AdminUsage + `
Agents (referral partners and their invite codes):
` + account.AgentAdminUsage + `
Operators of the console and the operator audit log:
` + ops.AdminUsage

// adminEnv is what an area's commands are run with. DB is nil when the command only
// prints its help.
type adminEnv struct {
	cfg    config.Config
	db     *db.DB
	stdin  io.Reader
	stdout io.Writer
	log    *slog.Logger
}

// adminAreas runs each area's commands; args are the words after the area.
var adminAreas = map[string]func(ctx context.Context, e adminEnv, area string, args []string) error{
	"sysconfig": adminContent, "legal": adminContent, "app": adminContent, "contact": adminContent,
	"coin": func(ctx context.Context, e adminEnv, _ string, args []string) error {
		return (&coin.Store{DB: e.db}).Admin(ctx, args, e.stdout)
	},
	"price": func(ctx context.Context, e adminEnv, _ string, args []string) error {
		return (&market.Prices{DB: e.db}).Admin(ctx, args, e.stdout)
	},
	helpcenter.KindNotice: adminHelpCentre, helpcenter.KindAnnouncement: adminHelpCentre, helpcenter.KindFAQ: adminHelpCentre,
	"earnings": adminEarnings, "ledger": adminEarnings,
	"withdrawal": adminWithdraw, "payout": adminWithdraw, "wallet": adminWithdraw,
	"user": func(ctx context.Context, e adminEnv, _ string, args []string) error {
		s := &account.Service{Store: &account.Store{DB: e.db}, Argon: account.DefaultArgon2}
		return s.AdminUsers(ctx, args, e.stdin, e.stdout, e.cfg.DefaultLang)
	},
	"subaccount": func(ctx context.Context, e adminEnv, _ string, args []string) error {
		return (&pool.Store{DB: e.db}).Admin(ctx, args, e.stdout)
	},
	"2fa": func(ctx context.Context, e adminEnv, _ string, args []string) error {
		return (&twofactor.Service{DB: e.db}).Admin(ctx, args, e.stdout)
	},
	"agent": func(ctx context.Context, e adminEnv, _ string, args []string) error {
		return (&account.Store{DB: e.db}).AdminAgents(ctx, args, e.stdout, time.Now())
	},
	"operator": adminOps, "audit": adminOps,
}

func adminOps(ctx context.Context, e adminEnv, area string, args []string) error {
	return (&ops.Service{DB: e.db, Argon: account.DefaultArgon2}).Admin(ctx, area, args, e.stdin, e.stdout)
}

func adminContent(ctx context.Context, e adminEnv, area string, args []string) error {
	return (&content.Store{DB: e.db}).Admin(ctx, area, args, e.stdin, e.stdout)
}

func adminHelpCentre(ctx context.Context, e adminEnv, area string, args []string) error {
	return (&helpcenter.Store{DB: e.db}).Admin(ctx, area, args, e.stdin, e.stdout)
}

func adminEarnings(ctx context.Context, e adminEnv, area string, args []string) error {
	return (&earnings.Store{DB: e.db}).Admin(ctx, area, args, e.stdout, time.Now())
}

func adminWithdraw(ctx context.Context, e adminEnv, area string, args []string) error {
	return (&withdraw.Store{DB: e.db, Coins: &coin.Store{DB: e.db}, Chains: newChainSet(e.cfg, e.log)}).Admin(ctx, area, args, e.stdout, e.log)
}

// adminCreates are the commands that may start a new SQLite database: they set a new
// pool up (what `poold serve` then reads), and may come before its first start. The
// others read or change what a running pool holds, where a new empty database would only
// hide a wrong --db (an empty table, a check that passes).
var adminCreates = map[string]bool{
	"coin add": true, "agent add": true, "sysconfig set": true, "legal set": true, "app set": true, "price set": true,
	helpcenter.KindNotice + " add": true, helpcenter.KindAnnouncement + " add": true, helpcenter.KindFAQ + " add": true,
}

func admin(ctx context.Context, cfg config.Config, args []string, stdin io.Reader, stdout io.Writer, log *slog.Logger) error {
	if len(args) == 0 || (args[0] == "help" && len(args) == 1) || cli.IsHelp(args[0]) {
		if _, err := io.WriteString(stdout, adminUsage); err != nil {
			return err
		}
		if len(args) == 0 {
			return errors.New("no admin command given")
		}
		return nil
	}
	if args[0] == "help" { // help AREA: the area's commands
		args = []string{args[1], "--help"}
	}
	area := args[0]
	run, ok := adminAreas[area]
	if !ok {
		io.WriteString(stdout, adminUsage)
		return fmt.Errorf("unknown admin area %q", area)
	}
	e := adminEnv{cfg: cfg, stdin: stdin, stdout: stdout, log: log}
	// A command asked for its help prints it and does nothing: no database is opened.
	if !cli.WantsHelp(args) {
		verb := ""
		if len(args) > 1 {
			verb = args[1]
		}
		if err := requireDB(cfg.DB, adminCreates[area+" "+verb], log); err != nil {
			return err
		}
		d, err := openStore(ctx, cfg, log)
		if err != nil {
			return err
		}
		defer d.Close()
		e.db = d
	}
	err := run(ctx, e, area, args[1:])
	if errors.Is(err, cli.ErrHelp) {
		return nil
	}
	return cli.Explain(err)
}

// requireDB refuses a SQLite file that is not there, saying where it looked and how to
// make one: opening it would create an empty database. mayCreate lets a command that
// sets a new pool up start one, which it says in the log. PostgreSQL URLs pass: the
// server says whether the database is there.
func requireDB(dsn string, mayCreate bool, log *slog.Logger) error {
	if db.IsPostgresURL(dsn) {
		return nil
	}
	_, err := os.Stat(dsn)
	if err == nil {
		return nil
	}
	abs, aerr := filepath.Abs(dsn)
	if aerr != nil {
		abs = dsn
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("database %s: %w", abs, err)
	}
	if mayCreate {
		log.Warn("no database at this path yet: a new one is created", "db", abs)
		return nil
	}
	return fmt.Errorf("no database at %s (--db or POOLD_DB names it; the default is %s).\n"+
		"Give your pool's database, or create a new one with: poold migrate --db %s (poold serve also creates it at its first start)",
		abs, config.Default().DB, dsn)
}
