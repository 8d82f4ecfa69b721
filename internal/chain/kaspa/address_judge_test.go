package kaspa

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

var allPrefixes = []string{PrefixMainnet, PrefixTestnet, PrefixSimnet, PrefixDevnet}

type addrAnswer struct {
	OK      bool   `json:"ok"`
	Str     string `json:"str"`
	Prefix  string `json:"prefix"`
	Version string `json:"version"`
	XOnly   string `json:"xonly"`
	SPK     struct {
		Version uint16 `json:"version"`
		Script  string `json:"script"`
	} `json:"spk"`
	Error string `json:"error"`
}

func decodeAnswers(t *testing.T, raw []json.RawMessage) []addrAnswer {
	t.Helper()
	out := make([]addrAnswer, len(raw))
	for i, r := range raw {
		if err := json.Unmarshal(r, &out[i]); err != nil {
			t.Fatalf("answer %d: %v: %s", i, err, r)
		}
	}
	return out
}

func randPayload(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestAddressesMatchKaspaWasm: addresses we encode from random payloads of every version
// are accepted by kaspa-wasm with the same prefix, version, canonical text and output
// script; kaspa-wasm re-encodes each under another prefix and we parse that back to the
// same payload; and Schnorr addresses kaspa-wasm makes from fresh keys parse to their key.
func TestAddressesMatchKaspaWasm(t *testing.T) {
	const perVersion = 1000
	r := rand.New(rand.NewPCG(11, 12))
	type made struct {
		a       Address
		text    string
		other   string // the prefix kaspa-wasm re-encodes it under
		network int    // for keypair requests
	}
	var items []made
	var reqs []any
	for _, v := range []AddressVersion{AddressPubKey, AddressPubKeyECDSA, AddressScriptHash} {
		for i := 0; i < perVersion; i++ {
			a := Address{Prefix: allPrefixes[r.IntN(4)], Version: v, Payload: randPayload(r, v.PayloadLen())}
			text, err := EncodeAddress(a.Prefix, a.Version, a.Payload)
			if err != nil {
				t.Fatal(err)
			}
			other := allPrefixes[r.IntN(4)]
			items = append(items, made{a: a, text: text, other: other})
			reqs = append(reqs,
				map[string]any{"op": "parse", "s": text},
				map[string]any{"op": "reprefix", "s": text, "prefix": other})
		}
	}
	answers := decodeAnswers(t, askJudge(t, "kaspa-address.js", reqs))
	bad := 0
	for i, it := range items {
		p, re := answers[2*i], answers[2*i+1]
		spk := it.a.ScriptPublicKey()
		switch {
		case !p.OK:
			t.Errorf("kaspa-wasm refuses our %s: %s", it.text, p.Error)
		case p.Str != it.text || p.Prefix != it.a.Prefix || p.Version != it.a.Version.String():
			t.Errorf("kaspa-wasm reads our %s as %s %s %s", it.text, p.Str, p.Prefix, p.Version)
		case p.SPK.Version != spk.Version || p.SPK.Script != hex.EncodeToString(spk.Script):
			t.Errorf("%s: script %d %x, kaspa-wasm %d %s", it.text, spk.Version, spk.Script, p.SPK.Version, p.SPK.Script)
		default:
			// kaspa-wasm's encoding of the same address under another prefix.
			if re.Error != "" {
				t.Errorf("kaspa-wasm re-encoding %s as %s: %s", it.text, it.other, re.Error)
				break
			}
			b, err := ParseAddress(re.Str, it.other)
			if err != nil {
				t.Errorf("kaspa-wasm's %s: %v", re.Str, err)
			} else if b.Version != it.a.Version || string(b.Payload) != string(it.a.Payload) || b.String() != re.Str {
				t.Errorf("kaspa-wasm's %s parses to %+v, want version %d payload %x", re.Str, b, it.a.Version, it.a.Payload)
			}
			continue
		}
		if bad++; bad > 20 {
			t.Fatal("too many mismatches")
		}
	}

	// Schnorr addresses of fresh keys, made wholly by kaspa-wasm (its ECDSA and multisig
	// address makers panic or misbehave in 0.13.0, hence the re-encoding above).
	reqs = reqs[:0]
	var nets []int
	for i := 0; i < 400; i++ {
		nets = append(nets, i%4)
		reqs = append(reqs, map[string]any{"op": "keypair", "network": i % 4})
	}
	networkPrefix := []string{PrefixMainnet, PrefixTestnet, PrefixDevnet, PrefixSimnet} // NetworkType order
	for i, k := range decodeAnswers(t, askJudge(t, "kaspa-address.js", reqs)) {
		a, err := ParseAddress(k.Str, networkPrefix[nets[i]])
		if err != nil {
			t.Errorf("kaspa-wasm's %s: %v", k.Str, err)
			continue
		}
		if a.Version != AddressPubKey || hex.EncodeToString(a.Payload) != k.XOnly || a.String() != k.Str {
			t.Errorf("kaspa-wasm's %s (key %s) parses to %+v", k.Str, k.XOnly, a)
		}
	}
}

// mutation is a broken variant of a valid address and how it was broken.
type mutation struct{ how, text string }

func mutate(r *rand.Rand, a Address, text string) []mutation {
	prefix, data, _ := strings.Cut(text, ":")
	pos := r.IntN(len(data))
	var out []mutation
	// One character changed to another of the charset.
	c := charset[r.IntN(len(charset))]
	for c == data[pos] {
		c = charset[r.IntN(len(charset))]
	}
	out = append(out, mutation{"one character changed", prefix + ":" + data[:pos] + string(c) + data[pos+1:]})
	// One character changed to one outside the charset.
	outside := "1bioBIO:!Q"
	out = append(out, mutation{"character outside the charset", prefix + ":" + data[:pos] + string(outside[r.IntN(len(outside))]) + data[pos+1:]})
	// The same data under another network's prefix, and under unknown prefixes.
	other := allPrefixes[r.IntN(4)]
	for other == prefix {
		other = allPrefixes[r.IntN(4)]
	}
	out = append(out,
		mutation{"wrong prefix", other + ":" + data},
		mutation{"unknown prefix", prefix + "x:" + data},
		mutation{"no prefix", data},
		mutation{"upper-case prefix", strings.ToUpper(prefix) + ":" + data})
	// Case: one letter upper-cased, everything upper-cased, the data upper-cased.
	letters := []int{}
	for i := 0; i < len(data); i++ {
		if data[i] >= 'a' && data[i] <= 'z' {
			letters = append(letters, i)
		}
	}
	if len(letters) > 0 {
		i := letters[r.IntN(len(letters))]
		out = append(out, mutation{"one letter upper case", prefix + ":" + data[:i] + strings.ToUpper(data[i:i+1]) + data[i+1:]})
	}
	out = append(out,
		mutation{"all upper case", strings.ToUpper(text)},
		mutation{"data upper case", prefix + ":" + strings.ToUpper(data)})
	// Lengths: a character dropped, one added, the checksum only, too short, empty.
	out = append(out,
		mutation{"character dropped", prefix + ":" + data[:pos] + data[pos+1:]},
		mutation{"character added", prefix + ":" + data[:pos] + string(charset[r.IntN(32)]) + data[pos:]},
		mutation{"checksum only", prefix + ":" + data[len(data)-8:]},
		mutation{"too short", prefix + ":" + data[:r.IntN(8)]},
		mutation{"trailing space", text + " "})
	// A right checksum over a wrong length or an unknown version: only the payload
	// rules can refuse these.
	short := a.Payload[:len(a.Payload)-1]
	long := append(append([]byte(nil), a.Payload...), byte(r.Uint32()))
	out = append(out,
		mutation{"payload a byte short, right checksum", encodeAddress(prefix, a.Version, short)},
		mutation{"payload a byte long, right checksum", encodeAddress(prefix, a.Version, long)},
		mutation{"unknown version, right checksum", encodeAddress(prefix, AddressVersion([]byte{2, 3, 7, 9, 255}[r.IntN(5)]), a.Payload)},
		mutation{"version only, right checksum", encodeAddress(prefix, a.Version, nil)})
	return out
}

// TestBrokenAddressesRefusedLikeKaspaWasm: every mutation of a valid address is refused,
// by kaspa-wasm and by us alike.
func TestBrokenAddressesRefusedLikeKaspaWasm(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	var ms []mutation
	for i := 0; i < 120; i++ {
		v := []AddressVersion{AddressPubKey, AddressPubKeyECDSA, AddressScriptHash}[i%3]
		a := Address{Prefix: allPrefixes[r.IntN(4)], Version: v, Payload: randPayload(r, v.PayloadLen())}
		ms = append(ms, mutate(r, a, a.String())...)
	}
	reqs := make([]any, len(ms))
	for i, m := range ms {
		reqs[i] = map[string]any{"op": "parse", "s": m.text}
	}
	answers := decodeAnswers(t, askJudge(t, "kaspa-address.js", reqs))
	for i, m := range ms {
		ours, err := ParseAddress(m.text, "")
		if answers[i].OK {
			t.Errorf("%s: kaspa-wasm accepts %q as %s", m.how, m.text, answers[i].Str)
		}
		if err == nil {
			t.Errorf("%s: we accept %q as %s", m.how, m.text, ours)
		}
	}
	t.Logf("%d broken addresses refused by both", len(ms))
}

// TestNonCanonicalAddressesLikeKaspaWasm: rusty-kaspa ignores the bits left over at the
// end of the data part, so a text with non-zero padding bits, or with one 5-bit group more
// than needed, decodes when its checksum is right. We accept exactly those kaspa-wasm
// accepts, and both print the canonical text.
func TestNonCanonicalAddressesLikeKaspaWasm(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	type variant struct {
		a    Address
		text string
	}
	var vs []variant
	for i := 0; i < 60; i++ {
		v := []AddressVersion{AddressPubKey, AddressPubKeyECDSA, AddressScriptHash}[i%3]
		a := Address{Prefix: allPrefixes[r.IntN(4)], Version: v, Payload: randPayload(r, v.PayloadLen())}
		body := conv8to5(append([]byte{byte(v)}, a.Payload...))
		padBits := len(body)*5 - 8*(1+len(a.Payload))
		var alt []byte
		switch {
		case i%2 == 0 && padBits > 0:
			alt = append([]byte(nil), body...)
			alt[len(alt)-1] |= byte(1+r.IntN(1<<padBits-1)) & (1<<padBits - 1)
		default:
			alt = append(append([]byte(nil), body...), byte(r.IntN(32)))
		}
		vs = append(vs, variant{a, textOf(a.Prefix, alt)})
	}
	reqs := make([]any, len(vs))
	for i, v := range vs {
		reqs[i] = map[string]any{"op": "parse", "s": v.text}
	}
	answers := decodeAnswers(t, askJudge(t, "kaspa-address.js", reqs))
	accepted := 0
	for i, v := range vs {
		ours, err := ParseAddress(v.text, "")
		w := answers[i]
		if (err == nil) != w.OK {
			t.Errorf("%s: we say %v, kaspa-wasm accepts=%v (%s)", v.text, err, w.OK, w.Error)
			continue
		}
		if !w.OK {
			continue
		}
		accepted++
		canonical := v.a.String()
		if ours.String() != canonical || w.Str != canonical || string(ours.Payload) != string(v.a.Payload) {
			t.Errorf("%s: we print %s, kaspa-wasm %s, canonical %s", v.text, ours, w.Str, canonical)
		}
	}
	if accepted == 0 {
		t.Fatal("no non-canonical text was accepted: the case this test is about never happened")
	}
	t.Logf("%d of %d non-canonical texts accepted by both", accepted, len(vs))
}

// textOf writes data groups with their checksum under prefix, whatever the groups hold.
func textOf(prefix string, body []byte) string {
	c := checksum(prefix, body)
	var cb [5]byte
	for i := range cb {
		cb[i] = byte(c >> (8 * (4 - i)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s:", prefix)
	for _, d := range append(append([]byte(nil), body...), conv8to5(cb[:])...) {
		b.WriteByte(charset[d])
	}
	return b.String()
}

// TestParseAddressWantsTheNetwork: a valid address of another network is refused when a
// prefix is asked for.
func TestParseAddressWantsTheNetwork(t *testing.T) {
	s := "kaspatest:qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqhqrxplya"
	if _, err := ParseAddress(s, PrefixMainnet); err == nil {
		t.Fatal("a testnet address passed for mainnet")
	}
	if _, err := ParseAddress(s, PrefixTestnet); err != nil {
		t.Fatal(err)
	}
}
