package stratum

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/uniplus-pool/pool/internal/connlimit"
)

// ErrServerClosed is what Serve returns once Close has been called.
var ErrServerClosed = errors.New("stratum: server closed")

// Server is a Stratum v1 server: it accepts miners on any number of listeners and hands
// their shares to a Handler.
type Server struct {
	cfg  Config
	h    Handler
	log  *slog.Logger
	now  func() time.Time // tests replace it
	bans *banList

	broadcastMu sync.Mutex // one Broadcast at a time, so every connection sees jobs in one order
	book        atomic.Pointer[jobBook]

	mu        sync.Mutex
	sessions  map[uint64]*session
	listeners map[net.Listener]struct{}
	addr      net.Addr
	closed    bool
	nextID    uint64
	nextEn1   uint64
	en1Live   map[uint64]struct{}
	// addrs counts live connections by client address: Config.Connections, shared with
	// other servers, or one of this server's own under MaxPerAddress.
	addrs *connlimit.Counter
	perLn map[string]int // live connections by listener address

	conns sync.WaitGroup // one per connection, done after Handler.Disconnected returns

	authorized                             atomic.Int64
	accepted, rejected, stale, dup, blocks atomic.Uint64
	refused                                atomic.Uint64
	rejectedBy                             [CodeNotSubscribed - CodeOther + 1]atomic.Uint64 // by error code
	diffChanges                            atomic.Uint64
}

// NewServer checks cfg and returns a server that calls h. It starts nothing: Serve does.
func NewServer(cfg Config, h Handler) (*Server, error) {
	if h == nil {
		return nil, errors.New("stratum: new server: nil Handler")
	}
	cfg = cfg.withDefaults()
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	addrs := cfg.Connections
	if addrs == nil {
		addrs = connlimit.NewCounter(0, cfg.MaxPerAddress)
	}
	return &Server{
		cfg: cfg, h: h, log: cfg.Logger, now: time.Now, bans: newBanList(cfg),
		sessions:  make(map[uint64]*session),
		listeners: make(map[net.Listener]struct{}),
		en1Live:   make(map[uint64]struct{}),
		addrs:     addrs,
		perLn:     make(map[string]int),
	}, nil
}

// ListenAndServe listens on the TCP address addr and serves it until Close.
func (s *Server) ListenAndServe(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("stratum: listen %s: %w", addr, err)
	}
	return s.Serve(ln)
}

// Serve accepts miners on ln until Close, then returns ErrServerClosed. It closes ln.
func (s *Server) Serve(ln net.Listener) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		ln.Close()
		return ErrServerClosed
	}
	s.listeners[ln] = struct{}{}
	if s.addr == nil {
		s.addr = ln.Addr()
	}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.listeners, ln)
		s.mu.Unlock()
		ln.Close()
	}()

	var backoff time.Duration
	for {
		c, err := ln.Accept()
		if err != nil {
			if s.isClosed() {
				return ErrServerClosed
			}
			if errors.Is(err, net.ErrClosed) {
				return fmt.Errorf("stratum: accept on %s: %w", ln.Addr(), err)
			}
			// Running out of file descriptors passes; spinning on it would not help.
			backoff = min(max(2*backoff, 5*time.Millisecond), time.Second)
			s.log.Warn("stratum: accept", "addr", ln.Addr().String(), "err", err, "retry_in", backoff)
			time.Sleep(backoff)
			continue
		}
		backoff = 0
		s.accept(c, ln.Addr().String())
	}
}

