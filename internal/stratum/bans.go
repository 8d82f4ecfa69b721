package stratum

import (
	"sync"
	"time"
)

// banList remembers, per address, the recent closes for misbehaviour and the bans they
// earned. An address is a host without its port: a misbehaving miner reconnects from a
// new port each time.
type banList struct {
	limit            int // offences within window that ban; < 1 turns bans off
	window, duration time.Duration

	mu        sync.Mutex
	offences  map[string][]time.Time
	until     map[string]time.Time
	lastSweep time.Time
	issued    uint64
}

func newBanList(cfg Config) *banList {
	return &banList{
		limit: cfg.BanAfterOffences, window: cfg.OffenceWindow, duration: cfg.BanDuration,
		offences: make(map[string][]time.Time), until: make(map[string]time.Time),
	}
}

// offence records a close for misbehaviour and says whether it banned the address.
func (b *banList) offence(addr string, now time.Time) bool {
	if b.limit < 1 {
		return false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.sweep(now)
	recent := b.offences[addr][:0]
	for _, t := range b.offences[addr] {
		if now.Sub(t) < b.window {
			recent = append(recent, t)
		}
	}
	recent = append(recent, now)
	if len(recent) < b.limit {
		b.offences[addr] = recent
		return false
	}
	delete(b.offences, addr)
	b.until[addr] = now.Add(b.duration)
	b.issued++
	return true
}

// banned says whether addr is refused at now.
func (b *banList) banned(addr string, now time.Time) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	t, ok := b.until[addr]
	if ok && !now.Before(t) {
		delete(b.until, addr)
		return false
	}
	return ok
}

// counts reports the addresses banned at now and the bans issued so far.
func (b *banList) counts(now time.Time) (banned int, issued uint64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, t := range b.until {
		if now.Before(t) {
			banned++
		}
	}
	return banned, b.issued
}

// sweep forgets old offences and ended bans, at most once a window, so that a pool that
// sees many addresses misbehave once does not keep them all forever.
func (b *banList) sweep(now time.Time) {
	if now.Sub(b.lastSweep) < b.window {
		return
	}
	b.lastSweep = now
	for addr, ts := range b.offences {
		if len(ts) == 0 || now.Sub(ts[len(ts)-1]) >= b.window {
			delete(b.offences, addr)
		}
	}
	for addr, t := range b.until {
		if !now.Before(t) {
			delete(b.until, addr)
		}
	}
}
