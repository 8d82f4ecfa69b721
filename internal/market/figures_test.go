package market

import "testing"

// Small coins and one unit of hashrate earn fractions of a cent: two decimals showed them
// as 0.00 on the home table (KAS at 0.071 USD showed 0.07, and a day of 1 H/s of Aleo 0.00).
func TestFiatFigureKeepsFourSignificantDigitsBelowOne(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{96500, "96500.00"}, {5.2919, "5.29"}, {1, "1.00"}, {-69.708, "-69.71"},
		{0.071, "0.07100"}, {0.21, "0.2100"}, {0.5, "0.5000"},
		{0.0029937, "0.002994"}, {0.000012345, "0.00001235"}, {-0.0029937, "-0.002994"},
		{0, "0.00"}, {1e-12, "0.00"},
	} {
		if got := fiatFigure(c.v); got != c.want {
			t.Errorf("fiatFigure(%v) = %q, want %q", c.v, got, c.want)
		}
	}
}
