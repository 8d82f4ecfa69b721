package netlist

import (
	"net/netip"
	"testing"
)

func TestParseHasString(t *testing.T) {
	n, err := Parse(" 10.0.0.5, 10.1.2.3/16,,::ffff:192.0.2.7, 2001:db8::/32 ")
	if err != nil {
		t.Fatal(err)
	}
	// An address is its own network, a network is masked, a mapped IPv4 address is IPv4.
	if got, want := n.String(), "10.0.0.5/32,10.1.0.0/16,192.0.2.7/32,2001:db8::/32"; got != want {
		t.Fatalf("String %q, want %q", got, want)
	}
	if again, err := Parse(n.String()); err != nil || again.String() != n.String() {
		t.Fatalf("String does not read back: %v %v", again, err)
	}
	for addr, want := range map[string]bool{
		"10.0.0.5": true, "10.0.0.6": false, "10.1.200.1": true, "10.2.0.1": false,
		"::ffff:10.0.0.5": true, "192.0.2.7": true, "2001:db8::1": true, "2001:db9::1": false,
	} {
		if got := n.Has(netip.MustParseAddr(addr)); got != want {
			t.Errorf("Has(%s) = %v, want %v", addr, got, want)
		}
	}
	if Networks(nil).Has(netip.MustParseAddr("127.0.0.1")) {
		t.Error("an empty list holds an address")
	}
	for _, bad := range []string{"10.0.0.256", "example.com", "10.0.0.0/33"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) took it", bad)
		}
	}
}
