package notify

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/base64"
	"fmt"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/smtp"
	"net/textproto"
	"strings"
	"time"
	"unicode/utf8"
)

// TLS modes of SMTPConfig.TLS.
const (
	TLSNone     = "none"     // plain text; AUTH is then only allowed to localhost
	TLSStartTLS = "starttls" // plain connect, then STARTTLS, which the server must offer
	TLSImplicit = "tls"      // TLS from the first byte (usually port 465)
)

// DefaultSMTPTimeout bounds one whole delivery when SMTPConfig.Timeout is zero.
const DefaultSMTPTimeout = 30 * time.Second

// SMTPConfig says how to reach the mail server.
type SMTPConfig struct {
	Addr      string        // host:port
	Username  string        // empty: no AUTH
	Password  string        // used with Username, AUTH PLAIN
	From      string        // "addr" or "Name <addr>"
	TLS       string        // TLSNone, TLSStartTLS or TLSImplicit; empty means TLSStartTLS
	Timeout   time.Duration // for the whole exchange, dial included; zero means DefaultSMTPTimeout
	TLSConfig *tls.Config   // optional; nil verifies the server against the system roots
	HeloName  string        // name given in EHLO; empty means "localhost"
}

// SMTP sends codes by email, one connection per code. It is safe for concurrent use.
type SMTP struct {
	cfg  SMTPConfig
	host string
	from *mail.Address
}

// NewSMTP checks cfg and returns the sender; it does not connect.
func NewSMTP(cfg SMTPConfig) (*SMTP, error) {
	host, port, err := net.SplitHostPort(cfg.Addr)
	if err != nil || host == "" || port == "" {
		return nil, fmt.Errorf("notify: smtp address %q is not host:port", cfg.Addr)
	}
	switch cfg.TLS {
	case "":
		cfg.TLS = TLSStartTLS
	case TLSNone, TLSStartTLS, TLSImplicit:
	default:
		return nil, fmt.Errorf("notify: smtp tls %q is not none, starttls or tls", cfg.TLS)
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultSMTPTimeout
	}
	if cfg.Password != "" && cfg.Username == "" {
		return nil, fmt.Errorf("notify: smtp %s: password given without a user name", cfg.Addr)
	}
	if err := headerSafe("smtp helo name", cfg.HeloName); err != nil {
		return nil, err
	}
	if err := headerSafe("smtp from", cfg.From); err != nil {
		return nil, err
	}
	if cfg.From == "" {
		return nil, fmt.Errorf("notify: smtp %s: a From address is required", cfg.Addr)
	}
	from, err := mail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("notify: smtp from %q: %w", cfg.From, err)
	}
	return &SMTP{cfg: cfg, host: host, from: from}, nil
}

// String describes the sender without secrets, e.g. "smtp mail.example.com:587 (starttls)".
func (s *SMTP) String() string {
	d := "smtp " + s.cfg.Addr + " (" + s.cfg.TLS
	if s.cfg.Username != "" {
		d += ", auth as " + s.cfg.Username
	}
	return d + ")"
}

// SendCode renders c and delivers it to c.To, which must be an email address.
func (s *SMTP) SendCode(ctx context.Context, c Code) error {
	if c.Channel != ChannelEmail {
		return fmt.Errorf("notify: smtp: channel %q is not %s", c.Channel, ChannelEmail)
	}
	to, err := parseRecipient(c.To)
	if err != nil {
		return err
	}
	msg, err := Render(c)
	if err != nil {
		return err
	}
	return s.send(ctx, to, msg)
}

// SendNotice renders n and delivers it to n.To, which must be an email address.
func (s *SMTP) SendNotice(ctx context.Context, n Notice) error {
	if n.Channel != ChannelEmail {
		return fmt.Errorf("notify: smtp: channel %q is not %s", n.Channel, ChannelEmail)
	}
	to, err := parseRecipient(n.To)
	if err != nil {
		return err
	}
	msg, err := RenderNotice(n)
	if err != nil {
		return err
	}
	return s.send(ctx, to, msg)
}

// send composes a rendered message and delivers it.
func (s *SMTP) send(ctx context.Context, to *mail.Address, msg Message) error {
	raw, err := s.compose(to, msg, time.Now())
	if err != nil {
		return err
	}
	return s.deliver(ctx, to.Address, raw)
}

// compose builds the RFC 5322 message: headers, then a multipart/alternative body with a
// quoted-printable UTF-8 text part and HTML part. Line ends are CRLF.
func (s *SMTP) compose(to *mail.Address, msg Message, now time.Time) ([]byte, error) {
	if err := headerSafe("subject", msg.Subject); err != nil {
		return nil, err
	}
	subject := encodeHeader(msg.Subject)
	headers := [][2]string{
		{"From", s.from.String()},
		{"To", to.String()},
		{"Subject", subject},
		{"Date", now.Format(time.RFC1123Z)},
		{"Message-ID", "<" + rand.Text() + "@" + domainOf(s.from.Address) + ">"},
		{"MIME-Version", "1.0"},
		{"Content-Language", strings.ReplaceAll(msg.Lang, "_", "-")},
		{"Auto-Submitted", "auto-generated"},
	}

	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	for _, part := range []struct{ ctype, text string }{
		{"text/plain; charset=UTF-8", msg.Text},
		{"text/html; charset=UTF-8", msg.HTML},
	} {
		w, err := mw.CreatePart(textproto.MIMEHeader{
			"Content-Type":              {part.ctype},
			"Content-Transfer-Encoding": {"quoted-printable"},
		})
		if err != nil {
			return nil, fmt.Errorf("notify: smtp compose: %w", err)
		}
		qp := quotedprintable.NewWriter(w)
		if _, err := qp.Write([]byte(part.text)); err != nil {
			return nil, fmt.Errorf("notify: smtp compose: %w", err)
		}
		if err := qp.Close(); err != nil {
			return nil, fmt.Errorf("notify: smtp compose: %w", err)
		}
	}
	if err := mw.Close(); err != nil {
		return nil, fmt.Errorf("notify: smtp compose: %w", err)
	}
	headers = append(headers, [2]string{"Content-Type", `multipart/alternative; boundary="` + mw.Boundary() + `"`})

	var b bytes.Buffer
	for _, h := range headers {
		// The encoded subject is folded on purpose; a line break anywhere else is injection.
		if h[0] != "Subject" {
			if err := headerSafe(strings.ToLower(h[0]), h[1]); err != nil {
				return nil, err
			}
		}
		b.WriteString(h[0] + ": " + h[1] + "\r\n")
	}
	b.WriteString("\r\n")
	b.Write(body.Bytes())
	return b.Bytes(), nil
}

