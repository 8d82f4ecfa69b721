package bitcoind

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// ValidateAddress answers an address as the node writes it back: a bech32 address given
// in upper case (valid: bech32 ignores case) comes back in lower case, so one address is
// one text in the address book; a base58 address, whose case matters, comes back as given,
// and so does every address when the node's answer is not the same address up to case.
func TestValidateAddressNormalized(t *testing.T) {
	const lower = "rltc1qxsz0n786ht4cumvkzg8xvheyg56wn7xa3hdlk5"
	f, c := startFake(t, Config{})
	f.on("validateaddress", func(p []json.RawMessage) (string, *RPCError) {
		var addr string
		_ = json.Unmarshal(p[0], &addr)
		switch addr {
		case lower, strings.ToUpper(lower):
			return `{"isvalid":true,"address":"` + lower + `","scriptPubKey":"00143404f9f8faa2eb8e4d96120e665f245334e9f8dd"}`, nil
		case "mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef":
			return `{"isvalid":true,"address":"mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef","scriptPubKey":"76a914cc0a909c4c83068be8b45d69b60a6f09c2be0fda88ac"}`, nil
		case "nofield":
			return `{"isvalid":true,"scriptPubKey":"0014aa"}`, nil
		case "other":
			return `{"isvalid":true,"address":"something-else","scriptPubKey":"0014aa"}`, nil
		}
		return `{"isvalid":false,"address":"` + strings.ToLower(addr) + `"}`, nil
	})
	for in, want := range map[string]string{
		lower:                                lower,
		strings.ToUpper(lower):               lower,
		"mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef": "mzBc4XEFSdzCDcTxAgf6EZXgsZWpztRhef",
		"nofield":                            "nofield",
		"other":                              "other",
		"rLtc1Qxsz0n786ht4cumvkzg8xvheyg56wn7xa3hdlk5": "", // mixed case: invalid, nothing to normalise
	} {
		a, err := c.ValidateAddress(context.Background(), in)
		if err != nil || a.Valid != (want != "") || a.Normalized != want {
			t.Errorf("ValidateAddress(%q) = %+v, %v; want %q", in, a, err, want)
		}
	}
}
