package kaspad

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/kaspa"
)

type testNames struct {
	Blocks map[string]kaspa.Hash `json:"blocks"`
	Pool   string                `json:"pool"`
	Other  string                `json:"other"`
}

func names(t testing.TB) testNames {
	var n testNames
	readTestdata(t, "names.json", &n)
	return n
}

// newDriver starts a test node and a driver on it; poll is WaitHeaderTemplate's fallback
// interval (an hour where only notifications may wake it).
func newDriver(t *testing.T, poll time.Duration) (*Driver, *testNode, testNames) {
	t.Helper()
	n := newTestNode(t)
	nm := names(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	d, err := Dial(ctx, Config{URL: n.url, PayAddress: nm.Pool, ExtraData: testExtraData, PollInterval: poll})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d, n, nm
}

func testCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// recordedTemplate reads template file i's header as kaspad wrote it.
func recordedTemplate(t *testing.T, i int) kaspa.Header {
	var r struct {
		Block struct {
			Header rpcHeader `json:"header"`
		} `json:"block"`
	}
	readTestdata(t, []string{"getBlockTemplate-1.json", "getBlockTemplate-2.json"}[i], &r)
	return r.Block.Header.consensus()
}

func TestRecordedHashesAreReal(t *testing.T) {
	var blocks map[string]struct {
		Block struct {
			Header      rpcHeader `json:"header"`
			VerboseData struct {
				Hash kaspa.Hash `json:"hash"`
			} `json:"verboseData"`
		} `json:"block"`
	}
	readTestdata(t, "getBlock.json", &blocks)
	if len(blocks) != 6 {
		t.Fatalf("%d recorded blocks, want 6", len(blocks))
	}
	for key, b := range blocks {
		h := b.Block.Header.consensus()
		got := h.Hash()
		if b.Block.Header.Hash == nil || *b.Block.Header.Hash != got || b.Block.VerboseData.Hash != got || key != got.String() {
			t.Errorf("recorded block %s: header hash %v, verbose %s, computed %s", key, b.Block.Header.Hash, b.Block.VerboseData.Hash, got)
		}
	}
}

func TestHeaderTemplate(t *testing.T) {
	d, n, nm := newDriver(t, time.Hour)
	ctx := testCtx(t)
	tp, err := d.HeaderTemplate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	h := recordedTemplate(t, 0)
	pre := h.PrePowHash()
	if want := append(pre[:], binary.LittleEndian.AppendUint64(nil, h.Timestamp)...); string(tp.Work) != string(want) {
		t.Fatalf("work %x, want pre-PoW hash and LE timestamp %x", tp.Work, want)
	}
	if tp.Height != 1007 || tp.Target.Cmp(kaspa.TargetFromBits(templateBits)) != 0 || tp.Reward != templateSubsid ||
		tp.PrevHash != nm.Blocks["U"].ChainHash() || !tp.Time.Equal(time.UnixMilli(int64(h.Timestamp))) ||
		tp.Difficulty != kaspa.DifficultyFromBits(templateBits) {
		t.Fatalf("template %+v", tp)
	}
	again, err := d.HeaderTemplate(ctx)
	if err != nil || again.ID != tp.ID {
		t.Fatalf("same template, IDs %q and %q (%v)", tp.ID, again.ID, err)
	}
	// The request as kaspad reads it: the pay address as text, extraData as numbers.
	reqs := n.requestsOf("getBlockTemplate")
	var req struct {
		PayAddress string  `json:"payAddress"`
		ExtraData  []uint8 `json:"extraData"`
	}
	if err := json.Unmarshal(reqs[0], &req); err != nil || req.PayAddress != nm.Pool || string(req.ExtraData) != testExtraData {
		t.Fatalf("request %s (%v)", reqs[0], err)
	}
	if !strings.Contains(string(reqs[0]), `"extraData":[117,110,105`) {
		t.Fatalf("extraData not a number array: %s", reqs[0])
	}

	n.mu.Lock()
	n.notSynced = true
	n.mu.Unlock()
	if _, err := d.HeaderTemplate(ctx); !errors.Is(err, ErrNotSynced) {
		t.Fatalf("unsynced node: %v", err)
	}
}

// nonceFor finds a nonce whose kHeavyHash meets (or, with meets false, misses) the
// template's bits, judged by the consensus package.
func nonceFor(t *testing.T, h kaspa.Header, meets bool) uint64 {
	st := kaspa.NewStateFromHeader(&h)
	for n := uint64(1); n < 1<<20; n++ {
		if _, ok := st.CheckPow(n); ok == meets {
			return n
		}
	}
	t.Fatal("no nonce found")
	return 0
}

func TestSubmitHeader(t *testing.T) {
	d, n, _ := newDriver(t, time.Hour)
	ctx := testCtx(t)
	tp, err := d.HeaderTemplate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	h := recordedTemplate(t, 0)
	good := nonceFor(t, h, true)
	hash, err := d.SubmitHeader(ctx, tp, binary.BigEndian.AppendUint64(nil, good))
	if err != nil {
		t.Fatalf("block with a nonce meeting the bits: %v", err)
	}
	h.Nonce = good
	if hash != h.Hash().ChainHash() {
		t.Fatalf("hash %s, want %s", hash, h.Hash())
	}
	bad := nonceFor(t, recordedTemplate(t, 0), false)
	_, err = d.SubmitHeader(ctx, tp, binary.BigEndian.AppendUint64(nil, bad))
	var rej *chain.RejectedError
	if !errors.As(err, &rej) || rej.Reason != "blockInvalid" || !errors.Is(err, chain.ErrBlockRejected) {
		t.Fatalf("nonce missing the bits: %v", err)
	}
	if len(n.submits) != 2 || n.submits[0] != (seenSubmit{good, "success"}) || n.submits[1] != (seenSubmit{bad, "blockInvalid"}) {
		t.Fatalf("server saw %+v", n.submits)
	}
	// The submitted block is the template with the nonce set: the server compared it.
	var sub struct {
		AllowNonDaaBlocks *bool `json:"allowNonDaaBlocks"`
	}
	if err := json.Unmarshal(n.requestsOf("submitBlock")[0], &sub); err != nil || sub.AllowNonDaaBlocks == nil || *sub.AllowNonDaaBlocks {
		t.Fatalf("allowNonDaaBlocks: %s", n.requestsOf("submitBlock")[0])
	}

	// The other reasons, in kaspad v1.x's form and in the v0.13 form.
	n.mu.Lock()
	n.notSynced = true
	n.mu.Unlock()
	if _, err := d.SubmitHeader(ctx, tp, binary.BigEndian.AppendUint64(nil, good)); !errors.As(err, &rej) || rej.Reason != "isInIBD" {
		t.Fatalf("unsynced node: %v", err)
	}
	n.mu.Lock()
	n.notSynced = false
	n.mu.Unlock()
	for _, c := range []struct{ report, reason string }{
		{`{"type":"reject","reason":"routeIsFull"}`, "routeIsFull"},
		{`{"reject":"blockInvalid"}`, "blockInvalid"},
		{`"success"`, ""},
	} {
		n.mu.Lock()
		n.report = func(string) string { return c.report }
		n.mu.Unlock()
		_, err := d.SubmitHeader(ctx, tp, binary.BigEndian.AppendUint64(nil, good))
		if c.reason == "" && err != nil || c.reason != "" && (!errors.As(err, &rej) || rej.Reason != c.reason) {
			t.Fatalf("report %s: %v", c.report, err)
		}
	}
	if _, err := d.SubmitHeader(ctx, tp, []byte{1, 2, 3}); err == nil {
		t.Fatal("a 3-byte nonce was submitted")
	}
}

func TestWaitHeaderTemplateByNotification(t *testing.T) {
	d, n, nm := newDriver(t, time.Hour) // only a notification can wake it
	ctx := testCtx(t)
	first, err := d.HeaderTemplate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan *chain.HeaderTemplate, 1)
	errc := make(chan error, 1)
	go func() {
		t, err := d.WaitHeaderTemplate(ctx, first)
		got <- t
		errc <- err
	}()
	n.waitFor(ctx, "subscribe")
	n.waitFor(ctx, "getBlockTemplate") // the one made after subscribing: still the same work
	n.setTemplate(1)
	// The waiter may be between its template call and its wait: notifications go on until it
	// answers, each one a real wake-up.
	for {
		if n.notify() != 1 {
			t.Fatal("the driver's connection is not subscribed")
		}
		select {
		case tp := <-got:
			if err := <-errc; err != nil {
				t.Fatal(err)
			}
			if tp.ID == first.ID || tp.Height != 1008 || tp.PrevHash == nm.Blocks["U"].ChainHash() {
				t.Fatalf("new template %+v", tp)
			}
			return
		case <-n.seen:
		}
	}
}

