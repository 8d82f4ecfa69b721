package chain

import (
	"errors"
	"fmt"
	"math/big"
	"strings"
)

// maxAmountDigits bounds the digits an amount may have: int64 holds 19, and nothing
// longer needs to be read (it also keeps a hostile string from costing big arithmetic).
const maxAmountDigits = 40

var (
	errNotDecimal = errors.New("not a decimal number")
	errTooFine    = errors.New("more decimals than the coin has")
	errRange      = errors.New("out of range")
)

// ParseAmount reads a coin amount a person typed (a withdrawal, a threshold) into minor
// units with decimals places, exactly. The grammar is strict: ASCII digits, then
// optionally one point and 1 to decimals digits ("12", "0.5", "012.50000"). No sign, no
// exponent, no spaces, no "0x"/"0b"/"0o" prefixes or underscores, no lone point: the
// caller trims and refuses what it must; anything else is an error, never a guess.
func ParseAmount(s string, decimals int) (int64, error) {
	if decimals < 0 || decimals > 18 {
		return 0, fmt.Errorf("chain: parse amount %q: decimals %d out of 0..18", s, decimals)
	}
	whole, frac, dot := strings.Cut(s, ".")
	if !allDigits(whole) || (dot && !allDigits(frac)) {
		return 0, fmt.Errorf("chain: parse amount %q: %w", s, errNotDecimal)
	}
	if len(frac) > decimals {
		return 0, fmt.Errorf("chain: parse amount %q: %w (%d)", s, errTooFine, decimals)
	}
	v, err := minorUnits(false, whole+frac, len(frac), decimals)
	if err != nil {
		return 0, fmt.Errorf("chain: parse amount %q: %w", s, err)
	}
	return v, nil
}

// ParseNodeAmount reads an amount as a node prints it in JSON ("0.00000001", "-1.5",
// "1e-8") into minor units with decimals places, exactly: the JSON number grammar, sign
// and exponent included, and nothing else. An amount finer than one minor unit, or
// outside int64, is an error.
func ParseNodeAmount(s string, decimals int) (int64, error) {
	if decimals < 0 || decimals > 18 {
		return 0, fmt.Errorf("chain: parse amount %q: decimals %d out of 0..18", s, decimals)
	}
	rest, neg := strings.CutPrefix(s, "-")
	mant, expPart, hasExp := strings.Cut(strings.ToLower(rest), "e")
	whole, frac, dot := strings.Cut(mant, ".")
	if !allDigits(whole) || (dot && !allDigits(frac)) || (len(whole) > 1 && whole[0] == '0') {
		return 0, fmt.Errorf("chain: parse amount %q: %w", s, errNotDecimal)
	}
	exp := 0
	if hasExp {
		sign := 1
		if e, ok := strings.CutPrefix(expPart, "-"); ok {
			expPart, sign = e, -1
		} else {
			expPart = strings.TrimPrefix(expPart, "+")
		}
		// A huge exponent would ask for a huge number; no amount needs more than 40.
		if !allDigits(expPart) || len(expPart) > 2 {
			return 0, fmt.Errorf("chain: parse amount %q: exponent: %w", s, errNotDecimal)
		}
		for _, c := range expPart {
			exp = exp*10 + int(c-'0')
		}
		exp *= sign
	}
	v, err := minorUnits(neg, whole+frac, len(frac)-exp, decimals)
	if err != nil {
		return 0, fmt.Errorf("chain: parse amount %q: %w", s, err)
	}
	return v, nil
}

// allDigits tells whether s is one or more ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// minorUnits is digits x 10^-scale in units of 10^-decimals: exact, or errTooFine when a
// non-zero digit falls below one minor unit, or errRange outside int64.
func minorUnits(neg bool, digits string, scale, decimals int) (int64, error) {
	digits = strings.TrimLeft(digits, "0")
	shift := decimals - scale
	if shift < 0 {
		// Digits below one minor unit must all be zero.
		cut := len(digits) + shift
		if cut < 0 {
			cut = 0
		}
		if strings.Trim(digits[cut:], "0") != "" {
			return 0, errTooFine
		}
		digits, shift = digits[:cut], 0
	}
	if digits == "" {
		return 0, nil
	}
	if len(digits)+shift > maxAmountDigits {
		return 0, errRange
	}
	n, _ := new(big.Int).SetString(digits+strings.Repeat("0", shift), 10)
	if neg {
		n.Neg(n)
	}
	if !n.IsInt64() {
		return 0, errRange
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
