package httpx

import (
	"log"
	"net/http"
	"time"
)

// Limits bound what one client can make the HTTP server hold: header bytes, and how long
// a connection may take to send a request, to read an answer, and to sit idle
// (docs/security.md, "Slow and oversized requests").
type Limits struct {
	// MaxHeaderBytes caps the request line and headers; past it the server answers 431.
	MaxHeaderBytes int
	// ReadHeaderTimeout ends a connection that has not sent its headers in time: a
	// client trickling a request line holds a connection and a goroutine for no more.
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds reading the whole request, body included (at most MaxBodyBytes).
	ReadTimeout time.Duration
	// WriteTimeout bounds a request from the end of its headers to the end of its answer.
	WriteTimeout time.Duration
	// IdleTimeout ends a kept-alive connection that sends no next request.
	IdleTimeout time.Duration
}

// DefaultLimits suit a JSON API and its web app. Headers: the app sends a token and a
// few short headers; 32 KiB leaves room for a proxy's additions (Go allows 4 KiB more
// before it answers 431). Reads: a 1 MiB body in 30 s is 35 KB/s. Writes: nothing
// streams, and the largest answer is the app's biggest script (about 150 kB compressed),
// which takes a phone on a poor link (2 KB/s) some 75 s; 120 s keeps that with room, and
// the earnings audit CSV is built before its first byte is written.
var DefaultLimits = Limits{
	MaxHeaderBytes:    32 << 10,
	ReadHeaderTimeout: 10 * time.Second,
	ReadTimeout:       30 * time.Second,
	WriteTimeout:      120 * time.Second,
	IdleTimeout:       60 * time.Second,
}

// NewServer is an http.Server for h with the limits l; errorLog may be nil.
func NewServer(h http.Handler, l Limits, errorLog *log.Logger) *http.Server {
	return &http.Server{
		Handler:           h,
		MaxHeaderBytes:    l.MaxHeaderBytes,
		ReadHeaderTimeout: l.ReadHeaderTimeout,
		ReadTimeout:       l.ReadTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
		ErrorLog:          errorLog,
	}
}
