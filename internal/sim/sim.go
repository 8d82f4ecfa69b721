// Package sim is a fleet of simulated miners: each connects to a pool's stratum port over
// TCP, takes the jobs and difficulty the pool sets, and really hashes (on the CPU, at a
// rate it can be held to), submitting the shares it finds. Each miner measures its own
// hash rate, so the pool's figures can be checked against it. With an agent URL, each
// miner also reports rig telemetry to the pool's agent API.
package sim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// Miner is one simulated rig.
type Miner struct {
	Addr      string  // stratum host:port
	Worker    string  // <sub-account>.<suffix>
	Algorithm string  // sha256d or scrypt (what the pool's jobs hash with)
	RateLimit float64 // hashes per second at most; 0 = as fast as one core goes
	UserAgent string
	// AgentURL and UniplusID, when set, make the miner post telemetry reports every
	// AgentEvery to AgentURL + "/api/agent/v1/report".
	AgentURL   string
	UniplusID  string
	AgentEvery time.Duration
	// OverclockEvery is how often the agent asks for pending overclock settings (default
	// 10 s); it applies them to the GPUs it reports and acknowledges them.
	OverclockEvery time.Duration
	Coin           string
	Log            *slog.Logger

	ocMu sync.Mutex
	oc   overclock // the settings applied last; zero is factory

	hashes   atomic.Uint64
	accepted atomic.Uint64
	rejected atomic.Uint64
	started  atomic.Int64
}

// Stats is what a miner measured itself.
type Stats struct {
	Worker   string
	Hashes   uint64
	Accepted uint64
	Rejected uint64
	Elapsed  time.Duration
	HashRate float64 // hashes / elapsed seconds
}

// Stats reports what the miner has done so far.
func (m *Miner) Stats() Stats {
	el := time.Duration(0)
	if s := m.started.Load(); s != 0 {
		el = time.Since(time.Unix(0, s))
	}
	st := Stats{Worker: m.Worker, Hashes: m.hashes.Load(), Accepted: m.accepted.Load(), Rejected: m.rejected.Load(), Elapsed: el}
	if el > 0 {
		st.HashRate = float64(st.Hashes) / el.Seconds()
	}
	return st
}

func (m *Miner) log() *slog.Logger {
	if m.Log != nil {
		return m.Log
	}
	return slog.New(slog.DiscardHandler)
}

// Run mines until ctx ends, reconnecting after a lost connection.
func (m *Miner) Run(ctx context.Context) {
	m.started.CompareAndSwap(0, time.Now().UnixNano())
	if m.AgentURL != "" && m.UniplusID != "" {
		go m.reportLoop(ctx)
		go m.overclockLoop(ctx)
	}
	for ctx.Err() == nil {
		err := m.session(ctx)
		if ctx.Err() != nil {
			return
		}
		m.log().Warn("sim: connection ended", "worker", m.Worker, "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(2 * time.Second):
		}
	}
}

// chunk is how many nonces are tried between looks at the job queue and the rate limit.
const chunk = 2048

