package kaspa

import (
	"bytes"
	"encoding/hex"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"golang.org/x/crypto/blake2b"
	"golang.org/x/crypto/sha3"
)

// Published vectors: every expected value below is copied from the file named in the
// test's comment, not computed by this package.

func mustHash(t *testing.T, s string) Hash {
	t.Helper()
	h, err := ParseHash(s)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// rusty-kaspa v0.13.0 crypto/hashes/src/pow_hashers.rs: PowHash::INITIAL_STATE and
// KHeavyHash::INITIAL_STATE, the cSHAKE256 states with the padding for their input
// lengths already applied.
func TestCShakeInitialStatesMatchRustyKaspa(t *testing.T) {
	powWant := [25]uint64{
		1242148031264380989, 3008272977830772284, 2188519011337848018, 1992179434288343456, 8876506674959887717,
		5399642050693751366, 1745875063082670864, 8605242046444978844, 17936695144567157056, 3343109343542796272,
		1123092876221303306, 4963925045340115282, 17037383077651887893, 16629644495023626889, 12833675776649114147,
		3784524041015224902, 1082795874807940378, 13952716920571277634, 13411128033953605860, 15060696040649351053,
		9928834659948351306, 5237849264682708699, 12825353012139217522, 6706187291358897596, 196324915476054915,
	}
	heavyWant := [25]uint64{
		4239941492252378377, 8746723911537738262, 8796936657246353646, 1272090201925444760, 16654558671554924250,
		8270816933120786537, 13907396207649043898, 6782861118970774626, 9239690602118867528, 11582319943599406348,
		17596056728278508070, 15212962468105129023, 7812475424661425213, 3370482334374859748, 5690099369266491460,
		8596393687355028144, 570094237299545110, 9119540418498120711, 16901969272480492857, 13372017233735502424,
		14372891883993151831, 5171152063242093102, 10573107899694386186, 6096431547456407061, 1592359455985097269,
	}
	if powHashInit != powWant {
		t.Errorf("PowHash initial state:\n got %v\nwant %v", powHashInit, powWant)
	}
	if heavyHashInit != heavyWant {
		t.Errorf("HeavyHash initial state:\n got %v\nwant %v", heavyHashInit, heavyWant)
	}
}

// rusty-kaspa pow_hashers.rs test_pow_hash and test_heavy_hash check the fixed-state
// hashers against a general cSHAKE256; we do the same against golang.org/x/crypto/sha3,
// on their inputs and on random ones.
func TestPowHashesMatchCShake256(t *testing.T) {
	cshake := func(s string, parts ...[]byte) Hash {
		d := sha3.NewCShake256(nil, []byte(s))
		for _, p := range parts {
			d.Write(p)
		}
		var h Hash
		d.Read(h[:])
		return h
	}
	le := func(v uint64) []byte {
		b := make([]byte, 8)
		for i := range b {
			b[i] = byte(v >> (8 * i))
		}
		return b
	}
	check := func(pre Hash, ts, nonce uint64) {
		t.Helper()
		want := cshake("ProofOfWorkHash", pre[:], le(ts), make([]byte, 32), le(nonce))
		if got := PowHash(pre, ts, nonce); got != want {
			t.Fatalf("PowHash(%s, %d, %d) = %s, cSHAKE256 says %s", pre, ts, nonce, got, want)
		}
		if got, want := HeavyHashFinal(pre), cshake("HeavyHash", pre[:]); got != want {
			t.Fatalf("HeavyHashFinal(%s) = %s, cSHAKE256 says %s", pre, got, want)
		}
	}
	var h42 Hash
	for i := range h42 {
		h42[i] = 42
	}
	check(h42, 5435345234, 432432432) // the inputs of test_pow_hash
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		var pre Hash
		for j := range pre {
			pre[j] = byte(r.Uint32())
		}
		check(pre, r.Uint64(), r.Uint64())
	}
}

