package chain

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestParseTx(t *testing.T) {
	// Bitcoin's genesis coinbase.
	genesis := mustDecodeHex(t, "01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c384df7ba0b8d578a4c702b6bf11d5fac00000000")
	tx, n, err := ParseTx(genesis)
	if err != nil {
		t.Fatal(err)
	}
	if n != len(genesis) || !tx.IsCoinbase() || tx.OutputValue() != 5000000000 {
		t.Fatalf("genesis coinbase: n=%d coinbase=%v value=%d", n, tx.IsCoinbase(), tx.OutputValue())
	}
	if id := DoubleSHA256(genesis); id.String() != "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b" {
		t.Fatalf("txid %s", id)
	}

	bad := []struct {
		name string
		raw  []byte
	}{
		{"empty", nil},
		{"truncated", genesis[:len(genesis)-1]},
		{"mweb flag", mustDecodeHex(t, "020000000008010000")},
	}
	for _, b := range bad {
		if _, _, err := ParseTx(b.raw); err == nil {
			t.Errorf("%s: parsed", b.name)
		}
	}
}

func FuzzParseTx(f *testing.F) {
	f.Add(mustDecodeHex(f, "0100000001"+fmt.Sprintf("%064x", 0)+"ffffffff0151ffffffff0100f2052a010000000151000000"))
	// A segwit coinbase as AssembleBlock writes it.
	tmpl := testTemplate(f, 1000, true)
	coinb1, coinb2, err := CoinbaseParts(tmpl, []byte{0x51}, 8, "/f/")
	if err != nil {
		f.Fatal(err)
	}
	block, err := AssembleBlock(tmpl, make([]byte, HeaderSize), append(append(coinb1, make([]byte, 8)...), coinb2...))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(block[HeaderSize+1:])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		tx, n, err := ParseTx(b)
		if err != nil {
			return
		}
		if n <= 0 || n > len(b) || len(tx.Inputs) == 0 {
			t.Fatalf("n=%d of %d, %d inputs", n, len(b), len(tx.Inputs))
		}
		_, _, _ = ParseBlockCoinbase(append(make([]byte, 81), b...))
	})
}

// Money a person types: digits, one optional point, at most the coin's decimals.
func TestParseAmount(t *testing.T) {
	tests := []struct {
		in       string
		decimals int
		want     int64
		wantErr  bool
	}{
		{"0.00000001", 8, 1, false},
		{"21000000", 8, 2100000000000000, false},
		{"21000000.00000000", 8, 2100000000000000, false},
		{"1.23456789", 8, 123456789, false},
		{"012.50", 3, 12500, false},
		{"0", 8, 0, false},
		{"12.5", 3, 12500, false},
		{"92233720368.54775807", 8, 9223372036854775807, false},
		{"92233720368.54775808", 8, 0, true},
		{"0.1", 0, 0, true},
		{"0.000000001", 8, 0, true},
		{"0.000000010", 8, 0, true}, // nine decimals typed, even if the last is 0
		// Go's number prefixes and every other non-decimal form.
		{"0b11", 8, 0, true},
		{"0o17", 8, 0, true},
		{"0x10", 8, 0, true},
		{"1_000", 8, 0, true},
		{"1e-8", 8, 0, true},
		{"1E2", 8, 0, true},
		{"-1", 8, 0, true},
		{"+1", 8, 0, true},
		{" 1", 8, 0, true},
		{"1 ", 8, 0, true},
		{".5", 8, 0, true},
		{"5.", 8, 0, true},
		{"1.2.3", 8, 0, true},
		{"1/2", 8, 0, true},
		{"Inf", 8, 0, true},
		{"NaN", 8, 0, true},
		{"١", 8, 0, true}, // Arabic-Indic digit one
		{"", 8, 0, true},
		{"abc", 8, 0, true},
	}
	for _, tt := range tests {
		got, err := ParseAmount(tt.in, tt.decimals)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseAmount(%q, %d) = %d, %v", tt.in, tt.decimals, got, err)
		}
	}
}

