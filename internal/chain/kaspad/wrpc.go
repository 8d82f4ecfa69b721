package kaspad

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// The wRPC JSON framing (workflow-rpc messages::serde_json, used by kaspad's
// rpc/wrpc/server with Encoding::SerdeJson): every message is one WebSocket text frame
// holding one JSON object.
//
//	request       {"id":N,"method":"getBlockDagInfo","params":{...}}
//	response      {"id":N,"method":"getBlockDagInfo","params":{...}}
//	error         {"id":N,"method":"getBlock","error":{"code":0,"message":"...","data":null}}
//	notification  {"method":"newBlockTemplateNotification","params":{"NewBlockTemplate":{}}}
//
// The id is a u64 the client picks (kaspa-wasm draws random ones; we count from 1) and the
// server echoes; method names are RpcApiOps in camelCase; params is the request or
// response struct with its serde field names (camelCase). Every call has a params object,
// "{}" for the empty requests. A message the server cannot parse as a request (not JSON, an
// unknown method) is not answered: kaspad's server drops the connection. Notifications
// come only after a "subscribe" call with the scope as an externally tagged enum
// ({"NewBlockTemplate":{}}), answered {"id":listenerId}; a new connection has no
// subscriptions, so the client makes them again after every reconnection.

// maxMessage bounds one message from the node: a full block with its transactions in JSON
// is a few MB at most.
const maxMessage = 32 << 20

// ErrConnectionLost is returned for calls whose connection closed before their answer.
var ErrConnectionLost = errors.New("kaspad: connection to the node lost")

// ErrClosed is returned by calls on a closed client.
var ErrClosed = errors.New("kaspad: client closed")

// RPCError is an error answer of the node: the wRPC error object's code (kaspad always
// sends 0) and message (the text of rusty-kaspa's RpcError, e.g. "cannot find header
// <hash>", or "request deserialization error" for params it could not read).
type RPCError struct {
	Method  string
	Code    int64
	Message string
}

// Error implements error.
func (e *RPCError) Error() string {
	return fmt.Sprintf("kaspad: %s: %s (code %d)", e.Method, e.Message, e.Code)
}

// clientMessage is a request (JsonClientMessage).
type clientMessage struct {
	ID     uint64 `json:"id"`
	Method string `json:"method"`
	Params any    `json:"params"`
}

