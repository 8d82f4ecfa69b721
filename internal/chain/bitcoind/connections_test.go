package bitcoind

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// connState is what a dropping node knows of one connection.
type connState struct {
	requests int       // requests read on it so far
	idleFrom time.Time // when it last finished answering
}

type connKey struct{}

// droppingNode is a fakeNode behind a server that, like a node closing connections,
// sometimes reads a request and closes the connection without answering: the client
// sees EOF. drop decides, from the method and the connection, before the node acts;
// acted makes the node act first and then drop (the answer is lost, not the request).
type droppingNode struct {
	*fakeNode
	mu      sync.Mutex
	drop    func(method string, c *connState) (drop, acted bool)
	seen    map[string]int // requests that reached the server, by method
	dropped map[string]int
}

func startDroppingNode(t *testing.T, cfg Config) (*droppingNode, *Client) {
	t.Helper()
	d := &droppingNode{fakeNode: newFakeNode(t), seen: map[string]int{}, dropped: map[string]int{}}
	srv := httptest.NewUnstartedServer(d)
	srv.Config.ConnContext = func(ctx context.Context, _ net.Conn) context.Context {
		return context.WithValue(ctx, connKey{}, &connState{})
	}
	srv.Start()
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(d.stop) })
	cfg.URL, cfg.User, cfg.Password = srv.URL, "u", "p"
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return d, c
}

func (d *droppingNode) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req struct{ Method string }
	_ = json.Unmarshal(body, &req)
	cs := r.Context().Value(connKey{}).(*connState)
	d.mu.Lock()
	cs.requests++
	d.seen[req.Method]++
	drop, acted := false, false
	if d.drop != nil {
		drop, acted = d.drop(req.Method, cs)
	}
	if drop {
		d.dropped[req.Method]++
	}
	d.mu.Unlock()
	r.Body = io.NopCloser(bytes.NewReader(body))
	if drop {
		if acted {
			d.fakeNode.ServeHTTP(httptest.NewRecorder(), r)
		}
		conn, _, err := w.(http.Hijacker).Hijack()
		if err == nil {
			conn.Close()
		}
		return
	}
	d.fakeNode.ServeHTTP(w, r)
	d.mu.Lock()
	cs.idleFrom = time.Now()
	d.mu.Unlock()
}

func (d *droppingNode) count(m map[string]int, method string) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return m[method]
}

// The node closes connections idle longer than its timeout; a request that arrives on
// one as it does so is lost (EOF). The driver closes idle connections first, so it never
// sends on one: with Go's 90 s default it did, and 22% of template refreshes failed.
func TestIdleConnectionsClosedBeforeTheNodeDoes(t *testing.T) {
	const nodeIdle = 300 * time.Millisecond
	d, c := startDroppingNode(t, Config{IdleTimeout: nodeIdle / 3})
	d.result("getbestblockhash", `"00"`)
	d.drop = func(_ string, cs *connState) (bool, bool) {
		return cs.requests > 1 && time.Since(cs.idleFrom) > nodeIdle, false
	}
	ctx := context.Background()
	for i := 0; i < 3; i++ {
		var h string
		if err := c.Call(ctx, false, "getbestblockhash", &h); err != nil {
			t.Fatalf("call %d: %v", i, err)
		}
		time.Sleep(nodeIdle + 100*time.Millisecond) // longer than the node keeps a connection
	}
	if n := d.count(d.dropped, "getbestblockhash"); n != 0 {
		t.Fatalf("%d requests went out on connections the node had closed", n)
	}
}

