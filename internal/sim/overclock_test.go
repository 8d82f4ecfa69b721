package sim

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestSimulatedAgentAppliesAndAcknowledgesOverclocks: a pending request is pulled with the
// Uniplus ID, acknowledged with its version, and the GPUs report the new clocks after it.
func TestSimulatedAgentAppliesAndAcknowledgesOverclocks(t *testing.T) {
	var mu sync.Mutex
	var acks []map[string]any
	var reports []map[string]any
	served := false
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("x-uniplus-id") != "UP-test" {
			http.Error(w, "no id", http.StatusUnauthorized)
			return
		}
		mu.Lock()
		defer mu.Unlock()
		switch {
		case r.URL.Path == "/api/agent/v1/overclock/pending":
			if r.URL.Query().Get("worker") != "alice.rig01" {
				t.Errorf("pending asked for %q", r.URL.Query().Get("worker"))
			}
			if served {
				_, _ = io.WriteString(w, `{"code":0,"msg":"","data":null}`)
				return
			}
			served = true
			_, _ = io.WriteString(w, `{"code":0,"msg":"","data":{"version":7,"factory":false,"coreClock":150,"coreClockLock":null,
				"memClock":1000,"memClockLock":null,"power":200,"fan":null}}`)
		case r.URL.Path == "/api/agent/v1/overclock/ack":
			var body map[string]any
			_ = json.NewDecoder(r.Body).Decode(&body)
			acks = append(acks, body)
			_, _ = io.WriteString(w, `{"code":0,"msg":"","data":{"accepted":true,"version":7,"state":"applied"}}`)
		case r.URL.Path == "/api/agent/v1/report":
			var body map[string]any
			_ = json.NewDecoder(r.Body).Decode(&body)
			reports = append(reports, body)
			_, _ = io.WriteString(w, `{"code":0,"msg":"","data":{}}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()

	m := &Miner{Worker: "alice.rig01", Coin: "MINE", AgentURL: srv.URL, UniplusID: "UP-test"}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	client := &http.Client{Timeout: 5 * time.Second}
	if err := m.report(ctx, client); err != nil {
		t.Fatal(err)
	}
	for range 2 { // the second pull finds nothing pending and acknowledges nothing
		if err := m.pullOverclock(ctx, client); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.report(ctx, client); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(acks) != 1 || acks[0]["version"] != float64(7) || acks[0]["status"] != "applied" || acks[0]["worker"] != "alice.rig01" {
		t.Fatalf("acks = %v, want one applied ack of version 7", acks)
	}
	clocks := func(rep map[string]any) string {
		g := rep["gpus"].([]any)[0].(map[string]any)
		b, _ := json.Marshal(map[string]any{"core": g["coreClock"], "mem": g["memoryClock"], "power": g["power"]})
		return string(b)
	}
	if before := clocks(reports[0]); !strings.Contains(before, `"core":1500`) || !strings.Contains(before, `"mem":7001`) {
		t.Fatalf("factory report %s", before)
	}
	if after := clocks(reports[1]); after != `{"core":1650,"mem":8001,"power":200}` {
		t.Fatalf("report after the overclock %s, want core 1650, memory 8001, power 200", after)
	}
}
