// Package hashrate is the one home of hashrate arithmetic and display: how share
// difficulty over a window becomes hashes per second, the units H/s to EH/s, the
// rounding a page shows, and the JSON shape every API answer carries (docs/architecture.md
// "Hashrates on the wire"). The mining engine, the pool pages, the coin lists and the home
// table all use it, so 999,999 H/s reads "1.00 MH/s" everywhere.
package hashrate

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
)

// Units are the display units, each 1000 times the one before.
var Units = []string{"H/s", "KH/s", "MH/s", "GH/s", "TH/s", "PH/s", "EH/s"}

// Factor is how many H/s one unit is (case-insensitive), or false for an unknown unit.
func Factor(unit string) (float64, bool) {
	for i, u := range Units {
		if strings.EqualFold(u, unit) {
			return math.Pow(1000, float64(i)), true
		}
	}
	return 0, false
}

// UnitsFrom answers unit and every larger unit, or all units when unit is unknown.
func UnitsFrom(unit string) []string {
	for i, u := range Units {
		if strings.EqualFold(u, unit) {
			return Units[i:]
		}
	}
	return Units
}

// FromDifficulty is the hashes per second that diffSum of accepted share difficulty over
// window means under algo (DESIGN.md "Mining": sum(difficulty) x 2^32 / seconds, 2^16 for
// scrypt).
func FromDifficulty(diffSum float64, algo string, window time.Duration) float64 {
	if window <= 0 {
		return 0
	}
	return diffSum * chain.HashesPerDifficulty(algo) / window.Seconds()
}

// UnitOf is the largest unit in which hs shows at least "1.00" at two decimals: 999.996
// H/s would round to "1000.00 H/s", so it is "1.00 KH/s". A negative, NaN or infinite
// figure counts as 0.
func UnitOf(hs float64) string {
	hs = clean(hs)
	i := 0
	for i < len(Units)-1 && hs >= 1000 {
		hs /= 1000
		i++
	}
	if math.Round(hs*100) >= 100000 && i < len(Units)-1 {
		i++
	}
	return Units[i]
}

// In writes hs in unit with two decimals ("65.54" for 65536 H/s in KH/s).
func In(hs float64, unit string) string {
	f, ok := Factor(unit)
	if !ok {
		f = 1
	}
	return strconv.FormatFloat(clean(hs)/f, 'f', 2, 64)
}

// Format scales hs to UnitOf(hs): 4294967296 gives "4.29", "GH/s".
func Format(hs float64) (show, unit string) {
	unit = UnitOf(hs)
	return In(hs, unit), unit
}

// Rate is a hashrate as every API answer carries it: the number in H/s, and the value
// and unit a page shows. Flat rows of the specification (poolHashRate, poolHashRateShow,
// poolHashRateUnit) carry the same three facts under their own names.
type Rate struct {
	HashRate float64 `json:"hashRate"`
	Show     string  `json:"show"`
	Unit     string  `json:"unit"`
	// Measuring says the figure rests on too few shares or too short a time to show yet
	// (a rig that started mining a minute ago): pages show "measuring…" instead.
	Measuring bool `json:"measuring,omitempty"`
}

// New wraps hs (H/s) for the API.
func New(hs float64) Rate {
	show, unit := Format(hs)
	return Rate{HashRate: clean(hs), Show: show, Unit: unit}
}

// Measured is New for a figure that may still be measuring.
func Measured(hs float64, measuring bool) Rate {
	r := New(hs)
	r.Measuring = measuring
	return r
}

func clean(hs float64) float64 {
	if math.IsNaN(hs) || math.IsInf(hs, 0) || hs < 0 {
		return 0
	}
	return hs
}
