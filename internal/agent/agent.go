package agent

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/pool"
)

// Agent reports a rig to the pool every Every and applies the overclocks the pool asks for.
type Agent struct {
	Client    *Client
	Collector *Collector
	Worker    string // "<suffix>" or "<code>.<suffix>"
	Coin      string
	Every     time.Duration // default 60 s
	// Change runs the commands that change a card (overclocks): ExecRunner for real, a
	// PrintRunner for --dry-run.
	Change Runner
	DryRun bool
	Out    io.Writer // one line per report
	Log    *slog.Logger

	lastDryRun int64 // the pending version last printed in dry-run, so it prints once
}

// Run reports until ctx ends (or once, with once). A pool that does not know the Uniplus
// ID (HTTP 401: wrong or regenerated ID) stops the agent; other failures are logged and
// the next report goes on schedule (network failures are first retried with backoff).
func (a *Agent) Run(ctx context.Context, once bool) error {
	every := a.Every
	if every <= 0 {
		every = time.Minute
	}
	for {
		err := a.Cycle(ctx)
		if once || ctx.Err() != nil {
			if ctx.Err() != nil && !once {
				return nil
			}
			return err
		}
		if err != nil {
			var api *APIError
			if errors.As(err, &api) && api.Status == http.StatusUnauthorized {
				return err
			}
			a.log().Warn("agent: report failed", "err", err)
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(every):
		}
	}
}

// Cycle is one report, then one look for a pending overclock.
func (a *Agent) Cycle(ctx context.Context) error {
	facts := a.Collector.Collect(ctx)
	for _, p := range facts.Problems {
		a.log().Info("agent: could not read", "err", p)
	}
	rep := pool.Report{Worker: a.Worker, Coin: a.Coin, Hardware: facts.Hardware, GPUs: facts.GPUs}
	if rep.GPUs == nil {
		rep.GPUs = []pool.GPU{}
	}
	res, err := a.Client.PostReport(ctx, rep)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if a.Out != nil {
		fmt.Fprintf(a.Out, "reported %s: device %d %s, %d GPU(s), miner running %t, up %s\n", a.Worker, res.DeviceID, res.Status,
			len(rep.GPUs), *rep.Hardware.MinerRunning, (time.Duration(facts.Uptime) * time.Second).String())
	}
	return a.overclock(ctx, facts.Nvidia)
}

func (a *Agent) overclock(ctx context.Context, gpus []NvidiaGPU) error {
	p, err := a.Client.PendingOverclock(ctx, a.suffix())
	var api *APIError
	if errors.As(err, &api) && api.Status == http.StatusNotFound {
		// A pool without the overclock endpoints: nothing to apply.
		a.log().Info("agent: the pool has no overclock endpoint", "err", err)
		return nil
	}
	if err != nil {
		return fmt.Errorf("pending overclock: %w", err)
	}
	if p == nil {
		return nil
	}
	change := a.Change
	if change == nil {
		change = ExecRunner{}
	}
	if a.DryRun {
		if p.Version == a.lastDryRun && a.lastDryRun != 0 {
			return nil
		}
		a.lastDryRun = p.Version
	}
	ack := Apply(ctx, change, a.suffix(), *p, gpus)
	if a.DryRun {
		if a.Out != nil {
			fmt.Fprintf(a.Out, "dry-run: overclock version %d not applied and not acknowledged (would be %s: %s)\n", p.Version, ack.Status, ack.Message)
		}
		return nil
	}
	if a.Out != nil {
		fmt.Fprintf(a.Out, "overclock version %d %s: %s\n", p.Version, ack.Status, ack.Message)
	}
	if err := a.Client.AckOverclock(ctx, ack); err != nil {
		return fmt.Errorf("overclock ack: %w", err)
	}
	return nil
}

// suffix is the worker's suffix, what the overclock endpoints name a worker by.
func (a *Agent) suffix() string {
	if _, s, ok := strings.Cut(a.Worker, "."); ok {
		return s
	}
	return a.Worker
}

func (a *Agent) log() *slog.Logger {
	if a.Log != nil {
		return a.Log
	}
	return slog.New(slog.DiscardHandler)
}

var notSuffix = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// SuffixFromHostname turns a host name into a worker suffix (internal/pool ValidSuffix:
// 1-15 letters, digits, _ and -): the first label, other characters as "-", cut to 15.
func SuffixFromHostname(host string) string {
	host, _, _ = strings.Cut(strings.TrimSpace(host), ".")
	s := strings.Trim(notSuffix.ReplaceAllString(host, "-"), "-")
	if len(s) > 15 {
		s = strings.Trim(s[:15], "-")
	}
	if s == "" {
		return "rig"
	}
	return s
}
