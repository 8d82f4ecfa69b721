package kaspad

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/coder/websocket"

	"github.com/uniplus-pool/pool/internal/chain/kaspa"
)

// testNode is a stand-in kaspad: a WebSocket server on 127.0.0.1 that speaks the wRPC
// JSON framing as workflow-rpc's server does (serde_json protocol: answers echo the id
// and method; errors are {"code":0,"message":...,"data":null}; a message it cannot read as
// a request, or a binary one, ends the connection) and answers from the recorded messages
// in testdata/. It reads requests as kaspad's serde would (required members, kaspad's
// error texts) and judges submitted blocks for real: the header must be a recorded
// template's with only the nonce changed, the transactions untouched, and the nonce must
// meet the bits under kHeavyHash (the consensus package's State.CheckPow).
type testNode struct {
	t   testing.TB
	srv *httptest.Server
	url string

	mu        sync.Mutex
	conns     map[*websocket.Conn]bool // true once subscribed to NewBlockTemplate
	answers   map[string]json.RawMessage
	templates []json.RawMessage
	tmpl      int
	blocks    map[string]json.RawMessage
	colors    map[string]bool
	requests  []seenRequest
	submits   []seenSubmit
	hold      map[string]chan struct{}
	arrived   chan string // a held call's method, when it arrives
	inject    map[string]func(id string) []string
	report    func(verdict string) string // writes the submit report; nil: kaspad v1.x form
	notSynced bool
	seen      chan string // every request's method, for tests that wait for one
	wallet    *walletNode // UTXO set, mempool and accepted transactions (wallet_server_test.go); nil: none
}

type seenRequest struct {
	Method string
	Params json.RawMessage
}

type seenSubmit struct {
	Nonce   uint64
	Verdict string // "success" or the reject reason
}

func readTestdata(t testing.TB, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func newTestNode(t testing.TB) *testNode {
	n := &testNode{t: t, conns: map[*websocket.Conn]bool{}, answers: map[string]json.RawMessage{},
		hold: map[string]chan struct{}{}, arrived: make(chan string, 16), inject: map[string]func(string) []string{},
		seen: make(chan string, 1024)}
	for _, m := range []string{"getServerInfo", "getBlockDagInfo", "estimateNetworkHashesPerSecond"} {
		var raw json.RawMessage
		readTestdata(t, m+".json", &raw)
		n.answers[m] = raw
	}
	for _, f := range []string{"getBlockTemplate-1.json", "getBlockTemplate-2.json"} {
		var raw json.RawMessage
		readTestdata(t, f, &raw)
		n.templates = append(n.templates, raw)
	}
	readTestdata(t, "getBlock.json", &n.blocks)
	readTestdata(t, "getCurrentBlockColor.json", &n.colors)
	n.srv = httptest.NewServer(http.HandlerFunc(n.serve))
	n.url = "ws" + strings.TrimPrefix(n.srv.URL, "http")
	t.Cleanup(func() {
		n.dropAll()
		n.srv.Close()
	})
	return n
}

func (n *testNode) serve(w http.ResponseWriter, r *http.Request) {
	ws, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	ws.SetReadLimit(maxMessage)
	n.mu.Lock()
	n.conns[ws] = false
	n.mu.Unlock()
	defer func() {
		n.mu.Lock()
		delete(n.conns, ws)
		n.mu.Unlock()
		ws.CloseNow()
	}()
	for {
		typ, data, err := ws.Read(r.Context())
		if err != nil {
			return
		}
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
		}
		// workflow-rpc's JSON protocol: a frame that is not text, not a request, or names no
		// known method is a MalformedMessage, and the connection ends.
		if typ != websocket.MessageText || json.Unmarshal(data, &req) != nil || !knownMethods[req.Method] {
			return
		}
		if !present(req.ID) {
			continue // a client notification; kaspad has none to handle
		}
		n.mu.Lock()
		n.requests = append(n.requests, seenRequest{req.Method, req.Params})
		n.mu.Unlock()
		select {
		case n.seen <- req.Method:
		default:
		}
		go n.handle(r.Context(), ws, string(req.ID), req.Method, req.Params)
	}
}

// knownMethods are RpcApiOps names a request may carry (the ones these tests use, and
// ping); any other is unknown to this server.
var knownMethods = map[string]bool{"ping": true, "getServerInfo": true, "getBlockDagInfo": true,
	"estimateNetworkHashesPerSecond": true, "getBlockTemplate": true, "submitBlock": true, "getBlock": true,
	"getCurrentBlockColor": true, "subscribe": true, "unsubscribe": true, "getSinkBlueScore": true,
	"getUtxosByAddresses": true, "getMempoolEntriesByAddresses": true, "getMempoolEntry": true, "submitTransaction": true,
	"getFeeEstimate": true, "getVirtualChainFromBlock": true}

