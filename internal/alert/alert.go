// Package alert tells a sub-account's owner, by email and SMS, when its workers stop
// sending accepted shares or their hashrate falls below a share of its 24-hour average,
// and when they recover; one mail a job run, or one a day as a digest (docs/alerts.md).
// It owns alert_settings, alert_states, alert_events and alert_notices: their rules, their
// SQL, the job that fills and sends them, and the owner's calls. Observer links read the
// events through Store.Events.
package alert

import (
	"time"

	"github.com/uniplus-pool/pool/internal/notify"
	"github.com/uniplus-pool/pool/internal/pool"
)

// Event kinds: an alert or a recovery of one worker.
const (
	KindOffline      = notify.AlertOffline
	KindOnline       = notify.AlertOnline
	KindHashrateLow  = notify.AlertHashrateLow
	KindHashrateBack = notify.AlertHashrateBack
)

// Kinds lists the event kinds.
var Kinds = notify.AlertKinds

// Watches: the two things a worker is watched for, each with its own state.
const (
	watchOffline  = "offline"
	watchHashrate = "hashrate"
)

// States of a watch.
const (
	stateOK      = "ok"
	stateAlerted = "alerted"
	// stateMuted is a watch that was already wrong when first seen (alerts just turned
	// on, a worker already quiet): no alert for that episode, and no recovery either.
	stateMuted = "muted"
)

// Rules and defaults of the settings (docs/alerts.md).
const (
	DefaultPercent    = 70 // Braiins alerts at 70% of the 24 h average
	MinPercent        = 10
	MaxPercent        = 95
	DefaultDigestHour = 8
	// RecoverMargin is how many percentage points above the alert line a hashrate must
	// come back to before it counts as recovered (the hysteresis band).
	RecoverMargin = 10
)

// Detection constants (docs/alerts.md "Detection").
const (
	// DefaultMinOffline is the shortest offline threshold: the device sweep's offline time.
	DefaultMinOffline = pool.OfflineAfter
	// ShareIntervals is how many expected share intervals without an accepted share make a
	// worker offline when that is longer than the minimum: a worker with a share every 5
	// minutes is silent for 10 minutes one time in seven by luck alone.
	ShareIntervals = 5
	// WantShares is how many shares the hashrate window should expect at the 24 h average;
	// MinShares is the fewest the longest window may expect and still be judged.
	WantShares = 60
	MinShares  = 20
	// MinHistory is how much history the 24 h average must rest on (and at least twice the
	// window) before a hashrate is judged against it.
	MinHistory = time.Hour
	// QuietIntervals: a worker quiet for this many expected intervals is left to the
	// offline alert, so one outage is not also a hashrate alert.
	QuietIntervals = 3
	// EventsKept is how long alerts and notices are kept (observer messages cover 30 days).
	EventsKept = pool.EventsKept
	// Lease is how long a sender holds a notice; a crash between a send and its mark sends
	// it again once the lease has passed.
	Lease = 2 * time.Minute
	// MaxAttempts: a channel that failed this many times is given up (state failed).
	MaxAttempts = 6
)

// Channel states of a notice.
const (
	sendPending = "pending"
	sendSent    = "sent"
	sendFailed  = "failed"
	sendSkipped = "skipped" // no such contact bound any more, or the account is gone
	sendNone    = "none"    // this channel was not chosen
)

// Settings are one sub-account's alert settings.
type Settings struct {
	SubAccountID    int64
	UserID          int64
	Offline         bool // alert when a worker stops
	Hashrate        bool // alert when a worker's hashrate falls below HashratePercent
	HashratePercent int  // of the 24 h average
	ByEmail         bool
	BySMS           bool
	Digest          bool // one mail a day instead of one a job run
	DigestHour      int  // local hour (TimeZone) the digest goes at
	TimeZone        string
	Lang            string
	DigestDay       string // the local day of the last digest, "" for none
	CreatedAt       int64
	UpdatedAt       int64
}

// Active says whether anything is watched.
func (s Settings) Active() bool { return s.Offline || s.Hashrate }

// Location is the settings' time zone (Asia/Shanghai when unknown).
func (s Settings) Location() *time.Location {
	if loc, err := time.LoadLocation(s.TimeZone); err == nil && s.TimeZone != "" {
		return loc
	}
	return beijing
}

// defaults are the settings of a sub-account that has never saved any: nothing watched.
func defaults(subID, userID int64) Settings {
	return Settings{SubAccountID: subID, UserID: userID, HashratePercent: DefaultPercent, DigestHour: DefaultDigestHour,
		TimeZone: "Asia/Shanghai", Lang: "zh_HK"}
}

var beijing = func() *time.Location {
	loc, err := time.LoadLocation("Asia/Shanghai")
	if err != nil {
		return time.FixedZone("CST", 8*3600)
	}
	return loc
}()

// Event is one alert or recovery of a worker.
type Event struct {
	ID           int64
	UserID       int64
	SubAccountID int64
	SubAccount   string // the code (the first part of Worker)
	Coin         string
	DeviceID     int64
	Worker       string // the full worker name
	Kind         string
	// Since: offline, the last accepted share; online, the share it came back with; hashrate
	// kinds, when it was measured. Unix ms.
	Since     int64
	NoticedAt int64   // when the job saw it; every event of one run shares it
	HashRate  float64 // hashrate kinds: the recent hashrate, H/s
	Average   float64 // hashrate kinds: the 24 h average, H/s
	Percent   int     // hashrate kinds: HashRate / Average
	Threshold int64   // offline: the quiet time that raised it, ms
	Digest    bool    // waits for the daily digest
	NoticeID  int64   // the notice that tells it; 0 while it waits for a digest
}
