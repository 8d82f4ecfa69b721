package notify

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/notify/smtptest"
)

func addressNotice(channel, to, lang string) Notice {
	return Notice{Channel: channel, To: to, Lang: lang, Kind: NoticeAddressBook,
		Params: map[string]string{"action": "changed", "coin": "LTC", "address": "ltc1qexample<b>", "time": "2026-11-26 22:10"}}
}

// Every language fills every placeholder and names the action in its own words; the HTML
// escapes what it inserts.
func TestRenderNoticeEveryLanguage(t *testing.T) {
	actions := map[string]string{"zh_CN": "修改", "zh_HK": "修改", "en_US": "changed", "ko_KR": "변경"}
	for _, lang := range Languages {
		m, err := RenderNotice(addressNotice(ChannelEmail, "a@example.com", lang))
		if err != nil {
			t.Fatal(err)
		}
		for _, part := range []string{m.Subject, m.Text, m.SMS, m.HTML} {
			if strings.ContainsAny(part, "{}") {
				t.Errorf("%s: a placeholder is left in %q", lang, part)
			}
		}
		if !strings.Contains(m.Text, actions[lang]) || !strings.Contains(m.SMS, "LTC") || !strings.Contains(m.Text, "48") {
			t.Errorf("%s: text %q / sms %q", lang, m.Text, m.SMS)
		}
		if strings.Contains(m.HTML, "<b>") || !strings.Contains(m.HTML, "ltc1qexample&lt;b&gt;") {
			t.Errorf("%s: html does not escape the address", lang)
		}
	}
	if m, _ := RenderNotice(addressNotice(ChannelEmail, "a@example.com", "fr_FR")); m.Lang != "en_US" {
		t.Errorf("unsupported language rendered in %s", m.Lang)
	}
	if _, err := RenderNotice(Notice{Kind: "nope"}); err == nil {
		t.Error("an unknown notice rendered")
	}
	n := addressNotice(ChannelEmail, "a@example.com", "en_US")
	n.Params["address"] = "x\r\nBcc: evil@example.com"
	if _, err := RenderNotice(n); err == nil {
		t.Error("a line break in a parameter rendered")
	}
}

// Each sender delivers a notice as it delivers a code: SMTP to a local server, the SMS
// gateway to a local HTTP server, the console to its outbox.
func TestSendNotice(t *testing.T) {
	ctx := context.Background()
	srv := smtptest.Start(t, smtptest.Options{TLS: TLSNone})
	s := newTestSMTP(t, srv, TLSNone, "", "")
	if err := s.SendNotice(ctx, addressNotice(ChannelEmail, "kim@example.kr", "ko_KR")); err != nil {
		t.Fatal(err)
	}
	m, err := srv.WaitFor("kim@example.kr", 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if m.Subject != "Uniplus Pool: 출금 주소록이 변경되었습니다" || !strings.Contains(m.Text, "ltc1qexample<b>") {
		t.Errorf("mail %q:\n%s", m.Subject, m.Text)
	}
	if err := s.SendNotice(ctx, addressNotice(ChannelSMS, "13800138000", "en_US")); err == nil {
		t.Error("smtp sent an sms notice")
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
	if err := g.SendNotice(ctx, addressNotice(ChannelSMS, "13800138000", "zh_CN")); err != nil {
		t.Fatal(err)
	}
	if got := <-texts; got.To != "+8613800138000" || !strings.Contains(got.Text, "修改了LTC提现地址") {
		t.Errorf("sms %+v", got)
	}

	path := filepath.Join(t.TempDir(), "outbox.log")
	c, err := NewConsole(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.SendNotice(ctx, addressNotice(ChannelEmail, "a@example.com", "en_US")); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(path)
	if !strings.Contains(string(raw), "Notice: addressBook") || !strings.Contains(string(raw), "was changed on your account") {
		t.Errorf("outbox:\n%s", raw)
	}
	if err := c.SendNotice(ctx, addressNotice(ChannelEmail, "not an email", "en_US")); err == nil {
		t.Error("the console took a bad address")
	}
}

// Every kind is worded in every language, and its parameters leave no placeholder behind.
func TestEveryNoticeKindInEveryLanguage(t *testing.T) {
	params := map[string]map[string]string{
		NoticeAddressBook:  {"action": "added", "coin": "BTC", "address": "bc1q", "time": "2026-11-26 22:10"},
		NoticeFailedLogins: {"count": "5", "since": "2026-11-26 22:10"},
		NoticeContactChanged: {"action": "phoneBound", "target": "139****5678", "time": "2026-11-26 22:10",
			"until": "2026-11-27 22:10"},
	}
	for _, kind := range NoticeKinds {
		for _, lang := range Languages {
			for _, ch := range []string{ChannelEmail, ChannelSMS} {
				m, err := RenderNotice(Notice{Channel: ch, To: "a@example.com", Lang: lang, Kind: kind, Params: params[kind]})
				if err != nil {
					t.Fatalf("%s %s: %v", kind, lang, err)
				}
				if m.Lang != lang || m.Subject == "" || m.SMS == "" || !strings.Contains(m.HTML, "<html") {
					t.Errorf("%s %s: %+v", kind, lang, m)
				}
				for _, part := range []string{m.Subject, m.Text, m.SMS, m.HTML} {
					if strings.ContainsAny(part, "{}") {
						t.Errorf("%s %s: a placeholder is left in %q", kind, lang, part)
					}
				}
			}
		}
	}
	m, _ := RenderNotice(Notice{Channel: ChannelEmail, Lang: "zh_HK", Kind: NoticeFailedLogins, Params: params[NoticeFailedLogins]})
	if !strings.Contains(m.Text, "5 次登入失敗") || !strings.Contains(m.SMS, "2026-11-26 22:10") {
		t.Errorf("failed logins: %q / %q", m.Text, m.SMS)
	}
	// The contact change names what changed in words, the new contact masked, and the end
	// of the hold.
	for _, c := range []struct{ lang, action, want string }{
		{"en_US", "phoneBound", "a phone number was bound to your account: 139****5678."},
		{"zh_CN", "emailChanged", "更换了邮箱：139****5678。"},
		{"ko_KR", "phoneChanged", "계정의 휴대폰 번호가 변경되었습니다: 139****5678"},
	} {
		p := maps.Clone(params[NoticeContactChanged])
		p["action"] = c.action
		m, _ := RenderNotice(Notice{Channel: ChannelEmail, Lang: c.lang, Kind: NoticeContactChanged, Params: p})
		if !strings.Contains(m.Text, c.want) || !strings.Contains(m.Text, "2026-11-27 22:10") || !strings.Contains(m.SMS, "2026-11-27 22:10") {
			t.Errorf("contact changed, %s: %q / %q", c.lang, m.Text, m.SMS)
		}
	}
}
