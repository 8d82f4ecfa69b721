package stratum

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"sync"
	"testing"
	"time"
)

// hangUpConn is a pool that answers each request with an error and hangs up, and whose
// Write returns only once the client's reader has taken the answer and seen the hang-up:
// the caller then finds both its reply and the end of the connection ready.
type hangUpConn struct {
	net.Conn // nil: only the methods below are used
	client   *Client
	mu       sync.Mutex
	replies  chan []byte
	ended    bool
}

func (c *hangUpConn) Write(b []byte) (int, error) {
	var req struct {
		ID json.RawMessage `json:"id"`
	}
	if err := json.Unmarshal(bytes.TrimSpace(b), &req); err != nil {
		return 0, err
	}
	c.replies <- []byte(`{"id":` + string(req.ID) + `,"result":null,"error":[24,"unknown sub-account",null]}` + "\n")
	<-c.client.done
	return len(b), nil
}

func (c *hangUpConn) Read(p []byte) (int, error) {
	c.mu.Lock()
	ended := c.ended
	c.ended = true
	c.mu.Unlock()
	if ended {
		return 0, io.EOF
	}
	return copy(p, <-c.replies), nil
}

func (c *hangUpConn) SetWriteDeadline(time.Time) error { return nil }
func (c *hangUpConn) Close() error                     { return nil }

// A pool that answers an error and then hangs up (a refused worker name from a banned
// address) must be heard: the call returns the pool's error, not "connection ended". With
// both ready the call picked either, and a test counting refusals saw one too few.
func TestClientTakesTheReplyBeforeAHangUp(t *testing.T) {
	for i := range 64 {
		conn := &hangUpConn{replies: make(chan []byte, 1)}
		c := &Client{conn: conn, jobs: make(chan *Job, 1), done: make(chan struct{}), pending: map[uint64]chan clientReply{}}
		conn.client = c
		go c.readLoop()
		if err := c.Authorize(context.Background(), "guess.rig1", "x"); !isCode(err, CodeUnauthorized) {
			t.Fatalf("call %d: %v, want the pool's refusal", i, err)
		}
	}
}
