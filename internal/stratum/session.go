package stratum

import (
	"bytes"
	"context"
	"crypto/tls"
	"encoding/hex"
	"encoding/json"
	"errors"
	"hash/maphash"
	"io"
	"math"
	"net"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Limits that guard memory rather than shape the protocol.
const (
	maxWorkersPerConn = 1024 // a farm proxy authorizes many workers on one connection, but not unboundedly many
	maxUserAgent      = 256
	maxAliases        = 16 // re-sent jobs remembered per connection (see setDifficultyLocked)
)

// isHint says whether a method is one that miners send as a JSON-RPC notification (id
// null) without waiting for an answer. bfgminer sends mining.suggest_target and
// mining.capabilities that way right before mining.subscribe and then reads the next line
// as the subscribe reply, so answering them would break its handshake.
func isHint(method string) bool {
	switch method {
	case "mining.suggest_difficulty", "mining.suggest_target", "mining.capabilities":
		return true
	}
	return false
}

// closeReason says why a connection ended; an offence counts toward a ban, unless it was
// counted already (a refused authorize counts when it happens).
type closeReason struct {
	text    string
	offence bool
	counted bool
}

// sentJob is a job as one connection got it: under which id and difficulty, and the work
// value of the header it makes (jobPrint).
type sentJob struct {
	wireID string
	job    *Job
	diff   float64
	work   uint64
}

// shareKey is what makes a share a duplicate on one connection, within one work value:
// with the connection's extranonce1 and the work, it is the whole block header.
type shareKey struct {
	en2                   uint64
	ntime, nonce, version uint32
}

// session is one miner connection. A reader goroutine handles the miner's requests one
// at a time (Handler calls included); a writer goroutine drains the send queue; mu
// guards the state that broadcasts and the vardiff timer share with the reader.
type session struct {
	srv         *Server
	conn        net.Conn
	id          uint64
	remote      string
	host        string
	listener    string // address of the listener it came in on
	addrKey     string // what the server's address count counts it under (connlimit.Key)
	en1         []byte
	connectedAt time.Time
	started     time.Time // real clock, for network deadlines

	// qmu guards the send queue: lines waiting for the writer, nil while none wait (an
	// idle miner holds no queue; a channel of SendQueueLength slots cost 1.5 KB each).
	qmu     sync.Mutex
	queue   [][]byte
	writing bool // a writer is writing and has not yet let go (qmu)
	// wdeadline is when the write deadline was last set (wmu).
	wdeadline time.Time
	wmu       sync.Mutex    // held while writing to conn: one writer at a time, in queue order
	done      chan struct{} // closed by close
	closeOnce sync.Once
	reason    closeReason // set by the first close, read after done
	ready     atomic.Bool // subscribed and authorized

	// Owned by the reader goroutine.
	junk           int
	firstShareDone bool        // the first mining.submit has been handed to the Handler
	invalid        []time.Time // ring of the last InvalidShareLimit invalid shares
	invalidNext    int

	mu         sync.Mutex
	info       *SessionInfo // replaced, never changed, so Handler calls can keep theirs
	subscribed bool
	// worker is the first worker authorized, more the others (a farm proxy's): nearly
	// every connection has one, and a map each cost a few hundred bytes a miner.
	worker   string
	more     map[string]struct{}
	diff     float64
	rolling  bool
	mask     uint32
	vd       vardiff
	sent     []sentJob // by the job id the miner saw; a few dozen at most, so a slice
	aliases  []string
	aliasSeq uint64
	seen     []seenShares
	timer    *time.Timer
	ended    bool
	// wireSeq numbers the jobs a header-work dialect sends (Dialect): their wire ids.
	wireSeq uint32
	// bigJob: this Kaspa miner takes the single-hex-string notify (kaspaBigJob).
	bigJob bool
	// msgSeq numbers the IronFish dialect's lines from the pool (each carries an id).
	msgSeq atomic.Uint32
}

// seenShares is the shares of one work value (jobPrint: every job of the connection that
// makes the same headers, aliases and identical refreshes alike) a connection has sent
// since the tip, to refuse duplicates: a few in a slice (a miner sends one every few
// seconds and jobs change every 30 s; a map each cost 300 bytes a miner), the rest in a
// map of 64-bit hashes of the keys once there are many (a third of the memory of the keys
// themselves; two shares that differ share a hash with a chance of 2^-64, and the same
// share always has the same one).
type seenShares struct {
	work uint64
	// closed: forgotten to stay within maxSeenShares; its shares are answered stale, since
	// a share it held could no longer be told from a new one.
	closed bool
	few    []shareKey
	many   map[uint64]struct{}
}

// seenFew is how many shares of a work a connection keeps in the slice.
const seenFew = 16

// maxSeenShares bounds the shares one connection remembers (about 150 KB at most). A
// miner at its vardiff target sends one every 10 s, a few dozen while its jobs are live;
// this many means its difficulty is far too low (a burst before vardiff catches up, a load
// test at the floor). Past it the connection's works are forgotten (closed), oldest first
// and the newest job's last (rememberLocked).
const maxSeenShares = 8192

// seenSeed keys the hashes of seenShares.many.
var seenSeed = maphash.MakeSeed()

func (e *seenShares) size() int { return len(e.few) + len(e.many) }

// has says whether k was recorded.
func (e *seenShares) has(k shareKey) bool {
	if e.many != nil {
		_, ok := e.many[maphash.Comparable(seenSeed, k)]
		return ok
	}
	return slices.Contains(e.few, k)
}

// add records k, which has not been recorded.
func (e *seenShares) add(k shareKey) {
	if e.many != nil {
		e.many[maphash.Comparable(seenSeed, k)] = struct{}{}
		return
	}
	if len(e.few) < seenFew {
		e.few = append(e.few, k)
		return
	}
	e.many = make(map[uint64]struct{}, 2*seenFew)
	for _, old := range e.few {
		e.many[maphash.Comparable(seenSeed, old)] = struct{}{}
	}
	e.few = nil
	e.many[maphash.Comparable(seenSeed, k)] = struct{}{}
}

// close forgets the shares and marks the work closed.
func (e *seenShares) close() { e.closed, e.few, e.many = true, nil, nil }

// authorizedLocked says whether worker was authorized on this connection.
func (ss *session) authorizedLocked(worker string) bool {
	if worker == ss.worker && worker != "" {
		return true
	}
	_, ok := ss.more[worker]
	return ok
}

// workerCountLocked is how many workers the connection authorized.
func (ss *session) workerCountLocked() int {
	if ss.worker == "" {
		return 0
	}
	return 1 + len(ss.more)
}

// sentLocked is the job the miner knows as wireID.
func (ss *session) sentLocked(wireID string) (sentJob, bool) {
	for _, e := range ss.sent {
		if e.wireID == wireID {
			return e, true
		}
	}
	return sentJob{}, false
}

// forgetSentLocked drops the job the miner knows as wireID.
func (ss *session) forgetSentLocked(wireID string) {
	ss.sent = slices.DeleteFunc(ss.sent, func(e sentJob) bool { return e.wireID == wireID })
}

func newSession(s *Server, c net.Conn, id uint64, remote, host string, en1 []byte, now time.Time) *session {
	ss := &session{
		srv: s, conn: c, id: id, remote: remote, host: host, en1: en1,
		connectedAt: now, started: time.Now(),
		done: make(chan struct{}),
		vd:   newVardiff(s.cfg, now),
	}
	ss.diff = ss.vd.fit(s.cfg.InitialDifficulty)
	ss.info = &SessionInfo{ID: id, RemoteAddr: remote, Extranonce1: en1, Difficulty: ss.diff, ConnectedAt: now}
	return ss
}

// run serves the connection until it ends, then tells the Handler.
func (ss *session) run() {
	defer ss.srv.conns.Done()
	r := ss.readLoop()
	if ss.closed() {
		// Closed from outside (server closing, queue full, write failure): that reason
		// stands, and the reader's read error is only its echo.
		r = ss.reason
	} else {
		// The reader decided: flush what is queued, such as the error that explains the
		// hang-up, before the connection goes.
		ss.wmu.Lock()
		ss.writeQueued()
		ss.wmu.Unlock()
	}
	ss.close(r)
	// A writer still writing fails fast on the closed connection; wait for it to let go.
	ss.wmu.Lock()
	ss.wmu.Unlock() // empty on purpose: taking the lock is the wait

	ss.mu.Lock()
	ss.ended = true
	if ss.timer != nil {
		ss.timer.Stop()
	}
	authorized := ss.worker != ""
	info := ss.info
	ss.mu.Unlock()
	if authorized {
		ss.srv.authorized.Add(-1)
	}
	ss.srv.remove(ss, r)
	if r.offence {
		ss.srv.log.Warn("stratum: connection closed for misbehaviour", "session", ss.id, "remote", ss.remote, "worker", info.Worker, "reason", r.text)
	} else {
		ss.srv.log.Debug("stratum: connection closed", "session", ss.id, "remote", ss.remote, "worker", info.Worker, "reason", r.text)
	}
	ss.srv.h.Disconnected(info)
}

// A session is the context of its Handler calls: done when the connection ends. Being its
// own context saves every connection a cancelable context and its channel.
func (ss *session) Deadline() (time.Time, bool) { return time.Time{}, false }
func (ss *session) Done() <-chan struct{}       { return ss.done }
func (ss *session) Value(any) any               { return nil }
func (ss *session) Err() error {
	if ss.closed() {
		return context.Canceled
	}
	return nil
}

// close ends the connection; the first reason given is the one recorded, and only the
// call that gave it answers true.
func (ss *session) close(r closeReason) (first bool) {
	ss.closeOnce.Do(func() {
		first = true
		ss.reason = r
		close(ss.done)
		ss.conn.Close()
	})
	return first
}

// workers are the workers the connection authorized.
func (ss *session) workers() []string {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.worker == "" {
		return nil
	}
	out := make([]string, 0, 1+len(ss.more))
	out = append(out, ss.worker)
	for w := range ss.more {
		out = append(out, w)
	}
	return out
}

func (ss *session) closed() bool {
	select {
	case <-ss.done:
		return true
	default:
		return false
	}
}

// send queues a line without ever waiting: a connection that cannot keep up with its
// queue is closed rather than allowed to hold up a broadcast. A writer goroutine runs only
// while there is something to write, so an idle miner costs one goroutine (its reader).
func (ss *session) send(m []byte) {
	ss.enqueue(m, true)
}

// reply and replyError queue an answer from the reader goroutine without starting a
// writer: the reader writes what is queued itself before it next waits for the miner
// (flush), so a share's answer costs one write and no goroutine, and answers to lines
// that arrived together go out in one write.
func (ss *session) reply(req request, result []byte) {
	if ss.srv.cfg.Dialect == DialectIronFish {
		// Its only answer with a result is a share's; the rest are messages of their own.
		ss.enqueue(appendIronFishSubmitted(nil, ss.msgSeq.Add(1), req.ID, nil), false)
		return
	}
	ss.enqueue(appendResult(nil, req.ID, result), false)
}

func (ss *session) replyError(req request, e *Error) {
	if ss.srv.cfg.Dialect == DialectIronFish {
		if req.Method == "mining.submit" {
			ss.enqueue(appendIronFishSubmitted(nil, ss.msgSeq.Add(1), req.ID, e), false)
		} else {
			ss.enqueue(appendIronFishError(nil, ss.msgSeq.Add(1), req.ID, e), false)
		}
		return
	}
	ss.enqueue(appendError(nil, req.ID, e), false)
}

// flush writes what the reader queued, unless a writer is already at it.
func (ss *session) flush() {
	ss.qmu.Lock()
	if ss.writing || len(ss.queue) == 0 {
		ss.qmu.Unlock()
		return
	}
	ss.writing = true
	ss.qmu.Unlock()
	ss.drain()
}

// enqueue queues m and, with start, makes sure a writer goroutine will write it.
func (ss *session) enqueue(m []byte, start bool) {
	if ss.closed() {
		return
	}
	ss.qmu.Lock()
	if len(ss.queue) >= ss.srv.cfg.SendQueueLength {
		ss.qmu.Unlock()
		ss.close(closeReason{text: "send queue full"})
		return
	}
	ss.queue = append(ss.queue, m)
	start = start && !ss.writing
	if start {
		ss.writing = true
	}
	ss.qmu.Unlock()
	if start {
		go ss.drain()
	}
}

// drain writes what is queued, batching what is waiting into one write under the write
// deadline, and ends when the queue is empty.
func (ss *session) drain() {
	for {
		ss.wmu.Lock()
		ok := !ss.closed() && ss.writeQueued()
		ss.wmu.Unlock()
		ss.qmu.Lock()
		// A line queued while the batch was written found the writer running and started
		// none: take it on.
		if !ok || len(ss.queue) == 0 {
			ss.writing = false
			ss.qmu.Unlock()
			return
		}
		ss.qmu.Unlock()
	}
}

// writeBuffers lends batch buffers to writers: an idle miner holds none, which matters
// when a pool carries tens of thousands of them.
var writeBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}