func (s *Server) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// accept admits a connection that came in on listener lnAddr, or refuses a banned
// address and any connection past MaxConnections, MaxPerListener or the address count's
// caps (MaxPerAddress, or Connections') before spending anything on it.
func (s *Server) accept(c net.Conn, lnAddr string) {
	now := s.now()
	remote := c.RemoteAddr().String()
	host := hostOf(remote)
	if s.bans.banned(host, now) {
		s.refused.Add(1)
		c.Close()
		return
	}
	key := connlimit.Key(host)
	s.mu.Lock()
	// The address count is asked last, so that a refusal here takes no place there.
	if s.closed || (s.cfg.MaxConnections > 0 && len(s.sessions) >= s.cfg.MaxConnections) ||
		(s.cfg.MaxPerListener > 0 && s.perLn[lnAddr] >= s.cfg.MaxPerListener) ||
		s.addrs.Acquire(key) != connlimit.Admitted {
		s.mu.Unlock()
		s.refused.Add(1)
		c.Close()
		return
	}
	en1, ok := s.allocExtranonce1()
	if !ok {
		s.addrs.Release(key)
		s.mu.Unlock()
		s.refused.Add(1)
		s.log.Warn("stratum: every extranonce1 is in use", "size", s.cfg.Extranonce1Size)
		c.Close()
		return
	}
	s.nextID++
	if s.cfg.TLSConfig != nil {
		c = tls.Server(c, s.cfg.TLSConfig)
	}
	ss := newSession(s, c, s.nextID, remote, host, en1, now)
	ss.listener = lnAddr
	ss.addrKey = key
	s.perLn[lnAddr]++
	s.sessions[ss.id] = ss
	s.conns.Add(1)
	s.mu.Unlock()
	go ss.run()
}

// allocExtranonce1 hands out the next value of a counter that no live connection holds.
// Extranonce1 is what makes two miners' work differ, so it is unique among live
// connections and never changes while one lasts. Called with s.mu held.
func (s *Server) allocExtranonce1() ([]byte, bool) {
	bits := 8 * s.cfg.Extranonce1Size
	space := uint64(1) << uint(bits) // 0 when the size is 8 bytes: the whole uint64
	if space != 0 && uint64(len(s.en1Live)) >= space {
		return nil, false
	}
	for {
		v := s.nextEn1
		s.nextEn1++
		if space != 0 {
			v %= space
		}
		if _, taken := s.en1Live[v]; taken {
			continue
		}
		s.en1Live[v] = struct{}{}
		b := make([]byte, s.cfg.Extranonce1Size)
		for i := len(b) - 1; i >= 0; i-- {
			b[i] = byte(v)
			v >>= 8
		}
		return b, true
	}
}

// decrement lowers a live count, forgetting keys that reach zero so the map does not
// keep every address that ever connected.
func decrement(m map[string]int, key string) {
	if m[key] <= 1 {
		delete(m, key)
		return
	}
	m[key]--
}

// remove records an ended session's offence, if any and not counted yet, and forgets the
// session: in that order, so that once a connection is gone from Stats its offence counts.
func (s *Server) remove(ss *session, r closeReason) {
	if r.offence && !r.counted && s.bans.offence(ss.host, s.now()) {
		s.log.Warn("stratum: address banned", "addr", ss.host, "for", s.cfg.BanDuration.String(), "last", r.text)
	}
	var v uint64
	for _, b := range ss.en1 {
		v = v<<8 | uint64(b)
	}
	s.mu.Lock()
	delete(s.sessions, ss.id)
	delete(s.en1Live, v)
	decrement(s.perLn, ss.listener)
	s.mu.Unlock()
	s.addrs.Release(ss.addrKey)
}

// Broadcast sends j to every subscribed and authorized connection, and makes it the job
// that newly authorized connections get. Shares for the last JobHistory jobs since the
// last clean one are judged; older ones are answered stale. It never waits for a
// connection: one whose send queue is full is closed.
func (s *Server) Broadcast(j *Job) {
	if j == nil {
		return
	}
	s.broadcastMu.Lock()
	defer s.broadcastMu.Unlock()
	book := s.book.Load().with(j, s.cfg.JobHistory)
	s.book.Store(book)
	// A job with a coinbase per worker is written per connection, and so is every job of
	// a header-work dialect, which numbers them per connection.
	var msg []byte
	if j.PerWorker == nil && !s.cfg.Dialect.headerWork() {
		msg = appendNotify(nil, j, j.ID, j.CleanJobs)
	}
	for _, ss := range s.liveSessions() {
		ss.broadcast(book, j, msg)
	}
}