func (n *testNode) handle(ctx context.Context, ws *websocket.Conn, id, method string, params json.RawMessage) {
	n.mu.Lock()
	hold, inject := n.hold[method], n.inject[method]
	n.mu.Unlock()
	if hold != nil {
		n.arrived <- method
		select {
		case <-hold:
		case <-ctx.Done():
			return
		}
	}
	if inject != nil {
		for _, f := range inject(id) {
			if f == "binary" {
				ws.Write(ctx, websocket.MessageBinary, []byte{1, 2, 3})
				continue
			}
			ws.Write(ctx, websocket.MessageText, []byte(f))
		}
		return
	}
	result, msg := n.answer(ws, method, params)
	var out []byte
	if msg != "" {
		out, _ = json.Marshal(map[string]any{"id": json.RawMessage(id), "method": method,
			"error": map[string]any{"code": 0, "message": msg, "data": nil}})
	} else {
		out, _ = json.Marshal(map[string]any{"id": json.RawMessage(id), "method": method, "params": result})
	}
	ws.Write(ctx, websocket.MessageText, out)
}

// reqDeserialize is workflow-rpc's ServerError::ReqDeserialize text: params that do not
// read as the request struct.
const reqDeserialize = "request deserialization error"

// strict decodes params the way serde does for the request struct: every named member
// must be there (none of those used here is an Option except where the caller allows).
func strict(params json.RawMessage, required ...string) (map[string]json.RawMessage, bool) {
	var m map[string]json.RawMessage
	if json.Unmarshal(params, &m) != nil || m == nil {
		return nil, false
	}
	for _, r := range required {
		if _, ok := m[r]; !ok {
			return nil, false
		}
	}
	return m, true
}

func (n *testNode) answer(ws *websocket.Conn, method string, params json.RawMessage) (any, string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	switch method {
	case "ping":
		return struct{}{}, ""
	case "getServerInfo", "getBlockDagInfo":
		if _, ok := strict(params); !ok {
			return nil, reqDeserialize
		}
		if method == "getBlockDagInfo" && n.wallet != nil {
			return n.wallet.dagInfo(n.answers[method]), ""
		}
		return n.answers[method], ""
	case "estimateNetworkHashesPerSecond":
		m, ok := strict(params, "windowSize")
		var w uint32
		if !ok || json.Unmarshal(m["windowSize"], &w) != nil {
			return nil, reqDeserialize
		}
		if w > 10000 {
			return nil, fmt.Sprintf("Requested window size %d is larger than max 10000 allowed in RPC safe mode.", w)
		}
		return n.answers[method], ""
	case "getBlockTemplate":
		m, ok := strict(params, "payAddress", "extraData")
		var addr string
		var extra []uint8
		if !ok || json.Unmarshal(m["payAddress"], &addr) != nil || json.Unmarshal(m["extraData"], &extra) != nil {
			return nil, reqDeserialize
		}
		a, err := kaspa.ParseAddress(addr, "")
		if err != nil {
			return nil, reqDeserialize
		}
		if a.Prefix != kaspa.PrefixMainnet {
			return nil, "Invalid address prefix " + a.Prefix
		}
		t := n.templates[n.tmpl]
		if n.notSynced {
			t = bytes.Replace(t, []byte(`"isSynced": true`), []byte(`"isSynced": false`), 1)
		}
		return t, ""
	case "submitBlock":
		m, ok := strict(params, "block")
		allow, has := m["allowNonDaaBlocks"]
		if !has {
			allow, has = m["allowNonDAABlocks"] // serde alias
		}
		var b bool
		if !ok || !has || json.Unmarshal(allow, &b) != nil {
			return nil, reqDeserialize
		}
		verdict, nonce := n.judge(m["block"])
		n.submits = append(n.submits, seenSubmit{nonce, verdict})
		report := map[string]any{"type": "success"}
		if verdict != "success" {
			report = map[string]any{"type": "reject", "reason": verdict}
		}
		if n.report != nil {
			return map[string]any{"report": json.RawMessage(n.report(verdict))}, ""
		}
		return map[string]any{"report": report}, ""
	case "getBlock":
		m, ok := strict(params, "hash", "includeTransactions")
		var h kaspa.Hash
		var txs bool
		if !ok || json.Unmarshal(m["hash"], &h) != nil || json.Unmarshal(m["includeTransactions"], &txs) != nil {
			return nil, reqDeserialize
		}
		b, ok := n.blocks[h.String()]
		if !ok && n.wallet != nil {
			b, ok = n.wallet.block(n.blocks, h)
		}
		if !ok {
			return nil, "cannot find header " + h.String()
		}
		if !txs {
			var v map[string]map[string]json.RawMessage
			json.Unmarshal(b, &v)
			v["block"]["transactions"] = json.RawMessage("[]")
			return v, ""
		}
		return b, ""
	case "getCurrentBlockColor":
		m, ok := strict(params, "hash")
		var h kaspa.Hash
		if !ok || json.Unmarshal(m["hash"], &h) != nil {
			return nil, reqDeserialize
		}
		blue, ok := n.colors[h.String()]
		if !ok {
			return nil, "Block " + h.String() + " doesn't have any merger block."
		}
		return map[string]bool{"blue": blue}, ""
	case "subscribe", "unsubscribe":
		var scope map[string]json.RawMessage
		if json.Unmarshal(params, &scope) != nil || len(scope) != 1 {
			return nil, reqDeserialize
		}
		for s := range scope {
			if s != "NewBlockTemplate" && s != "BlockAdded" {
				return nil, reqDeserialize
			}
		}
		if method == "unsubscribe" {
			n.conns[ws] = false
			return struct{}{}, ""
		}
		n.conns[ws] = true
		return map[string]uint64{"id": uint64(len(n.conns))}, ""
	}
	if n.wallet != nil {
		return n.wallet.answer(method, params)
	}
	return nil, "RPC method not found"
}

