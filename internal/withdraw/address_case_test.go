package withdraw_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/withdraw"
)

// An address whose format ignores case (devnet hex here; bech32 on Bitcoin and Litecoin)
// is kept in the chain driver's canonical text (chain.Address.Normalized): given in upper
// case it is stored in lower case, the same address in the other case is a duplicate, and
// an edit that only changes its case changes nothing where money may go (issue 29).
func TestAddressBookKeepsOneCase(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		good := e.otherAddress(1)
		upper := good[:4] + strings.ToUpper(good[4:])
		if upper == good {
			t.Fatalf("address %q has no letter to fold", good)
		}
		a, err := e.store.SaveAddress(ctx, 1, withdraw.AddressInput{Coin: "TST", Address: upper, Network: "TST"}, noCode)
		if err != nil || a.Address != good {
			t.Fatalf("saved %+v, %v; want the address %s", a, err, good)
		}
		if _, err := e.store.SaveAddress(ctx, 1, withdraw.AddressInput{Coin: "TST", Address: good, Network: "TST"}, noCode); key(err) != "withdraw.addressExists" {
			t.Fatalf("the same address in lower case: %v", err)
		}
		e.clock.Add(time.Hour)
		b, err := e.store.SaveAddress(ctx, 1, withdraw.AddressInput{ID: a.ID, Coin: "TST", Address: upper, Network: "TST", Description: "cold"}, noCode)
		if err != nil || b.Address != good || b.UsableAt != a.UsableAt {
			t.Fatalf("edited %+v, %v; want %s usable at %d", b, err, good, a.UsableAt)
		}
	})
}