// writeQueued writes whatever is queued as one batch under the write deadline; called
// with wmu held.
func (ss *session) writeQueued() bool {
	ss.qmu.Lock()
	lines := ss.queue
	ss.queue = nil
	ss.qmu.Unlock()
	switch len(lines) {
	case 0:
		return true
	case 1: // a share's answer: written as it is
		return ss.write(lines[0])
	}
	bp := writeBuffers.Get().(*[]byte)
	buf := (*bp)[:0]
	for _, m := range lines {
		buf = append(buf, m...)
	}
	ok := ss.write(buf)
	if cap(buf) <= 64<<10 { // an outsized batch is left to the garbage collector
		*bp = buf[:0]
		writeBuffers.Put(bp)
	}
	return ok
}

// write writes b under the write deadline; called with wmu held.
func (ss *session) write(b []byte) bool {
	// Setting a deadline is timer work on every write: it moves at most once a second
	// (a sixteenth of WriteTimeout if that is shorter), which is as good.
	if now := time.Now(); now.Sub(ss.wdeadline) > min(time.Second, ss.srv.cfg.WriteTimeout/16) {
		ss.wdeadline = now
		ss.conn.SetWriteDeadline(now.Add(ss.srv.cfg.WriteTimeout))
	}
	if _, err := ss.conn.Write(b); err != nil {
		ss.close(closeReason{text: "write: " + err.Error()})
		return false
	}
	return true
}

