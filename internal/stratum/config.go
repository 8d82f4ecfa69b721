package stratum

import (
	"crypto/tls"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"time"

	"github.com/uniplus-pool/pool/internal/connlimit"
)

// Defaults of Config; a zero field takes its default.
const (
	DefaultExtranonce1Size     = 4
	DefaultExtranonce2Size     = 4
	DefaultInitialDifficulty   = 1
	DefaultMinDifficulty       = 1.0 / 65536
	DefaultMaxDifficulty       = 1 << 40
	DefaultTargetShareInterval = 10 * time.Second
	DefaultRetargetInterval    = 30 * time.Second
	DefaultVersionRollingMask  = 0x1fffe000
	DefaultHandshakeTimeout    = 30 * time.Second
	DefaultIdleTimeout         = 10 * time.Minute
	DefaultWriteTimeout        = 10 * time.Second
	DefaultMaxLineBytes        = 16 << 10
	DefaultMaxJunkLines        = 10
	DefaultInvalidShareLimit   = 50
	DefaultInvalidShareWindow  = 5 * time.Minute
	DefaultBanAfterOffences    = 5
	DefaultOffenceWindow       = 10 * time.Minute
	DefaultBanDuration         = 10 * time.Minute
	DefaultJobHistory          = 8
	DefaultSendQueueLength     = 64
)

// MaxNTimeAhead is how far past the server's clock a share's ntime may go: the two hours
// that Bitcoin nodes allow a block's time to run ahead of theirs.
const MaxNTimeAhead = 2 * time.Hour

// Config is the settings of a Server. Zero fields take the Default* values; a negative
// InvalidShareLimit, BanAfterOffences or MaxJunkLines turns that protection off.
type Config struct {
	// Dialect is the protocol the server speaks: Stratum v1 (the zero value), or the
	// dialect of a coin whose node builds the whole block (dialect.go).
	Dialect Dialect
	// PoolName is what the IronFish dialect's mining.status calls the pool.
	PoolName string

	Extranonce1Size int // bytes of extranonce1, 1-8 (1-6 on a header-work dialect; its default is 2 there)
	Extranonce2Size int // bytes of extranonce2 the miner rolls, 1-8

	InitialDifficulty float64 // difficulty of a new connection
	MinDifficulty     float64 // lowest difficulty vardiff or a miner's suggestion may reach
	MaxDifficulty     float64 // highest difficulty vardiff or a miner's suggestion may reach

	TargetShareInterval  time.Duration // vardiff aims at one share per this
	RetargetInterval     time.Duration // how often vardiff may change a connection's difficulty
	PowerOfTwoDifficulty bool          // round difficulties to powers of two (ASIC firmware likes them)

	VersionRollingMask uint32 // bits offered in mining.configure (BIP310)

	HandshakeTimeout time.Duration // subscribe and authorize must both be done within this
	IdleTimeout      time.Duration // close a connection that sends nothing for this long
	WriteTimeout     time.Duration // deadline of every write, so a slow reader cannot stall the rest

	MaxLineBytes int // longer lines close the connection as an offence
	MaxJunkLines int // unparsable lines and unknown methods a connection may send before it is closed

	InvalidShareLimit  int // rejected shares (stale ones excepted) within InvalidShareWindow that close a connection
	InvalidShareWindow time.Duration

	BanAfterOffences int // closes for misbehaviour of one address within OffenceWindow that ban it
	OffenceWindow    time.Duration
	BanDuration      time.Duration // how long a banned address is refused at accept

	MaxConnections int // live connections; 0 means no limit
	// MaxPerAddress is the live connections one client address (an IPv6 /64:
	// connlimit.Key) may hold on this server (a farm behind one NAT holds many; a flood
	// from one host should not take every descriptor); 0 means no limit. With
	// Connections it must be 0: the shared count's own cap holds instead.
	MaxPerAddress int
	// Connections, when set, is a count shared with other servers: its caps, in total
	// and per client address, hold across all of them together (a process's every port
	// of every coin, pool and solo; one address held 2,048 connections on each of five
	// ports when each server counted its own).
	Connections *connlimit.Counter
	// MaxPerListener is the live connections one listener (port) may hold, so one port's
	// crowd leaves room for the others and for the API; 0 means no limit.
	MaxPerListener  int
	JobHistory      int // jobs since the last clean whose shares are still judged; older ones are stale
	SendQueueLength int // messages waiting for one connection; a connection whose queue is full is closed

	TLSConfig *tls.Config // nil: plain TCP
	Logger    *slog.Logger
}

