package stratum

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"net"
	"strconv"
	"sync"
	"time"
)

// ClientOptions shape a Client.
type ClientOptions struct {
	UserAgent string      // sent in mining.subscribe; default "uniplus-sim/1"
	TLSConfig *tls.Config // nil: plain TCP
	// VersionRolling makes Submit send version bits as the sixth parameter. Configure
	// turns it on when the pool agrees; setting it without Configure is for testing how a
	// pool treats a miner that rolls without asking.
	VersionRolling bool
}

// clientLineLimit bounds one line from a pool: a notify with a large coinbase and a deep
// merkle branch stays well under it.
const clientLineLimit = 1 << 20

// clientJobQueue is how many notified jobs wait for a slow reader of Jobs before the
// oldest is dropped: an old job is worth nothing next to a new one.
const clientJobQueue = 256

// Client is the miner's end of Stratum v1, for the simulated fleet and for tests. Its
// methods are safe to call from several goroutines.
type Client struct {
	conn net.Conn
	opts ClientOptions
	jobs chan *Job
	done chan struct{} // closed when the read loop ends

	wmu sync.Mutex // one request written at a time

	mu      sync.Mutex
	nextID  uint64
	pending map[uint64]chan clientReply
	diff    float64
	rolling bool
	err     error // why the read loop ended
}

type clientReply struct {
	result json.RawMessage
	err    *Error
}

// Dial connects to a pool.
func Dial(ctx context.Context, addr string, opts ClientOptions) (*Client, error) {
	if opts.UserAgent == "" {
		opts.UserAgent = "uniplus-sim/1"
	}
	var conn net.Conn
	var err error
	if opts.TLSConfig != nil {
		d := tls.Dialer{Config: opts.TLSConfig}
		conn, err = d.DialContext(ctx, "tcp", addr)
	} else {
		var d net.Dialer
		conn, err = d.DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		return nil, fmt.Errorf("stratum: dial %s: %w", addr, err)
	}
	c := &Client{
		conn: conn, opts: opts, rolling: opts.VersionRolling,
		jobs:    make(chan *Job, clientJobQueue),
		done:    make(chan struct{}),
		pending: make(map[uint64]chan clientReply),
	}
	go c.readLoop()
	return c, nil
}

// Close ends the connection and waits for the read loop.
func (c *Client) Close() error {
	err := c.conn.Close()
	<-c.done
	if errors.Is(err, net.ErrClosed) {
		err = nil
	}
	return err
}

// Jobs delivers mining.notify as Jobs; it is closed when the connection ends.
func (c *Client) Jobs() <-chan *Job { return c.jobs }

// Difficulty is the latest mining.set_difficulty, 0 before any.
func (c *Client) Difficulty() float64 {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.diff
}

// Subscribe sends mining.subscribe and returns the pool's extranonce1 and the size of
// extranonce2.
func (c *Client) Subscribe(ctx context.Context) ([]byte, int, error) {
	res, err := c.call(ctx, "mining.subscribe", c.opts.UserAgent)
	if err != nil {
		return nil, 0, fmt.Errorf("stratum: subscribe: %w", err)
	}
	var parts []json.RawMessage
	var en1Hex string
	var size int
	if json.Unmarshal(res, &parts) != nil || len(parts) < 3 ||
		json.Unmarshal(parts[1], &en1Hex) != nil || json.Unmarshal(parts[2], &size) != nil {
		return nil, 0, fmt.Errorf("stratum: subscribe: unexpected result %s", res)
	}
	en1, err := hex.DecodeString(en1Hex)
	if err != nil {
		return nil, 0, fmt.Errorf("stratum: subscribe: extranonce1: %w", err)
	}
	return en1, size, nil
}

