package loadgen

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
)

// Envelope is the body of every /api answer.
type Envelope struct {
	Code int             `json:"code"`
	Msg  string          `json:"msg"`
	Data json.RawMessage `json:"data"`
}

// API is a logged-in (or not yet) user of the pool's JSON API, as the web app calls it:
// its headers, JSON bodies and gzip.
type API struct {
	Base   string // http://host:port, without /api
	Client *http.Client
	Lang   string // the language header; default en_US
	Token  string // the session (x-token); empty before Login
}

// NewTransport is an HTTP transport like a browser's towards one site: keep-alive
// connections (up to conns idle ones), no HTTP/2 on plain HTTP, and gzip asked for and
// decoded by the caller, so the bytes on the wire can be counted.
func NewTransport(conns int) *http.Transport {
	return &http.Transport{
		MaxIdleConns:        conns,
		MaxIdleConnsPerHost: conns,
		IdleConnTimeout:     90 * time.Second,
		DisableCompression:  true,
	}
}

// newRequest builds a call under /api with the web app's headers.
func (a *API) newRequest(ctx context.Context, method, path string, body any) (*http.Request, error) {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return nil, err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(a.Base, "/")+path, rd)
	if err != nil {
		return nil, err
	}
	lang := a.Lang
	if lang == "" {
		lang = "en_US"
	}
	req.Header.Set("language", lang)
	req.Header.Set("timezone", "UTC")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("User-Agent", "poolload/1 (like a browser)")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if a.Token != "" {
		req.Header.Set("x-token", a.Token)
	}
	return req, nil
}

// readBody reads an answer's body, un-gzipping it when it came compressed; wire is the
// number of bytes that crossed the connection.
func readBody(resp *http.Response) (body []byte, wire int64, err error) {
	cr := &countingReader{r: resp.Body}
	var r io.Reader = cr
	if strings.EqualFold(resp.Header.Get("Content-Encoding"), "gzip") {
		zr, err := gzip.NewReader(cr)
		if err != nil {
			return nil, cr.n, err
		}
		defer zr.Close()
		r = zr
	}
	body, err = io.ReadAll(r)
	return body, cr.n, err
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// Call makes one call and decodes its envelope into out (when not nil); an HTTP status
// other than 2xx or an envelope code other than 0 is an error carrying the message.
func (a *API) Call(ctx context.Context, method, path string, body, out any) error {
	req, err := a.newRequest(ctx, method, path, body)
	if err != nil {
		return err
	}
	resp, err := a.Client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	raw, _, err := readBody(resp)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	var env Envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		return fmt.Errorf("%s %s: HTTP %d, not an envelope: %.200s", method, path, resp.StatusCode, raw)
	}
	if resp.StatusCode/100 != 2 || env.Code != 0 {
		return fmt.Errorf("%s %s: HTTP %d, code %d: %s", method, path, resp.StatusCode, env.Code, env.Msg)
	}
	if out != nil {
		if err := json.Unmarshal(env.Data, out); err != nil {
			return fmt.Errorf("%s %s: data: %w", method, path, err)
		}
	}
	return nil
}

// Login logs in by email and password the way the web app does: a slider challenge
// (captcha/new), its proof of work solved as the browser's solver does and a drag that
// looks like a hand's (captcha/check), then the password with the ticket. There is no
// switch that turns the slider off; it costs about 2^16 hashes (--captcha-pow-bits).
func (a *API) Login(ctx context.Context, email, password string) error {
	var ch account.Captcha
	if err := a.Call(ctx, http.MethodPost, "/api/pc/v1/common/captcha/new", struct{}{}, &ch); err != nil {
		return fmt.Errorf("slider: %w", err)
	}
	nonce := account.SolvePow(ch.Pow.Challenge, ch.Pow.Bits)
	var ticket struct {
		Ticket string `json:"ticket"`
	}
	check := map[string]any{"id": ch.ID, "track": SliderTrack(ch.Width, rand.Uint64()), "nonce": nonce}
	if err := a.Call(ctx, http.MethodPost, "/api/pc/v1/common/captcha/check", check, &ticket); err != nil {
		return fmt.Errorf("slider: %w", err)
	}
	var session struct {
		Token string `json:"token"`
	}
	login := map[string]string{"email": email, "password": password, "ticket": ticket.Ticket}
	if err := a.Call(ctx, http.MethodPost, "/api/pc/v1/common/customer/login/email/pwd", login, &session); err != nil {
		return fmt.Errorf("login %s: %w", email, err)
	}
	if session.Token == "" {
		return fmt.Errorf("login %s: no session in the answer (two-factor sign-in is on for this account?)", email)
	}
	a.Token = session.Token
	return nil
}

// SliderTrack is a drag of the slider to its end as a hand makes it: [x, y, ms] points
// along an eased curve, slow at both ends, with uneven time steps and a wobble off the
// line, over about 0.6 s (the server wants at least 300 ms, not evenly timed, not a ruled
// line; docs/accounts.md "Slider").
func SliderTrack(width int, seed uint64) [][3]float64 {
	rng := rand.New(rand.NewPCG(seed, 0x5117de))
	const steps = 24
	w := float64(width)
	track := make([][3]float64, 0, steps+1)
	t := 0.0
	for k := 0; k <= steps; k++ {
		f := float64(k) / steps
		x := math.Round(w*f*f*(3-2*f)*10) / 10
		y := math.Round((rng.Float64()*2-1)*3*10) / 10
		if k == 0 {
			y = 0
		}
		track = append(track, [3]float64{x, y, math.Round(t)})
		t += 18 + rng.Float64()*16 // 18-34 ms a step
	}
	track[steps][0] = w
	return track
}