func (s *Server) liveSessions() []*session {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*session, 0, len(s.sessions))
	for _, ss := range s.sessions {
		out = append(out, ss)
	}
	return out
}

// Close stops accepting, closes every connection and waits until each one's handler
// calls have returned, or until ctx ends.
func (s *Server) Close(ctx context.Context) error {
	s.mu.Lock()
	s.closed = true
	lns := make([]net.Listener, 0, len(s.listeners))
	for ln := range s.listeners {
		lns = append(lns, ln)
	}
	s.mu.Unlock()
	for _, ln := range lns {
		ln.Close()
	}
	for _, ss := range s.liveSessions() {
		ss.close(closeReason{text: "server closing"})
	}
	done := make(chan struct{})
	go func() {
		s.conns.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("stratum: close: waiting for connections: %w", ctx.Err())
	}
}

// CloseWorkers closes every live connection that authorized a worker match accepts, and
// answers how many it closed (the stratum role's watch for cancelled accounts). A farm
// proxy's connection goes whole when one of its workers matches; its other workers
// authorize again when it reconnects. match is called without the server's locks held,
// once per worker of each live connection. A connection whose authorize is still being
// decided is not seen: the watch's next pass closes it.
func (s *Server) CloseWorkers(match func(worker string) bool) int {
	n := 0
	for _, ss := range s.liveSessions() {
		if slices.ContainsFunc(ss.workers(), match) && ss.close(closeReason{text: "closed by the pool: worker no longer allowed"}) {
			n++
		}
	}
	return n
}

// Stats reports the server's counters.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	conns := len(s.sessions)
	byLn := make(map[string]int, len(s.listeners))
	for ln := range s.listeners {
		byLn[ln.Addr().String()] = s.perLn[ln.Addr().String()]
	}
	s.mu.Unlock()
	reasons := make(map[string]uint64, len(s.rejectedBy))
	for i := range s.rejectedBy {
		reasons[RejectReason(CodeOther+i)] = s.rejectedBy[i].Load()
	}
	banned, issued := s.bans.counts(s.now())
	return Stats{
		Connections:           conns,
		Authorized:            int(s.authorized.Load()),
		SharesAccepted:        s.accepted.Load(),
		SharesRejected:        s.rejected.Load(),
		SharesStale:           s.stale.Load(),
		SharesDuplicate:       s.dup.Load(),
		Blocks:                s.blocks.Load(),
		Banned:                banned,
		Bans:                  issued,
		Refused:               s.refused.Load(),
		Rejections:            reasons,
		ConnectionsByListener: byLn,
		DifficultyChanges:     s.diffChanges.Load(),
	}
}

// RejectReason names a share error code for metrics and logs: stale, duplicate,
// low_difficulty, unauthorized, not_subscribed, or other.
func RejectReason(code int) string {
	switch code {
	case CodeJobNotFound:
		return "stale"
	case CodeDuplicate:
		return "duplicate"
	case CodeLowDifficulty:
		return "low_difficulty"
	case CodeUnauthorized:
		return "unauthorized"
	case CodeNotSubscribed:
		return "not_subscribed"
	}
	return "other"
}

// countRejection adds a refused share to its reason's count.
func (s *Server) countRejection(code int) {
	i := code - CodeOther
	if i < 0 || i >= len(s.rejectedBy) {
		i = 0
	}
	s.rejectedBy[i].Add(1)
}

// Addr is the address of the first listener Serve was given, or nil before that.
func (s *Server) Addr() net.Addr {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addr
}

// hostOf is the host part of a remote address, what bans are keyed by.
func hostOf(addr string) string {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	return host
}
