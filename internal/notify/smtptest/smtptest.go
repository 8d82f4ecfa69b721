// Package smtptest runs a small but real SMTP server for tests: it speaks enough of the
// protocol for net/smtp (EHLO/HELO, STARTTLS, AUTH PLAIN, MAIL, RCPT, DATA, RSET, NOOP,
// QUIT), keeps every message it receives in memory and decodes its subject and text.
// It delivers nothing and is not meant to face the internet.
package smtptest

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/textproto"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/testcert"
)

// TLS modes of Options.TLS, the same words notify.SMTPConfig uses.
const (
	TLSNone     = "none"
	TLSStartTLS = "starttls"
	TLSImplicit = "tls"
)

// MaxMessageSize is the largest DATA the server accepts (advertised with SIZE).
const MaxMessageSize = 10 << 20

// Options shape a server.
type Options struct {
	// TLS is TLSNone (or empty) for plain SMTP, TLSStartTLS to offer STARTTLS, TLSImplicit
	// for TLS from the first byte. The certificate is self-signed, made at start; a client
	// trusts it through ClientTLSConfig.
	TLS string
	// Username and Password, when Username is set, make the server offer AUTH PLAIN and
	// refuse MAIL before a successful login with exactly these.
	Username string
	Password string
	// Hostname is the name in the greeting; empty means "smtptest.local".
	Hostname string
	// OnMessage, when set, is called with each message as it arrives, before Messages and
	// WaitFor can see it: a message a test has been handed has been through the hook.
	OnMessage func(Message)
}

// Message is one message as received. Treat it as read-only.
type Message struct {
	From       string      // envelope sender (MAIL FROM)
	To         []string    // envelope recipients (RCPT TO)
	Data       []byte      // the message as sent, dot-unstuffed, CRLF line ends
	Header     mail.Header // parsed headers; nil when Data is not a valid message
	Subject    string      // the Subject header with RFC 2047 words decoded
	Text       string      // the text/plain part, transfer encoding undone, LF line ends
	HTML       string      // the text/html part, if any, decoded the same way
	TLS        bool        // whether the session was encrypted when DATA came
	AuthUser   string      // who logged in, if anyone did
	ReceivedAt time.Time
}

// Code is the first 6-digit number in the message's text (then its subject, then its
// HTML), or "" if there is none.
func (m Message) Code() string {
	for _, s := range []string{m.Text, m.Subject, m.HTML} {
		if c, ok := FindCode(s); ok {
			return c
		}
	}
	return ""
}

var codePattern = regexp.MustCompile(`(?:^|[^0-9])([0-9]{6})(?:[^0-9]|$)`)

// FindCode finds the first standalone 6-digit number in text.
func FindCode(text string) (string, bool) {
	m := codePattern.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	return m[1], true
}

// Server is a running test SMTP server.
type Server struct {
	opts      Options
	ln        net.Listener
	tlsConfig *tls.Config    // server side; nil without TLS
	roots     *x509.CertPool // trusts the server's certificate

	mu      sync.Mutex
	msgs    []Message
	taken   []bool        // taken[i]: msgs[i] was already returned by WaitFor
	changed chan struct{} // closed and replaced when a message arrives
	conns   map[net.Conn]struct{}
	closed  bool
	wg      sync.WaitGroup
}

// Start runs a server on 127.0.0.1 with a free port for the length of the test.
func Start(tb testing.TB, opts Options) *Server {
	tb.Helper()
	s, err := Listen("127.0.0.1:0", opts)
	if err != nil {
		tb.Fatalf("smtptest: %v", err)
	}
	tb.Cleanup(func() { _ = s.Close() })
	return s
}

// Listen runs a server on addr (host:port; port 0 picks a free one) until Close.
func Listen(addr string, opts Options) (*Server, error) {
	if opts.Hostname == "" {
		opts.Hostname = "smtptest.local"
	}
	if opts.TLS == "" {
		opts.TLS = TLSNone
	}
	if !slices.Contains([]string{TLSNone, TLSStartTLS, TLSImplicit}, opts.TLS) {
		return nil, fmt.Errorf("smtptest: tls %q is not none, starttls or tls", opts.TLS)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("smtptest: listen %s: %w", addr, err)
	}
	s := &Server{opts: opts, changed: make(chan struct{}), conns: map[net.Conn]struct{}{}}
	if opts.TLS != TLSNone {
		cert, roots, err := selfSigned(ln.Addr())
		if err != nil {
			ln.Close()
			return nil, err
		}
		s.tlsConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
		s.roots = roots
	}
	if opts.TLS == TLSImplicit {
		s.ln = tls.NewListener(ln, s.tlsConfig)
	} else {
		s.ln = ln
	}
	s.wg.Add(1)
	go s.accept()
	return s, nil
}

