package loadgen

import (
	"bufio"
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"net"
	"strconv"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// miner is one stratum connection of the load, leaner than stratum.Client (a 4 KiB read
// buffer instead of 64 KiB, no job queue) because the load holds 10,000 of them, and able
// to send mining.suggest_difficulty. One goroutine reads; the connection's own goroutine
// sends one request at a time and waits for its answer.
type miner struct {
	conn net.Conn
	algo string

	replies chan minerReply // the answer to the one request in flight
	first   chan struct{}   // closed at the first mining.notify
	done    chan struct{}   // closed when the read loop ends

	mu      sync.Mutex
	nextID  uint64
	waiting uint64 // id of the request in flight, 0: none
	diff    float64
	job     *minerJob
	readErr error

	// Set by the handshake.
	en1    []byte
	en2Len int
	en2    uint64 // the next extranonce2: never repeats on a connection, so no duplicate
}

// minerJob is a job with the difficulty the pool set before sending it, which is the
// difficulty its shares are judged at.
type minerJob struct {
	job    *stratum.Job
	diff   float64
	target *big.Int
}

type minerReply struct {
	id     uint64
	result json.RawMessage
	err    *stratum.Error
}

// errNoReply is a request the pool did not answer in time.
var errNoReply = errors.New("no answer in time")

func dialMiner(ctx context.Context, addr, algo string) (*miner, error) {
	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, err
	}
	m := &miner{conn: conn, algo: algo, replies: make(chan minerReply, 1), first: make(chan struct{}), done: make(chan struct{})}
	go m.readLoop()
	return m, nil
}

func (m *miner) Close() {
	m.conn.Close()
	<-m.done
}

// handshake subscribes, suggests a difficulty (0: none) and authorizes worker, as a
// miner's firmware does at connect.
func (m *miner) handshake(ctx context.Context, agent, worker string, suggest float64) error {
	res, err := m.call(ctx, "mining.subscribe", strconv.Quote(agent))
	if err != nil {
		return fmt.Errorf("subscribe: %w", err)
	}
	var parts []json.RawMessage
	var en1 string
	if json.Unmarshal(res, &parts) != nil || len(parts) < 3 || json.Unmarshal(parts[1], &en1) != nil ||
		json.Unmarshal(parts[2], &m.en2Len) != nil || m.en2Len < 1 || m.en2Len > 8 {
		return fmt.Errorf("subscribe: unexpected result %.200s", res)
	}
	if m.en1, err = hex.DecodeString(en1); err != nil {
		return fmt.Errorf("subscribe: extranonce1 %q", en1)
	}
	if suggest > 0 {
		// Before authorize, so that the first job already comes at this difficulty.
		if _, err := m.call(ctx, "mining.suggest_difficulty", strconv.FormatFloat(suggest, 'g', -1, 64)); err != nil {
			return fmt.Errorf("suggest_difficulty: %w", err)
		}
	}
	res, err = m.call(ctx, "mining.authorize", strconv.Quote(worker), `"x"`)
	if err != nil {
		return fmt.Errorf("authorize %s: %w", worker, err)
	}
	if string(res) != "true" {
		return fmt.Errorf("authorize %s: refused", worker)
	}
	return nil
}

// shareResult is what became of one share.
type shareResult int

const (
	shareAccepted shareResult = iota
	shareStale                // code 21: the job went stale on the way
	shareRejected             // any other refusal
)

// submit solves a share of the current job at its difficulty (a few hashes at a load
// test's difficulty) and sends it. err is set when the exchange itself failed.
func (m *miner) submit(ctx context.Context, worker string) (shareResult, *stratum.Error, error) {
	m.mu.Lock()
	j := m.job
	m.mu.Unlock()
	if j == nil {
		return 0, nil, errors.New("no job")
	}
	en2 := make([]byte, m.en2Len)
	var sol mining.Solution
	for {
		var buf [8]byte
		binary.BigEndian.PutUint64(buf[:], m.en2)
		copy(en2, buf[8-m.en2Len:])
		m.en2++
		var ok bool
		var err error
		sol, ok, err = mining.Solve(j.job, m.algo, m.en1, en2, j.job.NTime, j.target, 0, 1<<24)
		if err != nil {
			return 0, nil, err
		}
		if ok {
			break
		}
	}
	_, err := m.call(ctx, "mining.submit", strconv.Quote(worker), strconv.Quote(j.job.ID),
		`"`+hex.EncodeToString(en2)+`"`, hexQuote(j.job.NTime), hexQuote(sol.Nonce))
	var se *stratum.Error
	switch {
	case err == nil:
		return shareAccepted, nil, nil
	case errors.As(err, &se) && se.Code == stratum.CodeJobNotFound:
		return shareStale, se, nil
	case errors.As(err, &se):
		return shareRejected, se, nil
	}
	return 0, nil, err
}

func hexQuote(v uint32) string { return fmt.Sprintf(`"%08x"`, v) }

