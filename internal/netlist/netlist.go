// Package netlist is a list of IP networks an operator names on the command line (the
// trusted HTTP proxies, the stratum balancers): read, printed, and asked whether it
// holds an address.
package netlist

import (
	"fmt"
	"net/netip"
	"strings"
)

// Networks are addresses and networks; an address is the network of that one address.
type Networks []netip.Prefix

// Parse reads a comma-separated list ("10.0.0.5, 10.1.0.0/16"); empty items are skipped.
func Parse(v string) (Networks, error) {
	var list Networks
	for _, item := range strings.Split(v, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		p, err := netip.ParsePrefix(item)
		if err != nil {
			a, aerr := netip.ParseAddr(item)
			if aerr != nil {
				return nil, fmt.Errorf("%q is not an address or a network (such as 10.0.0.0/8)", item)
			}
			a = a.Unmap()
			p = netip.PrefixFrom(a, a.BitLen())
		}
		list = append(list, p.Masked())
	}
	return list, nil
}

// String is the list as Parse reads it.
func (n Networks) String() string {
	out := make([]string, len(n))
	for i, p := range n {
		out[i] = p.String()
	}
	return strings.Join(out, ",")
}

// Has tells whether a is in one of the networks; an IPv4 address seen on an IPv6
// socket (::ffff:10.0.0.5) counts as the IPv4 one.
func (n Networks) Has(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range n {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
