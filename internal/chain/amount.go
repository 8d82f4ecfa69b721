package chain

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// ParseAmount converts a decimal coin amount as a node prints it ("0.00000001", "-1.5",
// "21000000", "1e-8") to minor units with decimals places, exactly: no float arithmetic.
// An amount finer than one minor unit, or outside int64, is an error.
func ParseAmount(s string, decimals int) (int64, error) {
	if decimals < 0 || decimals > 18 {
		return 0, fmt.Errorf("chain: parse amount %q: decimals %d out of 0..18", s, decimals)
	}
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s, "/xXpP_") {
		return 0, fmt.Errorf("chain: parse amount %q: not a decimal number", s)
	}
	// A huge exponent would make big.Rat build a huge number; no amount needs one.
	if i := strings.IndexAny(s, "eE"); i >= 0 {
		if exp, err := strconv.Atoi(s[i+1:]); err != nil || exp < -40 || exp > 40 {
			return 0, fmt.Errorf("chain: parse amount %q: exponent out of range", s)
		}
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, fmt.Errorf("chain: parse amount %q: not a decimal number", s)
	}
	r.Mul(r, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)))
	if !r.IsInt() {
		return 0, fmt.Errorf("chain: parse amount %q: finer than %d decimals", s, decimals)
	}
	n := r.Num()
	if !n.IsInt64() {
		return 0, fmt.Errorf("chain: parse amount %q: out of range", s)
	}
	return n.Int64(), nil
}

// FormatAmount writes minor units as a decimal coin amount with exactly decimals places
// (FormatAmount(1, 8) = "0.00000001"), the form nodes accept in JSON-RPC.
func FormatAmount(v int64, decimals int) string {
	neg := v < 0
	u := new(big.Int).SetInt64(v)
	u.Abs(u)
	digits := u.String()
	if decimals > 0 {
		if len(digits) <= decimals {
			digits = strings.Repeat("0", decimals-len(digits)+1) + digits
		}
		digits = digits[:len(digits)-decimals] + "." + digits[len(digits)-decimals:]
	}
	if neg {
		return "-" + digits
	}
	return digits
}
