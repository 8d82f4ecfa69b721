package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/smtp"
	"strings"
	"testing"
	"time"
)

func TestSmtpsink(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"-addr", "127.0.0.1:0", "-http", "127.0.0.1:0"}, pw, io.Discard) }()

	lines := bufio.NewScanner(pr)
	next := func(prefix string) string {
		t.Helper()
		if !lines.Scan() {
			t.Fatalf("no %q line: %v", prefix, lines.Err())
		}
		addr, ok := strings.CutPrefix(lines.Text(), prefix)
		if !ok {
			t.Fatalf("line %q, want prefix %q", lines.Text(), prefix)
		}
		return addr
	}
	smtpAddr := next("smtpsink: listening on ")
	httpAddr := next("smtpsink: http on ")

	for _, to := range []string{"a@user.test", "b@user.test", "a@user.test"} {
		msg := "From: x@pool.test\r\nTo: " + to + "\r\nSubject: =?UTF-8?B?6aqM6K+B56CB?=\r\n\r\nYour code: 482913\r\n"
		if err := smtp.SendMail(smtpAddr, nil, "x@pool.test", []string{to}, []byte(msg)); err != nil {
			t.Fatal(err)
		}
	}

	get := func(query string) []message {
		t.Helper()
		resp, err := http.Get("http://" + httpAddr + "/messages" + query)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
			t.Fatalf("status %d, type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		var out []message
		if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
			t.Fatal(err)
		}
		return out
	}
	if got := get(""); len(got) != 3 {
		t.Fatalf("%d messages", len(got))
	}
	got := get("?to=A@user.test")
	if len(got) != 2 {
		t.Fatalf("%d messages for a@", len(got))
	}
	m := got[1]
	if m.From != "x@pool.test" || m.To[0] != "a@user.test" || m.Subject != "验证码" || m.Code != "482913" ||
		!strings.Contains(m.Text, "Your code: 482913") || time.Since(m.ReceivedAt) > time.Minute {
		t.Errorf("message %+v", m)
	}

	req, _ := http.NewRequest(http.MethodDelete, "http://"+httpAddr+"/messages", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Errorf("DELETE status %d", resp.StatusCode)
	}
	// An empty answer is [], not null, so a script can index it without a check.
	resp, err = http.Get("http://" + httpAddr + "/messages?to=a@user.test")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if strings.TrimSpace(string(body)) != "[]" {
		t.Errorf("after DELETE: %s", body)
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not stop")
	}
}

func TestSmtpsinkBadFlags(t *testing.T) {
	if err := run(context.Background(), []string{"-tls", "ssl"}, io.Discard, io.Discard); err == nil {
		t.Error("-tls ssl accepted")
	}
	if err := run(context.Background(), []string{"-nope"}, io.Discard, io.Discard); err == nil {
		t.Error("unknown flag accepted")
	}
}
