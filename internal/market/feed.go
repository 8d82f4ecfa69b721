package market

import (
	"context"
	"log/slog"
	"time"
)

// MinFeedInterval is the shortest schedule the price feed accepts: public price APIs
// rate-limit free keys to a few calls a minute.
const MinFeedInterval = time.Minute

// Feed keeps prices fresh from a Source on a schedule (the jobs role runs it). A failed
// fetch keeps the stored prices; coins the source does not know keep the operator's.
type Feed struct {
	Prices *Prices
	Source Source
	IDs    map[string]string // coin type -> the source's id
	Every  time.Duration
	Log    *slog.Logger
}

// Once fetches and stores one round of prices.
func (f *Feed) Once(ctx context.Context) (int, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	return f.Prices.Refresh(ctx, f.Source, f.IDs)
}

// Step fetches one round of prices (the jobs role runs it every f.Every): on failure the
// stored prices stay and the error says why; coins the source does not know are logged.
func (f *Feed) Step(ctx context.Context) error {
	n, err := f.Once(ctx)
	switch {
	case err != nil:
		return err
	case n < len(f.IDs):
		f.Log.Warn("price feed: some coins unknown to the source keep their stored price", "updated", n, "asked", len(f.IDs))
	default:
		f.Log.Debug("price feed", "updated", n)
	}
	return nil
}

// Run fetches at once, then every f.Every, until ctx ends.
func (f *Feed) Run(ctx context.Context) {
	every := max(f.Every, MinFeedInterval)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		err := f.Step(ctx)
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			f.Log.Warn("price feed: prices kept", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
