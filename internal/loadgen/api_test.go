package loadgen

import (
	"compress/gzip"
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestWeightedMix(t *testing.T) {
	mix := weightedMix([]APICall{{Weight: 2}, {Weight: 1}, {Weight: 0}, {Weight: 3}})
	count := map[int]int{}
	for _, c := range mix {
		count[c]++
	}
	if len(mix) != 6 || count[0] != 2 || count[1] != 1 || count[2] != 0 || count[3] != 3 {
		t.Fatalf("mix %v", mix)
	}
	// Spread, not grouped: within a cycle, the heaviest call never goes twice running.
	for i := 0; i+1 < len(mix); i++ {
		if mix[i] == 3 && mix[i+1] == 3 {
			t.Fatalf("mix %v groups call 3", mix)
		}
	}
}

// The answers are classified as the web app would take them: 2xx with code 0 is a success
// (gzipped or not), another code an error, a 5xx an HTTP error, a dropped connection a
// transport error; the schedule holds its rate whatever the answers.
func TestRunAPIClassifies(t *testing.T) {
	var gotGzip, gotToken atomic.Int64
	mux := http.NewServeMux()
	mux.HandleFunc("/api/ok", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept-Encoding") == "gzip" {
			gotGzip.Add(1)
			w.Header().Set("Content-Encoding", "gzip")
			zw := gzip.NewWriter(w)
			zw.Write([]byte(`{"code":0,"msg":"ok","data":[1,2,3]}`))
			zw.Close()
			return
		}
		w.Write([]byte(`{"code":0,"msg":"ok","data":null}`))
	})
	mux.HandleFunc("/api/code", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("x-token") != "" {
			gotToken.Add(1)
		}
		w.Write([]byte(`{"code":3,"msg":"no","data":null}`))
	})
	mux.HandleFunc("/api/http", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, `{"code":1,"msg":"boom"}`, http.StatusInternalServerError)
	})
	mux.HandleFunc("/api/drop", func(w http.ResponseWriter, r *http.Request) {
		conn, _, _ := w.(http.Hijacker).Hijack()
		conn.Close()
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	calls := []APICall{{Name: "ok", Path: "/api/ok", Weight: 1}, {Name: "code", Path: "/api/code", Weight: 1},
		{Name: "http", Path: "/api/http", Weight: 1}, {Name: "drop", Path: "/api/drop", Weight: 1}}
	res, err := RunAPI(context.Background(), APIConfig{Base: srv.URL, Rate: 200, Duration: time.Second, Workers: 8, Calls: calls})
	if err != nil {
		t.Fatal(err)
	}
	want := []int{outOK, outCode, outHTTP, outTransport}
	for i, c := range res.Calls {
		if c.Scheduled != 50 || c.Missed != 0 {
			t.Errorf("%s: scheduled %d missed %d, want 50 and 0", c.Name, c.Scheduled, c.Missed)
		}
		if c.Done[want[i]] != c.Scheduled || c.Completed() != c.Scheduled {
			t.Errorf("%s: outcomes %v, want all %d in class %d", c.Name, c.Done, c.Scheduled, want[i])
		}
		if c.Latency.Count() != c.Scheduled {
			t.Errorf("%s: %d latencies for %d requests", c.Name, c.Latency.Count(), c.Scheduled)
		}
	}
	if gotGzip.Load() == 0 || gotToken.Load() != 0 {
		t.Errorf("gzip asked %d times, a token sent %d times without a login", gotGzip.Load(), gotToken.Load())
	}
	if res.Calls[0].WireBytes == 0 || res.Calls[1].FirstErr != "code 3: no" {
		t.Errorf("wire bytes %d, first error %q", res.Calls[0].WireBytes, res.Calls[1].FirstErr)
	}
	md := res.Markdown()
	for _, s := range []string{"| ok | 50 |", "| all | 200 |", "First error of drop"} {
		if !strings.Contains(md, s) {
			t.Errorf("markdown lacks %q:\n%s", s, md)
		}
	}
}

// Open loop: a server slower than the schedule does not slow the schedule; what cannot
// wait is missed, and what waited counts its wait in the latency.
func TestRunAPIOpenLoop(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(100 * time.Millisecond)
		w.Write([]byte(`{"code":0,"msg":"ok","data":null}`))
	}))
	defer srv.Close()
	start := time.Now()
	res, err := RunAPI(context.Background(), APIConfig{Base: srv.URL, Rate: 100, Duration: time.Second, Workers: 2, Backlog: 2,
		Calls: []APICall{{Name: "slow", Path: "/api/slow", Weight: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	c := res.Calls[0]
	if c.Scheduled != 100 {
		t.Errorf("scheduled %d, want 100 whatever the server does", c.Scheduled)
	}
	// Two workers at 100 ms a request answer about 20 in a second, plus the backlog.
	if c.Missed < 60 || c.Completed()+c.Missed != c.Scheduled {
		t.Errorf("missed %d completed %d of %d", c.Missed, c.Completed(), c.Scheduled)
	}
	if c.Latency.Max() < 150*time.Millisecond {
		t.Errorf("max latency %v: the wait for a worker is not counted", c.Latency.Max())
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("took %v", took)
	}
}