// readLoop reads lines until the connection ends and says why it did.
func (ss *session) readLoop() closeReason {
	cfg := &ss.srv.cfg
	handshakeBy := ss.started.Add(cfg.HandshakeTimeout)
	if tc, ok := ss.conn.(*tls.Conn); ok {
		tc.SetDeadline(handshakeBy)
		if err := tc.HandshakeContext(ss); err != nil {
			return closeReason{text: "tls handshake: " + err.Error()}
		}
		tc.SetDeadline(time.Time{})
	}
	// Room for the longest allowed line and its "\r\n": a fuller buffer is an overlong
	// line. The buffer starts small and grows only for long lines, so an idle miner
	// costs little.
	br := newLineReader(ss.conn, cfg.MaxLineBytes+2)
	// The current line's parameters (mining.submit has 5 or 6), on the reader's stack
	// rather than allocated for every line.
	var params [6]json.RawMessage
	var deadlineSet time.Time
	handshaking := true // the deadline in force is the handshake's
	for {
		if !br.hasLine() {
			ss.flush()
			// The idle deadline moves at most once a second (a sixteenth of IdleTimeout if
			// that is shorter), not on every line (timer work); until the handshake is
			// done it is the handshake's.
			now := time.Now()
			if handshaking || now.Sub(deadlineSet) > min(time.Second, cfg.IdleTimeout/16) {
				deadline := now.Add(cfg.IdleTimeout)
				handshaking = !ss.ready.Load()
				if handshaking && handshakeBy.Before(deadline) {
					deadline = handshakeBy
				}
				deadlineSet = now
				ss.conn.SetReadDeadline(deadline)
			}
		}
		line, err := br.ReadSlice('\n')
		if err != nil {
			switch {
			case errors.Is(err, errLineTooLong):
				return closeReason{text: "line longer than MaxLineBytes", offence: true}
			case errors.Is(err, os.ErrDeadlineExceeded) && !ss.ready.Load() && !time.Now().Before(handshakeBy):
				return closeReason{text: "handshake timeout"}
			case errors.Is(err, os.ErrDeadlineExceeded):
				return closeReason{text: "idle timeout"}
			case errors.Is(err, io.EOF):
				return closeReason{text: "closed by miner"}
			default:
				return closeReason{text: "read: " + err.Error()}
			}
		}
		line = bytes.TrimRight(line, "\r\n")
		if len(line) > cfg.MaxLineBytes {
			return closeReason{text: "line longer than MaxLineBytes", offence: true}
		}
		if r, stop := ss.handleLine(line, params[:]); stop {
			return r
		}
	}
}

