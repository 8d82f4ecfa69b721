// Command smtpsink runs the smtptest SMTP server and shows what it received as JSON, so
// end-to-end tests can point poold at it (--smtp HOST:PORT --smtp-tls none) and read the
// verification codes back:
//
//	smtpsink -addr 127.0.0.1:2525 -http 127.0.0.1:8025
//	GET    /messages?to=user@example.com  -> [{"from","to","subject","text","code","receivedAt"}]
//	DELETE /messages                      -> forget everything received
//
// It prints "smtpsink: listening on HOST:PORT" and "smtpsink: http on HOST:PORT" once
// ready, and stops on interrupt.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/uniplus-pool/pool/internal/notify/smtptest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "smtpsink:", err)
		os.Exit(1)
	}
}

// run serves until ctx ends.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("smtpsink", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:0", "SMTP listen address")
	httpAddr := fs.String("http", "127.0.0.1:0", "HTTP listen address for GET /messages")
	tlsMode := fs.String("tls", smtptest.TLSNone, "none, starttls or tls (self-signed certificate)")
	user := fs.String("user", "", "require AUTH PLAIN with this user name")
	password := fs.String("password", "", "password for -user")
	verbose := fs.Bool("v", false, "print a line for every message received")
	if err := fs.Parse(args); err != nil {
		return err
	}

	opts := smtptest.Options{TLS: *tlsMode, Username: *user, Password: *password}
	if *verbose {
		opts.OnMessage = func(m smtptest.Message) {
			fmt.Fprintf(stdout, "smtpsink: message to %s: %q code %s\n", strings.Join(m.To, ","), m.Subject, m.Code())
		}
	}
	srv, err := smtptest.Listen(*addr, opts)
	if err != nil {
		return err
	}
	defer srv.Close()
	fmt.Fprintf(stdout, "smtpsink: listening on %s\n", srv.Addr())

	ln, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		return fmt.Errorf("http listen %s: %w", *httpAddr, err)
	}
	hs := &http.Server{Handler: routes(srv), ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "smtpsink: http on %s\n", ln.Addr())

	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("http: %w", err)
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("http shutdown: %w", err)
	}
	return srv.Close()
}

// message is what GET /messages shows of each message.
type message struct {
	From       string    `json:"from"`
	To         []string  `json:"to"`
	Subject    string    `json:"subject"`
	Text       string    `json:"text"`
	Code       string    `json:"code"`
	ReceivedAt time.Time `json:"receivedAt"`
}

func routes(srv *smtptest.Server) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /messages", func(w http.ResponseWriter, r *http.Request) {
		to := r.URL.Query().Get("to")
		out := []message{}
		for _, m := range srv.Messages() {
			if to != "" && !slices.ContainsFunc(m.To, func(a string) bool { return strings.EqualFold(a, to) }) {
				continue
			}
			out = append(out, message{From: m.From, To: m.To, Subject: m.Subject, Text: m.Text, Code: m.Code(), ReceivedAt: m.ReceivedAt})
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_ = json.NewEncoder(w).Encode(out)
	})
	mux.HandleFunc("DELETE /messages", func(w http.ResponseWriter, r *http.Request) {
		srv.Reset()
		w.WriteHeader(http.StatusNoContent)
	})
	return mux
}