// A call that changes nothing is asked again once when its connection breaks; a call
// that moves money never is.
func TestBrokenConnectionRetriesOnlyWhatIsSafe(t *testing.T) {
	d, c := startDroppingNode(t, Config{})
	d.result("getblockcount", "7")
	d.result("sendtoaddress", `"`+strings64("ab")+`"`)
	d.drop = func(_ string, cs *connState) (bool, bool) { return cs.requests > 1, false } // every reused connection breaks
	ctx := context.Background()
	var n int
	for i := 0; i < 3; i++ {
		if err := c.Call(ctx, false, "getblockcount", &n); err != nil || n != 7 {
			t.Fatalf("getblockcount %d: %d, %v", i, n, err)
		}
	}
	if d.count(d.dropped, "getblockcount") == 0 {
		t.Fatal("no connection was reused: the test proves nothing")
	}
	// sendtoaddress on a reused connection breaks and is not sent again.
	_, err := c.Send(ctx, "addr", 1000, "")
	if err == nil {
		t.Fatal("a send over a broken connection reported success")
	}
	if seen := d.count(d.seen, "sendtoaddress"); seen != 1 {
		t.Fatalf("sendtoaddress reached the node %d times", seen)
	}
	// A node that answers is not asked again, even with an error.
	d.drop = nil
	d.on("getblockhash", func([]json.RawMessage) (string, *RPCError) {
		return "", &RPCError{Code: CodeInvalidParameter, Message: "Block height out of range"}
	})
	var h string
	if err := c.Call(ctx, false, "getblockhash", &h, 99); !errors.As(err, new(*RPCError)) {
		t.Fatalf("getblockhash: %v", err)
	}
	if seen := d.count(d.seen, "getblockhash"); seen != 1 {
		t.Fatalf("an answered call was repeated: %d", seen)
	}
}

// A found block is sent again until the node answers: three lost attempts, then it is
// accepted. When the node had taken it before the connection broke, its "duplicate"
// answer to the next attempt counts as accepted.
func TestSubmitBlockSurvivesBrokenConnections(t *testing.T) {
	d, c := startDroppingNode(t, Config{})
	var mu sync.Mutex
	have := false
	d.on("submitblock", func([]json.RawMessage) (string, *RPCError) {
		mu.Lock()
		defer mu.Unlock()
		if have {
			return `"duplicate"`, nil
		}
		have = true
		return "null", nil
	})
	d.drop = func(method string, _ *connState) (bool, bool) {
		return method == "submitblock" && d.dropped["submitblock"] < 3, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := c.SubmitBlock(ctx, []byte{1, 2, 3}); err != nil {
		t.Fatalf("after three lost attempts: %v", err)
	}
	if seen := d.count(d.seen, "submitblock"); seen != 4 {
		t.Fatalf("submitblock reached the node %d times, want 4", seen)
	}

	// The node takes the block, and the answer is lost with the connection.
	mu.Lock()
	have = false
	mu.Unlock()
	d.mu.Lock()
	d.dropped = map[string]int{}
	d.mu.Unlock()
	d.drop = func(method string, _ *connState) (bool, bool) {
		return method == "submitblock" && d.dropped["submitblock"] < 1, true
	}
	if err := c.SubmitBlock(ctx, []byte{1, 2, 3}); err != nil {
		t.Fatalf("answer lost, then duplicate: %v", err)
	}
	// Without a lost attempt, "duplicate" is the node's verdict on a block it already had.
	d.drop = nil
	if err := c.SubmitBlock(ctx, []byte{1, 2, 3}); err == nil {
		t.Fatal("a first-time duplicate counted as accepted")
	}
}

func strings64(pair string) string {
	out := make([]byte, 0, 64)
	for len(out) < 64 {
		out = append(out, pair...)
	}
	return string(out)
}

// Observe hears of every call, with its method and outcome.
func TestObserveHook(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	d, c := startDroppingNode(t, Config{Observe: func(method string, took time.Duration, err error) {
		mu.Lock()
		defer mu.Unlock()
		seen = append(seen, fmt.Sprintf("%s %v", method, err != nil))
	}})
	d.result("getblockcount", "7")
	var n int
	_ = c.Call(context.Background(), false, "getblockcount", &n)
	_ = c.Call(context.Background(), false, "nosuchmethod", nil)
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 2 || seen[0] != "getblockcount false" || seen[1] != "nosuchmethod true" {
		t.Fatalf("observed %v", seen)
	}
}