// handleLine answers one line; stop says the connection must close.
func (ss *session) handleLine(line []byte, params []json.RawMessage) (r closeReason, stop bool) {
	if len(bytes.TrimSpace(line)) == 0 {
		return r, false
	}
	if ss.srv.cfg.Dialect == DialectIronFish {
		return ss.handleIronFishLine(line, params)
	}
	req, err := parseRequestInto(line, params)
	if err != nil {
		ss.enqueue(appendError(nil, json.RawMessage(nullID), &Error{CodeOther, "parse error"}), false)
		return ss.junkLine()
	}
	switch req.Method {
	case "mining.subscribe":
		if ss.srv.cfg.Dialect == DialectKaspa {
			ss.onKaspaSubscribe(req)
			break
		}
		ss.onSubscribe(req)
	case "mining.authorize":
		return ss.onAuthorize(req)
	case "mining.submit":
		return ss.onSubmit(req)
	case "mining.configure":
		return ss.onConfigure(req)
	case "mining.suggest_difficulty":
		return ss.onSuggestDifficulty(req)
	case "mining.extranonce.subscribe":
		// NiceHash and other rental services ask for it. Extranonce1 never changes while a
		// connection lives, so mining.set_extranonce is never sent: agreeing costs nothing.
		ss.reply(req, []byte("true"))
	default:
		if req.isNull() && isHint(req.Method) {
			return r, false
		}
		ss.replyError(req, &Error{CodeOther, "unknown method"})
		return ss.junkLine()
	}
	return r, false
}

// junkLine counts a line that made no sense and closes the connection at the limit.
func (ss *session) junkLine() (closeReason, bool) {
	ss.junk++
	if limit := ss.srv.cfg.MaxJunkLines; limit > 0 && ss.junk >= limit {
		return closeReason{text: "too many junk lines", offence: true}, true
	}
	return closeReason{}, false
}

// malformed answers a known method with parameters it cannot use; it counts as junk.
func (ss *session) malformed(req request, what string) (closeReason, bool) {
	ss.replyError(req, &Error{CodeOther, "malformed " + req.Method + ": " + what})
	return ss.junkLine()
}

func (ss *session) updateInfoLocked(f func(*SessionInfo)) {
	n := *ss.info
	f(&n)
	ss.info = &n
}

// onSubscribe answers [[["mining.set_difficulty", id], ["mining.notify", id]],
// extranonce1, extranonce2_size]. A session id sent to resume is ignored: extranonce1 is
// per live connection, so there is nothing to resume.
func (ss *session) onSubscribe(req request) {
	ua := ss.userAgent(req)
	subID := strconv.FormatUint(ss.id, 16)
	b := make([]byte, 0, 128)
	b = append(b, `[[["mining.set_difficulty",`...)
	b = appendJSONString(b, subID)
	b = append(b, `],["mining.notify",`...)
	b = appendJSONString(b, subID)
	b = append(b, `]],"`...)
	b = appendHexBytes(b, ss.en1)
	b = append(b, `",`...)
	b = strconv.AppendInt(b, int64(ss.srv.cfg.Extranonce2Size), 10)
	b = append(b, ']')

	ss.mu.Lock()
	defer ss.mu.Unlock()
	if !ss.subscribed {
		ss.subscribed = true
		ss.updateInfoLocked(func(i *SessionInfo) { i.UserAgent = ua })
	}
	ss.reply(req, b)
	ss.maybeReadyLocked()
}

// userAgent is the first subscribe parameter, if any, cut to a sane length.
func (ss *session) userAgent(req request) string {
	ua, _ := req.paramString(0)
	return cutUserAgent(ua)
}

// cutUserAgent cuts a miner's user agent to maxUserAgent bytes of valid UTF-8.
func cutUserAgent(ua string) string {
	if len(ua) > maxUserAgent {
		ua = strings.ToValidUTF8(ua[:maxUserAgent], "")
	}
	return ua
}

// onAuthorize asks the Handler about a worker; the first success makes the session ready.
func (ss *session) onAuthorize(req request) (closeReason, bool) {
	worker, ok := req.paramString(0)
	if !ok || worker == "" {
		return ss.malformed(req, "want [worker, password]")
	}
	password, _ := req.paramString(1) // absent or null: no password
	return ss.authorize(req, worker, password, func() { ss.reply(req, []byte("true")) })
}

