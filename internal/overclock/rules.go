package overclock

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// Limits (SPEC sections 5 and 9; the rest are this package's decisions, see doc.go).
const (
	MaxName             = 20  // template name, characters
	MaxMessage          = 200 // agent's message kept, characters
	MaxTemplatesPerUser = 200
	// MaxDevicesPerCall bounds the device ids of one apply, cancel or status call.
	MaxDevicesPerCall = pool.MaxDevicesPerCall
	// ClockStep: core clock values are multiples of it (SPEC "core frequency divisible
	// by 15").
	ClockStep = 15
)

// GPU categories a template is for: the vendor, whose tools' scales the numbers are in.
const (
	GPUNvidia = "NVIDIA"
	GPUAMD    = "AMD"
)

// GPUCategories lists the GPU categories in display order.
var GPUCategories = []string{GPUNvidia, GPUAMD}

// Device overclock states.
const (
	StateNone    = "none"    // never sent anything: factory settings, nothing asked
	StatePending = "pending" // sent; the agent has not answered this version yet
	StateApplied = "applied" // the agent applied this version
	StateFailed  = "failed"  // the agent could not apply this version
)

// PageSizes are the table page sizes (SPEC section 9).
var PageSizes = pool.PageSizes

// Settings are a template's six values; nil is unset. Clocks are MHz, power W, fan
// percent. CoreClock and MemClock are offsets from the card's own clocks, CoreClockLock and
// MemClockLock locked clocks; MemClock and MemClockLock are double the value a tuning
// tool shows (SPEC section 5), stored and sent as typed. Power 0 is the factory power
// limit, fan 0 automatic (factory) fan control, a lock of 0 no lock.
type Settings struct {
	CoreClock     *int64 `json:"coreClock"`
	CoreClockLock *int64 `json:"coreClockLock"`
	MemClock      *int64 `json:"memClock"`
	MemClockLock  *int64 `json:"memClockLock"`
	Power         *int64 `json:"power"`
	Fan           *int64 `json:"fan"`
}

// bound is the rule of one setting.
type bound struct {
	field    string // message key of the field
	v        *int64
	min, max int64
	step     int64 // 0: any integer
}

func (s *Settings) bounds() []bound {
	return []bound{
		{"overclock.field.coreClock", s.CoreClock, -5000, 5000, ClockStep},
		{"overclock.field.coreClockLock", s.CoreClockLock, 0, 5000, ClockStep},
		{"overclock.field.memClock", s.MemClock, -10000, 10000, 0},
		{"overclock.field.memClockLock", s.MemClockLock, 0, 30000, 0},
		{"overclock.field.power", s.Power, 0, 1000, 0},
		{"overclock.field.fan", s.Fan, 0, 100, 0},
	}
}

// Bounds answers the range of each setting by JSON name, for documentation and tests.
func Bounds() map[string][2]int64 {
	out := map[string][2]int64{}
	var s Settings
	for _, b := range s.bounds() {
		out[strings.TrimPrefix(b.field, "overclock.field.")] = [2]int64{b.min, b.max}
	}
	return out
}

// Check applies SPEC section 5's rules to the six values: at least one set, each within
// its range, the core clocks (offset and lock) multiples of ClockStep.
func (s *Settings) Check() error {
	set := false
	for _, b := range s.bounds() {
		if b.v == nil {
			continue
		}
		set = true
		if *b.v < b.min || *b.v > b.max {
			return httpx.Warn("overclock.outOfRange", i18n.Params{"field": b.field,
				"min": strconv.FormatInt(b.min, 10), "max": strconv.FormatInt(b.max, 10)})
		}
		if b.step != 0 && *b.v%b.step != 0 {
			return httpx.Warn("overclock.clockStep", i18n.Params{"field": b.field, "step": strconv.FormatInt(b.step, 10)})
		}
	}
	if !set {
		return httpx.Warn("overclock.noSettings", nil)
	}
	return nil
}

// Input is a template as the create and edit calls send it.
type Input struct {
	Name        string `json:"name"`
	Coin        string `json:"coin"`
	GPUCategory string `json:"gpuCategory"`
	Settings
}

// Check trims the name and the coin and applies every rule that needs no database: name
// required, at most MaxName characters, no control or bidi formatting characters
// (internal/textcheck); coin required; a known GPU
// category; the settings' rules. Whether the coin exists and allows overclocking, and
// whether the name is free, the store checks.
func (in *Input) Check() error {
	in.Name = strings.TrimSpace(in.Name)
	switch {
	case in.Name == "":
		return httpx.Required("overclock.field.name")
	case utf8.RuneCountInString(in.Name) > MaxName:
		return httpx.TooLong("overclock.field.name", MaxName)
	}
	if err := textcheck.Check("overclock.field.name", in.Name); err != nil {
		return err
	}
	if in.Coin = strings.TrimSpace(in.Coin); in.Coin == "" {
		return httpx.Required("overclock.field.coin")
	}
	switch { // picked from a list, so taken exactly as sent
	case in.GPUCategory == "":
		return httpx.Required("overclock.field.gpuCategory")
	case !slices.Contains(GPUCategories, in.GPUCategory):
		return httpx.Warn("validation.oneOf", i18n.Params{"field": "overclock.field.gpuCategory", "values": strings.Join(GPUCategories, ", ")})
	}
	return in.Settings.Check()
}

// cleanMessage is an agent's message as kept: valid UTF-8, control and bidi formatting
// characters dropped (internal/textcheck; a line break becomes a space), trimmed, at most
// MaxMessage characters.
func cleanMessage(s string) string {
	s = textcheck.Strip(strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return ' '
		}
		return r
	}, s))
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) > MaxMessage {
		s = strings.TrimSpace(string([]rune(s)[:MaxMessage]))
	}
	return s
}
