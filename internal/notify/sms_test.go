package notify

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func smsCode(lang string) Code {
	return Code{Channel: ChannelSMS, To: "13800138000", Lang: lang, Scene: SceneLogin, Code: "551208", TTL: 10 * time.Minute}
}

func TestSMSGatewaySuccess(t *testing.T) {
	// Requests travel through a channel: the race detector sees no order through sockets.
	reqs := make(chan smsRequest, 2)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			t.Errorf("method %s", r.Method)
		}
		if a := r.Header.Get("Authorization"); a != "Bearer k3y" {
			t.Errorf("Authorization %q", a)
		}
		if ct := r.Header.Get("Content-Type"); ct != "application/json" {
			t.Errorf("Content-Type %q", ct)
		}
		var got smsRequest
		if err := json.NewDecoder(r.Body).Decode(&got); err != nil {
			t.Errorf("body: %v", err)
		}
		reqs <- got
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"ok":true,"id":"msg-1"}`))
	}))
	defer srv.Close()

	g, err := NewSMSGateway(SMSConfig{URL: srv.URL + "/send", APIKey: "k3y", Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SendCode(context.Background(), smsCode("zh_CN")); err != nil {
		t.Fatal(err)
	}
	got := <-reqs
	if got.To != "+8613800138000" || got.Lang != "zh_CN" {
		t.Errorf("request %+v", got)
	}
	if !strings.Contains(got.Text, "551208") || !strings.Contains(got.Text, "用于登录") {
		t.Errorf("text %q", got.Text)
	}

	// A +86 prefix is tolerated; the number still goes out once, with +86.
	c := smsCode("ko_KR")
	c.To = "+8613912345678"
	if err := g.SendCode(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	if got = <-reqs; got.To != "+8613912345678" || !strings.Contains(got.Text, "로그인 인증번호 551208") {
		t.Errorf("request %+v", got)
	}
}

func TestSMSGatewayFailures(t *testing.T) {
	long := strings.Repeat("x", 5000)
	for _, tc := range []struct {
		name   string
		status int
		body   string
		want   []string
		reject []string
	}{
		{"4xx with error", 400, `{"ok":false,"error":"invalid number"}`, []string{"status 400", "invalid number"}, nil},
		{"4xx with message", 401, `{"message":"bad key"}`, []string{"status 401", "bad key"}, nil},
		{"5xx html", 502, "<html>\n<body>Bad Gateway " + long + "</body></html>", []string{"status 502", "Bad Gateway", "…"}, []string{long, "\n"}},
		{"5xx empty", 503, "", []string{"status 503", "(empty answer)"}, nil},
		{"2xx bad json", 200, `{"ok":tru`, []string{"status 200", "bad answer"}, nil},
		{"2xx not ok", 200, `{"ok":false,"error":"quota exceeded"}`, []string{"status 200", "not ok", "quota exceeded"}, nil},
		{"2xx empty", 204, ``, []string{"status 204"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(tc.status)
				_, _ = w.Write([]byte(tc.body))
			}))
			defer srv.Close()
			g, err := NewSMSGateway(SMSConfig{URL: srv.URL, APIKey: "k", Timeout: 2 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			err = g.SendCode(context.Background(), smsCode("en_US"))
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("error lacks %q: %s", w, msg)
				}
			}
			for _, r := range tc.reject {
				if strings.Contains(msg, r) {
					t.Errorf("error should not contain %.20q", r)
				}
			}
			if len(msg) > 600 {
				t.Errorf("error is %d bytes long", len(msg))
			}
		})
	}
}

func TestSMSGatewayTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release) // before Close, which waits for the handler
	g, err := NewSMSGateway(SMSConfig{URL: srv.URL, Timeout: 200 * time.Millisecond, Client: srv.Client()})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	err = g.SendCode(context.Background(), smsCode("en_US"))
	if err == nil || !strings.Contains(err.Error(), "deadline exceeded") {
		t.Fatalf("err = %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %s", d)
	}
}

func TestSMSGatewayRefusesBadInput(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		_, _ = w.Write([]byte(`{"ok":true,"id":"x"}`))
	}))
	defer srv.Close()
	g, err := NewSMSGateway(SMSConfig{URL: srv.URL})
	if err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{"", "1380013800", "138001380001", "23800138000", "+1 2025550123", "1380013800a", "13800138000\n"} {
		c := smsCode("en_US")
		c.To = to
		if err := g.SendCode(context.Background(), c); err == nil {
			t.Errorf("%q: no error", to)
		}
	}
	c := smsCode("en_US")
	c.Channel = ChannelEmail
	if err := g.SendCode(context.Background(), c); err == nil {
		t.Error("email channel accepted")
	}
	c = smsCode("en_US")
	c.Code = "12"
	if err := g.SendCode(context.Background(), c); err == nil {
		t.Error("short code accepted")
	}
	if calls.Load() != 0 {
		t.Errorf("%d requests went out", calls.Load())
	}
	for _, u := range []string{"", "ftp://x/y", "sms.example.com/send", "http://"} {
		if _, err := NewSMSGateway(SMSConfig{URL: u}); err == nil {
			t.Errorf("URL %q accepted", u)
		}
	}
}

func TestSMSGatewayString(t *testing.T) {
	g, err := NewSMSGateway(SMSConfig{URL: "https://user:pw@sms.example.com/v1/send?token=abc", APIKey: "k"})
	if err != nil {
		t.Fatal(err)
	}
	if s := g.String(); s != "gateway https://sms.example.com/v1/send" {
		t.Errorf("String() = %q", s)
	}
}
