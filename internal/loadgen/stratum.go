package loadgen

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
)

// StratumConfig shapes a stratum load.
type StratumConfig struct {
	Addr       string        // the pool's stratum port, host:port
	Conns      int           // connections, each one worker
	ShareEvery time.Duration // each connection submits a share this often
	Duration   time.Duration // from the first connect to the end
	// Storm connects every miner at once; otherwise they connect at ConnectRate a second.
	Storm       bool
	ConnectRate float64
	// SubAccounts are the sub-accounts the workers mine to (<code>.r<n>), PerSubAccount
	// workers each. Empty: SubPrefix01, SubPrefix02, ... of the user Email, made through
	// the API at API when missing.
	SubAccounts   []string
	PerSubAccount int
	SubPrefix     string
	Coin          string // the default coin of sub-accounts it creates
	API           string
	Email         string
	Password      string
	// Suggest is the difficulty each miner asks for with mining.suggest_difficulty before
	// it authorizes (the pool keeps it within the coin's min_difficulty); 0: none. The
	// miners solve at whatever difficulty each job came with.
	Suggest     float64
	Algorithm   string // proof of work of the coin; sha256d
	Agent       string // mining.subscribe user agent
	ReportEvery time.Duration
	PID         int           // poold's process, sampled for RSS and CPU; 0: none
	Baseline    time.Duration // poold is sampled this long before the miners connect; 0: not
	Label       string
	Out         io.Writer
}

// StratumRow is one progress report: totals since the start, and the interval's submit
// latency.
type StratumRow struct {
	At                              time.Duration
	Up                              int64
	Sent, Accepted, Rejected, Stale uint64
	Errors, Disconnects             uint64
	SubmitP50, SubmitP99            time.Duration
	Pool                            ProcSample
	PoolOK                          bool
	Client                          ProcSample
}

// StratumResult is a finished stratum load.
type StratumResult struct {
	Config      StratumConfig
	Rows        []StratumRow
	Final       StratumRow
	PoolStart   ProcSample
	Idle        Baseline  // poold before the load
	FirstJob    Histogram // connect (scheduled) -> first mining.notify, first connect of each miner
	FirstJobN   int       // miners that got a first job
	Submit      Histogram // mining.submit -> answer, whole run
	FileLimit   uint64
	MaxDiff     float64
	FirstErrors []string // a few distinct errors, as they came
	Elapsed     time.Duration
	SubAccounts []string
}

// stratumStats are the counters every miner adds to.
type stratumStats struct {
	up                                   atomic.Int64
	upAtEnd                              atomic.Int64 // miners still connected when the run ended
	sent, accepted, rejected, stale      atomic.Uint64
	connectErrs, submitErrs, disconnects atomic.Uint64

	mu                         sync.Mutex
	submit, interval, firstJob Histogram
	firstJobN                  int
	maxDiff                    float64
	errs                       []string // the first of each kind, at most 20
	errSeen                    map[string]bool
}

func (s *stratumStats) noteErr(out io.Writer, what string, err error) {
	msg := what + ": " + err.Error()
	s.mu.Lock()
	defer s.mu.Unlock()
	// Distinct by their text without numbers, so 10,000 of one refusal print once.
	key := strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return -1
		}
		return r
	}, msg)
	if s.errSeen[key] || len(s.errs) >= 20 {
		return
	}
	s.errSeen[key] = true
	s.errs = append(s.errs, msg)
	fmt.Fprintln(out, "stratum: first of its kind:", msg)
}