// kaspad (Go) domain/consensus/utils/pow/xoshiro_test.go, which takes them from
// rust-random's rand_xoshiro xoshiro256plusplus.rs: the state {1, 2, 3, 4}.
func TestXoshiroVectors(t *testing.T) {
	x := xoshiro256pp{1, 2, 3, 4}
	want := []uint64{41943041, 58720359, 3588806011781223, 3591011842654386,
		9228616714210784205, 9973669472204895162, 14011001112246962877,
		12406186145184390807, 15849039046786891736, 10450023813501588000}
	for i, w := range want {
		if got := x.next(); got != w {
			t.Fatalf("output %d = %d, want %d", i, got, w)
		}
	}
}

// rusty-kaspa v0.13.0 consensus/pow/src/matrix.rs test_generate_matrix.
func TestGenerateMatrixVector(t *testing.T) {
	var seed Hash
	for i := range seed {
		seed[i] = 42
	}
	if m := generateMatrix(seed); *m != rustGeneratedMatrix {
		t.Fatal("the matrix generated from [42; 32] differs from rusty-kaspa's test vector")
	}
}

// rusty-kaspa v0.13.0 consensus/pow/src/matrix.rs test_heavy_hash (the same matrix and
// output as kaspad's heavyhash_test.go TestMatrix_HeavyHash).
func TestHeavyHashVector(t *testing.T) {
	in := Hash{82, 46, 212, 218, 28, 192, 143, 92, 213, 66, 86, 63, 245, 241, 155, 189, 73, 159, 229, 180, 202, 105, 159, 166, 109, 172,
		128, 136, 169, 195, 97, 41}
	want := Hash{135, 104, 159, 55, 153, 67, 234, 249, 183, 71, 92, 169, 83, 37, 104, 119, 114, 191, 204, 104, 252, 120, 153, 202, 235, 68,
		9, 236, 69, 144, 195, 37}
	if got := rustHeavyHashMatrix.heavyHash(in); got != want {
		t.Fatalf("heavy hash = %v, want %v", got, want)
	}
}

// rusty-kaspa v0.13.0 consensus/pow/src/matrix.rs test_compute_rank.
func TestMatrixRankVector(t *testing.T) {
	var zero matrix
	if r := zero.rank(); r != 0 {
		t.Fatalf("rank of the zero matrix = %d", r)
	}
	var seed Hash
	for i := range seed {
		seed[i] = 42
	}
	gen := newXoshiro(seed)
	var m matrix
	for i := range m {
		for j := range m[i] {
			m[i][j] = uint16(gen.next())
		}
	}
	if r := m.rank(); r != 64 {
		t.Fatalf("rank = %d, want 64", r)
	}
	m[0] = m[1]
	if r := m.rank(); r != 63 {
		t.Fatalf("rank with two equal rows = %d, want 63", r)
	}
}

// rusty-kaspa v0.13.0 crypto/hashes/src/hashers.rs test_vectors, BlockHash: the inputs
// are fed cumulatively into one hasher and the hash read after each.
func TestBlockHashVectors(t *testing.T) {
	inputs := [][]byte{
		{},
		{1},
		{5, 199, 126, 44, 71, 32, 82, 139, 122, 217, 43, 48, 52, 112, 40, 209, 180, 83, 139, 231, 72, 48, 136, 48, 168, 226,
			133, 7, 60, 4, 160, 205},
		bytes.Repeat([]byte{42}, 64),
		make([]byte, 8),
	}
	want := []string{
		"a80b6aa20f20b15ebabe2b1949527f78a257594a732e774de637d85e6973a768",
		"5643023add641f9421187b8c9aa3c6c73227d5ec34131c61a08d35b43e7e4b65",
		"4dc3bf72045431e46f8839a7d390898f27c887fddd8637149bfb70f732f04334",
		"15d7648e69023dca65c949a61ea166192049f449c604523494813873b19918a7",
		"3ac41af8385ea5d902ce6d47f509b7accc9c631f1d57a719d777874467f6d877",
	}
	d, err := blake2b.New256(blockHashKey)
	if err != nil {
		t.Fatal(err)
	}
	for i, in := range inputs {
		d.Write(in)
		if got := hex.EncodeToString(d.Sum(nil)); got != want[i] {
			t.Fatalf("after input %d: %s, want %s", i, got, want[i])
		}
	}
}

