package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/pool"
)

// fakePool implements the agent API the way the pool does (report checked with
// pool.ParseReport, the x-uniplus-id header, the code/msg/data envelope) and the
// overclock contract: GET .../pending?worker= answers data null or a pending overclock,
// POST .../ack takes {worker, version, status, message}.
type fakePool struct {
	t       *testing.T
	id      string
	mu      sync.Mutex
	reports []pool.Report
	acks    []Ack
	pending map[string]*Pending // by worker suffix
	fail    int                 // answer this many reports with 503 first
}

func (f *fakePool) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	answer := func(status, code int, msg string, data any) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_ = json.NewEncoder(w).Encode(map[string]any{"code": code, "msg": msg, "data": data})
	}
	if r.Header.Get(pool.AgentHeader) != f.id {
		answer(http.StatusUnauthorized, 401, "unknown Uniplus ID", nil)
		return
	}
	switch r.Method + " " + r.URL.Path {
	case "POST /api/agent/v1/report":
		if f.fail > 0 {
			f.fail--
			answer(http.StatusServiceUnavailable, 3, "busy", nil)
			return
		}
		body, _ := io.ReadAll(r.Body)
		rep, err := pool.ParseReport(body)
		if err != nil {
			f.t.Errorf("the pool refuses the report: %v\n%s", err, body)
			answer(http.StatusBadRequest, 3, err.Error(), nil)
			return
		}
		f.reports = append(f.reports, rep)
		answer(http.StatusOK, 0, "ok", map[string]any{"deviceId": 42, "status": rep.Status()})
	case "GET /api/agent/v1/overclock/pending":
		answer(http.StatusOK, 0, "ok", f.pending[r.URL.Query().Get("worker")])
	case "POST /api/agent/v1/overclock/ack":
		var a Ack
		dec := json.NewDecoder(r.Body)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&a); err != nil || (a.Status != AckApplied && a.Status != AckFailed) {
			answer(http.StatusBadRequest, 3, "bad ack", nil)
			return
		}
		f.acks = append(f.acks, a)
		if p := f.pending[a.Worker]; p != nil && p.Version == a.Version {
			delete(f.pending, a.Worker)
		}
		answer(http.StatusOK, 0, "ok", nil)
	default:
		answer(http.StatusNotFound, 3, "not found", nil)
	}
}

// recordedRig is a Collector over the recorded files: /proc and os-release of this
// machine, the RTX 2080 SUPER's nvidia-smi answer projected to the agent's query, and
// T-Rex's recorded summary from a fake miner API.
func recordedRig(t *testing.T) (*Collector, *RecordRunner) {
	trex := read(t, "trex/summary-api_3-3.json")
	miner := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/summary" {
			http.NotFound(w, r)
			return
		}
		_, _ = w.Write(trex)
	}))
	t.Cleanup(miner.Close)
	q := &RecordRunner{Answers: map[string]Answer{
		CommandLine("nvidia-smi", NvidiaQueryArgs()...): {Out: project(t, read(t, "nvidia-smi/rtx-2080-super_595.71.05_load.csv"))},
	}}
	return &Collector{
		Root: "testdata", Query: q, MinerAPI: miner.URL, CPUInterval: time.Millisecond,
		Disk: func(string) (int64, int64, error) { return 64 << 30, 9 << 30, nil },
		Addrs: func() ([]net.Addr, error) {
			return []net.Addr{&net.IPNet{IP: net.ParseIP("192.168.1.50"), Mask: net.CIDRMask(24, 32)}}, nil
		},
	}, q
}