func TestReconnectAfterDrop(t *testing.T) {
	d, n, _ := newDriver(t, time.Hour)
	ctx := testCtx(t)
	if _, err := d.Network(ctx); err != nil {
		t.Fatal(err)
	}
	// A call under way when the server drops the socket fails as a lost connection.
	release := n.holdCalls("getBlockDagInfo")
	errc := make(chan error, 1)
	go func() { _, err := d.Network(ctx); errc <- err }()
	<-n.arrived
	n.dropAll()
	if err := <-errc; !errors.Is(err, ErrConnectionLost) {
		t.Fatalf("call under way at the drop: %v", err)
	}
	release()
	// The next call dials again; WaitHeaderTemplate subscribes on the new connection, and
	// after another drop subscribes again by itself.
	first, err := d.HeaderTemplate(ctx)
	if err != nil {
		t.Fatalf("after the drop: %v", err)
	}
	if err := d.rpc.Subscribe(ctx, "NewBlockTemplate"); err != nil {
		t.Fatal(err)
	}
	d.mu.Lock()
	d.subbed = true
	d.mu.Unlock()
	n.dropAll()
	got := make(chan *chain.HeaderTemplate, 1)
	go func() {
		tp, _ := d.WaitHeaderTemplate(ctx, first)
		got <- tp
	}()
	n.waitFor(ctx, "subscribe") // made again on the new connection, unasked
	n.setTemplate(1)
	for {
		n.notify()
		select {
		case tp := <-got:
			if tp == nil || tp.Height != 1008 {
				t.Fatalf("after the reconnection: %+v", tp)
			}
			return
		case <-n.seen:
		}
	}
}

