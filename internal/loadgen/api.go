package loadgen

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// APICall is one kind of request of the API load.
type APICall struct {
	Name   string // short label in reports
	Path   string // under the base URL, with its query
	Weight int    // share of the mix
	Auth   bool   // needs the session
}

// DefaultAPICalls are the three calls of issue 16: the home table every visitor loads,
// and a logged-in pool-mode user's device list (first page, as the page opens it) and
// revenue summary.
var DefaultAPICalls = []APICall{
	{Name: "dashboard list", Path: "/api/pc/v1/dashboard/list?legalTender=USD", Weight: 1},
	{Name: "device list", Path: "/api/pc/v1/pool/device/list?coin=BTC&sort=worker&order=asc&page=1&pageSize=10", Weight: 1, Auth: true},
	{Name: "revenue summary", Path: "/api/pc/v1/earnings/summary", Weight: 1, Auth: true},
}

// APIConfig shapes an API load.
type APIConfig struct {
	Base     string        // http://host:port
	Rate     float64       // requests a second, sent on schedule whatever the answers do
	Duration time.Duration // how long requests are scheduled
	Workers  int           // fixed pool of senders, each with its keep-alive connection
	// Backlog is how many scheduled requests may wait for a free worker; a request
	// scheduled when it is full is missed (never sent) and counted. 0: one second's worth.
	Backlog     int
	Timeout     time.Duration // per request
	Calls       []APICall
	Email       string // the pool-mode user the Auth calls log in as
	Password    string
	ReportEvery time.Duration // progress lines; 0: none
	PID         int           // poold's process, sampled for RSS and CPU; 0: none
	Baseline    time.Duration // poold is sampled this long before the load starts; 0: not
	Label       string        // names the run in the report (the database)
	Out         io.Writer     // progress lines
}

// Outcome classes of a request.
const (
	outOK        = iota
	outHTTP      // status not 2xx
	outCode      // envelope code not 0, or no envelope
	outTransport // no answer: connection refused, reset, timeout
	outKinds
)

// CallStats is what one kind of call measured. Latency runs from the moment the request
// was scheduled, not from when a worker got to it, so a server that falls behind shows
// in the figures instead of slowing the generator down (no coordinated omission).
type CallStats struct {
	Name      string
	Scheduled uint64
	Missed    uint64 // scheduled while every worker was busy and the backlog was full
	Done      [outKinds]uint64
	WireBytes int64
	Latency   Histogram // scheduled -> answer read, every answered request (errors too)
	Wait      Histogram // scheduled -> sent: time waiting for a free worker
	FirstErr  string
}

// Errors is every request that was sent and did not succeed.
func (c *CallStats) Errors() uint64 { return c.Done[outHTTP] + c.Done[outCode] + c.Done[outTransport] }

// Completed is every request sent and finished, success or not.
func (c *CallStats) Completed() uint64 { return c.Done[outOK] + c.Errors() }

func (c *CallStats) merge(o *CallStats) {
	c.Scheduled += o.Scheduled
	c.Missed += o.Missed
	for i := range c.Done {
		c.Done[i] += o.Done[i]
	}
	c.WireBytes += o.WireBytes
	c.Latency.Merge(&o.Latency)
	c.Wait.Merge(&o.Wait)
	if c.FirstErr == "" {
		c.FirstErr = o.FirstErr
	}
}

// APIResult is a finished API load.
type APIResult struct {
	Config   APIConfig
	Calls    []*CallStats
	Elapsed  time.Duration // first scheduled request to the last answer
	Pool     []ProcPoint   // poold's samples, when a PID was given
	Idle     Baseline      // poold before the load
	Client   ProcSample    // this process at the end
	Workers  int
	Backlog  int
	Schedule time.Duration // how long requests were scheduled
}

// ProcPoint is a process sample at a time since the load began.
type ProcPoint struct {
	At time.Duration
	ProcSample
}

type apiJob struct {
	call int
	due  time.Time
}

