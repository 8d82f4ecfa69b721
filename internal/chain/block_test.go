package chain

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"
)

// naiveMerkleRoot builds the whole tree, as nodes do, to check the branch arithmetic.
func naiveMerkleRoot(ids []Hash) Hash {
	level := append([]Hash(nil), ids...)
	for len(level) > 1 {
		if len(level)%2 == 1 {
			level = append(level, level[len(level)-1])
		}
		var next []Hash
		for i := 0; i < len(level); i += 2 {
			next = append(next, hashPair(level[i], level[i+1]))
		}
		level = next
	}
	return level[0]
}

func TestMerkleBitcoinBlock100000(t *testing.T) {
	ids := []Hash{
		mustHash(t, "8c14f0db3df150123e6f3dbbf30f8b955a8249b62ac1d1ff16284aefa3d06d87"),
		mustHash(t, "fff2525b8931402dd09222c50775608f75787bd2b87e56995a7bdd30f79702c4"),
		mustHash(t, "6359f0868171b1d194cbee1af2f16ea598ae8fad666d9b012c8ed2b79a236ec4"),
		mustHash(t, "e9a66845e05d5abc0ad04ec80f774a7e585c6e8db975962d069a522137b80c1d"),
	}
	branch := MerkleBranch(ids[1:])
	if len(branch) != 2 {
		t.Fatalf("branch has %d hashes, want 2", len(branch))
	}
	root := MerkleRootFromBranch(ids[0], branch)
	if root.String() != "f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766" {
		t.Fatalf("merkle root = %s", root)
	}
	if MerkleRoot(ids) != root {
		t.Fatal("MerkleRoot differs from the branch fold")
	}
}

func TestMerkleBranchSizes(t *testing.T) {
	for n := 1; n <= 17; n++ {
		ids := make([]Hash, n)
		for i := range ids {
			ids[i] = DoubleSHA256([]byte{byte(i), byte(n)})
		}
		branch := MerkleBranch(ids[1:])
		if got, want := MerkleRootFromBranch(ids[0], branch), naiveMerkleRoot(ids); got != want {
			t.Errorf("%d transactions: root %s, want %s", n, got, want)
		}
	}
	if len(MerkleBranch(nil)) != 0 {
		t.Error("a lone coinbase has a branch")
	}
}

func TestScriptPushInt(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "00"},
		{-1, "4f"},
		{1, "51"},
		{16, "60"},
		{17, "0111"},
		{127, "017f"},
		{128, "028000"},
		{255, "02ff00"},
		{256, "020001"},
		{500, "02f401"},
		{32767, "02ff7f"},
		{32768, "03008000"},
		{65535, "03ffff00"},
		{227836, "03fc7903"}, // Bitcoin's BIP34 activation height
		{710000, "0370d50a"},
		{8388607, "03ffff7f"},
		{8388608, "0400008000"},
		{-2, "0182"},
		{-255, "02ff80"},
	}
	for _, tt := range tests {
		if got := hex.EncodeToString(ScriptPushInt(tt.n)); got != tt.want {
			t.Errorf("ScriptPushInt(%d) = %s, want %s", tt.n, got, tt.want)
		}
	}
}

func TestScriptPushData(t *testing.T) {
	tests := []struct {
		size   int
		prefix string
	}{
		{0, "00"}, {1, "01"}, {75, "4b"}, {76, "4c4c"}, {255, "4cff"}, {256, "4d0001"}, {70000, "4e70110100"},
	}
	for _, tt := range tests {
		got := ScriptPushData(bytes.Repeat([]byte{0xab}, tt.size))
		if !strings.HasPrefix(hex.EncodeToString(got), tt.prefix) || len(got) != len(tt.prefix)/2+tt.size {
			t.Errorf("ScriptPushData(%d bytes) starts %x", tt.size, got[:min(len(got), 5)])
		}
	}
}

func TestVarInt(t *testing.T) {
	tests := []struct {
		n    uint64
		want string
	}{
		{0, "00"}, {0xfc, "fc"}, {0xfd, "fdfd00"}, {0xffff, "fdffff"}, {0x10000, "fe00000100"},
		{0xffffffff, "feffffffff"}, {0x100000000, "ff0000000001000000"},
	}
	for _, tt := range tests {
		b := AppendVarInt(nil, tt.n)
		if hex.EncodeToString(b) != tt.want {
			t.Errorf("AppendVarInt(%d) = %x, want %s", tt.n, b, tt.want)
		}
		got, size, err := ReadVarInt(append(b, 0x99))
		if err != nil || got != tt.n || size != len(b) {
			t.Errorf("ReadVarInt(%x) = %d, %d, %v", b, got, size, err)
		}
	}
	for _, bad := range []string{"", "fd00", "fdfc00", "fe0000", "feffff0000", "ffffffffff00000000"} {
		b, _ := hex.DecodeString(bad)
		if _, _, err := ReadVarInt(b); err == nil {
			t.Errorf("ReadVarInt(%s) took it", bad)
		}
	}
}

