package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// ReplayResult is what a replay measured.
type ReplayResult struct {
	Prepared  int
	Sent      int
	Accepted  int
	Rejected  int // refused for another reason than staleness
	Stale     int // the job went stale (a new block) before the share was sent
	Elapsed   time.Duration
	SharesPer float64 // accepted shares per second while replaying
}

// Replay is a load generator: it connects as the miner, solves n distinct valid shares
// for the current job at the pool's difficulty (using every core), then submits them at
// rate shares per second (0: as fast as the pool answers) and reports what the pool
// accepted. Each share is valid and sent once, so the pool does its full work on each.
// The job must stay current while the shares are prepared: load-test a coin whose chain
// does not move on its own (devnet with other_miners=false), or the shares come back stale.
func (m *Miner) Replay(ctx context.Context, n int, rate float64) (ReplayResult, error) {
	var res ReplayResult
	c, err := stratum.Dial(ctx, m.Addr, stratum.ClientOptions{UserAgent: m.UserAgent})
	if err != nil {
		return res, err
	}
	defer c.Close()
	en1, en2Size, err := c.Subscribe(ctx)
	if err != nil {
		return res, err
	}
	if err := c.Authorize(ctx, m.Worker, "x"); err != nil {
		return res, err
	}
	var job *stratum.Job
	select {
	case job = <-c.Jobs():
	case <-ctx.Done():
		return res, ctx.Err()
	}
	type share struct {
		en2   []byte
		nonce uint32
	}
	target := chain.DifficultyToTarget(c.Difficulty(), m.Algorithm)
	shares := make([]share, n)
	var wg sync.WaitGroup
	var firstErr error
	var mu sync.Mutex
	workers := runtime.GOMAXPROCS(0)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += workers {
				en2 := make([]byte, en2Size)
				for k := range en2 {
					en2[len(en2)-1-k] = byte(uint64(i+1) >> (8 * k))
				}
				sol, ok, err := mining.Solve(job, m.Algorithm, en1, en2, job.NTime, target, 0, ^uint32(0))
				if err != nil || !ok {
					mu.Lock()
					if firstErr == nil {
						firstErr = fmt.Errorf("sim: solve share %d: %v", i, err)
					}
					mu.Unlock()
					return
				}
				shares[i] = share{en2: en2, nonce: sol.Nonce}
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return res, firstErr
	}
	res.Prepared = n
	start := time.Now()
	for i, sh := range shares {
		if rate > 0 {
			if wait := time.Duration(float64(i)/rate*float64(time.Second)) - time.Since(start); wait > 0 {
				select {
				case <-ctx.Done():
					return res, ctx.Err()
				case <-time.After(wait):
				}
			}
		}
		err := c.Submit(ctx, m.Worker, job.ID, sh.en2, job.NTime, sh.nonce, 0)
		res.Sent++
		var se *stratum.Error
		switch {
		case err == nil:
			res.Accepted++
		case errors.As(err, &se) && se.Code == stratum.CodeJobNotFound:
			res.Stale++
		case errors.As(err, &se):
			res.Rejected++
		default:
			return res, err
		}
	}
	res.Elapsed = time.Since(start)
	if res.Elapsed > 0 {
		res.SharesPer = float64(res.Accepted) / res.Elapsed.Seconds()
	}
	return res, nil
}