// rusty-kaspa v0.13.0 consensus/core/src/hashing/header.rs test_hash_blue_work: blue work
// 0 is written as a zero length, 123456 as length 3 and 01 e2 40.
func TestBlueWorkSerializationVector(t *testing.T) {
	for _, c := range []struct {
		work int64
		want []byte
	}{
		{0, []byte{0, 0, 0, 0, 0, 0, 0, 0}},
		{123456, []byte{3, 0, 0, 0, 0, 0, 0, 0, 1, 226, 64}},
	} {
		// Two headers that differ only in blue work hash alike when the bytes written for
		// it are the same; compare against a header hashed with those bytes spliced in by
		// hand: the blue work is the last field before the pruning point.
		h := &Header{BlueWork: big.NewInt(c.work)}
		d, _ := blake2b.New256(blockHashKey)
		d.Write(make([]byte, 2+8+3*32+8+4+8+8+8))
		d.Write(c.want)
		d.Write(make([]byte, 32))
		var want Hash
		d.Sum(want[:0])
		if got := h.Hash(); got != want {
			t.Errorf("blue work %d: header hash %s, want %s", c.work, got, want)
		}
	}
}

// rusty-kaspa v0.13.0 consensus/core/src/config/genesis.rs (test_genesis_hashes): the
// genesis headers have no parents, a zero accepted-ID merkle root, blue work, blue score
// and pruning point.
func TestGenesisHeaderHashes(t *testing.T) {
	emptyMuHash := "544eb3142c000f0ad2c76ac41f4222abbababed830eeafee4b6dc56b52d5cac0" // crypto/muhash EMPTY_MUHASH
	for _, g := range []struct {
		name                  string
		hash, merkle, utxo    string
		timestamp, nonce, daa uint64
		bits                  uint32
	}{
		{"mainnet", "58c2d4199e21f910d1571d114969cecef48f09f934d42ccb6a281a15868f2999",
			"8ec898568c6801d13df4ee6e2a1b54b7e6236f671f20954f05306410518eeb32",
			"710f27df423e63aa6cdb72b89ea5a06cffa399d66f167704455b5af59def8e20",
			1637609671037, 0x3392c, 1312860, 486722099},
		{"testnet", "f896a3034873be1739fc4359236899fd3d65d2bc94f9780df0d0da3eb1cc4370",
			"17341408a5724556504df4d6cf515cbfbb220430dc451c743c22d5e911720c2a",
			emptyMuHash, 0x17c5f62fbb6, 0x14582, 0, 0x1e7fffff},
		{"testnet11", "3c8d1bead465d4f793f4b5201a99224375e23b33d4549f3607c2a9f951e4ecc4",
			"f5d73aefd91d821ade39c89a732dc21ba0ab8242e048dc2f26881d6e7c004ee0",
			emptyMuHash, 0x17c5f62fbb6, 0x14582, 0, 504155340},
		{"simnet", "411f8cd26f3d41aea39e78573927da24d23995705b579f30959b9127e96b79e3",
			"1946d629f7e922a7bced59190521c3771f73d352ddbbb686564ad7fd56857c1b",
			emptyMuHash, 0x17c5f62fbb6, 0x2, 0, 0x207fffff},
		{"devnet", "4cb48d0b2073b802360145a15ad1abdc01d89b5c2fe4722630ab9b5fe9dfc4f2",
			"58abf20321d70716162b6bf8d9f589ca33ae6e32b3b19abb7fa65d1141a3f94d",
			emptyMuHash, 0x11e9db49828, 0x48e5e, 0, 0x1e21bc1c},
	} {
		h := &Header{
			HashMerkleRoot: mustHash(t, g.merkle),
			UTXOCommitment: mustHash(t, g.utxo),
			Timestamp:      g.timestamp,
			Bits:           g.bits,
			Nonce:          g.nonce,
			DAAScore:       g.daa,
		}
		if got := h.Hash().String(); got != g.hash {
			t.Errorf("%s genesis hash %s, want %s", g.name, got, g.hash)
		}
	}
}