// serverMessage is any message from the server (JSONServerMessage): a response has id,
// method and params or error; a notification has method and params and no id.
type serverMessage struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Error  *struct {
		Code    int64           `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
}

// present tells whether a raw JSON member was sent with a value other than null.
func present(r json.RawMessage) bool { return len(r) > 0 && !bytes.Equal(r, []byte("null")) }

// reply is what a call waits for.
type reply struct {
	params json.RawMessage
	err    error
}

// Client is a wRPC JSON client for one kaspad, over one WebSocket at a time: dialled on
// first use and again after it breaks, with the subscriptions made again on the new
// connection. It is safe for concurrent use: calls are told apart by their id and each
// waits for its own answer, its context or the end of its connection.
type Client struct {
	url         string
	callTimeout time.Duration
	// onNotify gets every notification (method, params) from the reader goroutine; it must
	// not block.
	onNotify func(method string, params json.RawMessage)
	// onConnect is called after every new connection is up and subscribed, and onLost
	// after one breaks; both must not block.
	onConnect, onLost func()

	dialSem chan struct{} // one dial at a time
	nextID  atomic.Uint64
	ignored atomic.Int64 // messages read and dropped: not JSON, not text, no call waiting

	mu     sync.Mutex
	cur    *conn
	closed bool
	scopes []string // subscribed scopes ("NewBlockTemplate"), made again on every connection
}

// ClientConfig configures a Client.
type ClientConfig struct {
	// URL is the node's wRPC JSON endpoint, ws://host:port (kaspad --rpclisten-json;
	// default ports 18110 mainnet, 18210 testnet-10).
	URL string
	// CallTimeout bounds every call that has no earlier deadline; 0 means 30 s.
	CallTimeout time.Duration
	// OnNotify, OnConnect and OnLost: see Client.
	OnNotify          func(method string, params json.RawMessage)
	OnConnect, OnLost func()
}

// NewClient returns a client for the node at cfg.URL; it dials on the first call.
func NewClient(cfg ClientConfig) (*Client, error) {
	if !strings.HasPrefix(cfg.URL, "ws://") && !strings.HasPrefix(cfg.URL, "wss://") {
		return nil, fmt.Errorf("kaspad: url %q: want ws://host:port or wss://host:port", cfg.URL)
	}
	c := &Client{url: cfg.URL, callTimeout: cfg.CallTimeout, onNotify: cfg.OnNotify,
		onConnect: cfg.OnConnect, onLost: cfg.OnLost, dialSem: make(chan struct{}, 1)}
	if c.callTimeout <= 0 {
		c.callTimeout = 30 * time.Second
	}
	return c, nil
}

// Call sends method with params (nil for the empty request "{}") and decodes the answer's
// params into result (nil to ignore it). It returns an *RPCError when the node answered
// with an error, ErrConnectionLost when the connection broke first, and ctx's error when
// ctx ended first (the answer, if it comes, is then dropped).
func (c *Client) Call(ctx context.Context, method string, params, result any) error {
	ctx, cancel := context.WithTimeout(ctx, c.callTimeout)
	defer cancel()
	cn, err := c.conn(ctx)
	if err != nil {
		return err
	}
	raw, err := cn.call(ctx, c.nextID.Add(1), method, params)
	if err != nil {
		return err
	}
	if result == nil {
		return nil
	}
	if err := json.Unmarshal(raw, result); err != nil {
		return fmt.Errorf("kaspad: %s: decode answer: %w", method, err)
	}
	return nil
}

// Subscribe starts the notifications of scope ("NewBlockTemplate", "BlockAdded") on the
// current connection and on every later one.
func (c *Client) Subscribe(ctx context.Context, scope string) error {
	c.mu.Lock()
	known := false
	for _, s := range c.scopes {
		known = known || s == scope
	}
	if !known {
		c.scopes = append(c.scopes, scope)
	}
	c.mu.Unlock()
	ctx, cancel := context.WithTimeout(ctx, c.callTimeout)
	defer cancel()
	cn, err := c.conn(ctx)
	if err != nil {
		return err
	}
	if known {
		return nil // made when the connection came up
	}
	return c.subscribe(ctx, cn, scope)
}

func (c *Client) subscribe(ctx context.Context, cn *conn, scope string) error {
	params := map[string]struct{}{scope: {}}
	raw, err := cn.call(ctx, c.nextID.Add(1), "subscribe", params)
	if err != nil {
		return fmt.Errorf("kaspad: subscribe %s: %w", scope, err)
	}
	var r struct {
		ID *uint64 `json:"id"`
	}
	if err := json.Unmarshal(raw, &r); err != nil || r.ID == nil {
		return fmt.Errorf("kaspad: subscribe %s: answer %s has no listener id", scope, raw)
	}
	return nil
}

// Close ends the connection; calls under way get ErrConnectionLost, later ones ErrClosed.
func (c *Client) Close() error {
	c.mu.Lock()
	c.closed = true
	cur := c.cur
	c.cur = nil
	c.mu.Unlock()
	if cur != nil {
		cur.ws.Close(websocket.StatusNormalClosure, "")
	}
	return nil
}

// conn returns the live connection, dialling (and subscribing) a new one when there is
// none.
func (c *Client) conn(ctx context.Context) (*conn, error) {
	if cn, err := c.live(); cn != nil || err != nil {
		return cn, err
	}
	select {
	case c.dialSem <- struct{}{}:
	case <-ctx.Done():
		return nil, fmt.Errorf("kaspad: connect %s: %w", c.url, ctx.Err())
	}
	defer func() { <-c.dialSem }()
	// Another call may have dialled while this one waited.
	if cn, err := c.live(); cn != nil || err != nil {
		return cn, err
	}
	ws, _, err := websocket.Dial(ctx, c.url, nil)
	if err != nil {
		return nil, fmt.Errorf("kaspad: connect %s: %w", c.url, err)
	}
	ws.SetReadLimit(maxMessage)
	cn := &conn{ws: ws, pending: map[uint64]chan reply{}, done: make(chan struct{})}
	go c.read(cn)
	c.mu.Lock()
	scopes := append([]string(nil), c.scopes...)
	c.mu.Unlock()
	for _, s := range scopes {
		if err := c.subscribe(ctx, cn, s); err != nil {
			ws.CloseNow()
			return nil, err
		}
	}
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		ws.CloseNow()
		return nil, ErrClosed
	}
	c.cur = cn
	c.mu.Unlock()
	if c.onConnect != nil {
		c.onConnect()
	}
	return cn, nil
}

func (c *Client) live() (*conn, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil, ErrClosed
	}
	if c.cur != nil {
		select {
		case <-c.cur.done:
			c.cur = nil
		default:
			return c.cur, nil
		}
	}
	return nil, nil
}

// read is cn's reader: it hands answers to their calls and notifications to onNotify
// until the connection ends.
func (c *Client) read(cn *conn) {
	for {
		typ, data, err := cn.ws.Read(context.Background())
		if err != nil {
			cn.end(err)
			if c.onLost != nil {
				c.onLost()
			}
			return
		}
		if typ != websocket.MessageText {
			c.ignored.Add(1)
			continue
		}
		var m serverMessage
		if err := json.Unmarshal(data, &m); err != nil {
			c.ignored.Add(1)
			continue
		}
		if !present(m.ID) {
			if m.Method != "" && present(m.Params) && c.onNotify != nil {
				c.onNotify(m.Method, m.Params)
			} else {
				c.ignored.Add(1)
			}
			continue
		}
		id, err := strconv.ParseUint(string(m.ID), 10, 64)
		if err != nil || !cn.deliver(id, answer(m)) {
			// A late answer to a call whose context ended, or one for no call at all.
			c.ignored.Add(1)
		}
	}
}

// answer is a response's outcome.
func answer(m serverMessage) reply {
	switch {
	case m.Error != nil:
		return reply{err: &RPCError{Method: m.Method, Code: m.Error.Code, Message: m.Error.Message}}
	case !present(m.Params):
		return reply{err: fmt.Errorf("kaspad: %s: answer without params or error", m.Method)}
	default:
		return reply{params: m.Params}
	}
}

// conn is one WebSocket and the calls waiting on it.
type conn struct {
	ws   *websocket.Conn
	done chan struct{}

	mu      sync.Mutex
	pending map[uint64]chan reply
	err     error // why it ended; set before done is closed
}

func (cn *conn) call(ctx context.Context, id uint64, method string, params any) (json.RawMessage, error) {
	if params == nil {
		params = struct{}{}
	}
	b, err := json.Marshal(clientMessage{ID: id, Method: method, Params: params})
	if err != nil {
		return nil, fmt.Errorf("kaspad: %s: encode request: %w", method, err)
	}
	ch := make(chan reply, 1)
	cn.mu.Lock()
	if cn.err != nil {
		cn.mu.Unlock()
		return nil, fmt.Errorf("%w: %s: %v", ErrConnectionLost, method, cn.err)
	}
	cn.pending[id] = ch
	cn.mu.Unlock()
	defer func() {
		cn.mu.Lock()
		delete(cn.pending, id)
		cn.mu.Unlock()
	}()
	if err := cn.ws.Write(ctx, websocket.MessageText, b); err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("kaspad: %s: %w", method, ctx.Err())
		}
		return nil, fmt.Errorf("%w: %s: %v", ErrConnectionLost, method, err)
	}
	select {
	case r := <-ch:
		return r.params, r.err
	case <-ctx.Done():
		return nil, fmt.Errorf("kaspad: %s: %w", method, ctx.Err())
	case <-cn.done:
		// The answer may have been delivered just before the end.
		select {
		case r := <-ch:
			return r.params, r.err
		default:
		}
		return nil, fmt.Errorf("%w: %s: %v", ErrConnectionLost, method, cn.err)
	}
}

// deliver hands r to the call waiting for id; false when none waits.
func (cn *conn) deliver(id uint64, r reply) bool {
	cn.mu.Lock()
	ch, ok := cn.pending[id]
	delete(cn.pending, id)
	cn.mu.Unlock()
	if ok {
		ch <- r
	}
	return ok
}

// end marks cn broken for err and wakes its calls.
func (cn *conn) end(err error) {
	cn.mu.Lock()
	if cn.err == nil {
		cn.err = err
		close(cn.done)
	}
	cn.mu.Unlock()
	cn.ws.CloseNow()
}
