// Package notify delivers verification codes by email and SMS, in the user's language.
//
// Three senders exist: SMTP for email, SMSGateway for text messages through an HTTP
// gateway, and Console, which only writes codes to the log and an outbox file so a
// developer can sign up locally. New picks between them from the configuration.
package notify

import (
	"context"
	"fmt"
	"log/slog"
	"net/mail"
	"regexp"
	"strings"
	"time"
)

// Channels a code can be delivered on.
const (
	ChannelEmail = "email"
	ChannelSMS   = "sms"
)

// DefaultTTL is the validity shown in a message whose Code has no TTL (DESIGN.md: 10 minutes).
const DefaultTTL = 10 * time.Minute

// DefaultOutboxPath is where the console sender writes when Config names no file.
const DefaultOutboxPath = "data/outbox.log"

// Code is a verification code to deliver.
type Code struct {
	Channel string        // "email" or "sms"
	To      string        // email address, or phone digits (11 digits, mainland China, sent with +86)
	Lang    string        // zh_CN, zh_HK, en_US, ko_KR (anything else: en_US)
	Scene   string        // login, register, bindPhone, ... (see Scenes)
	Code    string        // 6 digits
	TTL     time.Duration // how long it is valid (10 minutes), shown in the text
}

// Sender delivers codes on one channel.
type Sender interface {
	SendCode(ctx context.Context, c Code) error
}

// Config chooses the senders; it mirrors poold's --smtp* flags and the SMS gateway settings.
type Config struct {
	SMTPAddr     string // host:port; empty sends email to the console
	SMTPUser     string
	SMTPPassword string
	SMTPFrom     string // "Name <addr>" or "addr"
	SMTPTLS      string // none, starttls or tls; empty means starttls
	SMSURL       string // gateway endpoint; empty sends SMS to the console
	SMSKey       string
	OutboxPath   string // console outbox file; empty means DefaultOutboxPath
}

// New builds the email and SMS senders: SMTP when cfg.SMTPAddr is set and SMSGateway when
// cfg.SMSURL is set, the Console (shared by both channels) otherwise. log receives the
// console's lines; nil discards them.
func New(cfg Config, log *slog.Logger) (email Sender, sms Sender, err error) {
	var console *Console
	consoleSender := func() (Sender, error) {
		if console != nil {
			return console, nil
		}
		path := cfg.OutboxPath
		if path == "" {
			path = DefaultOutboxPath
		}
		c, err := NewConsole(path, log)
		if err != nil {
			return nil, err
		}
		console = c
		return c, nil
	}

	if cfg.SMTPAddr != "" {
		email, err = NewSMTP(SMTPConfig{
			Addr:     cfg.SMTPAddr,
			Username: cfg.SMTPUser,
			Password: cfg.SMTPPassword,
			From:     cfg.SMTPFrom,
			TLS:      cfg.SMTPTLS,
		})
	} else {
		email, err = consoleSender()
	}
	if err != nil {
		return nil, nil, err
	}
	if cfg.SMSURL != "" {
		sms, err = NewSMSGateway(SMSConfig{URL: cfg.SMSURL, APIKey: cfg.SMSKey})
	} else {
		sms, err = consoleSender()
	}
	if err != nil {
		return nil, nil, err
	}
	return email, sms, nil
}

// Describe says in one line which senders were chosen, for the server to print at start,
// e.g. "email: smtp mail.example.com:587 (starttls); sms: console -> data/outbox.log".
// It never shows passwords or keys.
func Describe(email, sms Sender) string {
	return "email: " + describe(email) + "; sms: " + describe(sms)
}

func describe(s Sender) string {
	switch s := s.(type) {
	case nil:
		return "none"
	case fmt.Stringer:
		return s.String()
	default:
		return fmt.Sprintf("%T", s)
	}
}

var cnMobile = regexp.MustCompile(`^1[0-9]{10}$`)

// e164CN turns 11 mainland China mobile digits (a leading +86 or 86 is tolerated) into
// +86XXXXXXXXXXX.
func e164CN(phone string) (string, error) {
	p := phone
	switch {
	case strings.HasPrefix(p, "+86"):
		p = p[3:]
	case len(p) == 13 && strings.HasPrefix(p, "86"):
		p = p[2:]
	}
	if !cnMobile.MatchString(p) {
		return "", fmt.Errorf("notify: %q is not an 11-digit mainland China mobile number", phone)
	}
	return "+86" + p, nil
}

// parseRecipient checks an email address for use in a To header and RCPT TO.
func parseRecipient(to string) (*mail.Address, error) {
	if err := headerSafe("to", to); err != nil {
		return nil, err
	}
	addr, err := mail.ParseAddress(to)
	if err != nil {
		return nil, fmt.Errorf("notify: bad email address %q: %w", to, err)
	}
	return addr, nil
}

// headerSafe refuses line breaks, which would let a value add its own mail headers.
func headerSafe(name, v string) error {
	if strings.ContainsAny(v, "\r\n\x00") {
		return fmt.Errorf("notify: %s %q contains a line break", name, v)
	}
	return nil
}