// Addr is the host:port the server listens on.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// ClientTLSConfig is a client configuration that trusts the server's certificate and
// expects the listen address's host as its name, or nil when the server has no TLS.
func (s *Server) ClientTLSConfig() *tls.Config {
	if s.roots == nil {
		return nil
	}
	host, _, _ := net.SplitHostPort(s.Addr())
	return &tls.Config{RootCAs: s.roots, ServerName: host, MinVersion: tls.VersionTLS12}
}

// Messages returns every message received so far, oldest first.
func (s *Server) Messages() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.msgs)
}

// WaitFor returns the oldest message for recipient to (case-insensitive) that WaitFor has
// not returned before, waiting up to timeout for one to arrive. Calling it once per code
// sent walks through the codes in order.
func (s *Server) WaitFor(to string, timeout time.Duration) (Message, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		s.mu.Lock()
		for i, m := range s.msgs {
			if !s.taken[i] && slices.ContainsFunc(m.To, func(r string) bool { return strings.EqualFold(r, to) }) {
				s.taken[i] = true
				s.mu.Unlock()
				return m, nil
			}
		}
		changed, closed := s.changed, s.closed
		s.mu.Unlock()
		if closed {
			return Message{}, fmt.Errorf("smtptest: wait for %s: server closed", to)
		}
		select {
		case <-changed:
		case <-timer.C:
			return Message{}, fmt.Errorf("smtptest: no message for %s within %s", to, timeout)
		}
	}
}

// Reset forgets every message received so far.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.msgs, s.taken = nil, nil
}

// Close stops listening, drops open sessions and waits for them to end.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	for c := range s.conns {
		c.Close()
	}
	close(s.changed) // wake any WaitFor
	s.mu.Unlock()
	err := s.ln.Close()
	s.wg.Wait()
	if errors.Is(err, net.ErrClosed) {
		err = nil
	}
	return err
}

func (s *Server) accept() {
	defer s.wg.Done()
	for {
		conn, err := s.ln.Accept()
		if err != nil {
			s.mu.Lock()
			closed := s.closed
			s.mu.Unlock()
			if closed || errors.Is(err, net.ErrClosed) {
				return
			}
			time.Sleep(10 * time.Millisecond) // e.g. out of file descriptors; try again
			continue
		}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			conn.Close()
			return
		}
		s.conns[conn] = struct{}{}
		s.wg.Add(1)
		s.mu.Unlock()
		go s.serve(conn)
	}
}

func (s *Server) serve(conn net.Conn) {
	defer s.wg.Done()
	sess := &session{srv: s, conn: conn, tls: s.opts.TLS == TLSImplicit}
	sess.setConn(conn)
	sess.run()
	// Closed after untracking so Close never closes it a second time.
	s.mu.Lock()
	delete(s.conns, conn)
	s.mu.Unlock()
	conn.Close()
}

