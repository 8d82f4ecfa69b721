package market

import (
	"sync"
	"time"

	"github.com/uniplus-pool/pool/internal/httpx"
)

// tableKey names one cached home table: its fiat and the language of closed messages.
type tableKey struct{ fiat, lang string }

// tableCache keeps each home table, as the whole answer encoded plain and gzipped, for a
// short while. When one expires, the
// first request computes it again while later ones wait for that answer instead of
// computing it too; an error is not kept.
type tableCache struct {
	mu      sync.Mutex
	entries map[tableKey]*tableEntry
}

type tableEntry struct {
	ready chan struct{} // closed once body and err are set
	body  httpx.Prepared
	err   error
	at    time.Time
}

// get answers the table of key, computing it with compute when there is none younger than
// ttl at now; ttl 0 computes it every time.
func (c *tableCache) get(key tableKey, ttl time.Duration, now time.Time, compute func() (httpx.Prepared, error)) (httpx.Prepared, error) {
	if ttl <= 0 {
		return compute()
	}
	c.mu.Lock()
	e, ok := c.entries[key]
	if ok {
		select {
		case <-e.ready:
			if e.err != nil || now.Sub(e.at) >= ttl || now.Before(e.at) {
				ok = false
			}
		default: // being computed: wait for it below
		}
	}
	if !ok {
		if c.entries == nil {
			c.entries = map[tableKey]*tableEntry{}
		}
		e = &tableEntry{ready: make(chan struct{}), at: now}
		c.entries[key] = e
		c.mu.Unlock()
		e.body, e.err = compute()
		close(e.ready)
		return e.body, e.err
	}
	c.mu.Unlock()
	<-e.ready
	return e.body, e.err
}
