package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/sim"
)

// runSim is `poold sim`: miners that connect over TCP, hash for real, and report the hash
// rate they measured themselves (to compare with what the pool shows).
func runSim(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("poold sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("stratum", "127.0.0.1:1237", "pool stratum host:port")
	workers := fs.String("workers", "", "comma-separated worker names <sub-account>.<suffix>")
	count := fs.Int("count", 0, "with --prefix: this many miners named <prefix>NN")
	prefix := fs.String("prefix", "", "worker name prefix for --count, e.g. demo_main.sim")
	algo := fs.String("algorithm", chain.SHA256d, "sha256d or scrypt (what the pool's jobs hash with; devnet coins use sha256d unless scrypt)")
	rate := fs.Float64("rate", 50_000, "hashes per second per miner at most (0: one core each)")
	duration := fs.Duration("duration", 0, "stop after this long (0: until interrupted)")
	every := fs.Duration("report", 30*time.Second, "how often to print the measured rates")
	agentURL := fs.String("agent-url", "", "pool URL for agent reports, e.g. http://127.0.0.1:8080")
	uniplusID := fs.String("uniplus-id", "", "the sub-account's Uniplus ID, for agent reports")
	coinType := fs.String("coin", "", "coin of the agent reports")
	replay := fs.Int("replay", 0, "load test: solve this many valid shares per miner first, then submit them at --replay-rate")
	replayRate := fs.Float64("replay-rate", 0, "shares per second per miner when replaying (0: as fast as the pool answers)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	var names []string
	for _, w := range strings.Split(*workers, ",") {
		if w = strings.TrimSpace(w); w != "" {
			names = append(names, w)
		}
	}
	for i := 1; i <= *count; i++ {
		names = append(names, fmt.Sprintf("%s%02d", *prefix, i))
	}
	switch {
	case len(names) == 0:
		return errors.New("name the miners with --workers or --count and --prefix")
	case *count > 0 && *prefix == "":
		return errors.New("--count needs --prefix")
	case !chain.ValidAlgorithm(*algo):
		return fmt.Errorf("--algorithm %q: want sha256d or scrypt", *algo)
	case *rate < 0:
		return errors.New("--rate must not be negative")
	}
	if *duration > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, *duration)
		defer cancel()
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	if *replay > 0 {
		return runReplay(ctx, names, *addr, *algo, *replay, *replayRate, stdout)
	}
	f := &sim.Fleet{}
	for _, n := range names {
		f.Miners = append(f.Miners, &sim.Miner{Addr: *addr, Worker: n, Algorithm: *algo, RateLimit: *rate,
			UserAgent: "uniplus-sim/1.0", AgentURL: strings.TrimRight(*agentURL, "/"), UniplusID: *uniplusID, Coin: *coinType, Log: log})
	}
	f.Start(ctx)
	print := func() {
		tw := tabwriter.NewWriter(stdout, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "WORKER\tMEASURED H/s\tHASHES\tACCEPTED\tREJECTED\tELAPSED")
		var total float64
		for _, st := range f.Stats() {
			total += st.HashRate
			fmt.Fprintf(tw, "%s\t%.0f\t%d\t%d\t%d\t%s\n", st.Worker, st.HashRate, st.Hashes, st.Accepted, st.Rejected, st.Elapsed.Round(time.Second))
		}
		fmt.Fprintf(tw, "TOTAL\t%.0f\t\t\t\t\n", total)
		_ = tw.Flush()
	}
	tick := time.NewTicker(*every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			f.Wait()
			print()
			return nil
		case <-tick.C:
			print()
		}
	}
}

// runReplay runs one replaying miner per name at once and prints what each measured.
func runReplay(ctx context.Context, names []string, addr, algo string, n int, rate float64, stdout io.Writer) error {
	results := make([]sim.ReplayResult, len(names))
	errs := make([]error, len(names))
	done := make(chan int)
	for i, name := range names {
		go func() {
			m := &sim.Miner{Addr: addr, Worker: name, Algorithm: algo, UserAgent: "uniplus-sim/1.0 replay"}
			results[i], errs[i] = m.Replay(ctx, n, rate)
			done <- i
		}()
	}
	for range names {
		<-done
	}
	tw := tabwriter.NewWriter(stdout, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "WORKER\tPREPARED\tSENT\tACCEPTED\tSTALE\tREJECTED\tSECONDS\tACCEPTED/s")
	var total float64
	for i, r := range results {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%.2f\t%.0f\n", names[i], r.Prepared, r.Sent, r.Accepted, r.Stale, r.Rejected, r.Elapsed.Seconds(), r.SharesPer)
		total += r.SharesPer
	}
	fmt.Fprintf(tw, "TOTAL\t\t\t\t\t\t\t%.0f\n", total)
	_ = tw.Flush()
	return errors.Join(errs...)
}
