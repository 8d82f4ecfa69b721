package pool

import (
	"errors"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// Device statuses (SPEC section 4).
const (
	StatusNormal   = "normal"
	StatusAbnormal = "abnormal"
	StatusOffline  = "offline"
)

// Statuses lists the device statuses in display order.
var Statuses = []string{StatusNormal, StatusAbnormal, StatusOffline}

// Device kinds, guessed from the miner software or told by the agent.
const (
	KindGPU     = "gpu"
	KindASIC    = "asic"
	KindUnknown = "unknown"
)

// GPU statuses in agent reports.
const (
	GPUUp   = "up"
	GPUDown = "down"
)

// Limits and windows (SPEC sections 4, 5 and 9; DESIGN.md "Mining").
const (
	MaxSubAccounts  = 50
	MaxAlias        = 20
	MaxSuffix       = 15
	MaxKeyword      = 50
	OfflineAfter    = 10 * time.Minute
	RemoveAfter     = 72 * time.Hour // offline this long: the device is cleaned up
	RealTimeWindow  = 15 * time.Minute
	DayWindow       = 24 * time.Hour
	HistoryBucket   = 10 * time.Minute
	MaxHistoryHours = 168
	// InitialisingFor is how long a device shows as initialising after it is bound
	// (SPEC section 4: 5-10 minutes, 5-15 for other setups).
	InitialisingFor = 15 * time.Minute
	// MinuteRetention is how long share_minutes rows are kept: the 24-hour windows and
	// charts need 24 h; the rest is margin for a jobs process that was down. Older
	// minutes live on as hours (share_hours) for HourRetention.
	MinuteRetention  = 48 * time.Hour
	HourRetention    = 90 * 24 * time.Hour
	UniplusIDPrefix  = "UP-"
	uniplusRandBytes = 32
	// UniplusPrefixLen is how much of a Uniplus ID is kept in the clear and shown after
	// creation: "UP-" and 4 hex digits (16 of its 256 random bits).
	UniplusPrefixLen = len(UniplusIDPrefix) + 4
	// DefaultMaxDevicesPerSubAccount is the device cap of a sub-account when
	// Store.MaxDevicesPerSubAccount is not set: live devices of one sub-account active
	// within CapWindow. A new worker past it is refused.
	DefaultMaxDevicesPerSubAccount = 5000
	// CapWindow is how long a device counts toward its sub-account's cap after its last
	// sign of life. It was the 3 days until removal (RemoveAfter): whoever knew a
	// sub-account's code could fill it with invented worker names, one share each, and
	// lock the owner's new rigs out for days.
	CapWindow = 24 * time.Hour
	// DefaultMaxNewDevicesPerAddress is how many devices the stratum workers of one source
	// address (an IPv4 address, an IPv6 /64) may make in one sub-account within
	// NewDeviceWindow when Store.MaxNewDevicesPerAddress is not set. A squatter on one
	// address makes at most 2,400 a day, under half the default cap; a farm bringing up
	// more new rigs than that behind one NAT address in an hour waits for the next hour's
	// room (or its agents make the devices, which the bound does not count: they hold the
	// sub-account's Uniplus ID), or the operator raises --max-new-devices-per-address.
	DefaultMaxNewDevicesPerAddress = 100
	NewDeviceWindow                = time.Hour
)

// PageSizes are the table page sizes (SPEC section 9).
var PageSizes = httpx.PageSizes

// Errors AuthorizeWorker and ShareDevice answer; the stratum layer maps them to its own
// refusals.
var (
	ErrUnknownSubAccount = errors.New("pool: unknown sub-account")
	ErrBadWorkerName     = errors.New("pool: bad worker name")
	ErrCoinClosed        = errors.New("pool: coin not open for mining")
	ErrDeviceLimit       = errors.New("pool: sub-account device limit reached")
	// ErrNewDeviceRate refuses a new worker whose source address made its sub-account's
	// hourly bound of devices already (Store.MaxNewDevicesPerAddress).
	ErrNewDeviceRate = errors.New("pool: too many new devices from this address")
)

var (
	codePattern   = regexp.MustCompile(`^[a-z][a-z0-9_]{2,19}$`)
	suffixPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,15}$`)
	uniplusID     = regexp.MustCompile(`^UP-[0-9a-f]{64}$`)
)

// ValidCode tells whether code is a well-formed sub-account code: 3-20 lower-case
// letters, digits and underscores, starting with a letter.
func ValidCode(code string) bool { return codePattern.MatchString(code) }

// ValidUniplusID tells whether id is a well-formed Uniplus ID: "UP-" and 64 lower-case
// hex digits.
func ValidUniplusID(id string) bool { return uniplusID.MatchString(id) }

// ValidSuffix tells whether s is a well-formed worker suffix: 1-15 letters, digits,
// underscores and hyphens.
func ValidSuffix(s string) bool { return suffixPattern.MatchString(s) }

// ParseWorkerName splits "<code>.<suffix>". The code part is lower-cased (codes are
// lower case, miners type them as they like); the suffix is kept as typed. A name
// without a suffix is refused: every device needs a name of its own.
func ParseWorkerName(name string) (code, suffix string, err error) {
	code, suffix, ok := strings.Cut(strings.TrimSpace(name), ".")
	code = strings.ToLower(code)
	if !ok || !ValidCode(code) || !ValidSuffix(suffix) {
		return "", "", ErrBadWorkerName
	}
	return code, suffix, nil
}

// validAlias tells whether alias (already trimmed) is 1-20 characters of letters
// (Chinese characters included), digits, underscores, hyphens and spaces.
func validAlias(alias string) bool {
	n := utf8.RuneCountInString(alias)
	if n < 1 || n > MaxAlias {
		return false
	}
	for _, r := range alias {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' && r != ' ' {
			return false
		}
	}
	return true
}

// Hashrate is the hashes per second that diffSum of share difficulty over window means.
func Hashrate(diffSum float64, algo string, window time.Duration) float64 {
	return hashrate.FromDifficulty(diffSum, algo, window)
}

// minerHints map words found in a miner's name to the kind of rig that runs it.
var (
	asicHints = []string{"bmminer", "cgminer", "bfgminer", "antminer", "whatsminer", "btminer", "avalon", "braiins",
		"bosminer", "luxminer", "vnish", "innosilicon", "goldshell", "iceriver"}
	gpuHints = []string{"lolminer", "t-rex", "trex", "gminer", "nbminer", "teamredminer", "bzminer", "rigel", "srbminer",
		"phoenixminer", "nanominer", "ethminer", "claymore", "onezerominer", "wildrig", "miniz", "excavator", "kawpowminer",
		"aleo-prover", "damominer", "zkrush", "apoolminer"}
)

// KindOf guesses the kind of rig from the miner software it runs (the stratum user agent
// or the agent's minerSoftware): ASIC firmware miners give asic, known GPU miners gpu.
func KindOf(minerSoftware string) string {
	s := strings.ToLower(minerSoftware)
	if s == "" {
		return KindUnknown
	}
	for _, h := range asicHints {
		if strings.Contains(s, h) {
			return KindASIC
		}
	}
	for _, h := range gpuHints {
		if strings.Contains(s, h) {
			return KindGPU
		}
	}
	return KindUnknown
}

// splitUserAgent reads "bmminer/2.0.0" or "lolMiner 1.76" as software and version, of
// the user agent as CleanMinerSoftware keeps it: whoever connects chooses this text.
func splitUserAgent(ua string) (software, version string) {
	ua = CleanMinerSoftware(ua)
	if i := strings.IndexAny(ua, "/ "); i > 0 {
		software, version = ua[:i], strings.TrimSpace(ua[i+1:])
	} else {
		software = ua
	}
	return clip(software, maxShortText), clip(version, maxShortText)
}

// clip cuts s to at most n runes and drops the characters textcheck refuses (values from
// miners, such as the user agent of mining.subscribe: there is no one to refuse them to).
func clip(s string, n int) string {
	s = textcheck.Strip(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

// canBind tells whether a device of kind may be bound under a coin with bindFlag for an
// owner of accountType: ASIC machines bind only under an ASIC account (SPEC section 4).
func canBind(bindFlag bool, kind, accountType string) bool {
	return bindFlag && !(kind == KindASIC && accountType != account.TypeASIC)
}