func TestNetwork(t *testing.T) {
	d, n, _ := newDriver(t, time.Hour)
	info, err := d.Network(testCtx(t))
	if err != nil {
		t.Fatal(err)
	}
	want := chain.NetworkInfo{Difficulty: kaspa.DifficultyFromBits(templateBits), HashRate: float64(uint64(testHashrate)),
		Height: testVirtualDAA, BlockReward: templateSubsid}
	if info != want {
		t.Fatalf("network %+v, want %+v", info, want)
	}
	if r := n.requestsOf("estimateNetworkHashesPerSecond"); len(r) != 1 || compact(r[0]) != `{"windowSize":1000,"startHash":null}` {
		t.Fatalf("estimate request %s", r)
	}
}

func TestBlockConfirmations(t *testing.T) {
	d, _, nm := newDriver(t, time.Hour)
	ctx := testCtx(t)
	for _, c := range []struct {
		name string
		daa  int64
		conf int64
	}{
		{"G", 990, testVirtualDAA - 990 + 1},
		{"B", 1001, testVirtualDAA - 1001 + 1}, // blue, off the chain: confirmed by DAA score
		{"R", 1001, -1},                        // red: orphaned
		{"S", 1004, testVirtualDAA - 1004 + 1},
		{"U", 1006, 0}, // not merged yet
	} {
		b, err := d.Block(ctx, nm.Blocks[c.name].ChainHash())
		if err != nil {
			t.Fatal(c.name, err)
		}
		want := chain.BlockInfo{Hash: nm.Blocks[c.name].ChainHash(), Height: c.daa, Confirmations: c.conf,
			Time: int64(1_735_000_000_000+uint64(c.daa)*100) / 1000, CoinbaseValue: testSubsidy}
		if b != want {
			t.Errorf("block %s: %+v, want %+v", c.name, b, want)
		}
	}
	if _, err := d.Block(ctx, chain.Hash{1}); !errors.Is(err, chain.ErrNotFound) {
		t.Fatalf("unknown block: %v", err)
	}
	if _, err := d.BlockDetail(ctx, chain.Hash{1}); !errors.Is(err, chain.ErrNotFound) {
		t.Fatalf("unknown block detail: %v", err)
	}
	p, err := d.BlockDetail(ctx, nm.Blocks["P"].ChainHash())
	if err != nil {
		t.Fatal(err)
	}
	if p.Prev != nm.Blocks["G"].ChainHash() || p.Next != nm.Blocks["S"].ChainHash() || p.TxCount != 1 || len(p.TxIDs) != 1 ||
		p.Difficulty != kaspa.DifficultyFromBits(blockBits) {
		t.Fatalf("detail of P %+v", p)
	}
	s, err := d.BlockDetail(ctx, nm.Blocks["S"].ChainHash())
	if err != nil || s.Next != (chain.Hash{}) || s.Prev != nm.Blocks["P"].ChainHash() {
		t.Fatalf("detail of the sink %+v (%v)", s, err)
	}
	g, err := d.BlockDetail(ctx, nm.Blocks["G"].ChainHash())
	if err != nil || g.Prev != (chain.Hash{}) || g.Next != nm.Blocks["P"].ChainHash() {
		t.Fatalf("detail of G %+v (%v)", g, err)
	}
}