// authorize asks the Handler about a worker and answers req: ok is called, with ss.mu
// held, once the worker is authorized, and must queue the dialect's answer; a refusal is
// answered with replyError. The first success makes the session ready.
func (ss *session) authorize(req request, worker, password string, ok func()) (closeReason, bool) {
	ss.mu.Lock()
	already := ss.authorizedLocked(worker)
	n, info := ss.workerCountLocked(), ss.info
	ss.mu.Unlock()
	if already {
		ss.mu.Lock()
		ok()
		ss.mu.Unlock()
		return closeReason{}, false
	}
	if n >= maxWorkersPerConn {
		ss.replyError(req, &Error{CodeOther, "too many workers on one connection"})
		return closeReason{}, false
	}
	if err := ss.srv.h.Authorize(ss, info, worker, password); err != nil {
		var e *Error
		if !errors.As(err, &e) {
			if ss.Err() == nil { // not merely the connection ending under the call
				ss.srv.log.Error("stratum: authorize", "session", ss.id, "worker", worker, "err", err)
			}
			e = &Error{CodeOther, "authorization failed"}
		}
		ss.replyError(req, e)
		if e.Code == CodeUnauthorized {
			return ss.refusedAuthorize(worker)
		}
		return closeReason{}, false
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	switch {
	case ss.authorizedLocked(worker): // a second authorize of it raced this one
	case ss.worker == "":
		ss.srv.authorized.Add(1)
		ss.updateInfoLocked(func(i *SessionInfo) { i.Worker = worker })
		ss.worker = worker
	default:
		if ss.more == nil {
			ss.more = make(map[string]struct{})
		}
		ss.more[worker] = struct{}{}
	}
	ok()
	ss.maybeReadyLocked()
	return closeReason{}, false
}

// refusedAuthorize counts a worker name the Handler refused as an offence of the address
// at once, without closing the connection: a miner that mistypes its name once fixes it
// and goes on, but names cannot be probed without limit (5,000 guesses took 0.4 s on one
// connection). Once the address is banned, by this offence or before, each connection of
// it that is refused a name is closed: the ban ends the probing on connections already
// open too, and leaves its other miners' connections alone.
func (ss *session) refusedAuthorize(worker string) (closeReason, bool) {
	now := ss.srv.now()
	if ss.srv.bans.offence(ss.host, now) {
		ss.srv.log.Warn("stratum: address banned", "addr", ss.host, "for", ss.srv.cfg.BanDuration.String(), "last", "refused authorize", "worker", worker)
	} else if !ss.srv.bans.banned(ss.host, now) {
		return closeReason{}, false
	}
	return closeReason{text: "refused authorize from a banned address", offence: true, counted: true}, true
}

// maybeReadyLocked starts mining once the session is both subscribed and authorized:
// set_difficulty first, so that the first job is worked at the right difficulty, then
// the current job with clean_jobs true.
func (ss *session) maybeReadyLocked() {
	if ss.ready.Load() || !ss.subscribed || ss.worker == "" {
		return
	}
	ss.ready.Store(true)
	ss.vd.restart(ss.srv.now())
	if ss.srv.cfg.Dialect == DialectKaspa {
		ss.send(appendKaspaSetExtranonce(nil, ss.en1))
	}
	ss.send(ss.difficultyMessageLocked(ss.diff))
	if book := ss.srv.book.Load(); book != nil {
		ss.sendJobLocked(book, book.current, book.current.ID, true, nil)
	} else if ss.srv.cfg.Dialect == DialectIronFish {
		ss.send(appendIronFishMessage(nil, ss.msgSeq.Add(1), "mining.wait_for_work", nil))
	}
	ss.armTimerLocked()
}

// broadcast sends a job that Server.Broadcast published.
func (ss *session) broadcast(book *jobBook, j *Job, msg []byte) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if !ss.ready.Load() || ss.ended || ss.closed() {
		return
	}
	// The session may have become ready between the book's publication and now, and
	// then it already got this job.
	if ss.srv.cfg.Dialect.headerWork() {
		if slices.ContainsFunc(ss.sent, func(e sentJob) bool { return e.job == j }) {
			return
		}
	} else if e, ok := ss.sentLocked(j.ID); ok && e.job == j {
		return
	}
	ss.sendJobLocked(book, j, j.ID, j.CleanJobs, msg)
}

// sendJobLocked sends j under wireID and remembers the difficulty it went out with: a
// share for it is worth that difficulty, whatever has changed since, because that is the
// difficulty the miner was working to.
func (ss *session) sendJobLocked(book *jobBook, j *Job, wireID string, clean bool, msg []byte) string {
	p, ok := book.print(j)
	if !ok { // not published: cannot happen, as every job sent comes from a book
		p = printJob(j)
	}
	work := p.work
	switch d := ss.srv.cfg.Dialect; {
	case d.headerWork():
		// Numbered per connection: IronFish's miningRequestId is a number.
		ss.wireSeq++
		wireID = strconv.FormatUint(uint64(ss.wireSeq), 10)
		if d == DialectIronFish {
			msg = appendIronFishNotify(nil, ss.msgSeq.Add(1), wireID, j.Header)
		} else {
			msg = appendKaspaNotify(nil, wireID, j.Header, ss.bigJob)
		}
	case j.PerWorker != nil:
		c1, c2, ok := j.PerWorker(ss.info)
		if !ok {
			return wireID
		}
		work = workValue(&p.base, c1, c2)
		if msg == nil {
			msg = appendNotifyWith(nil, j, wireID, clean, c1, c2)
		}
	}
	if msg == nil {
		msg = appendNotify(nil, j, wireID, clean)
	}
	ss.forgetSentLocked(wireID)
	ss.sent = slices.DeleteFunc(ss.sent, func(e sentJob) bool { return !book.live(e.job) })
	ss.sent = append(ss.sent, sentJob{wireID, j, ss.diff, work})
	// The shares of a work no live job makes any more can only be stale: forgotten. A
	// clean job (a new tip) leaves only itself live, so it clears them all.
	ss.seen = slices.DeleteFunc(ss.seen, func(e seenShares) bool {
		return !slices.ContainsFunc(ss.sent, func(s sentJob) bool { return s.work == e.work })
	})
	ss.send(msg)
	return wireID
}