// RunStratum runs the stratum load: Conns miners that subscribe, authorize and submit
// valid shares steadily until Duration is over, reporting every ReportEvery.
func RunStratum(ctx context.Context, cfg StratumConfig) (*StratumResult, error) {
	if cfg.Conns <= 0 || cfg.ShareEvery <= 0 || cfg.Duration <= 0 {
		return nil, errors.New("loadgen: stratum: connections, share interval and duration must be positive")
	}
	if cfg.Out == nil {
		cfg.Out = io.Discard
	}
	if cfg.Algorithm == "" {
		cfg.Algorithm = chain.SHA256d
	}
	if cfg.Agent == "" {
		cfg.Agent = "poolload/1"
	}
	if cfg.PerSubAccount <= 0 {
		cfg.PerSubAccount = 1000
	}
	if !cfg.Storm && cfg.ConnectRate <= 0 {
		cfg.ConnectRate = 500
	}
	res := &StratumResult{Config: cfg}
	limit, err := RaiseFileLimit()
	res.FileLimit = limit
	if err != nil {
		fmt.Fprintf(cfg.Out, "stratum: WARNING: open-file limit stays %d: %v\n", limit, err)
	}
	if limit > 0 && uint64(cfg.Conns)+64 > limit {
		return nil, fmt.Errorf("loadgen: stratum: %d connections need more than this process's open-file limit of %d (raise the hard limit: ulimit -Hn)", cfg.Conns, limit)
	}
	subs := cfg.SubAccounts
	if len(subs) == 0 {
		if subs, err = ensureSubAccounts(ctx, cfg); err != nil {
			return nil, err
		}
	}
	res.SubAccounts = subs
	fmt.Fprintf(cfg.Out, "stratum: %d miners on %s mining to %d sub-accounts (%s...), a share every %s each (%.0f/s in all), %s; open-file limit %d\n",
		cfg.Conns, cfg.Addr, len(subs), subs[0], cfg.ShareEvery, float64(cfg.Conns)/cfg.ShareEvery.Seconds(), connectMode(cfg), limit)

	if res.Idle = MeasureBaseline(ctx, cfg.PID, cfg.Baseline); res.Idle.Sampled {
		fmt.Fprintln(cfg.Out, "stratum:", res.Idle)
	}
	st := &stratumStats{errSeen: map[string]bool{}}
	start := time.Now()
	if cfg.PID > 0 {
		res.PoolStart, _ = ReadProc(cfg.PID)
	}
	runCtx, stop := context.WithDeadline(ctx, start.Add(cfg.Duration))
	defer stop()
	var wg sync.WaitGroup
	for i := range cfg.Conns {
		worker := fmt.Sprintf("%s.r%05d", subs[(i/cfg.PerSubAccount)%len(subs)], i)
		at := start
		if !cfg.Storm {
			at = start.Add(time.Duration(float64(i) / cfg.ConnectRate * float64(time.Second)))
		}
		// Shares are spread evenly over the interval across miners, so the total rate is steady.
		phase := time.Duration(int64(cfg.ShareEvery) * int64(i) / int64(cfg.Conns))
		wg.Go(func() { runMiner(runCtx, cfg, st, worker, start, at, phase) })
	}

	row := func() StratumRow {
		r := StratumRow{At: time.Since(start), Up: st.up.Load(), Sent: st.sent.Load(), Accepted: st.accepted.Load(),
			Rejected: st.rejected.Load(), Stale: st.stale.Load(), Errors: st.connectErrs.Load() + st.submitErrs.Load(),
			Disconnects: st.disconnects.Load()}
		st.mu.Lock()
		r.SubmitP50, r.SubmitP99 = st.interval.Quantile(0.5), st.interval.Quantile(0.99)
		st.interval = Histogram{}
		st.mu.Unlock()
		if cfg.PID > 0 {
			if s, err := ReadProc(cfg.PID); err == nil {
				r.Pool, r.PoolOK = s, true
			}
		}
		r.Client, _ = ReadProc(0)
		return r
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	every := cfg.ReportEvery
	if every <= 0 {
		every = time.Minute
	}
	tick := time.NewTicker(every)
	defer tick.Stop()
wait:
	for {
		select {
		case <-done:
			break wait
		case <-tick.C:
			if time.Until(start.Add(cfg.Duration)) < every/10 {
				continue // the end's row comes in a moment
			}
			r := row()
			res.Rows = append(res.Rows, r)
			fmt.Fprintln(cfg.Out, stratumProgress(cfg, r, res.PoolStart))
		}
	}
	res.Elapsed = time.Since(start)
	res.Final = row()
	res.Final.Up = st.upAtEnd.Load()
	fmt.Fprintln(cfg.Out, stratumProgress(cfg, res.Final, res.PoolStart)+" (end)")
	st.mu.Lock()
	res.FirstJob, res.FirstJobN, res.Submit, res.MaxDiff, res.FirstErrors = st.firstJob, st.firstJobN, st.submit, st.maxDiff, st.errs
	st.mu.Unlock()
	return res, ctx.Err()
}

func connectMode(cfg StratumConfig) string {
	if cfg.Storm {
		return "all connecting at once (--storm)"
	}
	return fmt.Sprintf("connecting %.0f a second", cfg.ConnectRate)
}

// runMiner is one miner's life: connect at its time, then a share every ShareEvery at
// its phase until ctx ends; a lost connection is counted and made again after a pause.
func runMiner(ctx context.Context, cfg StratumConfig, st *stratumStats, worker string, start, at time.Time, phase time.Duration) {
	if !sleepUntil(ctx, at) {
		return
	}
	first := true
	for ctx.Err() == nil {
		ok := mineOnce(ctx, cfg, st, worker, start, at, phase, first)
		first = first && !ok
		if ctx.Err() != nil {
			return
		}
		// A pause of 1 to 2 s before the next try, as firmware waits before it reconnects.
		sleepUntil(ctx, time.Now().Add(time.Second+time.Duration(int64(phase)%int64(time.Second))))
	}
}

// mineOnce runs one connection; it says whether the miner got a job on it.
func mineOnce(ctx context.Context, cfg StratumConfig, st *stratumStats, worker string, start, at time.Time, phase time.Duration, first bool) bool {
	hctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	m, err := dialMiner(hctx, cfg.Addr, cfg.Algorithm)
	if err != nil {
		if ctx.Err() == nil {
			st.connectErrs.Add(1)
			st.noteErr(cfg.Out, "connect", err)
		}
		return false
	}
	defer m.Close()
	if err := m.handshake(hctx, cfg.Agent, worker, cfg.Suggest); err != nil {
		if ctx.Err() == nil {
			st.connectErrs.Add(1)
			st.noteErr(cfg.Out, "handshake", err)
		}
		return false
	}
	select {
	case <-m.first:
	case <-m.done:
		if ctx.Err() == nil {
			st.connectErrs.Add(1)
			st.noteErr(cfg.Out, "waiting for the first job", m.readErr)
		}
		return false
	case <-hctx.Done():
		if ctx.Err() == nil {
			st.connectErrs.Add(1)
			st.noteErr(cfg.Out, "waiting for the first job", errors.New("none within a minute"))
		}
		return false
	}
	st.mu.Lock()
	if first {
		st.firstJob.Record(time.Since(at))
		st.firstJobN++
	}
	m.mu.Lock()
	st.maxDiff = math.Max(st.maxDiff, m.job.diff)
	m.mu.Unlock()
	st.mu.Unlock()
	st.up.Add(1)
	defer st.up.Add(-1)

	// The first share time after now on this miner's phase.
	next := start.Add(phase)
	if now := time.Now(); next.Before(now) {
		next = next.Add((now.Sub(next)/cfg.ShareEvery + 1) * cfg.ShareEvery)
	}
	for {
		select {
		case <-ctx.Done():
			st.upAtEnd.Add(1)
			return true
		case <-m.done:
			st.disconnects.Add(1)
			st.noteErr(cfg.Out, "disconnected", m.readErr)
			return true
		case <-time.After(time.Until(next)):
		}
		// A share in flight when the run ends still gets its answer.
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		t0 := time.Now()
		st.sent.Add(1)
		out, se, err := m.submit(sctx, worker)
		took := time.Since(t0)
		cancel()
		if err != nil {
			st.submitErrs.Add(1)
			st.disconnects.Add(1)
			st.noteErr(cfg.Out, "submit", err)
			return true
		}
		st.mu.Lock()
		st.submit.Record(took)
		st.interval.Record(took)
		m.mu.Lock()
		st.maxDiff = math.Max(st.maxDiff, m.job.diff)
		m.mu.Unlock()
		st.mu.Unlock()
		switch out {
		case shareAccepted:
			st.accepted.Add(1)
		case shareStale:
			st.stale.Add(1)
		case shareRejected:
			st.rejected.Add(1)
			st.noteErr(cfg.Out, "share rejected", se)
		}
		next = next.Add(cfg.ShareEvery)
		if now := time.Now(); next.Before(now) {
			// Behind (a slow answer): skip to the next slot rather than burst.
			next = next.Add((now.Sub(next)/cfg.ShareEvery + 1) * cfg.ShareEvery)
		}
	}
}

func sleepUntil(ctx context.Context, t time.Time) bool {
	d := time.Until(t)
	if d <= 0 {
		return ctx.Err() == nil
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-timer.C:
		return true
	}
}

// ensureSubAccounts logs in and makes the sub-accounts the workers need, SubPrefix01 and
// on, keeping those the user already has.
func ensureSubAccounts(ctx context.Context, cfg StratumConfig) ([]string, error) {
	n := (cfg.Conns + cfg.PerSubAccount - 1) / cfg.PerSubAccount
	if cfg.API == "" {
		return nil, errors.New("loadgen: stratum: name the sub-accounts (--subaccounts) or give --api to make them")
	}
	api := &API{Base: cfg.API, Client: &http.Client{Transport: NewTransport(2), Timeout: time.Minute}}
	if err := api.Login(ctx, cfg.Email, cfg.Password); err != nil {
		return nil, err
	}
	var have []struct {
		Code string `json:"code"`
	}
	if err := api.Call(ctx, http.MethodGet, "/api/pc/v1/pool/subaccount/list", nil, &have); err != nil {
		return nil, err
	}
	exists := map[string]bool{}
	for _, s := range have {
		exists[s.Code] = true
	}
	prefix := cfg.SubPrefix
	if prefix == "" {
		prefix = "load"
	}
	coin := cfg.Coin
	if coin == "" {
		coin = "BTC"
	}
	var subs []string
	made := 0
	for i := 1; i <= n; i++ {
		code := fmt.Sprintf("%s%02d", prefix, i)
		if !exists[code] {
			body := map[string]string{"code": code, "alias": fmt.Sprintf("Load %02d", i), "defaultCoin": coin}
			if err := api.Call(ctx, http.MethodPost, "/api/pc/v1/pool/subaccount/create", body, nil); err != nil {
				return nil, fmt.Errorf("sub-account %s (a user has at most 50; raise --per-subaccount): %w", code, err)
			}
			made++
		}
		subs = append(subs, code)
	}
	fmt.Fprintf(cfg.Out, "stratum: logged in as %s; sub-accounts %s..%s (%d made now)\n", cfg.Email, subs[0], subs[len(subs)-1], made)
	return subs, nil
}

// stratumProgress is one progress line.
func stratumProgress(cfg StratumConfig, r StratumRow, poolStart ProcSample) string {
	var b strings.Builder
	fmt.Fprintf(&b, "stratum %s: up %d/%d sent %d accepted %d rejected %d stale %d errors %d disconnects %d | submit p50 %s p99 %s ms",
		clock(r.At), r.Up, cfg.Conns, r.Sent, r.Accepted, r.Rejected, r.Stale, r.Errors, r.Disconnects, ms(r.SubmitP50), ms(r.SubmitP99))
	if r.PoolOK {
		fmt.Fprintf(&b, " | poold rss %s MiB cpu %.1f s", mib(r.Pool.RSS), (r.Pool.CPU - poolStart.CPU).Seconds())
	}
	fmt.Fprintf(&b, " | generator rss %s MiB cpu %.1f s", mib(r.Client.RSS), r.Client.CPU.Seconds())
	return b.String()
}

// Markdown is the result as a block to paste into docs/performance.md: the minute
// series (the RSS column is the "memory flat" evidence) and the summary.
func (r *StratumResult) Markdown() string {
	cfg := r.Config
	var b strings.Builder
	label := ""
	if cfg.Label != "" {
		label = ", " + cfg.Label
	}
	fmt.Fprintf(&b, "#### Stratum load: %d miners, a share every %s each (%.0f/s), %s%s\n\n",
		cfg.Conns, cfg.ShareEvery, float64(cfg.Conns)/cfg.ShareEvery.Seconds(), cfg.Duration, label)
	storm := ""
	if cfg.Storm {
		storm = " --storm"
	}
	fmt.Fprintf(&b, "`poolload stratum --conns %d --share-every %s --duration %s%s`: %s; valid sha256d shares solved at the pool's difficulty (at most %g here), each miner on its own TCP connection from one client process.\n\n",
		cfg.Conns, cfg.ShareEvery, cfg.Duration, storm, connectMode(cfg), r.MaxDiff)
	b.WriteString("| time | miners up | shares sent | accepted | rejected | stale | errors | disconnects | submit p50 / p99 ms | poold RSS MiB | poold CPU s (% of a core) | generator CPU s |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	rows := append(append([]StratumRow{}, r.Rows...), r.Final)
	prevAt, prevCPU := time.Duration(0), r.PoolStart.CPU
	for i, row := range rows {
		at := clock(row.At)
		if i == len(rows)-1 {
			at += " (end)"
		}
		pool := "- | -"
		if row.PoolOK {
			pct := 0.0
			if d := row.At - prevAt; d > 0 {
				pct = 100 * (row.Pool.CPU - prevCPU).Seconds() / d.Seconds()
			}
			pool = fmt.Sprintf("%s | %.1f (%.0f%%)", mib(row.Pool.RSS), (row.Pool.CPU - r.PoolStart.CPU).Seconds(), pct)
			prevAt, prevCPU = row.At, row.Pool.CPU
		}
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d | %d | %d | %s / %s | %s | %.1f |\n", at, row.Up, row.Sent, row.Accepted,
			row.Rejected, row.Stale, row.Errors, row.Disconnects, ms(row.SubmitP50), ms(row.SubmitP99), pool, row.Client.CPU.Seconds())
	}
	f := r.Final
	fmt.Fprintf(&b, "\nAccepted %.1f shares/s over %s (%d of %d sent); submit answered p50 %s, p99 %s, max %s ms.",
		float64(f.Accepted)/r.Elapsed.Seconds(), r.Elapsed.Round(time.Second), f.Accepted, f.Sent,
		ms(r.Submit.Quantile(0.5)), ms(r.Submit.Quantile(0.99)), ms(r.Submit.Max()))
	what := "Connect to first mining.notify"
	if cfg.Storm {
		what = "Storm: from the storm's start to each miner's first mining.notify"
	}
	fmt.Fprintf(&b, " %s (%d of %d miners): p50 %s, p99 %s, max %s ms.", what, r.FirstJobN, cfg.Conns,
		ms(r.FirstJob.Quantile(0.5)), ms(r.FirstJob.Quantile(0.99)), ms(r.FirstJob.Max()))
	fmt.Fprintf(&b, " Generator: CPU %.1f s, RSS %s MiB, open-file limit %d.", f.Client.CPU.Seconds(), mib(f.Client.RSS), r.FileLimit)
	if r.Idle.Sampled {
		fmt.Fprintf(&b, " %s.", r.Idle)
	}
	b.WriteString("\n")
	if len(r.FirstErrors) > 0 {
		b.WriteString("\nFirst errors of each kind:\n\n")
		for _, e := range r.FirstErrors {
			fmt.Fprintf(&b, "- %s\n", e)
		}
	}
	return b.String()
}
