package notify

import (
	"bytes"
	"context"
	"mime"
	"net"
	"net/mail"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/notify/smtptest"
)

const testFrom = "Uniplus Pool <no-reply@uniplus.test>"

func newTestSMTP(t *testing.T, srv *smtptest.Server, mode, user, password string) *SMTP {
	t.Helper()
	s, err := NewSMTP(SMTPConfig{
		Addr: srv.Addr(), Username: user, Password: password, From: testFrom,
		TLS: mode, Timeout: 5 * time.Second, TLSConfig: srv.ClientTLSConfig(), HeloName: "pool.test",
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// The code arrives over every TLS mode, with and without AUTH, in the user's language.
func TestSMTPDelivers(t *testing.T) {
	for _, mode := range []string{TLSNone, TLSStartTLS, TLSImplicit} {
		for _, auth := range []bool{false, true} {
			name := mode
			if auth {
				name += "+auth"
			}
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				opts := smtptest.Options{TLS: mode}
				user, pass := "", ""
				if auth {
					user, pass = "mailer", "s3cret pass"
					opts.Username, opts.Password = user, pass
				}
				srv := smtptest.Start(t, opts)
				s := newTestSMTP(t, srv, mode, user, pass)

				for _, tc := range []struct {
					to, lang, scene, code, phrase, subject string
				}{
					{"li.lei@example.com", "zh_CN", SceneRegister, "204817", "验证码10分钟内有效", "Uniplus Pool 验证码（注册）"},
					{"Kim <kim@example.kr>", "ko_KR", SceneChangeEmail, "993002", "인증번호는 10분 동안 유효하며", "[Uniplus Pool] 이메일 주소 변경 인증번호 안내"},
				} {
					err := s.SendCode(context.Background(), Code{Channel: ChannelEmail, To: tc.to, Lang: tc.lang, Scene: tc.scene, Code: tc.code, TTL: 10 * time.Minute})
					if err != nil {
						t.Fatalf("send %s: %v", tc.lang, err)
					}
					rcpt := tc.to
					if a, err := mail.ParseAddress(tc.to); err == nil {
						rcpt = a.Address
					}
					m, err := srv.WaitFor(rcpt, 5*time.Second)
					if err != nil {
						t.Fatal(err)
					}
					if got := m.Code(); got != tc.code {
						t.Errorf("code %q, want %q", got, tc.code)
					}
					if !strings.Contains(m.Text, tc.phrase) {
						t.Errorf("text lacks %q:\n%s", tc.phrase, m.Text)
					}
					if m.Subject != tc.subject {
						t.Errorf("subject %q, want %q", m.Subject, tc.subject)
					}
					if !strings.Contains(m.HTML, tc.code) || !strings.Contains(m.HTML, "Uniplus Pool") {
						t.Errorf("html part lacks the code or brand:\n%s", m.HTML)
					}
					if m.From != "no-reply@uniplus.test" {
						t.Errorf("envelope from %q", m.From)
					}
					if wantTLS := mode != TLSNone; m.TLS != wantTLS {
						t.Errorf("session TLS %v, want %v", m.TLS, wantTLS)
					}
					if auth && m.AuthUser != user {
						t.Errorf("auth user %q", m.AuthUser)
					}
					checkHeaders(t, m)
				}
			})
		}
	}
}

func checkHeaders(t *testing.T, m smtptest.Message) {
	t.Helper()
	h := m.Header
	if h == nil {
		t.Fatalf("message did not parse:\n%s", m.Data)
	}
	from, err := mail.ParseAddress(h.Get("From"))
	if err != nil || from.Name != "Uniplus Pool" || from.Address != "no-reply@uniplus.test" {
		t.Errorf("From %q (%v)", h.Get("From"), err)
	}
	if _, err := h.Date(); err != nil {
		t.Errorf("Date %q: %v", h.Get("Date"), err)
	}
	if id := h.Get("Message-Id"); !strings.HasPrefix(id, "<") || !strings.HasSuffix(id, "@uniplus.test>") {
		t.Errorf("Message-ID %q", id)
	}
	if h.Get("Mime-Version") != "1.0" {
		t.Errorf("MIME-Version %q", h.Get("Mime-Version"))
	}
	if ct := h.Get("Content-Type"); !strings.HasPrefix(ct, "multipart/alternative; boundary=") {
		t.Errorf("Content-Type %q", ct)
	}
	if !strings.Contains(string(m.Data), "Content-Transfer-Encoding: quoted-printable") {
		t.Error("parts are not quoted-printable")
	}
	for i, line := range bytes.Split(m.Data, []byte("\r\n")) {
		if len(line) > 998 {
			t.Errorf("line %d is %d bytes", i, len(line))
		}
		if bytes.ContainsAny(line, "\r\n") {
			t.Errorf("line %d has a bare CR or LF", i)
		}
	}
	for i, b := range m.Data {
		if b >= 0x80 {
			t.Fatalf("byte %d is not 7-bit: message should be fully encoded", i)
		}
	}
}

// A long non-ASCII subject is split into encoded words on folded lines.
func TestSMTPComposeFoldsSubject(t *testing.T) {
	s, err := NewSMTP(SMTPConfig{Addr: "mail.example.com:587", From: "Pool <a@b.test>"})
	if err != nil {
		t.Fatal(err)
	}
	msg := Message{Lang: "ko_KR", Subject: strings.Repeat("새 이메일 주소 확인 ", 8), Text: "t", HTML: "<p>h</p>"}
	raw, err := s.compose(&mail.Address{Address: "x@y.test"}, msg, time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	if err != nil {
		t.Fatal(err)
	}
	head, _, _ := bytes.Cut(raw, []byte("\r\n\r\n"))
	for _, line := range strings.Split(string(head), "\r\n") {
		if (strings.HasPrefix(line, "Subject:") || strings.HasPrefix(line, " ")) && len(line) > 78 {
			t.Errorf("header line of %d characters: %s", len(line), line)
		}
	}
	m, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	got, err := new(mime.WordDecoder).DecodeHeader(m.Header.Get("Subject"))
	if err != nil || got != msg.Subject {
		t.Errorf("subject decodes to %q (%v), want %q", got, err, msg.Subject)
	}
	if m.Header.Get("Date") != "Fri, 02 Jan 2026 03:04:05 +0000" {
		t.Errorf("Date %q", m.Header.Get("Date"))
	}
}

// Values that could smuggle in headers, and addresses that are not one address, are
// refused before any connection is made.
func TestSMTPRefusesBadInput(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{})
	s := newTestSMTP(t, srv, TLSNone, "", "")
	for _, to := range []string{
		"victim@example.com\r\nBcc: everyone@example.com",
		"victim@example.com\nSubject: hi",
		"victim@example.com\r",
		"not an address",
		"a@b.test, c@d.test",
		"",
		"@example.com",
	} {
		err := s.SendCode(context.Background(), Code{Channel: ChannelEmail, To: to, Lang: "en_US", Scene: SceneLogin, Code: "123456"})
		if err == nil {
			t.Errorf("%q: no error", to)
		}
	}
	err := s.SendCode(context.Background(), Code{Channel: ChannelSMS, To: "a@b.test", Lang: "en_US", Scene: SceneLogin, Code: "123456"})
	if err == nil {
		t.Error("sms channel accepted by the SMTP sender")
	}
	if n := len(srv.Messages()); n != 0 {
		t.Errorf("%d messages went out", n)
	}

	for name, cfg := range map[string]SMTPConfig{
		"from injection": {Addr: "m.test:25", From: "a@b.test\r\nBcc: x@y.test"},
		"helo injection": {Addr: "m.test:25", From: "a@b.test", HeloName: "x\r\nMAIL FROM:<e@vil>"},
		"bad from":       {Addr: "m.test:25", From: "nobody"},
		"no from":        {Addr: "m.test:25"},
		"no port":        {Addr: "m.test", From: "a@b.test"},
		"bad tls":        {Addr: "m.test:25", From: "a@b.test", TLS: "ssl"},
		"password only":  {Addr: "m.test:25", From: "a@b.test", Password: "p"},
	} {
		if _, err := NewSMTP(cfg); err == nil {
			t.Errorf("%s: NewSMTP accepted %+v", name, cfg)
		}
	}
}

func TestSMTPStartTLSNotOffered(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{TLS: smtptest.TLSNone})
	s := newTestSMTP(t, srv, TLSStartTLS, "", "")
	err := s.SendCode(context.Background(), Code{Channel: ChannelEmail, To: "a@b.test", Lang: "en_US", Scene: SceneLogin, Code: "123456"})
	if err == nil || !strings.Contains(err.Error(), "does not offer STARTTLS") {
		t.Fatalf("err = %v", err)
	}
	if len(srv.Messages()) != 0 {
		t.Error("message sent in the clear")
	}
}