// rusty-kaspa v0.13.0 consensus/core/src/config/genesis.rs gen_testnet11_genesis: the
// testnet target scaled by 10 BPS / 100 compacts to the TN11 genesis bits.
func TestCompactBitsTestnet11Vector(t *testing.T) {
	target := TargetFromBits(0x1e7fffff)
	target.Mul(target, big.NewInt(10))
	target.Div(target, big.NewInt(100))
	if got := BitsFromTarget(target); got != 504155340 {
		t.Fatalf("bits %d, want 504155340", got)
	}
}

// kaspa-stratum-bridge src/kaspastratum/stratum_test.go TestHeaderSerialization with its
// example_header.json (a mainnet header): the pre-PoW hash, the job as BzMiner gets it
// (pre-PoW hash then the timestamp as 8 little-endian bytes, in hex) and the difficulty of
// its bits, "~12617.375671633985".
func TestStratumBridgeHeaderVector(t *testing.T) {
	mustHex := func(s string) Hash { return mustHash(t, s) }
	h := &Header{
		Version:              1,
		HashMerkleRoot:       mustHex("3fae9bd437ca151774a04c72df3c2f6f194b5f65f09e53b54969330f080a9f4f"),
		AcceptedIDMerkleRoot: mustHex("103bfb5134c94c420846b4a480982a2a9b466b6cfc6d45b60bc10eccfed3c305"),
		UTXOCommitment:       mustHex("f32424c5aeb8ab1c5c72b547cf8cee55eec9f0633b13878c93611939a0195b96"),
		Timestamp:            1661062150793,
		Bits:                 453325233,
		Nonce:                123456789,
		DAAScore:             24606947,
		BlueScore:            23102453,
		PruningPoint:         mustHex("37f4aeda7e595d2ddf6dabf6d21b4738eaa31cc2191e856c2969edd12bb459e0"),
	}
	h.BlueWork, _ = new(big.Int).SetString("7b09bfb044de1ae41", 16)
	levels := []string{}
	for i := 0; i < 15; i++ {
		levels = append(levels, "bafee3d9fb38f13784b3910964c4b469621a9a9128d67c034e586f558304e68e")
	}
	levels = append(levels,
		"6a81a712e2269bfa6c765bb6786096f475a268889be7ff3268b510690ec9a4cc",
		"c9494053ec7dc5e5b42d13e2053bc294444e960bfa940c93567e31ac34369d32",
		"2e5be6575ae28912a4b20e3f2c64db019c173a4aa52507d98ee2b7a258013196",
		"2e5be6575ae28912a4b20e3f2c64db019c173a4aa52507d98ee2b7a258013196",
		"2e5be6575ae28912a4b20e3f2c64db019c173a4aa52507d98ee2b7a258013196",
		"cbe1f6a9d98a9c25a9e112f5692c36cb28d5cdd4fcd97effe75b645b09fac42f",
		"cbe1f6a9d98a9c25a9e112f5692c36cb28d5cdd4fcd97effe75b645b09fac42f",
		"7a748a62ae5c58e08ead9c270baff45a777c8d9ce766c8af40ccc1cc60159aae",
		"7a748a62ae5c58e08ead9c270baff45a777c8d9ce766c8af40ccc1cc60159aae",
		"b955ccc8ec6fdbfa4de994b942a7c94df2f5f247d1f379d81cc8c8962f073780",
		"4b9fb4075a2c9e3d79a9cae9d34231f8119186ac037acd91b929c951d2f0489d",
		"4a673c24bb30bb0cf26b752c666286deec108f6482834cd0fa10a09b37d54245",
		"4a673c24bb30bb0cf26b752c666286deec108f6482834cd0fa10a09b37d54245",
		"4a673c24bb30bb0cf26b752c666286deec108f6482834cd0fa10a09b37d54245",
		"a4fab1eaa182069d7e349eb5696817e9ad67b31e1e9913d2b0e37e418aca893b",
	)
	for i := 0; i < 5; i++ {
		levels = append(levels, "b5096607c01cb42ca73abb432365d4229967c8fa13664e0393db2523b49e8f07")
	}
	for _, p := range levels {
		h.Parents = append(h.Parents, []Hash{mustHex(p)})
	}
	wantPre := Hash{133, 58, 11, 178, 12, 232, 111, 38, 102, 218, 38, 0, 153, 227, 171, 36, 187, 77, 247, 200, 58, 150, 48, 227, 245, 25, 242, 154, 65, 20, 46, 210}
	pre := h.PrePowHash()
	if pre != wantPre {
		t.Fatalf("pre-PoW hash %s, want %s", pre, wantPre)
	}
	if got, want := hex.EncodeToString(JobWork(pre, 1662696346)), "853a0bb20ce86f2666da260099e3ab24bb4df7c83a9630e3f519f29a41142ed29abb1a6300000000"; got != want {
		t.Fatalf("job %s, want %s", got, want)
	}
	// The bridge asserts 12617 < d < 12618; its comment's 12617.375671633985 is itself
	// approximate (2^224/target is 12617.375671634338 to float64 precision), so we hold
	// d to it within 1e-12 relative.
	if d := DifficultyFromBits(453325233); d < 12617 || d > 12618 || math.Abs(d/12617.375671633985-1) > 1e-12 {
		t.Fatalf("difficulty of bits 453325233 = %v, want ~12617.375671633985", d)
	}
}

