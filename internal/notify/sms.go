package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// DefaultSMSTimeout bounds one gateway request when SMSConfig.Timeout is zero.
const DefaultSMSTimeout = 10 * time.Second

// SMSConfig says how to reach the SMS gateway.
type SMSConfig struct {
	URL     string        // endpoint that takes the POST, http or https
	APIKey  string        // sent as "Authorization: Bearer <key>"; empty sends no header
	Timeout time.Duration // per request; zero means DefaultSMSTimeout
	Client  *http.Client  // optional; nil uses a client of its own
}

// SMSGateway sends codes as text messages through an HTTP JSON gateway. It posts
// {"to":"+86XXXXXXXXXXX","text":"...","lang":"zh_CN"} and expects a 2xx answer with
// {"ok":true,"id":"..."}. It is safe for concurrent use.
type SMSGateway struct {
	cfg    SMSConfig
	client *http.Client
	name   string // the URL without query or credentials, for errors and Describe
}

// NewSMSGateway checks cfg and returns the sender; it does not connect.
func NewSMSGateway(cfg SMSConfig) (*SMSGateway, error) {
	u, err := url.Parse(cfg.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("notify: sms gateway URL %q is not an http(s) URL", redactURL(cfg.URL))
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultSMSTimeout
	}
	client := cfg.Client
	if client == nil {
		client = &http.Client{}
	}
	return &SMSGateway{cfg: cfg, client: client, name: u.Scheme + "://" + u.Host + u.Path}, nil
}

// String describes the sender without secrets, e.g. "gateway https://sms.example.com/send".
func (g *SMSGateway) String() string { return "gateway " + g.name }

type smsRequest struct {
	To   string `json:"to"`
	Text string `json:"text"`
	Lang string `json:"lang"`
}

type smsResponse struct {
	OK      bool   `json:"ok"`
	ID      string `json:"id"`
	Error   string `json:"error"`
	Message string `json:"message"`
}

// SendCode renders c and posts it to the gateway; c.To is 11 mainland China digits.
func (g *SMSGateway) SendCode(ctx context.Context, c Code) error {
	if c.Channel != ChannelSMS {
		return fmt.Errorf("notify: sms gateway: channel %q is not %s", c.Channel, ChannelSMS)
	}
	to, err := e164CN(c.To)
	if err != nil {
		return err
	}
	msg, err := Render(c)
	if err != nil {
		return err
	}
	return g.post(ctx, to, msg)
}

// SendNotice renders n and posts it to the gateway; n.To is 11 mainland China digits.
func (g *SMSGateway) SendNotice(ctx context.Context, n Notice) error {
	if n.Channel != ChannelSMS {
		return fmt.Errorf("notify: sms gateway: channel %q is not %s", n.Channel, ChannelSMS)
	}
	to, err := e164CN(n.To)
	if err != nil {
		return err
	}
	msg, err := RenderNotice(n)
	if err != nil {
		return err
	}
	return g.post(ctx, to, msg)
}

// post sends one rendered message's text to an E.164 number.
func (g *SMSGateway) post(ctx context.Context, to string, msg Message) error {
	payload, err := json.Marshal(smsRequest{To: to, Text: msg.SMS, Lang: msg.Lang})
	if err != nil {
		return fmt.Errorf("notify: sms gateway %s: encode: %w", g.name, err)
	}

	ctx, cancel := context.WithTimeout(ctx, g.cfg.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.cfg.URL, bytes.NewReader(payload))
	if err != nil {
		return fmt.Errorf("notify: sms gateway %s: %w", g.name, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "uniplus-pool-notify")
	if g.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+g.cfg.APIKey)
	}
	resp, err := g.client.Do(req)
	if err != nil {
		return fmt.Errorf("notify: sms gateway %s: send to %s: %w", g.name, to, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	if err != nil {
		return fmt.Errorf("notify: sms gateway %s: status %d: read answer: %w", g.name, resp.StatusCode, err)
	}

	var r smsResponse
	jsonErr := json.Unmarshal(body, &r)
	success := resp.StatusCode >= 200 && resp.StatusCode < 300
	if success && jsonErr == nil && r.OK {
		return nil
	}
	said := r.Error
	if said == "" {
		said = r.Message
	}
	if said == "" {
		said = string(body)
	}
	said = clip(said, 200)
	switch {
	case !success:
		return fmt.Errorf("notify: sms gateway %s: status %d: %s", g.name, resp.StatusCode, said)
	case jsonErr != nil:
		return fmt.Errorf("notify: sms gateway %s: status %d: bad answer %q: %w", g.name, resp.StatusCode, said, jsonErr)
	default:
		return fmt.Errorf("notify: sms gateway %s: status %d: not ok: %s", g.name, resp.StatusCode, said)
	}
}

// clip makes a gateway's words safe to put in an error: valid UTF-8, one line, at most n
// runes.
func clip(s string, n int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.Join(strings.FieldsFunc(s, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsControl(r) }), " ")
	if s == "" {
		return "(empty answer)"
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n]) + "…"
}

func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(unparsable)"
	}
	u.RawQuery = ""
	return u.Redacted()
}
