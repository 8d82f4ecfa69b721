// Package certfile serves a TLS certificate from PEM files that are renewed in place
// (certbot and the like): a handshake after the files changed gets the new certificate,
// and the connections already open keep theirs. Restarting the stratum process for a
// renewal disconnected every miner.
package certfile

import (
	"crypto/tls"
	"log/slog"
	"os"
	"sync"
	"time"
)

// CheckEvery is how often, at most, a handshake looks at the files: a renewal is picked
// up within it, and a reconnect storm of ten thousand handshakes stats them a few times.
const CheckEvery = time.Second

// Reloader holds the certificate of a certificate and key file pair.
type Reloader struct {
	certPath, keyPath string
	log               *slog.Logger
	// now is the clock (tests move it); nil is time.Now.
	now func() time.Time

	mu        sync.Mutex
	cert      *tls.Certificate
	loaded    [2]stamp // the files as they were when cert was read
	checkedAt time.Time
	failed    [2]stamp // the files as they were at the last failed read, logged once
}

// stamp tells whether a file changed: a renewal writes new content, or points a symlink
// at a new file.
type stamp struct {
	mod  time.Time
	size int64
}

// New reads the pair now; an unreadable or mismatched pair is an error at start.
func New(certPath, keyPath string, log *slog.Logger) (*Reloader, error) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	r := &Reloader{certPath: certPath, keyPath: keyPath, log: log}
	stamps, err := r.stamps()
	if err != nil {
		return nil, err
	}
	cert, err := tls.LoadX509KeyPair(certPath, keyPath)
	if err != nil {
		return nil, err
	}
	r.cert, r.loaded = &cert, stamps
	return r, nil
}

func (r *Reloader) clock() time.Time {
	if r.now != nil {
		return r.now()
	}
	return time.Now()
}

func (r *Reloader) stamps() ([2]stamp, error) {
	var out [2]stamp
	for i, p := range []string{r.certPath, r.keyPath} {
		fi, err := os.Stat(p)
		if err != nil {
			return out, err
		}
		out[i] = stamp{fi.ModTime(), fi.Size()}
	}
	return out, nil
}

// GetCertificate is tls.Config.GetCertificate: the pair as last read well. When the
// files changed since, they are read again; a pair that does not load (a renewal half
// written, a key that does not match) leaves the old certificate in use, and is tried
// again at the next check.
func (r *Reloader) GetCertificate(*tls.ClientHelloInfo) (*tls.Certificate, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	now := r.clock()
	if now.Sub(r.checkedAt) < CheckEvery {
		return r.cert, nil
	}
	r.checkedAt = now
	stamps, err := r.stamps()
	if err == nil && stamps == r.loaded {
		return r.cert, nil
	}
	if err == nil {
		var cert tls.Certificate
		if cert, err = tls.LoadX509KeyPair(r.certPath, r.keyPath); err == nil {
			r.cert, r.loaded = &cert, stamps
			r.log.Info("stratum TLS certificate reloaded", "cert", r.certPath, "not_after", notAfter(&cert))
			return r.cert, nil
		}
	}
	if stamps != r.failed {
		r.failed = stamps
		r.log.Error("stratum TLS certificate not reloaded; the previous one stays in use", "cert", r.certPath, "key", r.keyPath, "err", err)
	}
	return r.cert, nil
}

// Config is a server TLS configuration (TLS 1.2 or later) that serves r's certificate.
func (r *Reloader) Config() *tls.Config {
	return &tls.Config{GetCertificate: r.GetCertificate, MinVersion: tls.VersionTLS12}
}

func notAfter(c *tls.Certificate) string {
	if c.Leaf == nil {
		return "unknown"
	}
	return c.Leaf.NotAfter.UTC().Format(time.RFC3339)
}
