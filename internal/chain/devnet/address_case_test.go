package devnet

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/chain"
)

// A devnet address's hex digits may be typed in either case and name the same key, so
// ValidateAddress answers the one canonical text, in lower case: before issue 29 an address
// book took "dvn1ab…" and "dvn1AB…" as two addresses paying the same wallet. The prefix
// is not case-folded (DVN1… is not a devnet address), and an address already canonical
// comes back as it is.
func TestValidateAddressNormalizesCase(t *testing.T) {
	ctx := context.Background()
	c, _ := newTestChain(t, chain.SHA256d, nil)
	addr, script := payout(t, c)
	rest := addr[len(AddressPrefix):]
	if strings.ToUpper(rest) == rest {
		t.Fatalf("address %q has no letter to fold", addr)
	}
	mixed := []byte(rest)
	for i := range mixed {
		if i%2 == 0 {
			mixed[i] = strings.ToUpper(string(mixed[i]))[0]
		}
	}
	for _, in := range []string{addr, AddressPrefix + strings.ToUpper(rest), AddressPrefix + string(mixed)} {
		a, err := c.ValidateAddress(ctx, in)
		if err != nil || !a.Valid || a.Normalized != addr || !bytes.Equal(a.Script, script) {
			t.Errorf("ValidateAddress(%q) = %+v, %v; want %q", in, a, err, addr)
		}
	}
	for _, bad := range []string{strings.ToUpper(addr), "DVN1" + rest} {
		if a, err := c.ValidateAddress(ctx, bad); err != nil || a.Valid || a.Normalized != "" {
			t.Errorf("ValidateAddress(%q) = %+v, %v", bad, a, err)
		}
	}
}