// kaspa-stratum-bridge src/kaspastratum/hasher.go: maxTarget is the float64 nearest
// 0xFFFF...FF (56 hex digits), i.e. 2^224, so difficulty 1 is target 2^224 and the
// bridge's default minimum share difficulty 4 (cmd/kaspabridge/config.yaml) is 2^222;
// DiffToHash counts 2^256/2^224 = 2^32 hashes per unit of difficulty.
func TestShareDifficultyConstants(t *testing.T) {
	for _, c := range []struct {
		d     float64
		shift uint
	}{{1, 224}, {4, 222}, {0.5, 225}, {1 << 20, 204}} {
		got, err := TargetFromDifficulty(c.d)
		if err != nil {
			t.Fatal(err)
		}
		if want := new(big.Int).Lsh(big.NewInt(1), c.shift); got.Cmp(want) != 0 {
			t.Errorf("TargetFromDifficulty(%v) = %x, want 2^%d", c.d, got, c.shift)
		}
		if back := DifficultyFromTarget(got); back != c.d {
			t.Errorf("DifficultyFromTarget(2^%d) = %v, want %v", c.shift, back, c.d)
		}
	}
}

// rusty-kaspa v0.13.0 crypto/addresses/src/lib.rs tests cases(): the kaspa and kaspatest
// addresses through the public API, and all of them (the test-only prefixes "a" and "b"
// with payloads of any length included) through the encoder underneath.
func TestAddressVectors(t *testing.T) {
	type tc struct {
		prefix  string
		version AddressVersion
		payload string
		text    string
	}
	cases := []tc{
		{"a", AddressPubKey, "", "a:qqeq69uvrh"},
		{"a", AddressScriptHash, "", "a:pq99546ray"},
		{"b", AddressScriptHash, " ", "b:pqsqzsjd64fv"},
		{"b", AddressScriptHash, "-", "b:pqksmhczf8ud"},
		{"b", AddressScriptHash, "0", "b:pqcq53eqrk0e"},
		{"b", AddressScriptHash, "1", "b:pqcshg75y0vf"},
		{"b", AddressScriptHash, "-1", "b:pqknzl4e9y0zy"},
		{"b", AddressScriptHash, "11", "b:pqcnzt888ytdg"},
		{"b", AddressScriptHash, "abc", "b:ppskycc8txxxn2w"},
		{"b", AddressScriptHash, "1234598760", "b:pqcnyve5x5unsdekxqeusxeyu2"},
		{"b", AddressScriptHash, "abcdefghijklmnopqrstuvwxyz", "b:ppskycmyv4nxw6rfdf4kcmtwdac8zunnw36hvamc09aqtpppz8lk"},
		{"b", AddressScriptHash, "000000000000000000000000000000000000000000", "b:pqcrqvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrqvpsxqcrq7ag684l3"},
		{"kaspatest", AddressPubKey, string(make([]byte, 32)), "kaspatest:qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqhqrxplya"},
		{"kaspatest", AddressPubKeyECDSA, string(make([]byte, 33)), "kaspatest:qyqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqhe837j2d"},
		{"kaspatest", AddressPubKeyECDSA, "\xba\x01\xfc\x5f\x4e\x9d\x98\x79\x59\x9c\x69\xa3\xda\xfd\xb8\x35\xa7\x25\x5e\x5f\x2e\x93\x4e\x93\x22\xec\xd3\xaf\x19\x0a\xb0\xf6\x0e", "kaspatest:qxaqrlzlf6wes72en3568khahq66wf27tuhfxn5nytkd8tcep2c0vrse6gdmpks"},
		{"kaspa", AddressPubKey, string(make([]byte, 32)), "kaspa:qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqkx9awp4e"},
		{"kaspa", AddressPubKey, "\x5f\xff\x3c\x4d\xa1\x8f\x45\xad\xcd\xd4\x99\xe4\x46\x11\xe9\xff\xf1\x48\xba\x69\xdb\x3c\x4e\xa2\xdd\xd9\x55\xfc\x46\xa5\x95\x22", "kaspa:qp0l70zd5x85ttwd6jv7g3s3a8llzj96d8dncn4zmhv4tlzx5k2jyqh70xmfj"},
	}
	for _, c := range cases {
		if got := encodeAddress(c.prefix, c.version, []byte(c.payload)); got != c.text {
			t.Errorf("encode(%s, %d, %x) = %s, want %s", c.prefix, c.version, c.payload, got, c.text)
		}
		if !knownPrefix(c.prefix) {
			continue
		}
		got, err := EncodeAddress(c.prefix, c.version, []byte(c.payload))
		if err != nil || got != c.text {
			t.Errorf("EncodeAddress(%s, %d, %x) = %s, %v; want %s", c.prefix, c.version, c.payload, got, err, c.text)
		}
		a, err := ParseAddress(c.text, c.prefix)
		if err != nil {
			t.Errorf("ParseAddress(%s): %v", c.text, err)
			continue
		}
		if a.Prefix != c.prefix || a.Version != c.version || string(a.Payload) != c.payload || a.String() != c.text {
			t.Errorf("ParseAddress(%s) = %+v", c.text, a)
		}
	}
	// The wasm test in the same file parses this mainnet address as version PubKey.
	if a, err := ParseAddress("kaspa:qpauqsvk7yf9unexwmxsnmg547mhyga37csh0kj53q6xxgl24ydxjsgzthw5j", PrefixMainnet); err != nil || a.Version != AddressPubKey {
		t.Errorf("the wasm test's address: %+v, %v", a, err)
	}
}

// rusty-kaspa v0.13.0 crypto/addresses/src/lib.rs test_errors: each of these is refused.
func TestAddressErrorVectors(t *testing.T) {
	for _, s := range []string{
		"kaspa:qqqqqqqqqqqqq1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqkx9awp4e",      // '1' is not in the charset
		"kaspa:qqqqqqqqqqqqq|qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqkx9awp4e",      // nor '|' (124)
		"kaspa:qqqqqqqqqqqqq\u0081qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqkx9awp4e", // nor char 129
		"kaspa1:qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqkx9awp4e",     // unknown prefix
		"kaspaqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqkx9awp4e",       // no prefix
		"kaspa:qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqkx9awp4l",      // bad checksum
		"kaspa:qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqkx9awp4e",       // one 'q' short
	} {
		if a, err := ParseAddress(s, ""); err == nil {
			t.Errorf("ParseAddress(%q) accepted %+v", s, a)
		}
	}
}