func (m *Miner) session(ctx context.Context) error {
	c, err := stratum.Dial(ctx, m.Addr, stratum.ClientOptions{UserAgent: m.UserAgent})
	if err != nil {
		return err
	}
	defer c.Close()
	en1, en2Size, err := c.Subscribe(ctx)
	if err != nil {
		return err
	}
	if err := c.Authorize(ctx, m.Worker, "x"); err != nil {
		return err
	}
	var job *stratum.Job
	select {
	case job = <-c.Jobs():
	case <-ctx.Done():
		return nil
	}
	en2 := make([]byte, en2Size)
	var en2n uint64
	nonce := uint32(0)
	windowStart, windowHashes := time.Now(), 0.0
	for ctx.Err() == nil {
		select {
		case j, ok := <-c.Jobs():
			if !ok {
				return errors.New("connection closed")
			}
			job, nonce = j, 0
			en2n++
		default:
		}
		for i := range en2 {
			en2[len(en2)-1-i] = byte(en2n >> (8 * i))
		}
		target := chain.DifficultyToTarget(c.Difficulty(), m.Algorithm)
		sol, found, err := mining.Solve(job, m.Algorithm, en1, en2, job.NTime, target, nonce, chunk)
		if err != nil {
			return err
		}
		m.hashes.Add(uint64(sol.Tries))
		windowHashes += float64(sol.Tries)
		if found {
			// A share on the wire when the run ends still gets its answer: the pool counts
			// it, so the miner must too (the two tallies are compared).
			subCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			err := c.Submit(subCtx, m.Worker, job.ID, en2, job.NTime, sol.Nonce, 0)
			cancel()
			var se *stratum.Error
			switch {
			case err == nil:
				m.accepted.Add(1)
			case errors.As(err, &se):
				m.rejected.Add(1)
			default:
				return err
			}
			nonce = sol.Nonce + 1
		} else {
			nonce += chunk
		}
		if nonce < chunk { // the nonce space wrapped: new extranonce2
			en2n++
		}
		// Hold the rate: sleep off what was hashed ahead of the limit.
		if m.RateLimit > 0 {
			ahead := time.Duration(windowHashes/m.RateLimit*float64(time.Second)) - time.Since(windowStart)
			if ahead > 0 {
				select {
				case <-ctx.Done():
					return nil
				case <-time.After(ahead):
				}
			}
			if time.Since(windowStart) > 10*time.Second {
				windowStart, windowHashes = time.Now(), 0
			}
		}
	}
	return nil
}