// Configure asks for version rolling (BIP310) with the bits in mask and returns the mask
// the pool allows. From then on Submit sends version bits.
func (c *Client) Configure(ctx context.Context, mask uint32) (uint32, error) {
	opts := map[string]any{
		"version-rolling.mask":          hex32(mask),
		"version-rolling.min-bit-count": min(2, bits.OnesCount32(mask)),
	}
	res, err := c.call(ctx, "mining.configure", []string{"version-rolling"}, opts)
	if err != nil {
		return 0, fmt.Errorf("stratum: configure: %w", err)
	}
	var out struct {
		OK   bool   `json:"version-rolling"`
		Mask string `json:"version-rolling.mask"`
	}
	if err := json.Unmarshal(res, &out); err != nil {
		return 0, fmt.Errorf("stratum: configure: %w", err)
	}
	if !out.OK {
		return 0, fmt.Errorf("stratum: configure: version rolling refused")
	}
	m, err := strconv.ParseUint(out.Mask, 16, 32)
	if err != nil {
		return 0, fmt.Errorf("stratum: configure: mask %q: %w", out.Mask, err)
	}
	c.mu.Lock()
	c.rolling = true
	c.mu.Unlock()
	return uint32(m), nil
}

// Authorize sends mining.authorize; a refusal is an *Error.
func (c *Client) Authorize(ctx context.Context, worker, password string) error {
	res, err := c.call(ctx, "mining.authorize", worker, password)
	if err != nil {
		return err
	}
	if string(res) != "true" {
		return &Error{CodeUnauthorized, "authorization refused"}
	}
	return nil
}

// Submit sends a share: nil when the pool accepts it, an *Error when it rejects it, and
// another error when the exchange itself fails.
func (c *Client) Submit(ctx context.Context, worker, jobID string, extranonce2 []byte, ntime, nonce uint32, versionBits uint32) error {
	c.mu.Lock()
	rolling := c.rolling
	c.mu.Unlock()
	params := []any{worker, jobID, hex.EncodeToString(extranonce2), hex32(ntime), hex32(nonce)}
	if rolling {
		params = append(params, hex32(versionBits))
	}
	res, err := c.call(ctx, "mining.submit", params...)
	if err != nil {
		return err
	}
	if string(res) != "true" {
		return &Error{CodeOther, "rejected"}
	}
	return nil
}

// call sends one request and waits for its reply. A pool's error reply comes back as
// an *Error.
func (c *Client) call(ctx context.Context, method string, params ...any) (json.RawMessage, error) {
	req := request{Method: method, Params: make([]json.RawMessage, len(params))}
	for i, p := range params {
		b, err := json.Marshal(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", method, err)
		}
		req.Params[i] = b
	}
	ch := make(chan clientReply, 1)
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		return nil, err
	}
	c.nextID++
	id := c.nextID
	c.pending[id] = ch
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
	}()
	req.ID = strconv.AppendUint(nil, id, 10)

	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(30 * time.Second)
	}
	c.wmu.Lock()
	c.conn.SetWriteDeadline(deadline)
	_, err := c.conn.Write(req.encode())
	c.wmu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("%s: write: %w", method, err)
	}
	var r clientReply
	select {
	case r = <-ch:
	case <-ctx.Done():
		return nil, fmt.Errorf("%s: %w", method, ctx.Err())
	case <-c.done:
		// The reader hands a reply over before it ends: a pool that answers and then hangs
		// up (an error that closes the connection) left both ready, and select took either.
		select {
		case r = <-ch:
		default:
			return nil, fmt.Errorf("%s: %w", method, c.readErr())
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	return r.result, nil
}

func (c *Client) readErr() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// clientMessage is any line from a pool: a reply or a notification.
type clientMessage struct {
	ID     json.RawMessage   `json:"id"`
	Method string            `json:"method"`
	Params []json.RawMessage `json:"params"`
	Result json.RawMessage   `json:"result"`
	Error  json.RawMessage   `json:"error"`
}

func (c *Client) readLoop() {
	defer close(c.done)
	defer close(c.jobs)
	r := bufio.NewReaderSize(c.conn, 64<<10)
	var err error
	for {
		var line []byte
		line, err = readLine(r, clientLineLimit)
		if err != nil {
			break
		}
		var m clientMessage
		if json.Unmarshal(line, &m) != nil {
			continue // a pool's junk is not worth hanging up over
		}
		if m.Method != "" {
			c.notification(m)
			continue
		}
		id, perr := strconv.ParseUint(string(m.ID), 10, 64)
		if perr != nil {
			continue
		}
		c.mu.Lock()
		ch := c.pending[id]
		c.mu.Unlock()
		select {
		case ch <- clientReply{result: m.Result, err: parseRemoteError(m.Error)}:
		default: // no one waits (nil channel), or a second reply to one id
		}
	}
	c.mu.Lock()
	c.err = fmt.Errorf("stratum: connection ended: %w", err)
	c.mu.Unlock()
}

// readLine reads one line of at most limit bytes, without its line ending.
func readLine(r *bufio.Reader, limit int) ([]byte, error) {
	var line []byte
	for {
		part, isPrefix, err := r.ReadLine()
		if err != nil {
			return nil, err
		}
		line = append(line, part...)
		if len(line) > limit {
			return nil, fmt.Errorf("line longer than %d bytes", limit)
		}
		if !isPrefix {
			return line, nil
		}
	}
}

// parseRemoteError reads an error member: [code, message, traceback] as pools send it,
// or {"code", "message"} as a few do; null is no error.
func parseRemoteError(raw json.RawMessage) *Error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var arr []json.RawMessage
	if json.Unmarshal(raw, &arr) == nil && len(arr) >= 2 {
		e := &Error{}
		if json.Unmarshal(arr[0], &e.Code) == nil && json.Unmarshal(arr[1], &e.Message) == nil {
			return e
		}
	}
	var obj struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	if json.Unmarshal(raw, &obj) == nil && obj.Code != 0 {
		return &Error{obj.Code, obj.Message}
	}
	return &Error{CodeOther, string(raw)}
}

