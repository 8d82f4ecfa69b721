package ironfishrpc

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"sync"
	"time"
)

// The node's RPC over TCP (SDK rpc/adapters/socketAdapter, rpc/clients/socketClient): each
// message is one JSON object followed by a form feed. The client sends
//
//	{"type":"message","data":{"mid":N,"type":"chain/getBlock","auth":TOKEN,"data":{...}}}
//
// and the node answers with any number of {"type":"stream","data":{"id":N,"data":...}} for
// streaming routes, then one {"type":"message","data":{"id":N,"status":S,"data":...}}; a
// status of 400 or more carries {"code","message","stack"}. A malformed message is
// answered {"type":"malformedRequest","data":{...}} with no id. The node cannot cancel a
// request: it ends every request of a connection when the connection closes, which is how
// an endless stream (miner/blockTemplateStream) is stopped.
//
// The node handles the messages of one read in order, each to its end: a request queued
// behind an endless stream in the same read would never run. So an endless stream gets a
// connection of its own (a Client of its own), and calls share another.
const delimiter = '\f'

// maxMessage bounds one message from the node: a block of 512 KB is about 1 MB in hex.
const maxMessage = 64 << 20

// ErrConnectionLost is returned for requests whose connection closed before their answer.
var ErrConnectionLost = errors.New("ironfishrpc: connection to the node lost")

// RPCError is an error answer of the node: its HTTP-like status, its code ("not-found",
// "validation", "insufficient-balance", "route-not-found", "error", ...) and its message.
type RPCError struct {
	Route   string
	Status  int
	Code    string
	Message string
}

// Error implements error.
func (e *RPCError) Error() string {
	return fmt.Sprintf("%s: %s (%s, status %d)", e.Route, e.Message, e.Code, e.Status)
}

// Error codes of the node (SDK rpc/adapters/errors RPC_ERROR_CODES) the driver acts on.
const (
	CodeNotFound            = "not-found"
	CodeValidation          = "validation"
	CodeInsufficientBalance = "insufficient-balance"
	CodeRouteNotFound       = "route-not-found"
	CodeError               = "error"
)

// Client talks to one node over one TCP connection at a time, dialled on first use and
// again after it breaks. It is safe for concurrent use: requests are told apart by their
// message id, and each waits for its own answer or its context.
type Client struct {
	addr string
	auth string
	dial func(ctx context.Context, addr string) (net.Conn, error)

	mu     sync.Mutex
	conn   *conn
	nextID uint64
	closed bool
}

// NewClient returns a client for the node at addr (host:port). auth is sent with every
// request; plain TCP in SDK 2.12.0 does not check it (only the TLS adapter does), so it
// may be empty.
func NewClient(addr, auth string) *Client {
	d := &net.Dialer{Timeout: 10 * time.Second, KeepAlive: 30 * time.Second}
	return &Client{addr: addr, auth: auth, dial: func(ctx context.Context, addr string) (net.Conn, error) {
		return d.DialContext(ctx, "tcp", addr)
	}}
}

// Close closes the connection; requests waiting on it fail with ErrConnectionLost, and
// the client dials no more.
func (c *Client) Close() error {
	c.mu.Lock()
	cn := c.conn
	c.conn, c.closed = nil, true
	c.mu.Unlock()
	if cn != nil {
		cn.close(ErrConnectionLost)
	}
	return nil
}

// Reset closes the current connection, failing the requests on it (an endless stream
// among them); the next request dials again.
func (c *Client) Reset() {
	c.mu.Lock()
	cn := c.conn
	c.conn = nil
	c.mu.Unlock()
	if cn != nil {
		cn.close(ErrConnectionLost)
	}
}

// Call runs route with data (nil sends none) and decodes the final answer into out (nil
// discards it).
func (c *Client) Call(ctx context.Context, route string, data, out any) error {
	return c.Stream(ctx, route, data, nil, out)
}

// Stream runs a streaming route: item is called with each stream message, in order, in
// the caller's goroutine, and the final answer is decoded into out. An error from item
// ends the request (its connection is left as it is; the node's later messages for it are
// dropped) and is returned.
func (c *Client) Stream(ctx context.Context, route string, data any, item func(json.RawMessage) error, out any) error {
	cn, id, err := c.connFor(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", route, err)
	}
	p := &pending{items: make(chan json.RawMessage, 16), done: make(chan struct{}), gone: make(chan struct{})}
	if !cn.add(id, p) {
		return fmt.Errorf("%s: %w", route, ErrConnectionLost)
	}
	defer func() {
		close(p.gone)
		cn.remove(id)
	}()
	if err := cn.send(ctx, id, route, c.auth, data); err != nil {
		c.drop(cn, err)
		return fmt.Errorf("%s: %w", route, err)
	}
	for {
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s: %w", route, ctx.Err())
		case raw := <-p.items:
			if item == nil {
				continue
			}
			if err := item(raw); err != nil {
				return err
			}
		case <-p.done:
			// Stream messages read before the answer are queued ahead of it.
			for {
				select {
				case raw := <-p.items:
					if item != nil {
						if err := item(raw); err != nil {
							return err
						}
					}
					continue
				default:
				}
				break
			}
			if p.err != nil {
				return fmt.Errorf("%s: %w", route, p.err)
			}
			if p.status >= 400 {
				e := &RPCError{Route: route, Status: p.status}
				var body struct {
					Code    string `json:"code"`
					Message string `json:"message"`
				}
				if json.Unmarshal(p.data, &body) == nil && body.Message != "" {
					e.Code, e.Message = body.Code, body.Message
				} else {
					e.Code, e.Message = CodeError, string(p.data)
				}
				return e
			}
			if out == nil || len(p.data) == 0 || string(p.data) == "null" {
				return nil
			}
			if err := json.Unmarshal(p.data, out); err != nil {
				return fmt.Errorf("%s: decode answer: %w", route, err)
			}
			return nil
		}
	}
}

