package notify

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/notify/smtptest"
)

func testAlert(channel, to, lang string) Alert {
	at := time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC)
	return Alert{Channel: channel, To: to, Lang: lang, SubAccount: "farm", Items: []AlertItem{
		{Kind: AlertOffline, Worker: "farm.rig<1>", Coin: "BTC", At: at, Threshold: 25 * time.Minute},
		{Kind: AlertOnline, Worker: "farm.rig2", Coin: "BTC", At: at.Add(time.Hour)},
		{Kind: AlertHashrateLow, Worker: "farm.rig3", Coin: "BTC", At: at, HashRate: "1.20 GH/s", Average: "4.00 GH/s", Percent: 30},
		{Kind: AlertHashrateBack, Worker: "farm.rig3", Coin: "BTC", At: at.Add(time.Hour), HashRate: "3.90 GH/s", Average: "3.95 GH/s", Percent: 99},
	}}
}

// Every kind is worded in every language, for a run and a digest, with no placeholder
// left; times are in the owner's time zone; the HTML escapes worker names.
func TestRenderAlertEveryLanguage(t *testing.T) {
	for _, lang := range Languages {
		for _, digest := range []bool{false, true} {
			a := testAlert(ChannelEmail, "a@example.com", lang)
			a.Digest, a.Day = digest, "2026-11-25"
			m, err := RenderAlert(a)
			if err != nil {
				t.Fatal(err)
			}
			for _, part := range []string{m.Subject, m.Text, m.SMS, m.HTML} {
				if strings.ContainsAny(part, "{}") {
					t.Errorf("%s: a placeholder is left in %q", lang, part)
				}
			}
			if m.Lang != lang || !strings.Contains(m.Subject, "farm") || !strings.Contains(m.Text, "16:00 (Asia/Shanghai)") ||
				!strings.Contains(m.Text, "25") || !strings.Contains(m.Text, "1.20 GH/s") || (!digest && !strings.Contains(m.SMS, "farm.rig<1>")) {
				t.Errorf("%s digest=%v: %q\n%s\n%s", lang, digest, m.Subject, m.Text, m.SMS)
			}
			if strings.Contains(m.HTML, "rig<1>") || !strings.Contains(m.HTML, "farm.rig&lt;1&gt;") {
				t.Errorf("%s: the HTML does not escape a worker name", lang)
			}
			if strings.ContainsAny(m.SMS, "\r\n") {
				t.Errorf("%s: a text message of several lines: %q", lang, m.SMS)
			}
		}
	}
	m, _ := RenderAlert(testAlert(ChannelEmail, "a@example.com", "en_US"))
	if m.Subject != "Uniplus Pool alert: farm: 1 offline, 1 back online, 1 with low hashrate, 1 with hashrate back" {
		t.Errorf("subject %q", m.Subject)
	}
	a := testAlert(ChannelEmail, "a@example.com", "fr_FR")
	a.TimeZone = time.FixedZone("KST", 9*3600)
	if m, _ := RenderAlert(a); m.Lang != "en_US" || !strings.Contains(m.Text, "17:00 (KST)") {
		t.Errorf("fallback: %s %q", m.Lang, m.Text)
	}
	if _, err := RenderAlert(Alert{Lang: "en_US", SubAccount: "farm"}); err == nil {
		t.Error("an alert without items rendered")
	}
	bad := testAlert(ChannelEmail, "a@example.com", "en_US")
	bad.Items[0].Worker = "x\r\nBcc: evil@example.com"
	if _, err := RenderAlert(bad); err == nil {
		t.Error("a line break in a worker name rendered")
	}
	many := testAlert(ChannelEmail, "a@example.com", "en_US")
	for len(many.Items) < MaxAlertLines+7 {
		many.Items = append(many.Items, many.Items[1])
	}
	if m, _ := RenderAlert(many); !strings.Contains(m.Text, "… and 7 more.") {
		t.Errorf("a long alert: %s", m.Text[len(m.Text)-300:])
	}
}

// Each sender delivers an alert: SMTP to a local server, the SMS gateway to a local HTTP
// server, the console to its outbox.
func TestSendAlert(t *testing.T) {
	ctx := context.Background()
	srv := smtptest.Start(t, smtptest.Options{TLS: TLSNone})
	s := newTestSMTP(t, srv, TLSNone, "", "")
	if err := s.SendAlert(ctx, testAlert(ChannelEmail, "kim@example.kr", "ko_KR")); err != nil {
		t.Fatal(err)
	}
	m, err := srv.WaitFor("kim@example.kr", 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(m.Subject, "Uniplus Pool 알림: farm: 오프라인 1대") || !strings.Contains(m.Text, "farm.rig<1>(BTC) 오프라인") {
		t.Errorf("mail %q:\n%s", m.Subject, m.Text)
	}
	if err := s.SendAlert(ctx, testAlert(ChannelSMS, "13800138000", "en_US")); err == nil {
		t.Error("smtp sent an sms alert")
	}

	texts := make(chan smsRequest, 1)
	gw := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var got smsRequest
		_ = json.NewDecoder(r.Body).Decode(&got)
		texts <- got
		_, _ = w.Write([]byte(`{"ok":true}`))
	}))
	defer gw.Close()
	g, err := NewSMSGateway(SMSConfig{URL: gw.URL, Timeout: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.SendAlert(ctx, testAlert(ChannelSMS, "13800138000", "zh_CN")); err != nil {
		t.Fatal(err)
	}
	if got := <-texts; got.To != "+8613800138000" || !strings.HasPrefix(got.Text, "【Uniplus Pool】farm：1 台离线") || got.Lang != "zh_CN" {
		t.Errorf("sms %+v", got)
	}

	path := filepath.Join(t.TempDir(), "outbox.log")
	c, err := NewConsole(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SendAlert(ctx, testAlert(ChannelEmail, "a@example.com", "en_US")); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(path)
	if !strings.Contains(string(raw), "Subject: Uniplus Pool alert: farm: 1 offline") || !strings.Contains(string(raw), "farm.rig<1> (BTC) is offline") {
		t.Errorf("outbox:\n%s", raw)
	}
}