// encodeHeader returns plain ASCII text as it is, and anything else as RFC 2047 base64
// encoded words of at most 42 bytes of UTF-8 each (never splitting a character), one per
// folded line, so no header line passes 78 characters. The folding whitespace between
// encoded words is not part of the decoded text.
func encodeHeader(v string) string {
	if isPrintableASCII(v) {
		return v
	}
	const chunk = 42
	var words []string
	for len(v) > 0 {
		n := min(len(v), chunk)
		for n < len(v) && !utf8.RuneStart(v[n]) {
			n--
		}
		words = append(words, "=?UTF-8?B?"+base64.StdEncoding.EncodeToString([]byte(v[:n]))+"?=")
		v = v[n:]
	}
	return strings.Join(words, "\r\n ")
}

func isPrintableASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] > 0x7e {
			return false
		}
	}
	return true
}

func domainOf(addr string) string {
	if i := strings.LastIndexByte(addr, '@'); i >= 0 && i < len(addr)-1 {
		return addr[i+1:]
	}
	return "localhost"
}

// deliver runs one SMTP session. The timeout covers everything from dial to the reply to
// DATA, and cancelling ctx interrupts whatever step is under way.
func (s *SMTP) deliver(ctx context.Context, rcpt string, raw []byte) error {
	ctx, cancel := context.WithTimeout(ctx, s.cfg.Timeout)
	defer cancel()
	addr := s.cfg.Addr

	var d net.Dialer
	conn, err := d.DialContext(ctx, "tcp", addr)
	if err != nil {
		return fmt.Errorf("notify: smtp dial %s: %w", addr, err)
	}
	defer conn.Close()
	if dl, ok := ctx.Deadline(); ok {
		_ = conn.SetDeadline(dl)
	}
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()

	tlsCfg := s.tlsConfig()
	if s.cfg.TLS == TLSImplicit {
		tc := tls.Client(conn, tlsCfg)
		if err := tc.HandshakeContext(ctx); err != nil {
			return fmt.Errorf("notify: smtp %s: tls handshake: %w", addr, err)
		}
		conn = tc
	}
	// NewClient sees a *tls.Conn and tells PlainAuth the session is encrypted.
	c, err := smtp.NewClient(conn, s.host)
	if err != nil {
		return fmt.Errorf("notify: smtp %s: greeting: %w", addr, err)
	}
	defer c.Close()
	if s.cfg.HeloName != "" {
		if err := c.Hello(s.cfg.HeloName); err != nil {
			return fmt.Errorf("notify: smtp %s: ehlo: %w", addr, err)
		}
	}
	if s.cfg.TLS == TLSStartTLS {
		ok, _ := c.Extension("STARTTLS")
		if !ok {
			return fmt.Errorf("notify: smtp %s: server does not offer STARTTLS (set TLS to none or tls if that is intended)", addr)
		}
		if err := c.StartTLS(tlsCfg); err != nil {
			return fmt.Errorf("notify: smtp %s: starttls: %w", addr, err)
		}
	}
	if s.cfg.Username != "" {
		if ok, _ := c.Extension("AUTH"); !ok {
			return fmt.Errorf("notify: smtp %s: server does not offer AUTH", addr)
		}
		// PlainAuth refuses to send the password over plain text to anything but localhost.
		if err := c.Auth(smtp.PlainAuth("", s.cfg.Username, s.cfg.Password, s.host)); err != nil {
			return fmt.Errorf("notify: smtp %s: auth as %s: %w", addr, s.cfg.Username, err)
		}
	}
	if err := c.Mail(s.from.Address); err != nil {
		return fmt.Errorf("notify: smtp %s: mail from %s: %w", addr, s.from.Address, err)
	}
	if err := c.Rcpt(rcpt); err != nil {
		return fmt.Errorf("notify: smtp %s: rcpt to %s: %w", addr, rcpt, err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("notify: smtp %s: data: %w", addr, err)
	}
	if _, err := w.Write(raw); err != nil {
		return fmt.Errorf("notify: smtp %s: data: %w", addr, err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("notify: smtp %s: data: %w", addr, err)
	}
	// The server has accepted the message; a failed QUIT does not undo that.
	_ = c.Quit()
	return nil
}

func (s *SMTP) tlsConfig() *tls.Config {
	var cfg *tls.Config
	if s.cfg.TLSConfig != nil {
		cfg = s.cfg.TLSConfig.Clone()
	} else {
		cfg = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	if cfg.ServerName == "" {
		cfg.ServerName = s.host
	}
	return cfg
}
