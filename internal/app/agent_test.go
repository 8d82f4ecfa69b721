package app

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/pool"
)

// TestAgentOnceReportsToAFakePool runs `poold agent --once` as a rig would, against a fake
// pool that answers reports as the pool does (checked with pool.ParseReport, and against
// openapi.json by this package's contract transport) and has no overclock waiting (data
// null; the whole overclock flow is tested in internal/agent and internal/overclock), and
// a fake T-Rex API serving a recorded /summary.
func TestAgentOnceReportsToAFakePool(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the agent reads /proc")
	}
	const id = "UP-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	var (
		mu      sync.Mutex
		reports []pool.Report
		paths   []string
	)
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		paths = append(paths, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery)
		w.Header().Set("Content-Type", "application/json")
		if r.Header.Get(pool.AgentHeader) != id {
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = io.WriteString(w, `{"code":4,"msg":"unknown Uniplus ID","data":null}`)
			return
		}
		switch r.URL.Path {
		case "/api/agent/v1/report":
			body, _ := io.ReadAll(r.Body)
			rep, err := pool.ParseReport(body)
			if err != nil {
				t.Errorf("the pool refuses the report: %v\n%s", err, body)
				w.WriteHeader(http.StatusBadRequest)
				_, _ = io.WriteString(w, `{"code":3,"msg":"bad report","data":null}`)
				return
			}
			reports = append(reports, rep)
			_, _ = io.WriteString(w, `{"code":0,"msg":"ok","data":{"deviceId":7,"status":"normal"}}`)
		case "/api/agent/v1/overclock/pending":
			_, _ = io.WriteString(w, `{"code":0,"msg":"ok","data":null}`)
		default:
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, `{"code":3,"msg":"not found","data":null}`)
		}
	}))
	defer fake.Close()
	summary, err := os.ReadFile("../agent/testdata/trex/summary-api_3-3.json")
	if err != nil {
		t.Fatal(err)
	}
	trex := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write(summary) }))
	defer trex.Close()

	idFile := filepath.Join(t.TempDir(), "uniplus", "uniplus-id")
	var out, errOut bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	args := []string{"agent", "--pool", fake.URL + "/", "--uniplus-id", id, "--id-file", idFile, "--coin", "btc",
		"--worker", "demo_main.rig07", "--miner-api", trex.URL, "--once"}
	if err := Run(ctx, args, noEnv, nil, &out, &errOut); err != nil {
		t.Fatalf("agent: %v\n%s", err, errOut.String())
	}
	mu.Lock()
	if len(reports) != 1 {
		t.Fatalf("%d reports; calls %v", len(reports), paths)
	}
	rep := reports[0]
	h := rep.Hardware
	if rep.Worker != "demo_main.rig07" || rep.Coin != "BTC" || h.MinerSoftware != "t-rex" || h.MinerVersion != "0.19.5" ||
		h.MinerRunning == nil || !*h.MinerRunning || h.CPUModel == "" || h.OS == "" || h.MemTotal == nil || *h.MemTotal <= 0 ||
		h.DiskTotal == nil || h.CPUUsage == nil || h.RunningPool != "stratum+ssl://eu1.ethermine.org:5555" {
		t.Errorf("report %+v", h)
	}
	if want := "GET /api/agent/v1/overclock/pending?worker=rig07"; len(paths) != 2 || paths[1] != want {
		t.Errorf("calls %v, want the report then %q", paths, want)
	}
	if data, err := os.ReadFile(idFile); err != nil || strings.TrimSpace(string(data)) != id {
		t.Errorf("ID file: %q %v", data, err)
	}
	if !strings.Contains(out.String(), "reported demo_main.rig07: device 7 normal") {
		t.Errorf("output %q", out.String())
	}
	mu.Unlock()

	// The ID now comes from the file; a bad flag is refused before anything is sent.
	if err := Run(ctx, []string{"agent", "--pool", fake.URL, "--id-file", idFile, "--coin", "BTC", "--worker", "rig07", "--once"},
		noEnv, nil, io.Discard, io.Discard); err != nil {
		t.Errorf("second run from the ID file: %v", err)
	}
	for _, bad := range [][]string{
		{"agent", "--coin", "BTC", "--id-file", idFile},
		{"agent", "--pool", "ftp://x", "--coin", "BTC", "--id-file", idFile},
		{"agent", "--pool", fake.URL, "--id-file", idFile},
		{"agent", "--pool", fake.URL, "--coin", "BTC", "--id-file", idFile, "--worker", "bad name!"},
		{"agent", "--pool", fake.URL, "--coin", "BTC", "--id-file", idFile, "--every", "1s"},
	} {
		if err := Run(ctx, bad, noEnv, nil, io.Discard, io.Discard); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(reports) != 2 {
		t.Errorf("%d reports after the refused runs", len(reports))
	}
}