// difficultyMessageLocked is the dialect's line that sets difficulty d.
func (ss *session) difficultyMessageLocked(d float64) []byte {
	if ss.srv.cfg.Dialect == DialectIronFish {
		return appendIronFishSetTarget(nil, ss.msgSeq.Add(1), d)
	}
	return appendSetDifficulty(nil, d)
}

// setDifficultyLocked changes the connection's difficulty. A ready connection gets
// mining.set_difficulty and, right after it, the current job again with clean_jobs
// false, so the change applies now rather than at the next block. The job goes out under
// a new id: shares already in flight for the old id were worked at the old difficulty
// and keep it, shares for the new id carry the new one.
func (ss *session) setDifficultyLocked(d float64) {
	if d == ss.diff {
		return
	}
	ss.srv.diffChanges.Add(1)
	ss.diff = d
	ss.updateInfoLocked(func(i *SessionInfo) { i.Difficulty = d })
	ss.vd.restart(ss.srv.now())
	if !ss.ready.Load() {
		return
	}
	ss.send(ss.difficultyMessageLocked(d))
	book := ss.srv.book.Load()
	if book == nil {
		return
	}
	j := book.current
	var alias string
	for !ss.srv.cfg.Dialect.headerWork() { // a header-work dialect numbers its own
		ss.aliasSeq++
		alias = j.ID + "." + strconv.FormatUint(ss.aliasSeq, 16)
		if _, clash := book.byID[alias]; !clash {
			break
		}
	}
	alias = ss.sendJobLocked(book, j, alias, false, nil)
	ss.aliases = append(ss.aliases, alias)
	if len(ss.aliases) > maxAliases {
		ss.forgetSentLocked(ss.aliases[0])
		ss.aliases = ss.aliases[1:]
	}
}

// armTimerLocked schedules vardiff checks, every target interval (or RetargetInterval if
// shorter): a window may become decisive at any point after RetargetInterval, once its
// count says more than luck (vardiff.go).
func (ss *session) armTimerLocked() {
	every := min(ss.srv.cfg.RetargetInterval, ss.srv.cfg.TargetShareInterval)
	ss.timer = time.AfterFunc(every, func() {
		ss.mu.Lock()
		defer ss.mu.Unlock()
		if ss.ended || ss.closed() {
			return
		}
		if d, changed := ss.vd.retarget(ss.srv.now(), ss.diff); changed {
			ss.setDifficultyLocked(d)
		}
		ss.timer.Reset(every)
	})
}

// onConfigure answers mining.configure (BIP310): [[extensions], {parameters}].
func (ss *session) onConfigure(req request) (closeReason, bool) {
	var exts []string
	if len(req.Params) < 1 || json.Unmarshal(req.Params[0], &exts) != nil {
		return ss.malformed(req, "want [[extensions], {parameters}]")
	}
	var opts map[string]json.RawMessage
	if len(req.Params) > 1 && json.Unmarshal(req.Params[1], &opts) != nil {
		return ss.malformed(req, "want [[extensions], {parameters}]")
	}
	b := []byte{'{'}
	field := func(key string, value []byte) {
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = appendJSONString(b, key)
		b = append(b, ':')
		b = append(b, value...)
	}
	done := make(map[string]bool, len(exts))
	var raise float64
	ss.mu.Lock()
	defer ss.mu.Unlock()
	for _, ext := range exts {
		if done[ext] {
			continue
		}
		done[ext] = true
		switch ext {
		case "version-rolling":
			// BIP310: without a mask the miner can roll any bit; the answer is what both allow.
			// A min-bit-count we cannot meet is not an error: the miner rolls what it gets.
			mask := uint32(0xffffffff)
			if raw, ok := opts["version-rolling.mask"]; ok {
				var s string
				m, err := uint64(0), json.Unmarshal(raw, &s)
				if err == nil {
					m, err = strconv.ParseUint(s, 16, 32)
				}
				if err != nil {
					field(ext, []byte("false"))
					continue
				}
				mask = uint32(m)
			}
			mask &= ss.srv.cfg.VersionRollingMask
			ss.rolling, ss.mask = true, mask
			ss.updateInfoLocked(func(i *SessionInfo) { i.VersionRolling, i.VersionMask = true, mask })
			field(ext, []byte("true"))
			field("version-rolling.mask", []byte(`"`+hex32(mask)+`"`))
		case "minimum-difficulty":
			var v float64
			if json.Unmarshal(opts["minimum-difficulty.value"], &v) != nil || v < 0 || math.IsInf(v, 0) {
				field(ext, []byte("false"))
				continue
			}
			// The miner's floor replaces the server's, within the server's bounds.
			ss.vd.min = math.Min(math.Max(v, ss.srv.cfg.MinDifficulty), ss.srv.cfg.MaxDifficulty)
			if ss.diff < ss.vd.min {
				raise = ss.vd.fit(ss.vd.min)
			}
			field(ext, []byte("true"))
		case "subscribe-extranonce":
			// As mining.extranonce.subscribe: agreed, and extranonce1 never changes anyway.
			field(ext, []byte("true"))
		default:
			field(ext, []byte("false"))
		}
	}
	b = append(b, '}')
	ss.reply(req, b)
	if raise > 0 {
		ss.setDifficultyLocked(raise)
	}
	return closeReason{}, false
}

