package smtptest

import (
	"crypto/tls"
	"encoding/base64"
	"net"
	"net/smtp"
	"net/textproto"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// dial opens a raw protocol session and reads the greeting.
func dial(t *testing.T, s *Server) *textproto.Conn {
	t.Helper()
	c, err := textproto.Dial("tcp", s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	expect(t, c, 220)
	return c
}

func cmd(t *testing.T, c *textproto.Conn, want int, format string, args ...any) string {
	t.Helper()
	if err := c.PrintfLine(format, args...); err != nil {
		t.Fatal(err)
	}
	return expect(t, c, want)
}

func expect(t *testing.T, c *textproto.Conn, want int) string {
	t.Helper()
	code, msg, err := c.ReadResponse(0)
	if code != want {
		t.Fatalf("reply %d %q (%v), want %d", code, msg, err, want)
	}
	return msg
}

func TestProtocol(t *testing.T) {
	s := Start(t, Options{})
	c := dial(t, s)
	cmd(t, c, 503, "MAIL FROM:<a@b.test>")
	cmd(t, c, 500, "BOGUS")
	ehlo := cmd(t, c, 250, "EHLO client.test")
	if strings.Contains(ehlo, "STARTTLS") || strings.Contains(ehlo, "AUTH") {
		t.Errorf("EHLO offers what it should not: %q", ehlo)
	}
	cmd(t, c, 503, "RCPT TO:<x@y.test>")
	cmd(t, c, 501, "MAIL FROM:a@b.test")
	cmd(t, c, 250, "MAIL FROM:<a@b.test> BODY=8BITMIME")
	cmd(t, c, 503, "DATA")
	cmd(t, c, 250, "RCPT TO:<first@y.test>")
	cmd(t, c, 250, "RSET")
	cmd(t, c, 503, "RCPT TO:<x@y.test>")
	cmd(t, c, 250, "NOOP")
	cmd(t, c, 250, "mail from:<a@b.test>")
	cmd(t, c, 250, "RCPT TO:<X@Y.test>")
	cmd(t, c, 250, "RCPT TO:<second@y.test>")
	cmd(t, c, 354, "DATA")
	body := "Subject: =?UTF-8?B?" + base64.StdEncoding.EncodeToString([]byte("你好 code")) + "?=\r\n" +
		"\r\n" +
		"..leading dot\r\n" +
		".\r\n" // ends DATA; the line before was stuffed
	if _, err := c.W.WriteString(strings.TrimSuffix(body, ".\r\n")); err != nil {
		t.Fatal(err)
	}
	cmd(t, c, 250, ".")
	cmd(t, c, 221, "QUIT")

	msgs := s.Messages()
	if len(msgs) != 1 {
		t.Fatalf("%d messages", len(msgs))
	}
	m := msgs[0]
	if m.From != "a@b.test" || len(m.To) != 2 || m.To[0] != "X@Y.test" || m.To[1] != "second@y.test" {
		t.Errorf("envelope %q %q", m.From, m.To)
	}
	if m.Subject != "你好 code" {
		t.Errorf("subject %q", m.Subject)
	}
	if want := "Subject: =?UTF-8?B?5L2g5aW9IGNvZGU=?=\r\n\r\n.leading dot\r\n"; string(m.Data) != want {
		t.Errorf("data %q, want %q", m.Data, want)
	}
	if m.Text != ".leading dot\n" {
		t.Errorf("text %q", m.Text)
	}
	if m.TLS || m.AuthUser != "" || m.ReceivedAt.IsZero() {
		t.Errorf("session facts %+v", m)
	}
}

func TestAuthAndStartTLS(t *testing.T) {
	s := Start(t, Options{TLS: TLSStartTLS, Username: "u", Password: "p"})
	raw, err := net.Dial("tcp", s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	c := textproto.NewConn(raw)
	expect(t, c, 220)
	ehlo := cmd(t, c, 250, "EHLO client.test")
	if !strings.Contains(ehlo, "STARTTLS") || !strings.Contains(ehlo, "AUTH PLAIN") {
		t.Fatalf("EHLO %q", ehlo)
	}
	cmd(t, c, 530, "MAIL FROM:<a@b.test>")
	cmd(t, c, 504, "AUTH LOGIN")
	cmd(t, c, 535, "AUTH PLAIN %s", base64.StdEncoding.EncodeToString([]byte("\x00u\x00wrong")))
	cmd(t, c, 334, "AUTH PLAIN")
	cmd(t, c, 235, "%s", base64.StdEncoding.EncodeToString([]byte("\x00u\x00p")))
	cmd(t, c, 503, "AUTH PLAIN %s", base64.StdEncoding.EncodeToString([]byte("\x00u\x00p")))
	cmd(t, c, 220, "STARTTLS")

	// After STARTTLS the session starts over: EHLO again, log in again.
	tc := tls.Client(raw, s.ClientTLSConfig())
	if err := tc.Handshake(); err != nil {
		t.Fatal(err)
	}
	c = textproto.NewConn(tc)
	cmd(t, c, 503, "MAIL FROM:<a@b.test>")
	ehlo = cmd(t, c, 250, "EHLO client.test")
	if strings.Contains(ehlo, "STARTTLS") {
		t.Errorf("STARTTLS offered inside TLS: %q", ehlo)
	}
	cmd(t, c, 502, "STARTTLS")
	cmd(t, c, 530, "MAIL FROM:<a@b.test>")
	cmd(t, c, 235, "AUTH PLAIN %s", base64.StdEncoding.EncodeToString([]byte("\x00u\x00p")))
	cmd(t, c, 250, "MAIL FROM:<a@b.test>")
	cmd(t, c, 221, "QUIT")
}

// net/smtp drives a full STARTTLS + AUTH session; the server notes both.
func TestNetSMTPClient(t *testing.T) {
	s := Start(t, Options{TLS: TLSStartTLS, Username: "u", Password: "p"})
	c, err := smtp.Dial(s.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := c.StartTLS(s.ClientTLSConfig()); err != nil {
		t.Fatal(err)
	}
	if ok, _ := c.Extension("STARTTLS"); ok {
		t.Error("STARTTLS offered again inside TLS")
	}
	if err := c.Auth(smtp.PlainAuth("", "u", "p", "127.0.0.1")); err != nil {
		t.Fatal(err)
	}
	if err := c.Mail("a@b.test"); err != nil {
		t.Fatal(err)
	}
	if err := c.Rcpt("r@y.test"); err != nil {
		t.Fatal(err)
	}
	w, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	msg := "Subject: hi\r\nMIME-Version: 1.0\r\nContent-Type: multipart/alternative; boundary=XX\r\n\r\n" +
		"--XX\r\nContent-Type: text/html; charset=UTF-8\r\n\r\n<p>html 111111</p>\r\n" +
		"--XX\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
		base64.StdEncoding.EncodeToString([]byte("코드 654321 입니다"))[:12] + "\r\n" +
		base64.StdEncoding.EncodeToString([]byte("코드 654321 입니다"))[12:] + "\r\n" +
		"--XX--\r\n"
	if _, err := w.Write([]byte(msg)); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if err := c.Quit(); err != nil {
		t.Fatal(err)
	}
	m, err := s.WaitFor("r@y.test", time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !m.TLS || m.AuthUser != "u" {
		t.Errorf("TLS %v user %q", m.TLS, m.AuthUser)
	}
	if m.Text != "코드 654321 입니다" || m.HTML != "<p>html 111111</p>" {
		t.Errorf("text %q html %q", m.Text, m.HTML)
	}
	if m.Code() != "654321" {
		t.Errorf("code %q", m.Code())
	}
}

func TestWaitFor(t *testing.T) {
	var seen atomic.Int32
	s := Start(t, Options{OnMessage: func(Message) { seen.Add(1) }})
	send := func(to, body string) {
		t.Helper()
		if err := smtp.SendMail(s.Addr(), nil, "a@b.test", []string{to}, []byte("Subject: x\r\n\r\n"+body+"\r\n")); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.WaitFor("nobody@y.test", 50*time.Millisecond); err == nil {
		t.Fatal("WaitFor with no mail: no error")
	}
	send("one@y.test", "first 100001")
	send("two@y.test", "other 200002")
	send("one@y.test", "second 100002")

	for _, want := range []string{"100001", "100002"} {
		m, err := s.WaitFor("ONE@y.test", time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if m.Code() != want {
			t.Errorf("code %q, want %q", m.Code(), want)
		}
	}
	if _, err := s.WaitFor("one@y.test", 50*time.Millisecond); err == nil {
		t.Error("third WaitFor found a message that was already returned")
	}

	// A message that arrives while waiting wakes the waiter.
	go func() {
		time.Sleep(50 * time.Millisecond)
		_ = smtp.SendMail(s.Addr(), nil, "a@b.test", []string{"late@y.test"}, []byte("Subject: x\r\n\r\nlate 300003\r\n"))
	}()
	m, err := s.WaitFor("late@y.test", 5*time.Second)
	if err != nil || m.Code() != "300003" {
		t.Fatalf("late: %q %v", m.Code(), err)
	}
	if n := seen.Load(); n != 4 {
		t.Errorf("OnMessage called %d times", n)
	}
	if n := len(s.Messages()); n != 4 {
		t.Errorf("%d messages", n)
	}
	s.Reset()
	if n := len(s.Messages()); n != 0 {
		t.Errorf("%d messages after Reset", n)
	}

	done := make(chan error, 1)
	go func() { _, err := s.WaitFor("never@y.test", time.Minute); done <- err }()
	time.Sleep(20 * time.Millisecond)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err == nil {
			t.Error("WaitFor on a closed server: no error")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not wake WaitFor")
	}
}

// Close ends sessions that are still open.
func TestCloseDropsSessions(t *testing.T) {
	s, err := Listen("127.0.0.1:0", Options{TLS: TLSImplicit})
	if err != nil {
		t.Fatal(err)
	}
	c, err := tls.Dial("tcp", s.Addr(), s.ClientTLSConfig())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	buf := make([]byte, 64)
	if n, err := c.Read(buf); err != nil || !strings.HasPrefix(string(buf[:n]), "220 ") {
		t.Fatalf("greeting %q %v", buf[:n], err)
	}
	closed := make(chan error, 1)
	go func() { closed <- s.Close() }()
	select {
	case err := <-closed:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Close hangs on an open session")
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

func TestFindCode(t *testing.T) {
	for in, want := range map[string]string{
		"Your code is 123456.":          "123456",
		"123456":                        "123456",
		"验证码123456，10分钟":                "123456",
		"order 1234567 then 654321 ok":  "654321",
		"valid for 10 minutes":          "",
		"2026-01-02 code:000042 expire": "000042",
	} {
		got, ok := FindCode(in)
		if got != want || ok != (want != "") {
			t.Errorf("FindCode(%q) = %q, %v", in, got, ok)
		}
	}
}

func TestListenRefusesBadOptions(t *testing.T) {
	if _, err := Listen("127.0.0.1:0", Options{TLS: "ssl"}); err == nil {
		t.Error("tls ssl accepted")
	}
	if _, err := Listen("not-an-address", Options{}); err == nil {
		t.Error("bad address accepted")
	}
}

// A message WaitFor returns has been through OnMessage: the hook runs before the message
// is visible (TestWaitFor counted 3 of 4 calls now and then, the last still running).
func TestOnMessageRunsBeforeTheMessageIsVisible(t *testing.T) {
	var seen atomic.Int32
	s := Start(t, Options{OnMessage: func(Message) {
		time.Sleep(50 * time.Millisecond) // a slow hook, such as smtpsink's log line
		seen.Add(1)
	}})
	// WaitFor is already waiting when the message comes, as a test's is.
	go func() {
		time.Sleep(20 * time.Millisecond)
		_ = smtp.SendMail(s.Addr(), nil, "a@b.test", []string{"x@y.test"}, []byte("Subject: x\r\n\r\ncode 400004\r\n"))
	}()
	if _, err := s.WaitFor("x@y.test", 5*time.Second); err != nil {
		t.Fatal(err)
	}
	if n := seen.Load(); n != 1 {
		t.Fatalf("WaitFor returned before OnMessage ran (%d calls)", n)
	}
}
