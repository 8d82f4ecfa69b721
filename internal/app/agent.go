package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/agent"
	"github.com/uniplus-pool/pool/internal/pool"
)

// runAgent is `poold agent`: the device agent a rig runs. It reports the rig to the pool
// on a schedule and applies the overclocks the pool asks for (internal/agent).
func runAgent(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("poold agent", flag.ContinueOnError)
	fs.SetOutput(stderr)
	poolURL := fs.String("pool", "", "the pool's base URL, e.g. https://pool.example.com (required)")
	id := fs.String("uniplus-id", "", "the sub-account's Uniplus ID; kept in --id-file, read from it when not given")
	idFile := fs.String("id-file", agent.DefaultIDFile, "the ID file (one per system disk: a second one on the same disk with another ID is refused)")
	worker := fs.String("worker", "", "worker suffix, or <sub-account>.<suffix> (default: the host name, cleaned)")
	coinType := fs.String("coin", "", "coin the rig mines, e.g. BTC (required)")
	every := fs.Duration("every", time.Minute, "how often to report")
	minerAPI := fs.String("miner-api", "", "the miner's HTTP API for its version and hashrate: T-Rex http://127.0.0.1:4067")
	dryRun := fs.Bool("dry-run", false, "print the nvidia-smi commands that would change a card instead of running them")
	once := fs.Bool("once", false, "report once and exit")
	verbose := fs.Bool("v", false, "log what could not be read")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return err
	}
	u, err := url.Parse(*poolURL)
	switch {
	case *poolURL == "":
		return errors.New("--pool is required, e.g. --pool https://pool.example.com")
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		return fmt.Errorf("--pool %q: want an http(s) URL", *poolURL)
	case strings.TrimSpace(*coinType) == "":
		return errors.New("--coin is required (the report names the coin the rig mines)")
	case *every < 5*time.Second:
		return errors.New("--every must be at least 5s (the pool takes 120 reports a minute per ID)")
	}
	name := strings.TrimSpace(*worker)
	if name == "" {
		host, _ := os.Hostname()
		name = agent.SuffixFromHostname(host)
	}
	if code, suffix, ok := strings.Cut(name, "."); ok {
		if _, _, err := pool.ParseWorkerName(code + "." + suffix); err != nil {
			return fmt.Errorf("--worker %q: want <sub-account>.<suffix>, suffix 1-15 letters, digits, _ or -", name)
		}
	} else if !pool.ValidSuffix(name) {
		return fmt.Errorf("--worker %q: 1-15 letters, digits, _ or -", name)
	}
	uid, note, err := agent.IDFile{Path: *idFile, Known: []string{agent.DefaultIDFile}}.Resolve(*id)
	if err != nil {
		return err
	}
	level := slog.LevelWarn
	if *verbose {
		level = slog.LevelInfo
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	log.Info("agent: Uniplus ID", "how", note)
	var change agent.Runner = agent.ExecRunner{}
	if *dryRun {
		change = agent.PrintRunner{Out: stdout}
	}
	a := &agent.Agent{
		Client:    &agent.Client{Base: strings.TrimRight(*poolURL, "/"), ID: uid},
		Collector: &agent.Collector{Query: agent.ExecRunner{}, MinerAPI: strings.TrimSpace(*minerAPI)},
		Worker:    name, Coin: strings.ToUpper(strings.TrimSpace(*coinType)), Every: *every,
		Change: change, DryRun: *dryRun, Out: stdout, Log: log,
	}
	return a.Run(ctx, *once)
}
