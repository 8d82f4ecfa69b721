// Command poolload is the pool's load generator (make load; not part of CI): an
// open-loop API load and a crowd of stratum miners against a running poold. The logic is
// in internal/loadgen.
//
//	poolload api     --base http://127.0.0.1:PORT [--rate 1000 --duration 10m]
//	poolload stratum --addr 127.0.0.1:PORT --api http://127.0.0.1:PORT [--conns 10000 --duration 1h]
//	poolload freeport [N]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/uniplus-pool/pool/internal/loadgen"
)

const usage = `usage:
  poolload api [flags]        open-loop API load (poolload api -h)
  poolload stratum [flags]    stratum miners submitting valid shares (poolload stratum -h)
  poolload freeport [N]       print N free ports on 127.0.0.1
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "poolload:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, usage)
		return errors.New("no command")
	}
	switch args[0] {
	case "api":
		return runAPI(ctx, args[1:])
	case "stratum":
		return runStratum(ctx, args[1:])
	case "freeport":
		n := 1
		if len(args) > 1 {
			v, err := strconv.Atoi(args[1])
			if err != nil || v < 1 {
				return fmt.Errorf("freeport: %q is not a count", args[1])
			}
			n = v
		}
		ports, err := loadgen.FreePorts(n)
		if err != nil {
			return err
		}
		for _, p := range ports {
			fmt.Println(p)
		}
		return nil
	}
	fmt.Fprint(os.Stderr, usage)
	return fmt.Errorf("unknown command %q", args[0])
}

// Flags both loads take.
type common struct {
	email, password, label, markdown string
	pid                              int
	report, baseline                 time.Duration
}

func (c *common) register(fs *flag.FlagSet, report time.Duration) {
	fs.StringVar(&c.email, "email", "demo@example.com", "the pool-mode user to log in as (the demo's by default)")
	fs.StringVar(&c.password, "password", "demo-pool-2026", "its password")
	fs.IntVar(&c.pid, "pid", 0, "poold's process id: its RSS and CPU seconds are read from /proc and reported")
	fs.DurationVar(&c.report, "report-every", report, "how often to print a progress line")
	fs.DurationVar(&c.baseline, "baseline", 10*time.Second, "with --pid: sample poold this long before the load starts (its CPU with no load); 0: not")
	fs.StringVar(&c.label, "label", "", "names the run in the markdown (e.g. SQLite)")
	fs.StringVar(&c.markdown, "markdown", "", "also append the final markdown block to this file")
}

func (c *common) finish(md string) error {
	fmt.Println()
	fmt.Println(md)
	if c.markdown == "" {
		return nil
	}
	f, err := os.OpenFile(c.markdown, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintln(f, md); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func runAPI(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("poolload api", flag.ContinueOnError)
	var c common
	c.register(fs, 10*time.Second)
	base := fs.String("base", "", "the pool's HTTP base URL, http://127.0.0.1:PORT")
	rate := fs.Float64("rate", 1000, "requests a second, sent on schedule (open loop)")
	duration := fs.Duration("duration", 10*time.Minute, "how long to send")
	workers := fs.Int("workers", 128, "fixed pool of workers, each with its keep-alive connection")
	backlog := fs.Int("backlog", 0, "scheduled requests that may wait for a free worker before further ones are missed (0: one second's worth)")
	timeout := fs.Duration("timeout", 30*time.Second, "per request")
	mix := fs.String("mix", "1,1,1", "weights of the dashboard list, the device list and the revenue summary")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *base == "" {
		return errors.New("api: --base is required")
	}
	calls := append([]loadgen.APICall(nil), loadgen.DefaultAPICalls...)
	weights := strings.Split(*mix, ",")
	if len(weights) != len(calls) {
		return fmt.Errorf("api: --mix wants %d weights", len(calls))
	}
	for i, w := range weights {
		v, err := strconv.Atoi(strings.TrimSpace(w))
		if err != nil || v < 0 {
			return fmt.Errorf("api: --mix weight %q", w)
		}
		calls[i].Weight = v
	}
	res, err := loadgen.RunAPI(ctx, loadgen.APIConfig{Base: *base, Rate: *rate, Duration: *duration, Workers: *workers,
		Backlog: *backlog, Timeout: *timeout, Calls: calls, Email: c.email, Password: c.password,
		ReportEvery: c.report, PID: c.pid, Baseline: c.baseline, Label: c.label, Out: os.Stdout})
	if res != nil {
		if ferr := c.finish(res.Markdown()); ferr != nil {
			return ferr
		}
	}
	return err
}

func runStratum(ctx context.Context, args []string) error {
	fs := flag.NewFlagSet("poolload stratum", flag.ContinueOnError)
	var c common
	c.register(fs, time.Minute)
	addr := fs.String("addr", "", "the coin's stratum port, 127.0.0.1:PORT")
	api := fs.String("api", "", "the pool's HTTP base URL, to log in and make the sub-accounts (not needed with --subaccounts)")
	conns := fs.Int("conns", 10000, "miners, each on its own connection")
	every := fs.Duration("share-every", 10*time.Second, "each miner submits one share this often")
	duration := fs.Duration("duration", time.Hour, "how long to run, from the first connect")
	storm := fs.Bool("storm", false, "connect every miner at once and report the time to each one's first job")
	rate := fs.Float64("connect-rate", 500, "without --storm: connections a second")
	subs := fs.String("subaccounts", "", "comma-separated sub-accounts to mine to (default: load01, load02, ... made for the user)")
	per := fs.Int("per-subaccount", 1000, "workers a sub-account")
	prefix := fs.String("subaccount-prefix", "load", "prefix of the sub-accounts made")
	coin := fs.String("coin", "BTC", "the default coin of the sub-accounts made (the coin of --addr)")
	suggest := fs.Float64("suggest-difficulty", 1e-9, "difficulty each miner asks for before authorizing (the coin's min_difficulty bounds it; 0: ask nothing)")
	algo := fs.String("algorithm", "sha256d", "the coin's proof of work")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *addr == "" {
		return errors.New("stratum: --addr is required")
	}
	var list []string
	for s := range strings.SplitSeq(*subs, ",") {
		if s = strings.TrimSpace(s); s != "" {
			list = append(list, s)
		}
	}
	res, err := loadgen.RunStratum(ctx, loadgen.StratumConfig{Addr: *addr, Conns: *conns, ShareEvery: *every, Duration: *duration,
		Storm: *storm, ConnectRate: *rate, SubAccounts: list, PerSubAccount: *per, SubPrefix: *prefix, Coin: *coin,
		API: *api, Email: c.email, Password: c.password, Suggest: *suggest, Algorithm: *algo,
		ReportEvery: c.report, PID: c.pid, Baseline: c.baseline, Label: c.label, Out: os.Stdout})
	if res != nil {
		if ferr := c.finish(res.Markdown()); ferr != nil {
			return ferr
		}
	}
	return err
}