func TestBlockHashWalksTheSelectedChain(t *testing.T) {
	d, _, nm := newDriver(t, time.Hour)
	ctx := testCtx(t)
	for score, name := range map[int64]string{1004: "S", 1000: "P", 990: "G"} {
		h, err := d.BlockHash(ctx, score)
		if err != nil || h != nm.Blocks[name].ChainHash() {
			t.Errorf("DAA score %d: %s (%v), want %s", score, h, err, name)
		}
	}
	for _, score := range []int64{1001, 1006, 1008, 500, -1} {
		if _, err := d.BlockHash(ctx, score); !errors.Is(err, chain.ErrNotFound) {
			t.Errorf("DAA score %d: %v, want not found", score, err)
		}
	}
}

func TestMalformedMessages(t *testing.T) {
	d, n, _ := newDriver(t, time.Hour)
	ctx := testCtx(t)
	n.mu.Lock()
	n.inject["getBlockDagInfo"] = func(id string) []string {
		return []string{
			"not json",
			"binary",
			`{"id":987654321,"method":"getBlockDagInfo","params":{}}`, // no call has this id
			`{"method":"newBlockTemplateNotification"}`,               // no params
			`{"id":"x","params":{}}`,                                  // id not a number
			`{"id":` + id + `,"method":"getBlockDagInfo","params":{"virtualDaaScore":"1007"}}`,
		}
	}
	n.inject["getSinkBlueScore"] = func(id string) []string {
		return []string{`{"id":` + id + `,"method":"getSinkBlueScore"}`}
	}
	n.mu.Unlock()
	if _, err := d.Network(ctx); err == nil || !strings.Contains(err.Error(), "decode answer") {
		t.Fatalf("answer of the wrong type: %v", err)
	}
	if err := d.rpc.Call(ctx, "getSinkBlueScore", nil, nil); err == nil || !strings.Contains(err.Error(), "without params") {
		t.Fatalf("answer without params: %v", err)
	}
	if got := d.rpc.ignored.Load(); got != 5 {
		t.Fatalf("%d messages ignored, want 5", got)
	}
	n.mu.Lock()
	delete(n.inject, "getBlockDagInfo")
	n.mu.Unlock()
	// The connection still works, and error answers come back as RPCError.
	if _, err := d.Network(ctx); err != nil {
		t.Fatal(err)
	}
	var re *RPCError
	err := d.rpc.Call(ctx, "getBlock", map[string]string{"hash": "zz"}, nil)
	if !errors.As(err, &re) || re.Message != reqDeserialize || re.Method != "getBlock" {
		t.Fatalf("bad params: %v", err)
	}
	// A method kaspad does not know is not answered: the server ends the connection.
	if err := d.rpc.Call(ctx, "noSuchMethod", nil, nil); !errors.Is(err, ErrConnectionLost) {
		t.Fatalf("unknown method: %v", err)
	}
	if _, err := d.Network(ctx); err != nil {
		t.Fatalf("after the server dropped us: %v", err)
	}
}

