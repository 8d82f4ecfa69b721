package notify

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/notify/smtptest"
)

func TestNewChoosesSenders(t *testing.T) {
	dir := t.TempDir()
	outbox := filepath.Join(dir, "data", "outbox.log")

	email, sms, err := New(Config{OutboxPath: outbox}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := email.(*Console); !ok {
		t.Errorf("email sender %T", email)
	}
	if sms != email {
		t.Error("console should be shared by both channels")
	}
	if got, want := Describe(email, sms), "email: console -> "+outbox+"; sms: console -> "+outbox; got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}

	email, sms, err = New(Config{
		SMTPAddr: "mail.example.com:587", SMTPUser: "u", SMTPPassword: "secret-pw", SMTPFrom: "Uniplus Pool <no-reply@example.com>",
		SMSURL: "https://sms.example.com/send?token=secret-tok", SMSKey: "secret-key",
		OutboxPath: filepath.Join(dir, "never", "outbox.log"),
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := email.(*SMTP); !ok {
		t.Errorf("email sender %T", email)
	}
	if _, ok := sms.(*SMSGateway); !ok {
		t.Errorf("sms sender %T", sms)
	}
	d := Describe(email, sms)
	if d != "email: smtp mail.example.com:587 (starttls, auth as u); sms: gateway https://sms.example.com/send" {
		t.Errorf("Describe = %q", d)
	}
	if strings.Contains(d, "secret") {
		t.Errorf("Describe shows a secret: %q", d)
	}
	if _, err := os.Stat(filepath.Join(dir, "never")); !os.IsNotExist(err) {
		t.Error("outbox folder created although no console sender was chosen")
	}

	email, sms, err = New(Config{SMTPAddr: "127.0.0.1:2525", SMTPFrom: "a@b.test", SMTPTLS: "tls", OutboxPath: outbox}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := Describe(email, sms); got != "email: smtp 127.0.0.1:2525 (tls); sms: console -> "+outbox {
		t.Errorf("Describe = %q", got)
	}

	for name, cfg := range map[string]Config{
		"bad smtp tls": {SMTPAddr: "m.test:25", SMTPFrom: "a@b.test", SMTPTLS: "ssl"},
		"no from":      {SMTPAddr: "m.test:25"},
		"bad sms url":  {SMSURL: "not a url", OutboxPath: outbox},
	} {
		if _, _, err := New(cfg, nil); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if got := Describe(nil, nil); got != "email: none; sms: none" {
		t.Errorf("Describe(nil, nil) = %q", got)
	}
}

// New's SMTP sender works end to end against the test server.
func TestNewSMTPEndToEnd(t *testing.T) {
	srv := smtptest.Start(t, smtptest.Options{})
	email, _, err := New(Config{SMTPAddr: srv.Addr(), SMTPFrom: "Uniplus Pool <no-reply@pool.test>", SMTPTLS: "none", OutboxPath: filepath.Join(t.TempDir(), "o.log")}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := email.SendCode(context.Background(), Code{Channel: ChannelEmail, To: "new@user.test", Lang: "en_US", Scene: SceneRegister, Code: "777001", TTL: DefaultTTL}); err != nil {
		t.Fatal(err)
	}
	m, err := srv.WaitFor("new@user.test", 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if m.Code() != "777001" || !strings.Contains(m.Text, "verification code for registration") {
		t.Errorf("code %q text:\n%s", m.Code(), m.Text)
	}
}

func TestE164CN(t *testing.T) {
	for in, want := range map[string]string{
		"13800138000":    "+8613800138000",
		"+8613800138000": "+8613800138000",
		"8613800138000":  "+8613800138000",
		"19912345678":    "+8619912345678",
	} {
		got, err := e164CN(in)
		if err != nil || got != want {
			t.Errorf("e164CN(%q) = %q, %v", in, got, err)
		}
	}
}