func TestSMTPUntrustedCertificate(t *testing.T) {
	for _, mode := range []string{TLSStartTLS, TLSImplicit} {
		srv := smtptest.Start(t, smtptest.Options{TLS: mode})
		s, err := NewSMTP(SMTPConfig{Addr: srv.Addr(), From: testFrom, TLS: mode, Timeout: 5 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		err = s.SendCode(context.Background(), Code{Channel: ChannelEmail, To: "a@b.test", Lang: "en_US", Scene: SceneLogin, Code: "123456"})
		if err == nil || !strings.Contains(err.Error(), "certificate") {
			t.Errorf("%s: err = %v", mode, err)
		}
	}
}

func TestSMTPAuthFailures(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{Username: "mailer", Password: "right"})
	code := Code{Channel: ChannelEmail, To: "a@b.test", Lang: "en_US", Scene: SceneLogin, Code: "123456"}

	err := newTestSMTP(t, srv, TLSNone, "mailer", "wrong").SendCode(context.Background(), code)
	if err == nil || !strings.Contains(err.Error(), "auth as mailer") || !strings.Contains(err.Error(), "535") {
		t.Errorf("wrong password: err = %v", err)
	}
	if err != nil && strings.Contains(err.Error(), "wrong") {
		t.Errorf("error shows the password: %v", err)
	}
	err = newTestSMTP(t, srv, TLSNone, "", "").SendCode(context.Background(), code)
	if err == nil || !strings.Contains(err.Error(), "530") {
		t.Errorf("no credentials: err = %v", err)
	}

	noAuth := smtptest.Start(t, smtptest.Options{})
	err = newTestSMTP(t, noAuth, TLSNone, "mailer", "right").SendCode(context.Background(), code)
	if err == nil || !strings.Contains(err.Error(), "does not offer AUTH") {
		t.Errorf("server without AUTH: err = %v", err)
	}
}

// net/smtp only sends a password over an unencrypted connection to localhost; that safety
// must hold. 127.0.0.2 is loopback on Linux but not "localhost" to net/smtp.
func TestSMTPNoPlainAuthInTheClear(t *testing.T) {
	srv, err := smtptest.Listen("127.0.0.2:0", smtptest.Options{Username: "mailer", Password: "right"})
	if err != nil {
		t.Skipf("cannot listen on 127.0.0.2: %v", err)
	}
	defer srv.Close()
	err = newTestSMTP(t, srv, TLSNone, "mailer", "right").SendCode(context.Background(),
		Code{Channel: ChannelEmail, To: "a@b.test", Lang: "en_US", Scene: SceneLogin, Code: "123456"})
	if err == nil || !strings.Contains(err.Error(), "unencrypted") {
		t.Fatalf("err = %v", err)
	}
}

func TestSMTPConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	s, err := NewSMTP(SMTPConfig{Addr: addr, From: testFrom, TLS: TLSNone, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err = s.SendCode(context.Background(), Code{Channel: ChannelEmail, To: "a@b.test", Lang: "en_US", Scene: SceneLogin, Code: "123456"})
	if err == nil || !strings.Contains(err.Error(), "notify: smtp dial "+addr) {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %s", d)
	}
}

// A server that accepts but never answers costs at most the timeout, as does a cancelled
// context.
func TestSMTPSilentServerTimesOut(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		var held []net.Conn
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			held = append(held, c)
		}
	}()
	code := Code{Channel: ChannelEmail, To: "a@b.test", Lang: "en_US", Scene: SceneLogin, Code: "123456"}
	for _, mode := range []string{TLSNone, TLSImplicit} {
		s, err := NewSMTP(SMTPConfig{Addr: ln.Addr().String(), From: testFrom, TLS: mode, Timeout: 300 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		err = s.SendCode(context.Background(), code)
		if err == nil {
			t.Fatalf("%s: no error", mode)
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: took %s: %v", mode, d, err)
		}
	}

	s, _ := NewSMTP(SMTPConfig{Addr: ln.Addr().String(), From: testFrom, TLS: TLSNone, Timeout: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	if err := s.SendCode(ctx, code); err == nil {
		t.Fatal("cancelled send: no error")
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("cancelled send took %s", d)
	}
}

func TestSMTPString(t *testing.T) {
	s, err := NewSMTP(SMTPConfig{Addr: "mail.example.com:587", From: "a@b.test", Username: "u", Password: "hunter2"})
	if err != nil {
		t.Fatal(err)
	}
	if got := s.String(); got != "smtp mail.example.com:587 (starttls, auth as u)" {
		t.Errorf("String() = %q", got)
	}
}