// Amounts from a node's JSON: signs and exponents, exactly, and nothing but JSON numbers.
func TestParseNodeAmount(t *testing.T) {
	tests := []struct {
		in       string
		decimals int
		want     int64
		wantErr  bool
	}{
		{"0.00000001", 8, 1, false},
		{"-0.00005530", 8, -5530, false},
		{"21000000", 8, 2100000000000000, false},
		{"1e-8", 8, 1, false},
		{"1E2", 8, 10000000000, false},
		{"1.5e+1", 8, 1500000000, false},
		{"0.000000010", 8, 1, false},
		{"0e99", 8, 0, false},
		{"-92233720368.54775808", 8, -9223372036854775808, false},
		{"92233720368.54775808", 8, 0, true},
		{"0.000000001", 8, 0, true},
		{"1e-9", 8, 0, true},
		{"1e999999999", 8, 0, true},
		{"1e99", 8, 0, true},
		{"0b11", 8, 0, true},
		{"0o17", 8, 0, true},
		{"0x10", 8, 0, true},
		{"01", 8, 0, true},
		{"+1", 8, 0, true},
		{"--1", 8, 0, true},
		{"1/2", 8, 0, true},
		{"", 8, 0, true},
		{"-", 8, 0, true},
		{"1e", 8, 0, true},
	}
	for _, tt := range tests {
		got, err := ParseNodeAmount(tt.in, tt.decimals)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseNodeAmount(%q, %d) = %d, %v", tt.in, tt.decimals, got, err)
		}
	}
}

// strictAmount is ParseAmount written another way: a regular expression for the grammar
// and big.Rat for the value.
func strictAmount(s string, decimals int) (int64, bool) {
	if !regexp.MustCompile(`^[0-9]+(\.[0-9]{1,` + strconv.Itoa(max(decimals, 1)) + `})?$`).MatchString(s) {
		return 0, false
	}
	if decimals == 0 && strings.Contains(s, ".") {
		return 0, false
	}
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, false
	}
	r.Mul(r, new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)))
	if !r.IsInt() || !r.Num().IsInt64() {
		return 0, false
	}
	return r.Num().Int64(), true
}

func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"0", "1.5", "0.00000001", "0b11", "0o17", "0x1p3", "1e5", "-1", "92233720368.54775807", "1_0", ".5", "5.", "٣"} {
		f.Add(s, uint8(8))
	}
	f.Fuzz(func(t *testing.T, s string, d uint8) {
		decimals := int(d % 19)
		got, err := ParseAmount(s, decimals)
		want, ok := strictAmount(s, decimals)
		if (err == nil) != ok || got != want {
			t.Fatalf("ParseAmount(%q, %d) = %d, %v; reference %d, %v", s, decimals, got, err, want, ok)
		}
		if err == nil {
			// What was read writes back to the same value.
			if back, err := ParseAmount(FormatAmount(got, decimals), decimals); err != nil || back != got {
				t.Fatalf("round trip of %q: %d, %v", s, back, err)
			}
		}
	})
}

func FuzzParseNodeAmount(f *testing.F) {
	for _, s := range []string{"0", "-1.5", "1e-8", "1E2", "0b11", "0x10", "01", "1e99"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseNodeAmount(s, 8)
		if err != nil {
			return
		}
		// Whatever it takes is a JSON number, and big.Rat reads the same value.
		if !json.Valid([]byte(s)) || strings.ContainsAny(s, "{[\"tfn ") {
			t.Fatalf("%q taken as %d but is not a JSON number", s, got)
		}
		r, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatalf("%q taken as %d, big.Rat refuses it", s, got)
		}
		r.Mul(r, big.NewRat(100_000_000, 1))
		if !r.IsInt() || r.Num().Int64() != got {
			t.Fatalf("%q: %d, big.Rat %s", s, got, r)
		}
	})
}

func TestFormatAmount(t *testing.T) {
	tests := []struct {
		v        int64
		decimals int
		want     string
	}{
		{1, 8, "0.00000001"},
		{2100000000000000, 8, "21000000.00000000"},
		{-5530, 8, "-0.00005530"},
		{0, 8, "0.00000000"},
		{12345, 0, "12345"},
		{-9223372036854775808, 8, "-92233720368.54775808"},
	}
	for _, tt := range tests {
		got := FormatAmount(tt.v, tt.decimals)
		if got != tt.want {
			t.Errorf("FormatAmount(%d, %d) = %q, want %q", tt.v, tt.decimals, got, tt.want)
		}
		if back, err := ParseNodeAmount(got, tt.decimals); err != nil || back != tt.v {
			t.Errorf("ParseNodeAmount(FormatAmount(%d)) = %d, %v", tt.v, back, err)
		}
	}
}

func TestRejectedError(t *testing.T) {
	err := fmt.Errorf("bitcoind: submitblock: %w", &RejectedError{Reason: "high-hash"})
	if !errors.Is(err, ErrBlockRejected) {
		t.Fatal("errors.Is(ErrBlockRejected) false")
	}
	var re *RejectedError
	if !errors.As(err, &re) || re.Reason != "high-hash" {
		t.Fatalf("errors.As = %v", re)
	}
}
