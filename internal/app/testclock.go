package app

import (
	"encoding/json"
	"log/slog"
	"math"
	"net"
	"net/http"
	"sync"
	"time"
)

// testClockPath is the endpoint of --test-clock. It is served in front of the router
// (not one of NewRouter's routes, so not in the OpenAPI document) and only with the flag.
const testClockPath = "/api/test/clock/advance"

// maxTestClockStep is the most one call may move the clock.
const maxTestClockStep = 366 * 24 * time.Hour

// testClock is the clock of `poold serve --test-clock`: the wall clock plus an offset
// that only grows. Browser tests move it to pass the 60 s between two codes, code and
// captcha-ticket expiry, rate-limit windows and login throttling without waiting for them.
type testClock struct {
	log    *slog.Logger
	mu     sync.Mutex
	offset time.Duration
}

// Now is the wall clock moved on by every advance so far.
func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.offset)
}

// Advance moves the clock on by d and answers the new time and the whole offset.
func (c *testClock) Advance(d time.Duration) (time.Time, time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.offset += d
	return time.Now().Add(c.offset), c.offset
}

// wrap serves the endpoint in front of next; every other request goes to next as is.
func (c *testClock) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != testClockPath {
			next.ServeHTTP(w, r)
			return
		}
		c.serveAdvance(w, r)
	})
}

// serveAdvance answers POST {"seconds": N}: the clock moves on N seconds (0 < N, at
// most a year). Only a client on this machine talking directly may call it: a request
// from another address, or one a proxy forwarded, is refused.
func (c *testClock) serveAdvance(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		writeTestClock(w, http.StatusMethodNotAllowed, 3, "use POST", nil)
		return
	}
	host, _, _ := net.SplitHostPort(r.RemoteAddr)
	if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
		writeTestClock(w, http.StatusForbidden, 3, "the test clock answers loopback clients only", nil)
		return
	}
	for _, h := range []string{"Forwarded", "X-Forwarded-For", "X-Real-Ip"} {
		if r.Header.Get(h) != "" {
			writeTestClock(w, http.StatusForbidden, 3, "the test clock refuses proxied requests", nil)
			return
		}
	}
	var body struct {
		Seconds *float64 `json:"seconds"`
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1024))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&body); err != nil || body.Seconds == nil {
		writeTestClock(w, http.StatusBadRequest, 3, `send {"seconds": N}`, nil)
		return
	}
	s := *body.Seconds
	if math.IsNaN(s) || s <= 0 || s > maxTestClockStep.Seconds() {
		writeTestClock(w, http.StatusBadRequest, 3, "seconds must be above 0 and at most a year", nil)
		return
	}
	now, offset := c.Advance(time.Duration(s * float64(time.Second)))
	c.log.Warn("test clock moved", "by", time.Duration(s*float64(time.Second)), "offset", offset, "now", now.UTC().Format(time.RFC3339))
	writeTestClock(w, http.StatusOK, 0, "ok", map[string]any{"now": now.UnixMilli(), "offsetMs": offset.Milliseconds()})
}

// writeTestClock writes the API envelope.
func writeTestClock(w http.ResponseWriter, status, code int, msg string, data any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"code": code, "msg": msg, "data": data})
}