// judge is kaspad's verdict on a submitted block, with the real proof of work.
func (n *testNode) judge(raw json.RawMessage) (verdict string, nonce uint64) {
	if n.notSynced {
		return "isInIBD", 0
	}
	var got struct {
		Header       map[string]json.RawMessage `json:"header"`
		Transactions []json.RawMessage          `json:"transactions"`
	}
	var hdr struct {
		Header rpcHeader `json:"header"`
	}
	if json.Unmarshal(raw, &got) != nil || json.Unmarshal(raw, &hdr) != nil {
		return "blockInvalid", 0
	}
	nonce = hdr.Header.Nonce
	for _, tr := range n.templates {
		var tmpl struct {
			Block struct {
				Header       map[string]json.RawMessage `json:"header"`
				Transactions []json.RawMessage          `json:"transactions"`
			} `json:"block"`
		}
		json.Unmarshal(tr, &tmpl)
		if sameExceptNonce(tmpl.Block.Header, got.Header) && sameRaw(tmpl.Block.Transactions, got.Transactions) {
			h := hdr.Header.consensus()
			if _, ok := kaspa.NewStateFromHeader(&h).CheckPow(nonce); ok {
				return "success", nonce
			}
			return "blockInvalid", nonce
		}
	}
	return "blockInvalid", nonce
}

func compact(r json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, r) != nil {
		return string(r)
	}
	return b.String()
}

func sameExceptNonce(want, got map[string]json.RawMessage) bool {
	for k, v := range want {
		if k != "nonce" && compact(got[k]) != compact(v) {
			return false
		}
	}
	_, hasNonce := got["nonce"]
	return hasNonce
}

func sameRaw(want, got []json.RawMessage) bool {
	if len(want) != len(got) {
		return false
	}
	for i := range want {
		if compact(want[i]) != compact(got[i]) {
			return false
		}
	}
	return true
}

// setTemplate makes template i (0 or 1) the one getBlockTemplate answers.
func (n *testNode) setTemplate(i int) {
	n.mu.Lock()
	n.tmpl = i
	n.mu.Unlock()
}

// notify sends kaspad's new-template notification to every subscribed connection, and
// says how many got it.
func (n *testNode) notify() int {
	n.mu.Lock()
	var subs []*websocket.Conn
	for c, s := range n.conns {
		if s {
			subs = append(subs, c)
		}
	}
	n.mu.Unlock()
	for _, c := range subs {
		c.Write(context.Background(), websocket.MessageText,
			[]byte(`{"method":"newBlockTemplateNotification","params":{"NewBlockTemplate":{}}}`))
	}
	return len(subs)
}

// dropAll closes every connection from the server's side, without a close handshake.
func (n *testNode) dropAll() {
	n.mu.Lock()
	var all []*websocket.Conn
	for c := range n.conns {
		all = append(all, c)
	}
	n.mu.Unlock()
	for _, c := range all {
		c.CloseNow()
	}
}

// holdCalls makes calls of method wait until the returned release is called.
func (n *testNode) holdCalls(method string) (release func()) {
	ch := make(chan struct{})
	n.mu.Lock()
	n.hold[method] = ch
	n.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			n.mu.Lock()
			delete(n.hold, method)
			n.mu.Unlock()
			close(ch)
		})
	}
}

// requestsOf returns the params of every request of method so far.
func (n *testNode) requestsOf(method string) []json.RawMessage {
	n.mu.Lock()
	defer n.mu.Unlock()
	var out []json.RawMessage
	for _, r := range n.requests {
		if r.Method == method {
			out = append(out, r.Params)
		}
	}
	return out
}

// waitFor blocks until a request of method arrives (counting from now), or the test ends.
func (n *testNode) waitFor(ctx context.Context, method string) {
	n.t.Helper()
	for {
		select {
		case m := <-n.seen:
			if m == method {
				return
			}
		case <-ctx.Done():
			n.t.Fatalf("no %s request came", method)
		}
	}
}