func testTemplate(t testing.TB, height int64, segwit bool) *Template {
	tmpl := &Template{
		Height:        height,
		PrevHash:      DoubleSHA256([]byte("prev")),
		Version:       0x20000000,
		Bits:          0x207fffff,
		Target:        CompactToTarget(0x207fffff),
		CurTime:       1700000000,
		CoinbaseValue: 5000012345,
		Algorithm:     Scrypt,
	}
	if segwit {
		tmpl.WitnessCommitment, _ = hex.DecodeString("6a24aa21a9ede2f61c3f71d1defd3fa999dfa36953755c690689799962b48bebd836974e8cf9")
	}
	return tmpl
}

func TestCoinbaseParts(t *testing.T) {
	payout, _ := hex.DecodeString("00143404f9f8faa2eb8e4d96120e665f245334e9f8dd")
	tests := []struct {
		name       string
		height     int64
		segwit     bool
		extranonce int
		tag        string
		wantErr    string
	}{
		{"segwit stratum", 2500000, true, 8, "/uniplus/", ""},
		{"legacy", 840000, false, 12, "/uniplus/", ""},
		{"low height", 3, true, 8, "", ""},
		{"height zero", 0, false, 4, "", ""},
		{"no extranonce", 500, false, 0, "x", ""},
		{"scriptSig at 100", 2500000, true, 8, strings.Repeat("t", 85), ""},
		{"scriptSig at 101", 2500000, true, 8, strings.Repeat("t", 86), "scriptSig is 101 bytes"},
		{"scriptSig under 2", 1, false, 0, "", "scriptSig is 1 bytes"},
		{"extranonce too big", 100, false, 76, "", "extranonce size"},
		{"no payout script", 100, false, 8, "", "empty payout script"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tmpl := testTemplate(t, tt.height, tt.segwit)
			script := payout
			if tt.wantErr == "empty payout script" {
				script = nil
			}
			coinb1, coinb2, err := CoinbaseParts(tmpl, script, tt.extranonce, tt.tag)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			extranonce := make([]byte, tt.extranonce)
			for i := range extranonce {
				extranonce[i] = byte(0xe0 + i)
			}
			raw := append(append(append([]byte{}, coinb1...), extranonce...), coinb2...)
			tx, n, err := ParseTx(raw)
			if err != nil {
				t.Fatal(err)
			}
			if n != len(raw) {
				t.Fatalf("parsed %d of %d bytes", n, len(raw))
			}
			if !tx.IsCoinbase() {
				t.Fatal("not a coinbase")
			}
			sig := tx.Inputs[0].Script
			if len(sig) < 2 || len(sig) > 100 {
				t.Fatalf("scriptSig is %d bytes", len(sig))
			}
			height := ScriptPushInt(tt.height)
			if !bytes.HasPrefix(sig, height) {
				t.Fatalf("scriptSig %x does not start with the BIP34 height %x", sig, height)
			}
			rest := sig[len(height):]
			if tt.extranonce > 0 {
				if rest[0] != byte(tt.extranonce) || !bytes.Equal(rest[1:1+tt.extranonce], extranonce) {
					t.Fatalf("extranonce push missing in %x", sig)
				}
				rest = rest[1+tt.extranonce:]
			}
			if tt.tag != "" && !bytes.Equal(rest, ScriptPushData([]byte(tt.tag))) {
				t.Fatalf("tag push missing: %x", rest)
			}
			wantOuts := 1
			if tt.segwit {
				wantOuts = 2
			}
			if len(tx.Outputs) != wantOuts {
				t.Fatalf("%d outputs, want %d", len(tx.Outputs), wantOuts)
			}
			if tx.Outputs[0].Value != tmpl.CoinbaseValue || !bytes.Equal(tx.Outputs[0].Script, payout) {
				t.Fatalf("payout output = %d %x", tx.Outputs[0].Value, tx.Outputs[0].Script)
			}
			if tt.segwit && (tx.Outputs[1].Value != 0 || !bytes.Equal(tx.Outputs[1].Script, tmpl.WitnessCommitment)) {
				t.Fatalf("commitment output = %d %x", tx.Outputs[1].Value, tx.Outputs[1].Script)
			}
			if tx.LockTime != 0 || tx.Inputs[0].Sequence != 0xffffffff {
				t.Fatal("lock time or sequence")
			}
		})
	}
}

