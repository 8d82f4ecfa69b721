package chain

import (
	"errors"
	"fmt"
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
		{"-0.00005530", 8, -5530, false},
		{"0", 8, 0, false},
		{"1e-8", 8, 1, false},
		{"1E2", 8, 10000000000, false},
		{"0.1", 0, 0, true},
		{"0.000000001", 8, 0, true},
		{"92233720368.54775808", 8, 0, true},
		{"92233720368.54775807", 8, 9223372036854775807, false},
		{"", 8, 0, true},
		{"abc", 8, 0, true},
		{"1/2", 8, 0, true},
		{"0x10", 8, 0, true},
		{"1e999999999", 8, 0, true},
		{"12.5", 3, 12500, false},
	}
	for _, tt := range tests {
		got, err := ParseAmount(tt.in, tt.decimals)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseAmount(%q, %d) = %d, %v", tt.in, tt.decimals, got, err)
		}
	}
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
		if back, err := ParseAmount(got, tt.decimals); err != nil || back != tt.v {
			t.Errorf("ParseAmount(FormatAmount(%d)) = %d, %v", tt.v, back, err)
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
