package stratum

import (
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
)

func TestPrevHash(t *testing.T) {
	// The worked example of EncodePrevHash: the genesis block's hash.
	const display = "000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f"
	const onWire = "0a8ce26f72b3f1b646a2a6c14ff763ae65831e939c085ae10019d66800000000"
	d, _ := hex.DecodeString(display)
	var h [32]byte
	for i := range h {
		h[i] = d[31-i] // header byte order is the display order reversed
	}
	if got := EncodePrevHash(h); got != onWire {
		t.Fatalf("EncodePrevHash = %s, want %s", got, onWire)
	}
	back, err := DecodePrevHash(onWire)
	if err != nil || back != h {
		t.Fatalf("DecodePrevHash = %x, %v", back, err)
	}
	if back, err := DecodePrevHash(strings.ToUpper(onWire)); err != nil || back != h {
		t.Fatalf("upper case: %x %v", back, err)
	}
	for _, bad := range []string{"", onWire[:62], onWire + "00", "zz" + onWire[2:]} {
		if _, err := DecodePrevHash(bad); err == nil {
			t.Errorf("DecodePrevHash(%q) accepted", bad)
		}
	}
}

func TestHex32(t *testing.T) {
	for _, c := range []struct {
		v uint32
		s string
	}{{0, "00000000"}, {0x20000000, "20000000"}, {0x1d00ffff, "1d00ffff"}, {0xdeadbeef, "deadbeef"}} {
		if got := hex32(c.v); got != c.s {
			t.Errorf("hex32(%x) = %s", c.v, got)
		}
		if v, ok := parseHex32(c.s); !ok || v != c.v {
			t.Errorf("parseHex32(%s) = %x %v", c.s, v, ok)
		}
	}
	if v, ok := parseHex32("DEADBEEF"); !ok || v != 0xdeadbeef {
		t.Errorf("upper case: %x %v", v, ok)
	}
	for _, bad := range []string{"", "1234567", "123456789", "1234567g", "-1234567", " 1234567"} {
		if _, ok := parseHex32(bad); ok {
			t.Errorf("parseHex32(%q) accepted", bad)
		}
	}
}

func TestNotifyRoundTrip(t *testing.T) {
	j := testJob("4f2a", true, 0x6512a3b4)
	line := appendNotify(nil, j, j.ID, true)
	want := `{"id":null,"method":"mining.notify","params":["4f2a","` + EncodePrevHash(j.PrevHash) + `","` +
		hex.EncodeToString(j.Coinb1) + `","` + hex.EncodeToString(j.Coinb2) + `",["` +
		hex.EncodeToString(j.MerkleBranch[0][:]) + `","` + hex.EncodeToString(j.MerkleBranch[1][:]) +
		`"],"20000000","1d00ffff","6512a3b4",true]}` + "\n"
	if string(line) != want {
		t.Fatalf("notify\n got %s\nwant %s", line, want)
	}
	req, err := parseRequest(line)
	if err != nil {
		t.Fatal(err)
	}
	got, err := parseNotify(req.Params)
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != j.ID || got.PrevHash != j.PrevHash || string(got.Coinb1) != string(j.Coinb1) || string(got.Coinb2) != string(j.Coinb2) ||
		len(got.MerkleBranch) != 2 || got.MerkleBranch[1] != j.MerkleBranch[1] || got.Version != j.Version ||
		got.NBits != j.NBits || got.NTime != j.NTime || !got.CleanJobs {
		t.Fatalf("round trip: %+v", got)
	}
}

func TestReplies(t *testing.T) {
	for _, c := range []struct {
		got, want string
	}{
		{string(appendResult(nil, []byte(`"auth"`), []byte("true"))), `{"id":"auth","result":true,"error":null}` + "\n"},
		{string(appendError(nil, []byte("4"), ErrStale)), `{"id":4,"result":null,"error":[21,"job not found",null]}` + "\n"},
		{string(appendError(nil, json.RawMessage(nullID), &Error{20, "say \"hi\"\n"})), `{"id":null,"result":null,"error":[20,"say \"hi\"\n",null]}` + "\n"},
		{string(appendSetDifficulty(nil, 0.001)), `{"id":null,"method":"mining.set_difficulty","params":[0.001]}` + "\n"},
		{string(appendSetDifficulty(nil, 1<<40)), `{"id":null,"method":"mining.set_difficulty","params":[1099511627776]}` + "\n"},
	} {
		if c.got != c.want {
			t.Errorf("got  %s\nwant %s", c.got, c.want)
		}
	}
}