// onSuggestDifficulty takes a miner's wish for its difficulty, within the bounds; vardiff
// goes on from there.
func (ss *session) onSuggestDifficulty(req request) (closeReason, bool) {
	d, ok := req.paramNumber(0)
	if !ok || !(d > 0) || math.IsInf(d, 0) {
		if req.isNull() {
			return closeReason{}, false
		}
		return ss.malformed(req, "want [difficulty]")
	}
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if !req.isNull() {
		ss.reply(req, []byte("true"))
	}
	ss.setDifficultyLocked(ss.vd.fit(d))
	return closeReason{}, false
}

// onSubmit runs the protocol checks, hands the share to the Handler and answers.
func (ss *session) onSubmit(req request) (closeReason, bool) {
	recv := ss.srv.now()
	var sh Share
	var info *SessionInfo
	var e *Error
	if ss.srv.cfg.Dialect.headerWork() {
		sh, info, e = ss.checkHeaderShare(req, recv)
	} else {
		sh, info, e = ss.checkShare(req, recv)
	}
	if e != nil {
		ss.observeReject(req, e)
		return ss.rejected(req, e, recv)
	}
	var res SubmitResult
	if ss.firstShareDone {
		res = ss.srv.h.Submit(ss, info, sh)
	} else {
		// The first share of a connection runs its Handler call on a goroutine of its
		// own: the pool finds the worker's device then (database work, in batches), and
		// a reader that waited through that kept a stack twice the size for as long as
		// its miner stayed (4 KB more per idle miner in BenchmarkStratumStorm).
		ss.firstShareDone = true
		done := make(chan struct{})
		go func() { res = ss.srv.h.Submit(ss, info, sh); close(done) }()
		<-done
	}
	if res.Block {
		ss.srv.blocks.Add(1)
		ss.srv.log.Info("stratum: block candidate", "session", ss.id, "worker", sh.Worker, "job", sh.Job.ID, "accepted", res.Accepted)
	}
	if !res.Accepted {
		e = res.Err
		if e == nil {
			e = &Error{CodeOther, "rejected"}
		}
		return ss.rejected(req, e, recv)
	}
	ss.srv.accepted.Add(1)
	ss.mu.Lock()
	ss.vd.accepted(sh.Difficulty)
	ss.mu.Unlock()
	ss.reply(req, []byte("true"))
	return closeReason{}, false
}

// observeReject tells a RejectObserver handler of a share the protocol checks refused, when
// it names a worker authorized on this connection.
func (ss *session) observeReject(req request, e *Error) {
	obs, ok := ss.srv.h.(RejectObserver)
	if !ok {
		return
	}
	worker, ok := req.paramString(0)
	if ss.srv.cfg.Dialect == DialectIronFish { // one worker a connection, named at subscribe
		ss.mu.Lock()
		worker, ok = ss.worker, true
		ss.mu.Unlock()
	}
	if !ok {
		return
	}
	ss.mu.Lock()
	authorized := ss.authorizedLocked(worker)
	info := ss.info
	ss.mu.Unlock()
	if authorized && info != nil {
		obs.Rejected(info, worker, info.Difficulty, e)
	}
}

// rejected answers a rejected share, counts it, and closes a connection that sends too
// many invalid ones. Stale shares are not the miner's fault and never count.
func (ss *session) rejected(req request, e *Error, now time.Time) (closeReason, bool) {
	// Counted before the answer goes out, so that whoever sees the answer sees the count.
	defer ss.replyError(req, e)
	ss.srv.countRejection(e.Code)
	switch e.Code {
	case CodeJobNotFound:
		ss.srv.stale.Add(1)
		return closeReason{}, false
	case CodeDuplicate:
		ss.srv.dup.Add(1)
	default:
		ss.srv.rejected.Add(1)
	}
	limit, window := ss.srv.cfg.InvalidShareLimit, ss.srv.cfg.InvalidShareWindow
	if limit < 1 {
		return closeReason{}, false
	}
	if len(ss.invalid) < limit {
		ss.invalid = append(ss.invalid, now)
	} else {
		ss.invalid[ss.invalidNext] = now
	}
	ss.invalidNext = (ss.invalidNext + 1) % limit
	// Full ring: the slot to be overwritten next holds the oldest of the last limit.
	if len(ss.invalid) == limit && now.Sub(ss.invalid[ss.invalidNext%limit]) < window {
		return closeReason{text: "too many invalid shares", offence: true}, true
	}
	return closeReason{}, false
}