// reportLoop posts agent reports with plausible telemetry derived from the measured rate.
func (m *Miner) reportLoop(ctx context.Context) {
	every := m.AgentEvery
	if every <= 0 {
		every = time.Minute
	}
	client := &http.Client{Timeout: 10 * time.Second}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		if err := m.report(ctx, client); err != nil && ctx.Err() == nil {
			m.log().Warn("sim: agent report", "worker", m.Worker, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

func (m *Miner) report(ctx context.Context, client *http.Client) error {
	f := func(v float64) *float64 { return &v }
	i := func(v int64) *int64 { return &v }
	running := true
	rate := m.Stats().HashRate
	m.ocMu.Lock()
	oc := m.oc
	m.ocMu.Unlock()
	core, mem, power, fan := oc.apply(1500, 7001, 115+rand.Float64()*10, 50+rand.Float64()*20)
	gpus := make([]map[string]any, 2)
	for k := range gpus {
		gpus[k] = map[string]any{"index": k, "model": "RTX 3070", "status": "up", "hashrate": rate / 2,
			"temperature": 55 + rand.Float64()*10, "fan": fan, "power": power,
			"coreClock": core, "memoryClock": mem, "memoryModel": "GDDR6 Samsung", "manufacturer": "NVIDIA"}
	}
	body, _ := json.Marshal(map[string]any{
		"worker": m.Worker, "coin": m.Coin,
		"hardware": map[string]any{"cpuModel": "Intel Celeron G3930", "cpuTemp": f(42), "cpuUsage": f(12), "memTotal": i(8 << 30),
			"memUsed": i(2 << 30), "diskTotal": i(64 << 30), "diskUsed": i(9 << 30), "os": "Uniplus OS", "osVersion": "1.4.2",
			"driverVersion": "550.54", "minerSoftware": "uniplus-sim", "minerVersion": "1.0", "minerRunning": &running,
			"intranetIp": "192.168.1.50", "region": "Lab", "runningPool": m.Addr},
		"gpus": gpus,
	})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.AgentURL+"/api/agent/v1/report", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-uniplus-id", m.UniplusID)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("agent report: HTTP %d", resp.StatusCode)
	}
	return nil
}

// Fleet runs miners together.
type Fleet struct {
	Miners []*Miner
	wg     sync.WaitGroup
}

// Start runs every miner until ctx ends.
func (f *Fleet) Start(ctx context.Context) {
	for _, m := range f.Miners {
		f.wg.Add(1)
		go func() { defer f.wg.Done(); m.Run(ctx) }()
	}
}

// Wait waits for the miners to stop.
func (f *Fleet) Wait() { f.wg.Wait() }

// Stats is every miner's self-measured figures.
func (f *Fleet) Stats() []Stats {
	out := make([]Stats, len(f.Miners))
	for i, m := range f.Miners {
		out[i] = m.Stats()
	}
	return out
}

// overclock is a pending request's settings as the agent API gives them (null: unset).
type overclock struct {
	Version       int64  `json:"version"`
	Factory       bool   `json:"factory"`
	CoreClock     *int64 `json:"coreClock"`
	CoreClockLock *int64 `json:"coreClockLock"`
	MemClock      *int64 `json:"memClock"`
	MemClockLock  *int64 `json:"memClockLock"`
	Power         *int64 `json:"power"`
	Fan           *int64 `json:"fan"`
}

// apply gives the clocks (MHz), power (W) and fan (%) a GPU reports under the settings,
// from its factory figures: offsets add, locks replace, power and fan 0 mean factory.
func (o overclock) apply(core, mem, power, fan float64) (float64, float64, float64, float64) {
	if o.CoreClock != nil {
		core += float64(*o.CoreClock)
	}
	if o.CoreClockLock != nil && *o.CoreClockLock > 0 {
		core = float64(*o.CoreClockLock)
	}
	if o.MemClock != nil {
		mem += float64(*o.MemClock)
	}
	if o.MemClockLock != nil && *o.MemClockLock > 0 {
		mem = float64(*o.MemClockLock)
	}
	if o.Power != nil && *o.Power > 0 {
		power = float64(*o.Power)
	}
	if o.Fan != nil && *o.Fan > 0 {
		fan = float64(*o.Fan)
	}
	return core, mem, power, fan
}

// overclockLoop asks for pending settings, applies them to the simulated GPUs and
// acknowledges them, as poold agent does with nvidia-smi.
func (m *Miner) overclockLoop(ctx context.Context) {
	every := m.OverclockEvery
	if every <= 0 {
		every = 10 * time.Second
	}
	client := &http.Client{Timeout: 10 * time.Second}
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		if err := m.pullOverclock(ctx, client); err != nil && ctx.Err() == nil {
			m.log().Warn("sim: overclock", "worker", m.Worker, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

func (m *Miner) pullOverclock(ctx context.Context, client *http.Client) error {
	var pending struct {
		Code int        `json:"code"`
		Msg  string     `json:"msg"`
		Data *overclock `json:"data"`
	}
	if err := m.agentCall(ctx, client, http.MethodGet, "/api/agent/v1/overclock/pending?worker="+url.QueryEscape(m.Worker), nil, &pending); err != nil {
		return err
	}
	if pending.Code != 0 {
		return fmt.Errorf("pending: code %d %s", pending.Code, pending.Msg)
	}
	if pending.Data == nil {
		return nil
	}
	m.ocMu.Lock()
	m.oc = *pending.Data
	if m.oc.Factory {
		m.oc = overclock{Version: pending.Data.Version}
	}
	m.ocMu.Unlock()
	var ack struct {
		Code int    `json:"code"`
		Msg  string `json:"msg"`
	}
	body := map[string]any{"worker": m.Worker, "version": pending.Data.Version, "status": "applied", "message": "applied by the simulated agent"}
	if err := m.agentCall(ctx, client, http.MethodPost, "/api/agent/v1/overclock/ack", body, &ack); err != nil {
		return err
	}
	if ack.Code != 0 {
		return fmt.Errorf("ack: code %d %s", ack.Code, ack.Msg)
	}
	m.log().Info("sim: overclock applied", "worker", m.Worker, "version", pending.Data.Version)
	return nil
}

// agentCall calls the pool's agent API with the Uniplus ID and decodes the envelope.
func (m *Miner) agentCall(ctx context.Context, client *http.Client, method, path string, body any, out any) error {
	var rd io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequestWithContext(ctx, method, m.AgentURL+path, rd)
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("x-uniplus-id", m.UniplusID)
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	return json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(out)
}
