// Package app is poold's entry point: it parses the subcommand and its configuration,
// opens the database, runs migrations and starts the roles, and stops them in order.
package app

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"strings"

	"github.com/uniplus-pool/pool/internal/buildinfo"
	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
)

const usage = `poold runs the Uniplus mining pool.

Usage:
  poold serve [flags]        run the API and web app, stratum and background jobs
  poold migrate [flags]      apply database migrations and exit
  poold admin [flags] AREA VERB [args]   operator commands (poold admin help)
  poold sim [flags]          a fleet of simulated miners hashing against a pool's stratum port
  poold agent [flags]        the device agent a rig runs: reports it to the pool, applies overclocks
  poold version              print the build version

Every flag can also be set as an environment variable POOLD_<NAME>, e.g. POOLD_DB.
Run 'poold serve -h' for the serve flags.
`

// Run runs poold with args (without the program name). main only calls this, so tests can
// start a whole server in-process.
func Run(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no subcommand given")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		cfg, stray, err := config.Load(cmd, config.ScopeServe, rest, getenv, stderr)
		if err != nil {
			return configError(err)
		}
		if len(stray) > 0 {
			// Likely a value given to a switch with a space: --trust-proxy 10.0.0.1 is the
			// switch on (any peer) and a word serve would otherwise ignore.
			return configError(fmt.Errorf("poold serve takes no arguments, got %q (a flag's value goes after '=', as --trust-proxy=10.0.0.1)", stray))
		}
		return serve(ctx, cfg, getenv("NOTIFY_SOCKET"), stdout, newLogger(cfg, stderr))
	case "migrate":
		cfg, _, err := config.Load(cmd, config.ScopeStore, rest, getenv, stderr)
		if err != nil {
			return configError(err)
		}
		d, err := openStore(ctx, cfg, newLogger(cfg, stderr))
		if err != nil {
			return err
		}
		d.Close()
		fmt.Fprintln(stdout, "migrations applied")
		return nil
	case "admin":
		// The flag package's own usage (the store flags alone) is held back: poold admin
		// -h prints the commands, as poold admin help does.
		var flagOut bytes.Buffer
		cfg, pos, err := config.Load(cmd, config.ScopeStore, rest, getenv, &flagOut)
		if errors.Is(err, flag.ErrHelp) {
			_, err = io.WriteString(stdout, adminUsage)
			return err
		}
		if err != nil {
			stderr.Write(flagOut.Bytes())
			return configError(err)
		}
		return admin(ctx, cfg, pos, stdin, stdout, newLogger(cfg, stderr))
	case "sim":
		return runSim(ctx, rest, stdout, stderr)
	case "agent":
		return runAgent(ctx, rest, stdout, stderr)
	case "version", "--version", "-version":
		fmt.Fprintf(stdout, "poold %s (%s %s/%s)\n", buildinfo.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown subcommand %q", cmd)
}

// configError keeps -h quiet and says where the settings come from otherwise.
func configError(err error) error {
	if errors.Is(err, flag.ErrHelp) {
		return nil
	}
	return fmt.Errorf("bad configuration:\n%w", err)
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.SlogLevel()}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openStore opens the database, applies migrations and adds default content.
func openStore(ctx context.Context, cfg config.Config, log *slog.Logger) (*db.DB, error) {
	d, err := db.Open(ctx, cfg.DB)
	if err != nil {
		return nil, err
	}
	applied, err := d.Migrate(ctx)
	if err != nil {
		d.Close()
		return nil, err
	}
	if len(applied) > 0 {
		log.Info("migrations applied", "db", d.Dialect.String(), "names", strings.Join(applied, ","))
	}
	if err := (&content.Store{DB: d}).EnsureDefaults(ctx); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}
