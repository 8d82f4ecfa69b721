package proxyproto

import (
	"errors"
	"log/slog"
	"net"
	"net/netip"
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/netlist"
)

// HeaderTimeout bounds how long a balancer's connection may take to send its header.
const HeaderTimeout = 5 * time.Second

// Listener gives the connections of the balancers in Trusted the client's address from
// their PROXY header, and closes those whose header is missing or malformed; other peers
// pass as they are, and any PROXY header they send is theirs to the protocol above. A
// header is read on a goroutine of its own, so a slow one holds up no other accept.
type Listener struct {
	net.Listener
	trusted netlist.Networks
	log     *slog.Logger

	start  sync.Once
	stop   sync.Once
	conns  chan net.Conn
	errs   chan error
	closed chan struct{}
}

// NewListener wraps ln for the balancers in trusted.
func NewListener(ln net.Listener, trusted netlist.Networks, log *slog.Logger) *Listener {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Listener{Listener: ln, trusted: trusted, log: log,
		conns: make(chan net.Conn), errs: make(chan error), closed: make(chan struct{})}
}

// Accept answers the next connection ready for the protocol above.
func (l *Listener) Accept() (net.Conn, error) {
	l.start.Do(func() { go l.acceptLoop() })
	select {
	case c := <-l.conns:
		return c, nil
	case err := <-l.errs:
		return nil, err
	case <-l.closed:
		return nil, net.ErrClosed
	}
}

// Close closes the listener; connections still reading their header are closed.
func (l *Listener) Close() error {
	l.stop.Do(func() { close(l.closed) })
	return l.Listener.Close()
}

func (l *Listener) acceptLoop() {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			select {
			case l.errs <- err:
			case <-l.closed:
				return
			}
			if errors.Is(err, net.ErrClosed) {
				return
			}
			continue
		}
		if !l.fromBalancer(c) {
			l.hand(c)
			continue
		}
		go func() {
			pc, err := readHeader(c, HeaderTimeout)
			if err != nil {
				l.log.Warn("stratum: PROXY header refused", "peer", c.RemoteAddr().String(), "err", err)
				c.Close()
				return
			}
			l.hand(pc)
		}()
	}
}

// hand passes c to Accept, or closes it when the listener closed first.
func (l *Listener) hand(c net.Conn) {
	select {
	case l.conns <- c:
	case <-l.closed:
		c.Close()
	}
}

func (l *Listener) fromBalancer(c net.Conn) bool {
	ap, err := netip.ParseAddrPort(c.RemoteAddr().String())
	if err != nil {
		return false
	}
	return l.trusted.Has(ap.Addr())
}

// readHeader reads c's PROXY header within timeout, and answers c as the client's
// connection: its remote address from the header, its first bytes those that came
// after the header.
func readHeader(c net.Conn, timeout time.Duration) (net.Conn, error) {
	if err := c.SetReadDeadline(time.Now().Add(timeout)); err != nil {
		return nil, err
	}
	buf := make([]byte, 0, 256)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := c.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		h, perr := Parse(buf)
		if perr == nil {
			if err := c.SetReadDeadline(time.Time{}); err != nil {
				return nil, err
			}
			pc := &conn{Conn: c, rest: buf[h.Len:]}
			if h.Source.IsValid() {
				pc.remote = net.TCPAddrFromAddrPort(h.Source)
			}
			return pc, nil
		}
		if !errors.Is(perr, ErrIncomplete) {
			return nil, perr
		}
		if len(buf) >= MaxHeader {
			return nil, errors.New("proxyproto: no header in the first bytes")
		}
		if err != nil {
			return nil, err
		}
	}
}

// conn is a balancer's connection as the client's.
type conn struct {
	net.Conn
	remote net.Addr // nil: the balancer's own (LOCAL, UNKNOWN)
	rest   []byte   // read with the header, before the client's next bytes
}

func (c *conn) RemoteAddr() net.Addr {
	if c.remote != nil {
		return c.remote
	}
	return c.Conn.RemoteAddr()
}

func (c *conn) Read(p []byte) (int, error) {
	if len(c.rest) > 0 {
		n := copy(p, c.rest)
		c.rest = c.rest[n:]
		if len(c.rest) == 0 {
			c.rest = nil
		}
		return n, nil
	}
	return c.Conn.Read(p)
}