func TestAssembleBlock(t *testing.T) {
	payout, _ := hex.DecodeString("76a914000000000000000000000000000000000000000088ac")
	otherTx := mustDecodeHex(t, "0100000001"+strings.Repeat("11", 32)+"00000000"+"00"+"ffffffff"+"01"+"0100000000000000"+"01"+"51"+"00000000")
	for _, tc := range []struct {
		name   string
		segwit bool
		mweb   []byte
	}{
		{"legacy", false, nil},
		{"segwit", true, nil},
		{"segwit with mweb", true, []byte{0xde, 0xad, 0xbe, 0xef}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmpl := testTemplate(t, 1000, tc.segwit)
			tmpl.Transactions = []TemplateTx{{Data: otherTx, TxID: DoubleSHA256(otherTx), WTxID: DoubleSHA256(otherTx), Fee: 10}}
			tmpl.MWEB = tc.mweb
			coinb1, coinb2, err := CoinbaseParts(tmpl, payout, 8, "/t/")
			if err != nil {
				t.Fatal(err)
			}
			coinbase := append(append(append([]byte{}, coinb1...), make([]byte, 8)...), coinb2...)
			cbHash := DoubleSHA256(coinbase)
			root := MerkleRootFromBranch(cbHash, MerkleBranch(tmpl.TxIDs()))
			header := Header(tmpl.Version, tmpl.PrevHash, root, tmpl.CurTime, tmpl.Bits, 42)
			block, err := AssembleBlock(tmpl, header, coinbase)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(block[:80], header) {
				t.Fatal("header")
			}
			if block[80] != 2 {
				t.Fatalf("tx count byte %d", block[80])
			}
			cb, n, err := ParseTx(block[81:])
			if err != nil {
				t.Fatal(err)
			}
			if tc.segwit {
				if len(cb.Inputs[0].Witness) != 1 || !bytes.Equal(cb.Inputs[0].Witness[0], make([]byte, 32)) {
					t.Fatalf("coinbase witness = %x", cb.Inputs[0].Witness)
				}
				if n != len(coinbase)+2+1+1+32 {
					t.Fatalf("witness coinbase is %d bytes", n)
				}
			} else if n != len(coinbase) || cb.Inputs[0].Witness != nil {
				t.Fatal("legacy coinbase changed")
			}
			rest := block[81+n:]
			if !bytes.HasPrefix(rest, otherTx) {
				t.Fatal("template transaction missing")
			}
			rest = rest[len(otherTx):]
			wantTail := []byte{}
			if tc.mweb != nil {
				wantTail = append([]byte{0x01}, tc.mweb...)
			}
			if !bytes.Equal(rest, wantTail) {
				t.Fatalf("tail = %x, want %x", rest, wantTail)
			}
			gotHeader, gotCB, err := ParseBlockCoinbase(block)
			if err != nil || !bytes.Equal(gotHeader, header) || gotCB.OutputValue() != tmpl.CoinbaseValue {
				t.Fatalf("ParseBlockCoinbase = %v, %v", gotCB, err)
			}
		})
	}
	tmpl := testTemplate(t, 1000, true)
	if _, err := AssembleBlock(tmpl, make([]byte, 79), make([]byte, 100)); err == nil {
		t.Error("short header accepted")
	}
	if _, err := AssembleBlock(tmpl, make([]byte, 80), make([]byte, 10)); err == nil {
		t.Error("short coinbase accepted")
	}
}

func TestHeader(t *testing.T) {
	h := bitcoinGenesis(t)
	want := "0100000000000000000000000000000000000000000000000000000000000000000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa4b1e5e4a29ab5f49ffff001d1dac2b7c"
	if hex.EncodeToString(h) != want {
		t.Fatalf("header = %x", h)
	}
	// Version is signed; version-rolling miners set the top bits.
	if v := Header(-1, Hash{}, Hash{}, 0, 0, 0); !bytes.Equal(v[:4], []byte{0xff, 0xff, 0xff, 0xff}) {
		t.Fatal("negative version")
	}
}

func mustDecodeHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// A solo coinbase splits the value between the miner and the pool's fee, beside the
// witness commitment; outputs that pay more than the value, or to no script, are refused.
func TestCoinbasePartsToSplitsTheValue(t *testing.T) {
	tmpl := testTemplate(t, 7, true)
	miner, fee := []byte{0x76, 0xa9, 0x14, 1}, []byte{0x00, 0x14, 2}
	coinb1, coinb2, err := CoinbasePartsTo(tmpl, []CoinbaseOutput{{Value: tmpl.CoinbaseValue - 100, Script: miner}, {Value: 100, Script: fee}}, 8, "/solo/")
	if err != nil {
		t.Fatal(err)
	}
	tx, _, err := ParseTx(append(append(append([]byte{}, coinb1...), make([]byte, 8)...), coinb2...))
	if err != nil {
		t.Fatal(err)
	}
	if len(tx.Outputs) != 3 || !bytes.Equal(tx.Outputs[0].Script, miner) || tx.Outputs[0].Value != tmpl.CoinbaseValue-100 ||
		!bytes.Equal(tx.Outputs[1].Script, fee) || tx.Outputs[1].Value != 100 || tx.Outputs[2].Value != 0 {
		t.Fatalf("outputs %+v", tx.Outputs)
	}
	for _, bad := range [][]CoinbaseOutput{
		{{Value: tmpl.CoinbaseValue, Script: miner}, {Value: 1, Script: fee}},
		{{Value: 1, Script: nil}},
		{{Value: -1, Script: miner}},
		{},
	} {
		if _, _, err := CoinbasePartsTo(tmpl, bad, 8, ""); err == nil {
			t.Errorf("outputs %+v accepted", bad)
		}
	}
}

// A per-job value is pushed after the extranonce, before the tag: two jobs of one template
// and payout then have different coinbases, so the same extranonce2, ntime and nonce give
// different headers under each. It counts toward the scriptSig's 100 bytes.
func TestCoinbasePartsJobValue(t *testing.T) {
	tmpl := testTemplate(t, 2500000, true)
	outs := []CoinbaseOutput{{Value: tmpl.CoinbaseValue, Script: []byte{0x51}}}
	extranonce := make([]byte, 8)
	coinbase := func(job []byte) []byte {
		t.Helper()
		coinb1, coinb2, err := CoinbasePartsJob(tmpl, outs, 8, "/uniplus/", job)
		if err != nil {
			t.Fatal(err)
		}
		return append(append(append([]byte{}, coinb1...), extranonce...), coinb2...)
	}
	a, b := coinbase([]byte{1, 2, 3, 4, 5, 6, 7, 8}), coinbase([]byte{1, 2, 3, 4, 5, 6, 7, 9})
	if DoubleSHA256(a) == DoubleSHA256(b) {
		t.Fatal("two job values give the same coinbase")
	}
	tx, n, err := ParseTx(a)
	if err != nil || n != len(a) || !tx.IsCoinbase() {
		t.Fatalf("parse: %v (%d of %d bytes)", err, n, len(a))
	}
	sig := tx.Inputs[0].Script
	want := append(append(append(ScriptPushInt(2500000), 8), extranonce...), ScriptPushData([]byte{1, 2, 3, 4, 5, 6, 7, 8})...)
	want = append(want, ScriptPushData([]byte("/uniplus/"))...)
	if !bytes.Equal(sig, want) {
		t.Fatalf("scriptSig %x, want %x", sig, want)
	}
	if !bytes.Equal(coinbase(nil), func() []byte {
		coinb1, coinb2, _ := CoinbasePartsTo(tmpl, outs, 8, "/uniplus/")
		return append(append(append([]byte{}, coinb1...), extranonce...), coinb2...)
	}()) {
		t.Fatal("no job value is not CoinbasePartsTo's coinbase")
	}
	// height 1+3, extranonce 1+8, job value 1+8, tag 2+76: 100 bytes; one more is refused.
	if _, _, err := CoinbasePartsJob(tmpl, outs, 8, strings.Repeat("t", 76), make([]byte, 8)); err != nil {
		t.Fatalf("scriptSig at 100: %v", err)
	}
	if _, _, err := CoinbasePartsJob(tmpl, outs, 8, strings.Repeat("t", 77), make([]byte, 8)); err == nil || !strings.Contains(err.Error(), "scriptSig is 101 bytes") {
		t.Fatalf("scriptSig at 101: %v", err)
	}
	if _, _, err := CoinbasePartsJob(tmpl, outs, 8, "", make([]byte, MaxJobValueSize+1)); err == nil {
		t.Fatal("an oversized job value was taken")
	}
}
