package bitcoind_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain/chaintest"
)

// Against litecoind -regtest: a bech32 address is valid in lower or upper case, and the
// driver answers both with the lower-case text and the same script; mixed case is
// invalid (BIP 173). A base58 address (legacy, P2SH-segwit) keeps its case, and its
// case-swapped text is not a valid address. So an address book that stores Normalized
// holds one entry per address (issue 29).
func TestLitecoinAddressCase(t *testing.T) {
	t.Parallel()
	p := chaintest.StartLitecoinPair(t)
	d := driverFor(t, p, false)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	newAddress := func(kind string) string {
		var a string
		if err := json.Unmarshal(p.A.CallWallet(t, "getnewaddress", "", kind), &a); err != nil {
			t.Fatal(err)
		}
		return a
	}

	bech := newAddress("bech32")
	if bech != strings.ToLower(bech) || !strings.HasPrefix(bech, "rltc1") {
		t.Fatalf("bech32 address %q", bech)
	}
	want, err := d.ValidateAddress(ctx, bech)
	if err != nil || !want.Valid || want.Normalized != bech || len(want.Script) == 0 {
		t.Fatalf("ValidateAddress(%s) = %+v, %v", bech, want, err)
	}
	upper := strings.ToUpper(bech)
	if a, err := d.ValidateAddress(ctx, upper); err != nil || !a.Valid || a.Normalized != bech || string(a.Script) != string(want.Script) {
		t.Fatalf("ValidateAddress(%s) = %+v, %v; want %s", upper, a, err, bech)
	}
	mixed := bech[:6] + strings.ToUpper(bech[6:])
	if a, err := d.ValidateAddress(ctx, mixed); err != nil || a.Valid {
		t.Fatalf("mixed case %s: %+v, %v", mixed, a, err)
	}

	for _, kind := range []string{"legacy", "p2sh-segwit"} {
		b58 := newAddress(kind)
		if a, err := d.ValidateAddress(ctx, b58); err != nil || !a.Valid || a.Normalized != b58 {
			t.Fatalf("%s address %s: %+v, %v", kind, b58, a, err)
		}
		swapped := strings.Map(func(r rune) rune {
			if r >= 'a' && r <= 'z' {
				return r - 'a' + 'A'
			}
			if r >= 'A' && r <= 'Z' {
				return r - 'A' + 'a'
			}
			return r
		}, b58)
		if a, err := d.ValidateAddress(ctx, swapped); err != nil || a.Valid {
			t.Fatalf("%s address with its case swapped %s: %+v, %v", kind, swapped, a, err)
		}
	}
}
