package stratum

import (
	"context"
	"errors"
	"net"
	"sync"
	"testing"
	"time"
)

// observingHandler is fakeHandler that also records protocol-level rejects.
type observingHandler struct {
	fakeHandler
	mu    sync.Mutex
	codes map[string][]int
}

func (h *observingHandler) Rejected(_ *SessionInfo, worker string, _ float64, e *Error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.codes[worker] = append(h.codes[worker], e.Code)
}

// A handler that observes rejects hears of stale and duplicate shares of its authorized
// workers, which never reach Submit; shares naming an unauthorized worker are not reported.
func TestRejectObserverHearsProtocolRejects(t *testing.T) {
	h := &observingHandler{codes: map[string][]int{}}
	srv, err := NewServer(Config{Logger: quietLogger()}, h)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Close(ctx)
		if err := <-done; !errors.Is(err, ErrServerClosed) {
			t.Errorf("serve: %v", err)
		}
	})
	srv.Broadcast(testJob("j1", true, nowNTime()))
	w := dialWire(t, ln.Addr().String())
	w.handshake("acct.rig1")
	en2, nt := "00000001", hexNTime(nowNTime())
	if m := w.call("mining.submit", "acct.rig1", "j1", en2, nt, "00000001"); string(m.Result) != "true" {
		t.Fatalf("first share: %s %v", m.Result, m.Error)
	}
	w.call("mining.submit", "acct.rig1", "j1", en2, nt, "00000001")   // duplicate
	w.call("mining.submit", "acct.rig1", "gone", en2, nt, "00000002") // stale
	w.call("mining.submit", "other.rig", "j1", en2, nt, "00000003")   // not authorized here
	eventually(t, 2*time.Second, "observer calls", func() bool {
		h.mu.Lock()
		defer h.mu.Unlock()
		return len(h.codes["acct.rig1"]) == 2
	})
	h.mu.Lock()
	defer h.mu.Unlock()
	if got := h.codes["acct.rig1"]; got[0] != CodeDuplicate || got[1] != CodeJobNotFound || len(h.codes["other.rig"]) != 0 {
		t.Fatalf("observed %v", h.codes)
	}
}
