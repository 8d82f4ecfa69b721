package notify

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer lets the test read what the logger wrote from other goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestConsoleWritesLogAndOutbox(t *testing.T) {
	var logs syncBuffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn}))
	path := filepath.Join(t.TempDir(), "data", "nested", "outbox.log")
	c, err := NewConsole(path, log)
	if err != nil {
		t.Fatal(err)
	}
	c.now = func() time.Time { return time.Date(2026, 5, 1, 8, 30, 0, 0, time.UTC) }

	ctx := context.Background()
	if err := c.SendCode(ctx, Code{Channel: ChannelEmail, To: "dev@example.com", Lang: "zh_HK", Scene: SceneRegister, Code: "314159", TTL: 10 * time.Minute}); err != nil {
		t.Fatal(err)
	}
	if err := c.SendCode(ctx, Code{Channel: ChannelSMS, To: "13800138000", Lang: "ko_KR", Scene: SceneResetPwdByPhone, Code: "271828"}); err != nil {
		t.Fatal(err)
	}

	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	out := string(b)
	for _, want := range []string{
		"=== 2026-05-01T08:30:00Z email -> dev@example.com (zh_HK, register)\nSubject: Uniplus Pool 驗證碼（註冊）\nCode: 314159\n",
		"驗證碼10分鐘內有效",
		"=== 2026-05-01T08:30:00Z sms -> +8613800138000 (ko_KR, resetPwdByPhone)\nCode: 271828\nText: [Uniplus Pool] 비밀번호 재설정 인증번호 271828",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("outbox lacks %q:\n%s", want, out)
		}
	}

	lines := strings.Split(strings.TrimSpace(logs.String()), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 log lines, got %d:\n%s", len(lines), logs.String())
	}
	for i, want := range [][]string{
		{"level=WARN", "channel=email", "to=dev@example.com", "code=314159", "subject=", "outbox=" + path},
		{"level=WARN", "channel=sms", "to=+8613800138000", "code=271828", "text=", "비밀번호 재설정"},
	} {
		for _, w := range want {
			if !strings.Contains(lines[i], w) {
				t.Errorf("log line %d lacks %q: %s", i, w, lines[i])
			}
		}
	}

	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("outbox mode %v (%v)", fi.Mode(), err)
	}
	if got := c.String(); got != "console -> "+path {
		t.Errorf("String() = %q", got)
	}
}

// Blocks written at once never interleave.
func TestConsoleConcurrent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "outbox.log")
	c, err := NewConsole(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	const n = 40
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			code := fmt.Sprintf("%06d", i)
			if err := c.SendCode(context.Background(), Code{Channel: ChannelEmail, To: fmt.Sprintf("u%d@example.com", i), Lang: "en_US", Scene: SceneLogin, Code: code}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	blocks := strings.Split(string(b), "=== ")[1:]
	if len(blocks) != n {
		t.Fatalf("%d blocks, want %d", len(blocks), n)
	}
	for _, blk := range blocks {
		var i int
		if _, err := fmt.Sscanf(blk[strings.Index(blk, "-> u")+4:], "%d@", &i); err != nil {
			t.Fatalf("block header: %v\n%s", err, blk)
		}
		code := fmt.Sprintf("%06d", i)
		if strings.Count(blk, code) != 2 { // the Code: line and the body, nothing else
			t.Errorf("block for u%d does not hold its code exactly where expected:\n%s", i, blk)
		}
	}
}

func TestConsoleRefusesBadInput(t *testing.T) {
	path := filepath.Join(t.TempDir(), "outbox.log")
	c, err := NewConsole(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []Code{
		{Channel: ChannelEmail, To: "x@y.test\r\nBcc: z@y.test", Lang: "en_US", Scene: SceneLogin, Code: "123456"},
		{Channel: ChannelSMS, To: "12345", Lang: "en_US", Scene: SceneLogin, Code: "123456"},
		{Channel: "pigeon", To: "x@y.test", Lang: "en_US", Scene: SceneLogin, Code: "123456"},
		{Channel: ChannelEmail, To: "x@y.test", Lang: "en_US", Scene: "hack", Code: "123456"},
	} {
		if err := c.SendCode(context.Background(), code); err == nil {
			t.Errorf("%+v: no error", code)
		}
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("outbox written for refused codes (%v)", err)
	}
}