// RunAPI runs an open-loop API load: requests at a constant rate for the duration,
// spread over the calls by weight, handed to a fixed pool of workers.
func RunAPI(ctx context.Context, cfg APIConfig) (*APIResult, error) {
	if cfg.Rate <= 0 || cfg.Duration <= 0 {
		return nil, errors.New("loadgen: api: rate and duration must be positive")
	}
	if len(cfg.Calls) == 0 {
		cfg.Calls = DefaultAPICalls
	}
	cfg.Workers = max(cfg.Workers, 1)
	if cfg.Backlog <= 0 {
		cfg.Backlog = max(int(cfg.Rate), cfg.Workers)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	if cfg.Out == nil {
		cfg.Out = io.Discard
	}
	mix := weightedMix(cfg.Calls)
	if len(mix) == 0 {
		return nil, errors.New("loadgen: api: no call has a positive weight")
	}
	api := &API{Base: cfg.Base, Client: &http.Client{Transport: NewTransport(cfg.Workers)}}
	for _, c := range cfg.Calls {
		if c.Auth && c.Weight > 0 {
			lctx, cancel := context.WithTimeout(ctx, time.Minute)
			err := api.Login(lctx, cfg.Email, cfg.Password)
			cancel()
			if err != nil {
				return nil, err
			}
			fmt.Fprintf(cfg.Out, "api: logged in as %s (slider and proof of work done as the web does)\n", cfg.Email)
			break
		}
	}
	// Each call once before the clock starts: a call that cannot succeed is said now,
	// not found in the error column after ten minutes.
	for _, c := range cfg.Calls {
		a := *api
		if !c.Auth {
			a.Token = ""
		}
		if err := a.Call(ctx, http.MethodGet, c.Path, nil, nil); err != nil {
			fmt.Fprintf(cfg.Out, "api: WARNING: %s fails before the load: %v\n", c.Name, err)
		}
	}

	// Each worker keeps its own figures; the reporter and the end merge them.
	type shard struct {
		mu       sync.Mutex
		calls    []CallStats
		interval Histogram // every call's latency since the last progress line
	}
	newCalls := func() []CallStats {
		cs := make([]CallStats, len(cfg.Calls))
		for i, c := range cfg.Calls {
			cs[i].Name = c.Name
		}
		return cs
	}
	shards := make([]*shard, cfg.Workers+1) // the last is the scheduler's (scheduled, missed)
	for i := range shards {
		shards[i] = &shard{calls: newCalls()}
	}
	sched := shards[cfg.Workers]

	queue := make(chan apiJob, cfg.Backlog)
	var wg sync.WaitGroup
	for w := range cfg.Workers {
		sh := shards[w]
		wg.Go(func() {
			for j := range queue {
				sent := time.Now()
				out, wire, msg := api.do(ctx, cfg.Calls[j.call], cfg.Timeout)
				lat := time.Since(j.due)
				sh.mu.Lock()
				st := &sh.calls[j.call]
				st.Done[out]++
				st.WireBytes += wire
				st.Latency.Record(lat)
				st.Wait.Record(sent.Sub(j.due))
				sh.interval.Record(lat)
				if out != outOK && st.FirstErr == "" {
					st.FirstErr = msg
				}
				sh.mu.Unlock()
			}
		})
	}

	res := &APIResult{Config: cfg, Workers: cfg.Workers, Backlog: cfg.Backlog, Schedule: cfg.Duration}
	if res.Idle = MeasureBaseline(ctx, cfg.PID, cfg.Baseline); res.Idle.Sampled {
		fmt.Fprintln(cfg.Out, "api:", res.Idle)
	}
	start := time.Now()
	// snapshot merges the shards; with interval set, it also takes (and clears) the
	// latencies since the last call into it.
	snapshot := func(interval *Histogram) []*CallStats {
		total := newCalls()
		for _, sh := range shards {
			sh.mu.Lock()
			for i := range total {
				total[i].merge(&sh.calls[i])
			}
			if interval != nil {
				interval.Merge(&sh.interval)
				sh.interval = Histogram{}
			}
			sh.mu.Unlock()
		}
		out := make([]*CallStats, len(total))
		for i := range total {
			out[i] = &total[i]
		}
		return out
	}
	sample := func() {
		if cfg.PID > 0 {
			if s, err := ReadProc(cfg.PID); err == nil {
				res.Pool = append(res.Pool, ProcPoint{At: time.Since(start), ProcSample: s})
			}
		}
	}
	sample()
	stopReports := make(chan struct{})
	reportsDone := make(chan struct{})
	go func() {
		defer close(reportsDone)
		if cfg.ReportEvery <= 0 {
			<-stopReports
			return
		}
		tick := time.NewTicker(cfg.ReportEvery)
		defer tick.Stop()
		var prev []*CallStats
		for {
			select {
			case <-stopReports:
				return
			case <-tick.C:
			}
			var lat Histogram
			cur := snapshot(&lat)
			sample()
			fmt.Fprintln(cfg.Out, apiProgress(time.Since(start), cfg.ReportEvery, prev, cur, &lat, res.Pool))
			prev = cur
		}
	}()

	// The schedule: request i is due at start + i/rate, whatever happened to the ones before.
	end := start.Add(cfg.Duration)
	timer := time.NewTimer(0)
	<-timer.C
schedule:
	for i := int64(0); ; i++ {
		due := start.Add(time.Duration(float64(i) / cfg.Rate * float64(time.Second)))
		if !due.Before(end) {
			break
		}
		if wait := time.Until(due); wait > 0 {
			timer.Reset(wait)
			select {
			case <-ctx.Done():
				break schedule
			case <-timer.C:
			}
		}
		call := mix[i%int64(len(mix))]
		sched.mu.Lock()
		sched.calls[call].Scheduled++
		select {
		case queue <- apiJob{call: call, due: due}:
		default:
			sched.calls[call].Missed++
		}
		sched.mu.Unlock()
	}
	close(queue)
	wg.Wait()
	res.Elapsed = time.Since(start)
	close(stopReports)
	<-reportsDone
	sample()
	res.Calls = snapshot(nil)
	if s, err := ReadProc(0); err == nil {
		res.Client = s
	}
	return res, ctx.Err()
}

// do sends one call and classifies the answer.
func (a *API) do(ctx context.Context, c APICall, timeout time.Duration) (outcome int, wire int64, msg string) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := a.newRequest(ctx, http.MethodGet, c.Path, nil)
	if err != nil {
		return outTransport, 0, err.Error()
	}
	if !c.Auth {
		req.Header.Del("x-token") // a visitor's call, as the home page makes it
	}
	resp, err := a.Client.Do(req)
	if err != nil {
		return outTransport, 0, err.Error()
	}
	defer resp.Body.Close()
	body, wire, err := readBody(resp)
	if err != nil {
		return outTransport, wire, err.Error()
	}
	if resp.StatusCode/100 != 2 {
		return outHTTP, wire, fmt.Sprintf("HTTP %d: %.200s", resp.StatusCode, body)
	}
	var env struct {
		Code *int   `json:"code"`
		Msg  string `json:"msg"`
	}
	if err := json.Unmarshal(body, &env); err != nil || env.Code == nil {
		return outCode, wire, fmt.Sprintf("not an envelope: %.200s", body)
	}
	if *env.Code != 0 {
		return outCode, wire, fmt.Sprintf("code %d: %s", *env.Code, env.Msg)
	}
	return outOK, wire, ""
}