func TestCycleReportsAndAppliesOverclock(t *testing.T) {
	fp := &fakePool{t: t, id: idA, fail: 2, pending: map[string]*Pending{"rig01": {Version: 5, Power: ptr(200.0), CoreClockLock: ptr(1500.0), Fan: ptr(60.0)}}}
	srv := httptest.NewServer(fp)
	defer srv.Close()
	col, _ := recordedRig(t)
	change := &RecordRunner{Answers: map[string]Answer{"nvidia-smi": {}}}
	var out bytes.Buffer
	a := &Agent{Client: &Client{Base: srv.URL, ID: idA, Backoff: time.Millisecond}, Collector: col, Worker: "demo_main.rig01",
		Coin: "BTC", Change: change, Out: &out}
	if err := a.Run(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	if len(fp.reports) != 1 {
		t.Fatalf("%d reports (two 503s are retried)", len(fp.reports))
	}
	rep := fp.reports[0]
	h := rep.Hardware
	if rep.Worker != "demo_main.rig01" || rep.Coin != "BTC" || h.CPUModel != "AMD EPYC" || h.OS != "Debian GNU/Linux" || h.OSVersion != "12" ||
		h.MinerSoftware != "t-rex" || h.MinerVersion != "0.19.5" || h.MinerRunning == nil || !*h.MinerRunning ||
		h.DriverVersion != "595.71.05" || h.IntranetIP != "192.168.1.50" || h.RunningPool != "stratum+ssl://eu1.ethermine.org:5555" {
		t.Errorf("hardware %+v", h)
	}
	if *h.MemTotal != 24683620*1024 || *h.MemUsed != (24683620-23884492)*1024 || *h.DiskTotal != 64<<30 || *h.DiskUsed != 9<<30 {
		t.Errorf("sizes %d %d %d %d", *h.MemTotal, *h.MemUsed, *h.DiskTotal, *h.DiskUsed)
	}
	if len(rep.GPUs) != 1 {
		t.Fatalf("gpus %+v", rep.GPUs)
	}
	g := rep.GPUs[0]
	if g.Model != "NVIDIA GeForce RTX 2080 SUPER" || g.Status != pool.GPUUp || g.Manufacturer != "NVIDIA" {
		t.Errorf("gpu %+v", g)
	}
	eq(t, "hashrate (T-Rex device 0)", g.Hashrate, 91189394)
	eq(t, "temperature", g.Temperature, 45)
	eq(t, "fan", g.Fan, 38)
	eq(t, "power", g.Power, 111.5)
	eq(t, "core", g.CoreClock, 2055)
	eq(t, "memory clock (GDDR6, effective)", g.MemoryClock, 7500)
	if rep.Status() != pool.StatusNormal {
		t.Errorf("status %s", rep.Status())
	}
	// The overclock: applied with nvidia-smi, acknowledged, the fan named as not settable.
	if got := change.Calls(); strings.Join(got, "|") != "nvidia-smi -i 0 -pl 200.00|nvidia-smi -i 0 -lgc 1500,1500|nvidia-smi -i 0 -rmc" {
		t.Errorf("commands %v", got)
	}
	if len(fp.acks) != 1 || fp.acks[0].Worker != "rig01" || fp.acks[0].Version != 5 || fp.acks[0].Status != AckApplied ||
		!strings.Contains(fp.acks[0].Message, "fan 60% not applied") {
		t.Errorf("acks %+v", fp.acks)
	}
	if !strings.Contains(out.String(), "reported demo_main.rig01: device 42 normal, 1 GPU(s)") {
		t.Errorf("output %q", out.String())
	}
}

func TestDryRunPrintsAndAcknowledgesNothing(t *testing.T) {
	fp := &fakePool{t: t, id: idA, pending: map[string]*Pending{"rig01": {Version: 6, Factory: true}}}
	srv := httptest.NewServer(fp)
	defer srv.Close()
	col, query := recordedRig(t)
	var out bytes.Buffer
	a := &Agent{Client: &Client{Base: srv.URL, ID: idA}, Collector: col, Worker: "rig01", Coin: "BTC",
		Change: PrintRunner{Out: &out}, DryRun: true, Out: &out}
	for range 2 {
		if err := a.Cycle(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	o := out.String()
	for _, s := range []string{"dry-run: nvidia-smi -i 0 -pl 250.00\n", "dry-run: nvidia-smi -i 0 -rgc\n", "dry-run: nvidia-smi -i 0 -rmc\n",
		"overclock version 6 not applied and not acknowledged"} {
		if strings.Count(o, s) != 1 {
			t.Errorf("output has %q %d times (want once):\n%s", s, strings.Count(o, s), o)
		}
	}
	if len(fp.acks) != 0 || fp.pending["rig01"] == nil {
		t.Errorf("a dry run acknowledged: %+v", fp.acks)
	}
	for _, c := range query.Calls() {
		if !strings.Contains(c, "--query-gpu") && !strings.HasPrefix(c, "rocm-smi") {
			t.Errorf("a dry run ran %q", c)
		}
	}
}

func TestRunStopsOnUnknownID(t *testing.T) {
	srv := httptest.NewServer(&fakePool{t: t, id: idB})
	defer srv.Close()
	col, _ := recordedRig(t)
	a := &Agent{Client: &Client{Base: srv.URL, ID: idA}, Collector: col, Worker: "rig01", Coin: "BTC", Every: time.Hour}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := a.Run(ctx, false)
	if err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("want the 401 to stop the agent, got %v", err)
	}
}

func TestClientStopsRetryingOnCancel(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close() // nothing listens: every try is a network error
	c := &Client{Base: "http://" + addr, ID: idA, Tries: 100, Backoff: 50 * time.Millisecond}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	if _, err := c.PostReport(ctx, pool.Report{}); err == nil {
		t.Fatal("no error")
	}
	if time.Since(start) > 3*time.Second {
		t.Errorf("retries went on after the context ended: %s", time.Since(start))
	}
}

func TestCollectOnThisMachine(t *testing.T) {
	if _, err := os.Stat("/proc/stat"); err != nil {
		t.Skip("no /proc")
	}
	c := &Collector{Query: &RecordRunner{}, CPUInterval: 50 * time.Millisecond}
	f := c.Collect(context.Background())
	rep := pool.Report{Worker: "rig01", Coin: "BTC", Hardware: f.Hardware, GPUs: f.GPUs}
	body, _ := json.Marshal(rep)
	if _, err := pool.ParseReport(body); err != nil {
		t.Fatalf("the pool refuses this machine's report: %v\n%s", err, body)
	}
	if f.Hardware.MemTotal == nil || f.Hardware.DiskTotal == nil || f.Hardware.CPUUsage == nil || f.Hardware.CPUModel == "" {
		t.Errorf("missing facts %+v (%v)", f.Hardware, f.Problems)
	}
}
