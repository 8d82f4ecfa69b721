package notify

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Console delivers nothing: it writes each code as one Warn line to the log and as a block
// to an outbox file, so a developer without SMTP or an SMS gateway can still sign up
// locally. It must never be used in production: whoever reads the log or the file can take
// over any account. It is safe for concurrent use.
type Console struct {
	path string
	log  *slog.Logger
	now  func() time.Time

	mu sync.Mutex // one block at a time in the file
}

// NewConsole returns a console sender writing to log and appending to the file at path,
// whose folder it creates. A nil log discards the log lines.
func NewConsole(path string, log *slog.Logger) (*Console, error) {
	if path == "" {
		return nil, fmt.Errorf("notify: console: no outbox path")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o750); err != nil {
		return nil, fmt.Errorf("notify: console outbox %s: %w", path, err)
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Console{path: path, log: log, now: time.Now}, nil
}

// String describes the sender, e.g. "console -> data/outbox.log".
func (c *Console) String() string { return "console -> " + c.path }

// SendCode checks c as the real senders would, then logs it and appends it to the outbox.
func (c *Console) SendCode(ctx context.Context, code Code) error {
	to, err := c.recipient(code.Channel, code.To)
	if err != nil {
		return err
	}
	msg, err := Render(code)
	if err != nil {
		return err
	}

	var b strings.Builder
	fmt.Fprintf(&b, "=== %s %s -> %s (%s, %s)\n", c.now().Format(time.RFC3339), code.Channel, to, msg.Lang, code.Scene)
	attrs := []any{"channel", code.Channel, "to", to, "lang", msg.Lang, "scene", code.Scene}
	if code.Channel == ChannelEmail {
		fmt.Fprintf(&b, "Subject: %s\nCode: %s\n\n%s\n", msg.Subject, code.Code, msg.Text)
		attrs = append(attrs, "subject", msg.Subject)
	} else {
		fmt.Fprintf(&b, "Code: %s\nText: %s\n\n", code.Code, msg.SMS)
		attrs = append(attrs, "text", msg.SMS)
	}
	attrs = append(attrs, "code", code.Code, "outbox", c.path)
	c.log.WarnContext(ctx, "notify: console sender, code not delivered (development only)", attrs...)

	return c.write(b.String())
}

// SendNotice checks n as the real senders would, then logs it and appends it to the outbox.
func (c *Console) SendNotice(ctx context.Context, n Notice) error {
	to, err := c.recipient(n.Channel, n.To)
	if err != nil {
		return err
	}
	msg, err := RenderNotice(n)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "=== %s %s -> %s (%s, notice %s)\n", c.now().Format(time.RFC3339), n.Channel, to, msg.Lang, n.Kind)
	if n.Channel == ChannelEmail {
		fmt.Fprintf(&b, "Subject: %s\nNotice: %s\n\n%s\n", msg.Subject, n.Kind, msg.Text)
	} else {
		fmt.Fprintf(&b, "Notice: %s\nText: %s\n\n", n.Kind, msg.SMS)
	}
	c.log.WarnContext(ctx, "notify: console sender, notice not delivered (development only)", "channel", n.Channel, "to", to, "kind", n.Kind, "outbox", c.path)
	return c.write(b.String())
}

// write appends one entry to the outbox.
func (c *Console) write(entry string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	// Opened per message so a developer can delete or truncate the file at any time.
	f, err := os.OpenFile(c.path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return fmt.Errorf("notify: console outbox %s: %w", c.path, err)
	}
	if _, err := f.WriteString(entry); err != nil {
		f.Close()
		return fmt.Errorf("notify: console outbox %s: %w", c.path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("notify: console outbox %s: %w", c.path, err)
	}
	return nil
}

// recipient checks an address as the real sender of its channel would.
func (c *Console) recipient(channel, to string) (string, error) {
	switch channel {
	case ChannelEmail:
		addr, err := parseRecipient(to)
		if err != nil {
			return "", err
		}
		return addr.Address, nil
	case ChannelSMS:
		return e164CN(to)
	}
	return "", fmt.Errorf("notify: console: unknown channel %q", channel)
}