// weightedMix spreads the calls by weight over a cycle: weights 2,1 give 0,1,0.
func weightedMix(calls []APICall) []int {
	total := 0
	for _, c := range calls {
		total += max(c.Weight, 0)
	}
	mix := make([]int, 0, total)
	// Smooth weighted round robin: every step, the call furthest behind its share goes.
	credit := make([]int, len(calls))
	for range total {
		best := -1
		for i, c := range calls {
			if c.Weight <= 0 {
				continue
			}
			credit[i] += c.Weight
			if best < 0 || credit[i] > credit[best] {
				best = i
			}
		}
		credit[best] -= total
		mix = append(mix, best)
	}
	return mix
}

// apiProgress is one progress line: the interval's requests, errors, misses and
// latency quantiles over every call, and poold's memory and CPU.
func apiProgress(at, every time.Duration, prev, cur []*CallStats, lat *Histogram, pool []ProcPoint) string {
	var d CallStats
	for i, c := range cur {
		d.Scheduled += c.Scheduled
		d.Missed += c.Missed
		d.Done[outOK] += c.Done[outOK]
		errs := c.Errors()
		if prev != nil {
			d.Scheduled -= prev[i].Scheduled
			d.Missed -= prev[i].Missed
			d.Done[outOK] -= prev[i].Done[outOK]
			errs -= prev[i].Errors()
		}
		d.Done[outHTTP] += errs
	}
	var b strings.Builder
	fmt.Fprintf(&b, "api %s: scheduled %d (%.0f/s) ok %d errors %d missed %d | p50 %s p99 %s max %s ms",
		clock(at), d.Scheduled, float64(d.Scheduled)/every.Seconds(), d.Done[outOK], d.Done[outHTTP], d.Missed,
		ms(lat.Quantile(0.5)), ms(lat.Quantile(0.99)), ms(lat.Max()))
	if n := len(pool); n > 0 {
		p := pool[n-1]
		fmt.Fprintf(&b, " | poold rss %s MiB cpu %.1f s", mib(p.RSS), p.CPU.Seconds())
		if n > 1 {
			q := pool[n-2]
			fmt.Fprintf(&b, " (%.0f%% of a core)", 100*(p.CPU-q.CPU).Seconds()/(p.At-q.At).Seconds())
		}
	}
	return b.String()
}