// withDefaults fills the zero fields.
func (c Config) withDefaults() Config {
	setInt := func(p *int, d int) {
		if *p == 0 {
			*p = d
		}
	}
	setDur := func(p *time.Duration, d time.Duration) {
		if *p == 0 {
			*p = d
		}
	}
	setFloat := func(p *float64, d float64) {
		if *p == 0 {
			*p = d
		}
	}
	if c.Dialect.headerWork() {
		// The extranonce1 is the top of the miner's 8-byte nonce: 2 bytes leave the
		// miner 2^48 nonces a job (IronFish's own pool gives 2 too).
		setInt(&c.Extranonce1Size, 2)
	}
	setInt(&c.Extranonce1Size, DefaultExtranonce1Size)
	if c.PoolName == "" {
		c.PoolName = "uniplus"
	}
	setInt(&c.Extranonce2Size, DefaultExtranonce2Size)
	setFloat(&c.InitialDifficulty, DefaultInitialDifficulty)
	setFloat(&c.MinDifficulty, DefaultMinDifficulty)
	setFloat(&c.MaxDifficulty, DefaultMaxDifficulty)
	setDur(&c.TargetShareInterval, DefaultTargetShareInterval)
	setDur(&c.RetargetInterval, DefaultRetargetInterval)
	if c.VersionRollingMask == 0 {
		c.VersionRollingMask = DefaultVersionRollingMask
	}
	setDur(&c.HandshakeTimeout, DefaultHandshakeTimeout)
	setDur(&c.IdleTimeout, DefaultIdleTimeout)
	setDur(&c.WriteTimeout, DefaultWriteTimeout)
	setInt(&c.MaxLineBytes, DefaultMaxLineBytes)
	setInt(&c.MaxJunkLines, DefaultMaxJunkLines)
	setInt(&c.InvalidShareLimit, DefaultInvalidShareLimit)
	setDur(&c.InvalidShareWindow, DefaultInvalidShareWindow)
	setInt(&c.BanAfterOffences, DefaultBanAfterOffences)
	setDur(&c.OffenceWindow, DefaultOffenceWindow)
	setDur(&c.BanDuration, DefaultBanDuration)
	setInt(&c.JobHistory, DefaultJobHistory)
	setInt(&c.SendQueueLength, DefaultSendQueueLength)
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

// validate checks a Config that has its defaults, naming every field that is wrong.
func (c Config) validate() error {
	var errs []error
	bad := func(format string, args ...any) { errs = append(errs, fmt.Errorf(format, args...)) }
	if c.Extranonce1Size < 1 || c.Extranonce1Size > 8 {
		bad("Extranonce1Size %d: want 1 to 8 bytes", c.Extranonce1Size)
	}
	switch c.Dialect {
	case DialectStratumV1, DialectIronFish, DialectKaspa:
	default:
		bad("Dialect %q: want %q, %q or %q", c.Dialect, DialectStratumV1, DialectIronFish, DialectKaspa)
	}
	if c.Dialect.headerWork() && c.Extranonce1Size > 6 {
		bad("Extranonce1Size %d: a %s miner needs at least 2 of its 8 nonce bytes, want 1 to 6", c.Extranonce1Size, c.Dialect)
	}
	if c.Extranonce2Size < 1 || c.Extranonce2Size > 8 {
		bad("Extranonce2Size %d: want 1 to 8 bytes", c.Extranonce2Size)
	}
	finite := func(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }
	switch {
	case !finite(c.MinDifficulty) || c.MinDifficulty <= 0:
		bad("MinDifficulty %g: want a positive number", c.MinDifficulty)
	case !finite(c.MaxDifficulty) || c.MaxDifficulty < c.MinDifficulty:
		bad("MaxDifficulty %g: want at least MinDifficulty %g", c.MaxDifficulty, c.MinDifficulty)
	case !finite(c.InitialDifficulty) || c.InitialDifficulty < c.MinDifficulty || c.InitialDifficulty > c.MaxDifficulty:
		bad("InitialDifficulty %g: want it within MinDifficulty %g and MaxDifficulty %g", c.InitialDifficulty, c.MinDifficulty, c.MaxDifficulty)
	case c.PowerOfTwoDifficulty && math.Exp2(math.Ceil(math.Log2(c.MinDifficulty))) > c.MaxDifficulty:
		bad("PowerOfTwoDifficulty: no power of two between MinDifficulty %g and MaxDifficulty %g", c.MinDifficulty, c.MaxDifficulty)
	}
	for _, d := range []struct {
		name string
		v    time.Duration
	}{
		{"TargetShareInterval", c.TargetShareInterval}, {"RetargetInterval", c.RetargetInterval},
		{"HandshakeTimeout", c.HandshakeTimeout}, {"IdleTimeout", c.IdleTimeout}, {"WriteTimeout", c.WriteTimeout},
		{"InvalidShareWindow", c.InvalidShareWindow}, {"OffenceWindow", c.OffenceWindow}, {"BanDuration", c.BanDuration},
	} {
		if d.v < 0 {
			bad("%s %v: want a positive duration", d.name, d.v)
		}
	}
	// A mining.submit with a 16-character worker name is about 150 bytes; below 256 a
	// pool would refuse honest miners.
	if c.MaxLineBytes < 256 {
		bad("MaxLineBytes %d: want at least 256", c.MaxLineBytes)
	}
	if c.MaxConnections < 0 {
		bad("MaxConnections %d: want 0 (no limit) or more", c.MaxConnections)
	}
	if c.MaxPerAddress < 0 {
		bad("MaxPerAddress %d: want 0 (no limit) or more", c.MaxPerAddress)
	}
	if c.Connections != nil && c.MaxPerAddress != 0 {
		bad("MaxPerAddress %d with Connections: want 0, the shared count caps addresses", c.MaxPerAddress)
	}
	if c.MaxPerListener < 0 {
		bad("MaxPerListener %d: want 0 (no limit) or more", c.MaxPerListener)
	}
	if c.JobHistory < 1 {
		bad("JobHistory %d: want at least 1", c.JobHistory)
	}
	if c.SendQueueLength < 1 {
		bad("SendQueueLength %d: want at least 1", c.SendQueueLength)
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("stratum: config: %w", err)
	}
	return nil
}