func (s *Server) store(m Message) {
	parse(&m)
	if s.opts.OnMessage != nil {
		s.opts.OnMessage(m)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	s.msgs = append(s.msgs, m)
	s.taken = append(s.taken, false)
	close(s.changed)
	s.changed = make(chan struct{})
}

// session is one client connection.
type session struct {
	srv  *Server
	conn net.Conn
	r    *textproto.Reader
	w    *bufio.Writer

	tls      bool
	greeted  bool // EHLO or HELO seen (again after STARTTLS)
	authUser string
	from     string
	hasFrom  bool
	rcpts    []string
}

const idleTimeout = 2 * time.Minute

func (c *session) setConn(conn net.Conn) {
	c.conn = conn
	c.r = textproto.NewReader(bufio.NewReader(conn))
	c.w = bufio.NewWriter(conn)
}

// reply writes a (possibly multi-line) response: every line but the last gets "code-".
func (c *session) reply(code int, lines ...string) error {
	for i, l := range lines {
		sep := "-"
		if i == len(lines)-1 {
			sep = " "
		}
		fmt.Fprintf(c.w, "%d%s%s\r\n", code, sep, l)
	}
	return c.w.Flush()
}

func (c *session) resetTx() {
	c.from, c.hasFrom, c.rcpts = "", false, nil
}

func (c *session) run() {
	o := c.srv.opts
	_ = c.conn.SetDeadline(time.Now().Add(idleTimeout))
	if c.reply(220, o.Hostname+" ESMTP smtptest") != nil {
		return
	}
	for {
		_ = c.conn.SetDeadline(time.Now().Add(idleTimeout))
		line, err := c.r.ReadLine()
		if err != nil {
			return
		}
		verb, arg, _ := strings.Cut(line, " ")
		verb = strings.ToUpper(verb)
		arg = strings.TrimSpace(arg)
		var rerr error
		switch verb {
		case "EHLO":
			if arg == "" {
				rerr = c.reply(501, "5.5.4 EHLO needs a name")
				break
			}
			c.greeted = true
			c.resetTx()
			lines := []string{o.Hostname + " greets " + arg, "8BITMIME", fmt.Sprintf("SIZE %d", MaxMessageSize)}
			if o.TLS == TLSStartTLS && !c.tls {
				lines = append(lines, "STARTTLS")
			}
			if o.Username != "" {
				lines = append(lines, "AUTH PLAIN")
			}
			lines = append(lines, "HELP")
			rerr = c.reply(250, lines...)
		case "HELO":
			if arg == "" {
				rerr = c.reply(501, "5.5.4 HELO needs a name")
				break
			}
			c.greeted = true
			c.resetTx()
			rerr = c.reply(250, o.Hostname)
		case "STARTTLS":
			if o.TLS != TLSStartTLS || c.tls {
				rerr = c.reply(502, "5.5.1 STARTTLS not available")
				break
			}
			if rerr = c.reply(220, "2.0.0 Ready to start TLS"); rerr != nil {
				break
			}
			tc := tls.Server(c.conn, c.srv.tlsConfig)
			if err := tc.Handshake(); err != nil {
				return
			}
			// Anything the client sent before the handshake is dropped with the old reader.
			c.setConn(tc)
			c.tls, c.greeted, c.authUser = true, false, ""
			c.resetTx()
		case "AUTH":
			rerr = c.auth(arg)
		case "MAIL":
			switch {
			case !c.greeted:
				rerr = c.reply(503, "5.5.1 Say EHLO first")
			case o.Username != "" && c.authUser == "":
				rerr = c.reply(530, "5.7.0 Authentication required")
			case c.hasFrom:
				rerr = c.reply(503, "5.5.1 Sender already given")
			default:
				addr, ok := path(arg, "FROM:")
				if !ok {
					rerr = c.reply(501, "5.5.4 Syntax: MAIL FROM:<address>")
					break
				}
				c.from, c.hasFrom = addr, true
				rerr = c.reply(250, "2.1.0 OK")
			}
		case "RCPT":
			switch {
			case !c.hasFrom:
				rerr = c.reply(503, "5.5.1 Need MAIL first")
			case len(c.rcpts) >= 100:
				rerr = c.reply(452, "4.5.3 Too many recipients")
			default:
				addr, ok := path(arg, "TO:")
				if !ok || addr == "" {
					rerr = c.reply(501, "5.5.4 Syntax: RCPT TO:<address>")
					break
				}
				c.rcpts = append(c.rcpts, addr)
				rerr = c.reply(250, "2.1.5 OK")
			}
		case "DATA":
			if len(c.rcpts) == 0 {
				rerr = c.reply(503, "5.5.1 Need RCPT first")
				break
			}
			rerr = c.data()
		case "RSET":
			c.resetTx()
			rerr = c.reply(250, "2.0.0 OK")
		case "NOOP":
			rerr = c.reply(250, "2.0.0 OK")
		case "VRFY":
			rerr = c.reply(252, "2.5.2 Cannot VRFY user")
		case "HELP":
			rerr = c.reply(214, "2.0.0 EHLO HELO STARTTLS AUTH MAIL RCPT DATA RSET NOOP QUIT")
		case "QUIT":
			_ = c.reply(221, "2.0.0 Bye")
			return
		default:
			rerr = c.reply(500, "5.5.2 Command not recognized")
		}
		if rerr != nil {
			return
		}
	}
}

// path reads "FROM:<addr> params" or "TO:<addr> params" and returns addr.
func path(arg, prefix string) (string, bool) {
	if len(arg) < len(prefix) || !strings.EqualFold(arg[:len(prefix)], prefix) {
		return "", false
	}
	rest := strings.TrimSpace(arg[len(prefix):])
	if !strings.HasPrefix(rest, "<") {
		return "", false
	}
	end := strings.IndexByte(rest, '>')
	if end < 0 {
		return "", false
	}
	return rest[1:end], true
}

func (c *session) auth(arg string) error {
	o := c.srv.opts
	mech, initial, _ := strings.Cut(arg, " ")
	switch {
	case o.Username == "":
		return c.reply(502, "5.5.1 AUTH not available")
	case !c.greeted:
		return c.reply(503, "5.5.1 Say EHLO first")
	case c.authUser != "":
		return c.reply(503, "5.5.1 Already authenticated")
	case !strings.EqualFold(mech, "PLAIN"):
		return c.reply(504, "5.5.4 Unrecognized authentication type")
	}
	initial = strings.TrimSpace(initial)
	if initial == "" {
		if err := c.reply(334, ""); err != nil {
			return err
		}
		line, err := c.r.ReadLine()
		if err != nil {
			return err
		}
		initial = strings.TrimSpace(line)
	}
	if initial == "*" {
		return c.reply(501, "5.0.0 Authentication cancelled")
	}
	raw, err := base64.StdEncoding.DecodeString(initial)
	if err != nil {
		return c.reply(501, "5.5.2 Cannot decode response")
	}
	parts := strings.Split(string(raw), "\x00")
	if len(parts) != 3 || parts[1] != o.Username || parts[2] != o.Password {
		return c.reply(535, "5.7.8 Authentication credentials invalid")
	}
	c.authUser = parts[1]
	return c.reply(235, "2.7.0 Authentication successful")
}

// data reads the message up to the lone dot, undoing dot-stuffing and keeping CRLF.
func (c *session) data() error {
	if err := c.reply(354, "End data with <CR><LF>.<CR><LF>"); err != nil {
		return err
	}
	var buf bytes.Buffer
	tooBig := false
	for {
		line, err := c.r.ReadLineBytes()
		if err != nil {
			return err
		}
		if len(line) == 1 && line[0] == '.' {
			break
		}
		if len(line) > 0 && line[0] == '.' {
			line = line[1:]
		}
		if buf.Len()+len(line)+2 > MaxMessageSize {
			tooBig = true // keep reading to the end so the session stays in step
			continue
		}
		buf.Write(line)
		buf.WriteString("\r\n")
	}
	if tooBig {
		c.resetTx()
		return c.reply(552, "5.3.4 Message too big")
	}
	m := Message{
		From:       c.from,
		To:         slices.Clone(c.rcpts),
		Data:       buf.Bytes(),
		TLS:        c.tls,
		AuthUser:   c.authUser,
		ReceivedAt: time.Now(),
	}
	c.resetTx()
	c.srv.store(m)
	return c.reply(250, "2.0.0 OK queued")
}

// parse fills the decoded fields of m from m.Data.
func parse(m *Message) {
	msg, err := mail.ReadMessage(bytes.NewReader(m.Data))
	if err != nil {
		m.Text = string(m.Data)
		return
	}
	m.Header = msg.Header
	m.Subject = msg.Header.Get("Subject")
	if s, err := new(mime.WordDecoder).DecodeHeader(m.Subject); err == nil {
		m.Subject = s
	}
	m.Text, m.HTML = bodies(textproto.MIMEHeader(msg.Header), msg.Body, 0)
}

// bodies finds the first text/plain and text/html parts, descending into multiparts.
func bodies(h textproto.MIMEHeader, body io.Reader, depth int) (text, html string) {
	mt, params, err := mime.ParseMediaType(h.Get("Content-Type"))
	if err != nil {
		mt = "text/plain"
	}
	if strings.HasPrefix(mt, "multipart/") {
		if depth > 5 || params["boundary"] == "" {
			return "", ""
		}
		mr := multipart.NewReader(body, params["boundary"])
		for {
			p, err := mr.NextPart()
			if err != nil {
				return text, html
			}
			t, h := bodies(p.Header, p, depth+1)
			if text == "" {
				text = t
			}
			if html == "" {
				html = h
			}
		}
	}
	// multipart.Reader undoes quoted-printable itself and drops the header; the rest is ours.
	var r io.Reader = body
	switch strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))) {
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, &lineJoiner{r: body})
	case "quoted-printable":
		r = quotedprintable.NewReader(body)
	}
	b, _ := io.ReadAll(r)
	s := strings.ReplaceAll(string(b), "\r\n", "\n")
	switch mt {
	case "text/plain":
		return s, ""
	case "text/html":
		return "", s
	}
	return "", ""
}

// lineJoiner drops CR and LF so base64 split over lines decodes.
type lineJoiner struct{ r io.Reader }

func (j *lineJoiner) Read(p []byte) (int, error) {
	n, err := j.r.Read(p)
	k := 0
	for _, b := range p[:n] {
		if b != '\r' && b != '\n' {
			p[k] = b
			k++
		}
	}
	return k, err
}

// selfSigned makes a certificate for localhost, the loopback addresses and the listen
// address, and a pool that trusts it.
func selfSigned(addr net.Addr) (tls.Certificate, *x509.CertPool, error) {
	names := []string{"localhost", "127.0.0.1", "::1"}
	if ta, ok := addr.(*net.TCPAddr); ok && !ta.IP.IsUnspecified() {
		names = append(names, ta.IP.String())
	}
	c, err := testcert.New(names...)
	if err != nil {
		return tls.Certificate{}, nil, fmt.Errorf("smtptest: %w", err)
	}
	return c.TLS, c.Roots, nil
}