// Markdown is the result as a block to paste into docs/performance.md.
func (r *APIResult) Markdown() string {
	var b strings.Builder
	cfg := r.Config
	label := ""
	if cfg.Label != "" {
		label = ", " + cfg.Label
	}
	fmt.Fprintf(&b, "#### API load: %.0f requests/s open loop for %s%s\n\n", cfg.Rate, cfg.Duration, label)
	fmt.Fprintf(&b, "`poolload api --rate %.0f --duration %s --workers %d`: %d keep-alive workers asking for gzip, a backlog of %d;"+
		" latency from each request's scheduled time to its answer read (waiting for a worker included).\n\n",
		cfg.Rate, cfg.Duration, r.Workers, r.Workers, r.Backlog)
	b.WriteString("| call | sent | achieved /s | p50 ms | p90 ms | p99 ms | max ms | errors (HTTP / code / transport) | missed sends | bytes on the wire /answer |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	var all CallStats
	all.Name = "all"
	rows := append([]*CallStats{}, r.Calls...)
	for _, c := range r.Calls {
		all.merge(c)
	}
	if len(r.Calls) > 1 {
		rows = append(rows, &all)
	}
	for _, c := range rows {
		sent := c.Scheduled - c.Missed
		avg := int64(0)
		if n := c.Completed(); n > 0 {
			avg = c.WireBytes / int64(n)
		}
		fmt.Fprintf(&b, "| %s | %d | %.1f | %s | %s | %s | %s | %d (%d / %d / %d) | %d | %d |\n",
			c.Name, sent, float64(c.Done[outOK])/r.Elapsed.Seconds(),
			ms(c.Latency.Quantile(0.5)), ms(c.Latency.Quantile(0.9)), ms(c.Latency.Quantile(0.99)), ms(c.Latency.Max()),
			c.Errors(), c.Done[outHTTP], c.Done[outCode], c.Done[outTransport], c.Missed, avg)
	}
	fmt.Fprintf(&b, "\nWaiting for a free worker: p99 %s ms, max %s ms.", ms(all.Wait.Quantile(0.99)), ms(all.Wait.Max()))
	if n := len(r.Pool); n >= 2 {
		first, last := r.Pool[0], r.Pool[n-1]
		fmt.Fprintf(&b, " poold: RSS %s -> %s MiB, CPU %.1f s (%.0f%% of a core).",
			mib(first.RSS), mib(last.RSS), (last.CPU - first.CPU).Seconds(),
			100*(last.CPU-first.CPU).Seconds()/(last.At-first.At).Seconds())
	}
	fmt.Fprintf(&b, " Generator: CPU %.1f s, RSS %s MiB.", r.Client.CPU.Seconds(), mib(r.Client.RSS))
	if r.Idle.Sampled {
		fmt.Fprintf(&b, " %s.", r.Idle)
	}
	b.WriteString("\n")
	for _, c := range r.Calls {
		if c.FirstErr != "" {
			fmt.Fprintf(&b, "\nFirst error of %s: %s\n", c.Name, c.FirstErr)
		}
	}
	return b.String()
}

// ms formats a duration in milliseconds: 3 significant digits below 10 ms.
func ms(d time.Duration) string {
	v := float64(d) / float64(time.Millisecond)
	switch {
	case v < 10:
		return fmt.Sprintf("%.2f", v)
	case v < 100:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.0f", v)
}

// clock formats a time since the start as mm:ss (h:mm:ss past an hour).
func clock(d time.Duration) string {
	d = d.Round(time.Second)
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	if h > 0 {
		return fmt.Sprintf("%d:%02d:%02d", h, m, s)
	}
	return fmt.Sprintf("%02d:%02d", m, s)
}
