package connlimit

import (
	"container/list"
	"crypto/tls"
	"io"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
)

// Listener hands out a net.Listener's connections under a Counter, for an http.Server
// that Track follows. A connection past a cap is first given room: the connection that
// has waited longest without a request in progress (one that never sent a request, or an
// idle keep-alive one) is closed, of the same address when it is the address that is
// full, of any address when the total is. Only when every connection counted is inside a
// request is the new one refused, closed at once.
//
// Closing a waiting connection is what the server does itself at its idle timeout: a
// client sees its kept-alive connection closed and opens another (browsers and Go's
// client retry a request that meets a connection closed under it). It means that neither
// idle keep-alive connections nor connections that send nothing can hold the listener:
// to keep a connection, a client has to be sending a request, which the server's read
// timeouts bound. The one client that can lose is a request whose bytes arrived in the
// instant its connection was chosen, the same race as the idle timeout's.
type Listener struct {
	net.Listener
	counter *Counter
	exempt  func(netip.Addr) bool

	mu sync.Mutex
	// waiting are the connections without a request in progress, longest waiting at the
	// front, in all and by address key.
	waiting list.List
	byKey   map[string]*list.List

	refused, evicted atomic.Uint64
}

// NewListener puts ln under c. Peers that exempt accepts (nil: none) count toward c's
// total only, not its per-address cap: a reverse proxy is one peer carrying many clients.
func NewListener(ln net.Listener, c *Counter, exempt func(netip.Addr) bool) *Listener {
	return &Listener{Listener: ln, counter: c, exempt: exempt, byKey: make(map[string]*list.List)}
}

// Track makes srv tell l when its connections start and finish requests (srv.ConnState,
// chained before any hook already set). Without it every connection counts as waiting,
// and one inside a request could be closed to make room.
func (l *Listener) Track(srv *http.Server) {
	prev := srv.ConnState
	srv.ConnState = func(c net.Conn, s http.ConnState) {
		l.connState(c, s)
		if prev != nil {
			prev(c, s)
		}
	}
}

// Stats are a Listener's figures.
type Stats struct {
	Open    int    // connections counted now
	Waiting int    // of them, those without a request in progress
	Refused uint64 // connections closed at accept: every one counted was inside a request
	Evicted uint64 // waiting connections closed to make room for a new one
}

// Stats reports the listener's figures.
func (l *Listener) Stats() Stats {
	l.mu.Lock()
	waiting := l.waiting.Len()
	l.mu.Unlock()
	return Stats{Open: l.counter.Len(), Waiting: waiting, Refused: l.refused.Load(), Evicted: l.evicted.Load()}
}

// Accept returns the next connection the caps admit; those they refuse are closed here
// and never reach the server.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		nc, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if c := l.admit(nc); c != nil {
			return c, nil
		}
		l.refused.Add(1)
		nc.Close()
	}
}

// Close closes the listener and the connections waiting for a request, which nothing
// will serve now. http.Server.Shutdown closes the listener first and then waits for its
// connections: without this, for 5 s for each one that has sent nothing (a flood of
// them made every graceful stop take that long).
func (l *Listener) Close() error {
	err := l.Listener.Close()
	for {
		c := l.longestWaiting("")
		if c == nil {
			return err
		}
		c.Close()
	}
}

// admit counts nc, making room when a cap is full, or answers nil.
func (l *Listener) admit(nc net.Conn) *Conn {
	key := nc.RemoteAddr().String()
	if a, ok := PeerAddr(nc); ok {
		key = Key(a.String())
		if l.exempt != nil && l.exempt(a) {
			key = ""
		}
	}
	// Two rounds: making room for the address frees a place in the total too.
	for range 2 {
		var victim *Conn
		switch l.counter.Acquire(key) {
		case Admitted:
			c := &Conn{Conn: nc, l: l, key: key}
			l.mu.Lock()
			l.waitLocked(c)
			l.mu.Unlock()
			return c
		case FullAddress:
			victim = l.longestWaiting(key)
		case FullTotal:
			victim = l.longestWaiting("")
		}
		if victim == nil {
			return nil
		}
		l.evicted.Add(1)
		victim.Close()
	}
	return nil
}

// longestWaiting takes out of the waiting lists the connection of key (any, for "") that
// has waited longest, or answers nil.
func (l *Listener) longestWaiting(key string) *Conn {
	l.mu.Lock()
	defer l.mu.Unlock()
	q := &l.waiting
	if key != "" {
		q = l.byKey[key]
	}
	if q == nil || q.Len() == 0 {
		return nil
	}
	c := q.Front().Value.(*Conn)
	l.unwaitLocked(c)
	return c
}

// connState follows srv's view of a connection: waiting when new (admit) or idle, not
// while a request is in progress or once hijacked.
func (l *Listener) connState(nc net.Conn, s http.ConnState) {
	if tc, ok := nc.(*tls.Conn); ok {
		nc = tc.NetConn()
	}
	c, ok := nc.(*Conn)
	if !ok || c.l != l {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	switch s {
	case http.StateIdle:
		if !c.released {
			l.waitLocked(c) // to the back: idle since now
		}
	case http.StateActive, http.StateHijacked, http.StateClosed:
		l.unwaitLocked(c)
	}
}

// waitLocked puts c at the back of the waiting lists.
func (l *Listener) waitLocked(c *Conn) {
	l.unwaitLocked(c)
	c.all = l.waiting.PushBack(c)
	if c.key == "" {
		return
	}
	q := l.byKey[c.key]
	if q == nil {
		q = list.New()
		l.byKey[c.key] = q
	}
	c.own = q.PushBack(c)
}

// unwaitLocked takes c out of the waiting lists, if it is in them.
func (l *Listener) unwaitLocked(c *Conn) {
	if c.all != nil {
		l.waiting.Remove(c.all)
		c.all = nil
	}
	if c.own != nil {
		q := l.byKey[c.key]
		q.Remove(c.own)
		c.own = nil
		if q.Len() == 0 {
			delete(l.byKey, c.key)
		}
	}
}

// release gives c's place back, once.
func (l *Listener) release(c *Conn) {
	l.mu.Lock()
	if c.released {
		l.mu.Unlock()
		return
	}
	c.released = true
	l.unwaitLocked(c)
	l.mu.Unlock()
	l.counter.Release(c.key)
}

// Conn is a connection a Listener admitted; closing it gives its place back.
type Conn struct {
	net.Conn
	l   *Listener
	key string
	// Guarded by l.mu: the connection's places in the waiting lists (nil while a
	// request is in progress), and whether its place was given back.
	all, own *list.Element
	released bool
}

// Close closes the connection and gives its place back (once, however often it is called).
func (c *Conn) Close() error {
	err := c.Conn.Close()
	c.l.release(c)
	return err
}

// CloseWrite half-closes a TCP connection, as net/http does after an error answer so the
// client reads it before the connection goes.
func (c *Conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// ReadFrom keeps the TCP connection's own (sendfile, splice) for net/http's copies.
func (c *Conn) ReadFrom(r io.Reader) (int64, error) {
	if rf, ok := c.Conn.(io.ReaderFrom); ok {
		return rf.ReadFrom(r)
	}
	return io.Copy(struct{ io.Writer }{c.Conn}, r)
}