// call sends a request whose params are already JSON and waits for its answer; the
// pool's error answer comes back as a *stratum.Error.
func (m *miner) call(ctx context.Context, method string, params ...string) (json.RawMessage, error) {
	m.mu.Lock()
	if m.readErr != nil {
		err := m.readErr
		m.mu.Unlock()
		return nil, err
	}
	m.nextID++
	id := m.nextID
	m.waiting = id
	m.mu.Unlock()
	select {
	case <-m.replies: // an answer that came after its request gave up
	default:
	}
	line := make([]byte, 0, 256)
	line = fmt.Appendf(line, `{"id":%d,"method":%q,"params":[`, id, method)
	for i, p := range params {
		if i > 0 {
			line = append(line, ',')
		}
		line = append(line, p...)
	}
	line = append(line, "]}\n"...)
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(30 * time.Second)
	}
	m.conn.SetWriteDeadline(deadline)
	if _, err := m.conn.Write(line); err != nil {
		return nil, err
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		select {
		case r := <-m.replies:
			if r.id != id {
				continue // an answer to an earlier request
			}
			if r.err != nil {
				return nil, r.err
			}
			return r.result, nil
		case <-m.done:
			m.mu.Lock()
			err := m.readErr
			m.mu.Unlock()
			return nil, err
		case <-timer.C:
			return nil, fmt.Errorf("%s: %w", method, errNoReply)
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

type minerMessage struct {
	ID     json.RawMessage   `json:"id"`
	Method string            `json:"method"`
	Params []json.RawMessage `json:"params"`
	Result json.RawMessage   `json:"result"`
	Error  json.RawMessage   `json:"error"`
}

func (m *miner) readLoop() {
	defer close(m.done)
	r := bufio.NewReaderSize(m.conn, 4<<10)
	var err error
	for {
		var line []byte
		if line, err = readMinerLine(r); err != nil {
			break
		}
		var msg minerMessage
		if json.Unmarshal(line, &msg) != nil {
			continue
		}
		switch msg.Method {
		case "":
			id, perr := strconv.ParseUint(string(msg.ID), 10, 64)
			m.mu.Lock()
			wanted := perr == nil && id == m.waiting
			m.mu.Unlock()
			if !wanted {
				continue // the late answer of a request that gave up
			}
			select {
			case m.replies <- minerReply{id: id, result: msg.Result, err: remoteError(msg.Error)}:
			default: // an answer nobody waits for
			}
		case "mining.set_difficulty":
			var d float64
			if len(msg.Params) > 0 && json.Unmarshal(msg.Params[0], &d) == nil && d > 0 {
				m.mu.Lock()
				m.diff = d
				m.mu.Unlock()
			}
		case "mining.notify":
			j, perr := parseNotify(msg.Params)
			if perr != nil {
				continue
			}
			m.mu.Lock()
			diff := m.diff
			if diff <= 0 {
				diff = stratum.DefaultInitialDifficulty
			}
			first := m.job == nil
			m.job = &minerJob{job: j, diff: diff, target: chain.DifficultyToTarget(diff, m.algo)}
			m.mu.Unlock()
			if first {
				close(m.first)
			}
		}
	}
	m.mu.Lock()
	m.readErr = fmt.Errorf("connection ended: %w", err)
	m.mu.Unlock()
}

// readMinerLine reads one line of at most 64 KiB.
func readMinerLine(r *bufio.Reader) ([]byte, error) {
	line, err := r.ReadSlice('\n')
	if err == nil {
		return line, nil
	}
	if !errors.Is(err, bufio.ErrBufferFull) {
		return nil, err
	}
	long := append([]byte(nil), line...)
	for errors.Is(err, bufio.ErrBufferFull) && len(long) < 64<<10 {
		line, err = r.ReadSlice('\n')
		long = append(long, line...)
	}
	if err != nil {
		return nil, fmt.Errorf("line too long or cut: %w", err)
	}
	return long, nil
}

// remoteError reads an error member: [code, message, traceback], or null.
func remoteError(raw json.RawMessage) *stratum.Error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	var arr []json.RawMessage
	e := &stratum.Error{Code: stratum.CodeOther, Message: string(raw)}
	if json.Unmarshal(raw, &arr) == nil && len(arr) >= 2 {
		_ = json.Unmarshal(arr[0], &e.Code)
		_ = json.Unmarshal(arr[1], &e.Message)
	}
	return e
}

// parseNotify reads mining.notify params into a job.
func parseNotify(params []json.RawMessage) (*stratum.Job, error) {
	if len(params) < 9 {
		return nil, fmt.Errorf("notify: %d params", len(params))
	}
	var (
		j                                     stratum.Job
		prev, cb1, cb2, version, nbits, ntime string
		branch                                []string
	)
	for i, dst := range []any{&j.ID, &prev, &cb1, &cb2, &branch, &version, &nbits, &ntime, &j.CleanJobs} {
		if err := json.Unmarshal(params[i], dst); err != nil {
			return nil, fmt.Errorf("notify: param %d: %w", i, err)
		}
	}
	var err error
	if j.PrevHash, err = stratum.DecodePrevHash(prev); err != nil {
		return nil, err
	}
	if j.Coinb1, err = hex.DecodeString(cb1); err != nil {
		return nil, fmt.Errorf("notify: coinb1: %w", err)
	}
	if j.Coinb2, err = hex.DecodeString(cb2); err != nil {
		return nil, fmt.Errorf("notify: coinb2: %w", err)
	}
	for _, h := range branch {
		var b [32]byte
		if len(h) != 64 {
			return nil, fmt.Errorf("notify: merkle branch %q", h)
		}
		if _, err := hex.Decode(b[:], []byte(h)); err != nil {
			return nil, fmt.Errorf("notify: merkle branch %q", h)
		}
		j.MerkleBranch = append(j.MerkleBranch, b)
	}
	for _, f := range []struct {
		s   string
		dst *uint32
	}{{version, &j.Version}, {nbits, &j.NBits}, {ntime, &j.NTime}} {
		v, err := strconv.ParseUint(f.s, 16, 32)
		if err != nil || len(f.s) != 8 {
			return nil, fmt.Errorf("notify: %q is not 8 hex digits", f.s)
		}
		*f.dst = uint32(v)
	}
	return &j, nil
}
