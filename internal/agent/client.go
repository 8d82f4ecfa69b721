package agent

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/pool"
)

// Client talks to the pool's agent API with the rig's Uniplus ID.
type Client struct {
	Base string // the pool's base URL, e.g. https://pool.example.com
	ID   string // Uniplus ID, sent in the x-uniplus-id header
	HTTP *http.Client
	// Tries is how many times a call is made when the network or the pool fails (5xx,
	// 429); 0 is 5. Backoff starts at Backoff (default 1 s) and doubles, up to 30 s.
	Tries   int
	Backoff time.Duration
}

// APIError is an answer of the pool that is not a success: HTTP status and the
// envelope's code and message.
type APIError struct {
	Status int
	Code   int
	Msg    string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("pool answered HTTP %d (code %d): %s", e.Status, e.Code, e.Msg)
}

// retryable: the network failed, or the pool is overloaded or broken for now.
func retryable(err error) bool {
	var api *APIError
	if errors.As(err, &api) {
		return api.Status >= 500 || api.Status == http.StatusTooManyRequests
	}
	return true
}

type envelope struct {
	Code int             `json:"code"`
	Msg  string          `json:"msg"`
	Data json.RawMessage `json:"data"`
}

// call makes one API call, with retries, and answers the envelope's data.
func (c *Client) call(ctx context.Context, method, path string, body any) (json.RawMessage, error) {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return nil, err
		}
	}
	tries, wait := c.Tries, c.Backoff
	if tries <= 0 {
		tries = 5
	}
	if wait <= 0 {
		wait = time.Second
	}
	var err error
	for try := 1; ; try++ {
		var data json.RawMessage
		data, err = c.once(ctx, method, path, payload)
		if err == nil || ctx.Err() != nil || !retryable(err) || try >= tries {
			return data, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
		wait = min(wait*2, 30*time.Second)
	}
}

func (c *Client) once(ctx context.Context, method, path string, payload []byte) (json.RawMessage, error) {
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(c.Base, "/")+path, body)
	if err != nil {
		return nil, err
	}
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set(pool.AgentHeader, c.ID)
	req.Header.Set("Accept-Language", "en_US")
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return nil, err
	}
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		if resp.StatusCode != http.StatusOK {
			return nil, &APIError{Status: resp.StatusCode, Code: -1, Msg: strings.TrimSpace(string(raw[:min(len(raw), 200)]))}
		}
		return nil, fmt.Errorf("pool answered something that is not JSON: %w", err)
	}
	if resp.StatusCode != http.StatusOK || env.Code != 0 {
		return nil, &APIError{Status: resp.StatusCode, Code: env.Code, Msg: env.Msg}
	}
	return env.Data, nil
}

// ReportResult is the pool's answer to a report.
type ReportResult struct {
	DeviceID int64  `json:"deviceId"`
	Status   string `json:"status"`
}

// PostReport posts a report (POST /api/agent/v1/report).
func (c *Client) PostReport(ctx context.Context, r pool.Report) (ReportResult, error) {
	data, err := c.call(ctx, http.MethodPost, "/api/agent/v1/report", r)
	var res ReportResult
	if err == nil && len(data) > 0 {
		_ = json.Unmarshal(data, &res)
	}
	return res, err
}

// PendingOverclock asks for the worker's pending overclock; nil when there is none.
func (c *Client) PendingOverclock(ctx context.Context, worker string) (*Pending, error) {
	data, err := c.call(ctx, http.MethodGet, "/api/agent/v1/overclock/pending?worker="+url.QueryEscape(worker), nil)
	if err != nil {
		return nil, err
	}
	if len(bytes.TrimSpace(data)) == 0 || string(bytes.TrimSpace(data)) == "null" {
		return nil, nil
	}
	var p Pending
	if err := json.Unmarshal(data, &p); err != nil {
		return nil, fmt.Errorf("pending overclock: %w", err)
	}
	return &p, nil
}

// AckOverclock tells the pool what became of an overclock.
func (c *Client) AckOverclock(ctx context.Context, a Ack) error {
	_, err := c.call(ctx, http.MethodPost, "/api/agent/v1/overclock/ack", a)
	return err
}
