package market

import (
	"math"
	"strconv"
)

// fiatFigure writes a fiat amount for display: two decimals from 1 up, and below 1 as
// many decimals as four significant digits need (at most 8), so a coin at 0.071 USD or a
// day's income of a fraction of a cent does not read 0.00.
func fiatFigure(v float64) string {
	a := math.Abs(v)
	if a >= 1 || a < 5e-9 {
		return strconv.FormatFloat(round(v, 2), 'f', 2, 64)
	}
	// Decimals that keep four significant digits: 0.0710 -> 4, 0.002994 -> 6.
	places := min(8, 3-int(math.Floor(math.Log10(a))))
	return strconv.FormatFloat(round(v, places), 'f', places, 64)
}