// connFor returns the open connection, dialling one if there is none, and a fresh
// message id.
func (c *Client) connFor(ctx context.Context) (*conn, uint64, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil, 0, errors.New("ironfishrpc: client closed")
	}
	c.nextID++
	if c.conn != nil && !c.conn.isClosed() {
		return c.conn, c.nextID, nil
	}
	nc, err := c.dial(ctx, c.addr)
	if err != nil {
		return nil, 0, fmt.Errorf("ironfishrpc: connect to %s: %w", c.addr, err)
	}
	c.conn = newConn(nc)
	return c.conn, c.nextID, nil
}

// drop forgets a connection that failed, so the next request dials again.
func (c *Client) drop(cn *conn, cause error) {
	cn.close(cause)
	c.mu.Lock()
	if c.conn == cn {
		c.conn = nil
	}
	c.mu.Unlock()
}

// pending is one request waiting for its answer.
type pending struct {
	items  chan json.RawMessage
	done   chan struct{} // closed when status/data or err is set
	gone   chan struct{} // closed when the caller leaves
	status int
	data   json.RawMessage
	err    error
}

// conn is one TCP connection with a reader goroutine that hands each answer to its
// request.
type conn struct {
	nc  net.Conn
	wmu sync.Mutex // one message written at a time

	mu      sync.Mutex
	pending map[uint64]*pending
	err     error // set once closed
}

func newConn(nc net.Conn) *conn {
	cn := &conn{nc: nc, pending: map[uint64]*pending{}}
	go cn.read()
	return cn
}

func (cn *conn) isClosed() bool {
	cn.mu.Lock()
	defer cn.mu.Unlock()
	return cn.err != nil
}

func (cn *conn) add(id uint64, p *pending) bool {
	cn.mu.Lock()
	defer cn.mu.Unlock()
	if cn.err != nil {
		return false
	}
	cn.pending[id] = p
	return true
}

func (cn *conn) remove(id uint64) {
	cn.mu.Lock()
	delete(cn.pending, id)
	cn.mu.Unlock()
}

func (cn *conn) send(ctx context.Context, id uint64, route, auth string, data any) error {
	msg := struct {
		Type string `json:"type"`
		Data struct {
			MID  uint64 `json:"mid"`
			Type string `json:"type"`
			Auth string `json:"auth,omitempty"`
			Data any    `json:"data,omitempty"`
		} `json:"data"`
	}{Type: "message"}
	msg.Data.MID, msg.Data.Type, msg.Data.Auth, msg.Data.Data = id, route, auth, data
	b, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("encode request: %w", err)
	}
	b = append(b, delimiter)
	cn.wmu.Lock()
	defer cn.wmu.Unlock()
	if dl, ok := ctx.Deadline(); ok {
		_ = cn.nc.SetWriteDeadline(dl)
	} else {
		_ = cn.nc.SetWriteDeadline(time.Now().Add(30 * time.Second))
	}
	_, err = cn.nc.Write(b)
	return err
}

// close ends the connection and fails every request still waiting on it.
func (cn *conn) close(cause error) {
	cn.mu.Lock()
	if cn.err != nil {
		cn.mu.Unlock()
		return
	}
	cn.err = cause
	list := cn.pending
	cn.pending = map[uint64]*pending{}
	cn.mu.Unlock()
	_ = cn.nc.Close()
	for _, p := range list {
		p.err = ErrConnectionLost
		if !errors.Is(cause, ErrConnectionLost) {
			p.err = fmt.Errorf("%w: %v", ErrConnectionLost, cause)
		}
		close(p.done)
	}
}

func (cn *conn) read() {
	r := bufio.NewReaderSize(cn.nc, 64<<10)
	var buf []byte
	for {
		chunk, err := r.ReadSlice(delimiter)
		buf = append(buf, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			if len(buf) > maxMessage {
				cn.close(fmt.Errorf("message over %d bytes", maxMessage))
				return
			}
			continue
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				err = ErrConnectionLost
			}
			cn.close(err)
			return
		}
		msg := buf[:len(buf)-1]
		buf = buf[:0]
		if len(msg) == 0 {
			continue
		}
		cn.dispatch(msg)
	}
}

func (cn *conn) dispatch(msg []byte) {
	var m struct {
		Type string `json:"type"`
		Data struct {
			ID     *uint64         `json:"id"`
			Status int             `json:"status"`
			Data   json.RawMessage `json:"data"`
		} `json:"data"`
	}
	if err := json.Unmarshal(msg, &m); err != nil || m.Data.ID == nil {
		// A malformedRequest answer has no id: nothing waits for it by name. Our requests
		// are well formed, so it means a bug; the request it was for times out by its
		// context.
		return
	}
	cn.mu.Lock()
	p := cn.pending[*m.Data.ID]
	if p != nil && m.Type != "stream" {
		delete(cn.pending, *m.Data.ID)
	}
	cn.mu.Unlock()
	if p == nil {
		return
	}
	switch m.Type {
	case "stream":
		// Copy: the reader reuses its buffer.
		item := append(json.RawMessage(nil), m.Data.Data...)
		select {
		case p.items <- item:
		case <-p.gone:
		}
	default:
		p.status = m.Data.Status
		p.data = append(json.RawMessage(nil), m.Data.Data...)
		close(p.done)
	}
}