func (c *Client) notification(m clientMessage) {
	switch m.Method {
	case "mining.set_difficulty":
		var d float64
		if len(m.Params) > 0 && json.Unmarshal(m.Params[0], &d) == nil {
			c.mu.Lock()
			c.diff = d
			c.mu.Unlock()
		}
	case "mining.notify":
		j, err := parseNotify(m.Params)
		if err != nil {
			return
		}
		for {
			select {
			case c.jobs <- j:
				return
			default:
			}
			select {
			case <-c.jobs:
			default:
			}
		}
	}
}

// parseNotify reads mining.notify params back into a Job.
func parseNotify(params []json.RawMessage) (*Job, error) {
	if len(params) < 9 {
		return nil, fmt.Errorf("stratum: notify: %d params, want 9", len(params))
	}
	var (
		j                                     Job
		prev, cb1, cb2, version, nbits, ntime string
		branch                                []string
	)
	for i, dst := range []any{&j.ID, &prev, &cb1, &cb2, &branch, &version, &nbits, &ntime, &j.CleanJobs} {
		if err := json.Unmarshal(params[i], dst); err != nil {
			return nil, fmt.Errorf("stratum: notify: param %d: %w", i, err)
		}
	}
	var err error
	if j.PrevHash, err = DecodePrevHash(prev); err != nil {
		return nil, err
	}
	if j.Coinb1, err = hex.DecodeString(cb1); err != nil {
		return nil, fmt.Errorf("stratum: notify: coinb1: %w", err)
	}
	if j.Coinb2, err = hex.DecodeString(cb2); err != nil {
		return nil, fmt.Errorf("stratum: notify: coinb2: %w", err)
	}
	for _, h := range branch {
		var b [32]byte
		if len(h) != 64 {
			return nil, fmt.Errorf("stratum: notify: merkle branch %q", h)
		}
		if _, err := hex.Decode(b[:], []byte(h)); err != nil {
			return nil, fmt.Errorf("stratum: notify: merkle branch %q", h)
		}
		j.MerkleBranch = append(j.MerkleBranch, b)
	}
	for _, f := range []struct {
		s   string
		dst *uint32
	}{{version, &j.Version}, {nbits, &j.NBits}, {ntime, &j.NTime}} {
		v, ok := parseHex32(f.s)
		if !ok {
			return nil, fmt.Errorf("stratum: notify: %q is not 8 hex digits", f.s)
		}
		*f.dst = v
	}
	j.CreatedAt = time.Now()
	return &j, nil
}