func TestSlowServerAndCancel(t *testing.T) {
	d, n, _ := newDriver(t, time.Hour)
	ctx := testCtx(t)
	release := n.holdCalls("getBlockTemplate")
	defer release()
	cctx, cancel := context.WithCancel(ctx)
	errc := make(chan error, 1)
	go func() { _, err := d.HeaderTemplate(cctx); errc <- err }()
	<-n.arrived
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled call: %v", err)
	}
	tctx, tcancel := context.WithTimeout(ctx, 50*time.Millisecond)
	defer tcancel()
	if _, err := d.HeaderTemplate(tctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("call past its deadline: %v", err)
	}
	<-n.arrived
	// Other calls go on while these wait, on the same connection.
	if _, err := d.Block(ctx, names(t).Blocks["S"].ChainHash()); err != nil {
		t.Fatal(err)
	}
	release()
	tp, err := d.HeaderTemplate(ctx)
	if err != nil || tp.Height != 1007 {
		t.Fatalf("after the slow answers: %+v, %v", tp, err)
	}
	// WaitHeaderTemplate ends with its context.
	wctx, wcancel := context.WithCancel(ctx)
	go func() { n.waitFor(ctx, "getBlockTemplate"); wcancel() }()
	if _, err := d.WaitHeaderTemplate(wctx, tp); !errors.Is(err, context.Canceled) {
		t.Fatalf("wait cancelled: %v", err)
	}
}

func TestValidateAddressAndWallet(t *testing.T) {
	d, _, nm := newDriver(t, time.Hour)
	ctx := testCtx(t)
	a, err := d.ValidateAddress(ctx, nm.Other)
	key := label("key other")
	if err != nil || !a.Valid || a.Normalized != nm.Other || string(a.Script) != string(append(append([]byte{0x20}, key[:]...), 0xac)) {
		t.Fatalf("valid address: %+v %v", a, err)
	}
	test, _ := kaspa.EncodeAddress(kaspa.PrefixTestnet, kaspa.AddressPubKey, key[:])
	for _, s := range []string{test, "kaspa:qqqq", "", strings.ToUpper(nm.Other)} {
		if a, err := d.ValidateAddress(ctx, s); err != nil || a.Valid {
			t.Errorf("%q: %+v %v", s, a, err)
		}
	}
	if _, err := d.Balance(ctx); !errors.Is(err, ErrNoWallet) {
		t.Fatal(err)
	}
	if _, err := d.BuildPayout(ctx, nil); !errors.Is(err, ErrNoWallet) {
		t.Fatal(err)
	}
	if _, err := d.Broadcast(ctx, nil); !errors.Is(err, ErrNoWallet) {
		t.Fatal(err)
	}
}

func TestDialChecksTheNetwork(t *testing.T) {
	n := newTestNode(t)
	key := label("key pool")
	test, _ := kaspa.EncodeAddress(kaspa.PrefixTestnet, kaspa.AddressPubKey, key[:])
	if _, err := Dial(testCtx(t), Config{URL: n.url, PayAddress: test}); err == nil || !strings.Contains(err.Error(), "mainnet") {
		t.Fatalf("testnet pay address on a mainnet node: %v", err)
	}
	if _, err := New(Config{URL: n.url, PayAddress: names(t).Pool, Network: "testnet-10"}); err == nil {
		t.Fatal("mainnet address accepted for testnet-10")
	}
	if _, err := New(Config{URL: "http://x", PayAddress: names(t).Pool}); err == nil {
		t.Fatal("http url accepted")
	}
}

func TestBlueWorkAndBytes(t *testing.T) {
	var h rpcHeader
	if err := json.Unmarshal([]byte(`{"blueWork":"1"}`), &h); err != nil || h.BlueWork.Cmp(big.NewInt(1)) != 0 {
		t.Fatalf("short blue work: %v %v", h.BlueWork, err)
	}
	for _, bad := range []string{`""`, `"-1"`, `"xyz"`, `1`, `"` + strings.Repeat("f", 49) + `"`} {
		if err := json.Unmarshal([]byte(`{"blueWork":`+bad+`}`), &h); err == nil {
			t.Errorf("blue work %s accepted", bad)
		}
	}
	var b hexBytes
	if err := json.Unmarshal([]byte(`[1,2,255]`), &b); err != nil || string(b) != "\x01\x02\xff" {
		t.Fatalf("array form: %x %v", b, err)
	}
	if err := json.Unmarshal([]byte(`"0102ff"`), &b); err != nil || string(b) != "\x01\x02\xff" {
		t.Fatalf("hex form: %x %v", b, err)
	}
}