// checkShare applies the protocol checks of mining.submit in order: subscribed, worker
// authorized, well-formed, job known, ntime, version bits, not a duplicate. A share that
// passes is remembered, so that sending it again is a duplicate.
func (ss *session) checkShare(req request, recv time.Time) (Share, *SessionInfo, *Error) {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if !ss.subscribed {
		return Share{}, nil, ErrNotSubscribed
	}
	worker, ok := req.paramString(0)
	if !ok {
		return Share{}, nil, &Error{CodeOther, "malformed mining.submit: worker"}
	}
	if !ss.authorizedLocked(worker) {
		return Share{}, nil, ErrUnauthorized
	}
	if n := len(req.Params); n != 5 && n != 6 {
		return Share{}, nil, &Error{CodeOther, "malformed mining.submit: want 5 or 6 params"}
	}
	jobID, ok1 := req.paramString(1)
	en2Hex, ok2 := req.paramString(2)
	ntimeHex, ok3 := req.paramString(3)
	nonceHex, ok4 := req.paramString(4)
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return Share{}, nil, &Error{CodeOther, "malformed mining.submit: params must be strings"}
	}
	size := ss.srv.cfg.Extranonce2Size
	if len(en2Hex) != 2*size {
		return Share{}, nil, &Error{CodeOther, "malformed mining.submit: extranonce2 must be " + strconv.Itoa(size) + " bytes"}
	}
	en2, err := hex.DecodeString(en2Hex)
	if err != nil {
		return Share{}, nil, &Error{CodeOther, "malformed mining.submit: extranonce2 is not hex"}
	}
	ntime, ok := parseHex32(ntimeHex)
	if !ok {
		return Share{}, nil, &Error{CodeOther, "malformed mining.submit: ntime must be 8 hex digits"}
	}
	nonce, ok := parseHex32(nonceHex)
	if !ok {
		return Share{}, nil, &Error{CodeOther, "malformed mining.submit: nonce must be 8 hex digits"}
	}
	var vbits uint32
	hasVBits := len(req.Params) == 6
	if hasVBits {
		vHex, ok := req.paramString(5)
		if vbits, ok = parseHex32String(vHex, ok); !ok {
			return Share{}, nil, &Error{CodeOther, "malformed mining.submit: version bits must be 8 hex digits"}
		}
	}

	sj, ok := ss.sentLocked(jobID)
	if !ok || !ss.srv.book.Load().live(sj.job) {
		return Share{}, nil, ErrStale
	}
	j := sj.job
	if ntime < j.NTime || int64(ntime) > recv.Add(MaxNTimeAhead).Unix() {
		return Share{}, nil, &Error{CodeOther, "ntime out of range"}
	}
	version := j.Version
	switch {
	case ss.rolling && hasVBits:
		// Some firmware sends the whole rolled version instead of the bits alone; its
		// fixed bits are then the job's, and it means the same.
		if vbits&^ss.mask != 0 && vbits&^ss.mask != j.Version&^ss.mask {
			return Share{}, nil, &Error{CodeOther, "version bits outside the negotiated mask"}
		}
		version = j.Version&^ss.mask | vbits&ss.mask
	case vbits != 0:
		return Share{}, nil, &Error{CodeOther, "version rolling was not configured"}
	}
	var packed uint64
	for _, b := range en2 {
		packed = packed<<8 | uint64(b)
	}
	key := shareKey{en2: packed, ntime: ntime, nonce: nonce, version: version}
	if e := ss.rememberLocked(sj.work, key); e != nil {
		return Share{}, nil, e
	}
	return Share{
		Worker: worker, Job: j, Extranonce1: ss.en1, Extranonce2: en2,
		NTime: ntime, Nonce: nonce, Version: version, Difficulty: sj.diff, ReceivedAt: recv,
	}, ss.info, nil
}

// errWorkFull answers a share of a work the connection had to forget (maxSeenShares): stale,
// so that it is not held against the miner, who takes the next job.
var errWorkFull = &Error{CodeJobNotFound, "too many shares for this job, wait for the next"}

// rememberLocked records a share of work, or says why it is refused: a duplicate when
// the connection sent the same header since the tip (under this job or another that makes
// the same headers), stale when the work was forgotten to make room.
func (ss *session) rememberLocked(work uint64, key shareKey) *Error {
	i := slices.IndexFunc(ss.seen, func(e seenShares) bool { return e.work == work })
	if i < 0 {
		ss.seen = append(ss.seen, seenShares{work: work})
		i = len(ss.seen) - 1
	}
	e := &ss.seen[i]
	switch {
	case e.closed:
		return errWorkFull
	case e.has(key):
		return ErrDuplicate
	}
	total := 0
	for k := range ss.seen {
		total += ss.seen[k].size()
	}
	// Room is made by closing the other works, oldest first, but not the newest job's:
	// the miner is on that one. What is still full closes this share's own work.
	var newest uint64
	if n := len(ss.sent); n > 0 {
		newest = ss.sent[n-1].work
	}
	for k := 0; total >= maxSeenShares && k < len(ss.seen); k++ {
		if o := &ss.seen[k]; k != i && !o.closed && (o.work != newest || len(ss.sent) == 0) {
			total -= o.size()
			o.close()
		}
	}
	if total >= maxSeenShares {
		e.close()
		return errWorkFull
	}
	e.add(key)
	return nil
}

func parseHex32String(s string, ok bool) (uint32, bool) {
	if !ok {
		return 0, false
	}
	return parseHex32(s)
}
