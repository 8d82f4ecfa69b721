package bitcoind

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
)

// fakeNode answers JSON-RPC calls from a table of handlers, the way Bitcoin Core does:
// errors with HTTP 500 (404 for an unknown method) and a JSON body.
type fakeNode struct {
	t        *testing.T
	mu       sync.Mutex
	handlers map[string]func(params []json.RawMessage) (string, *RPCError)
	bodies   map[string][]string // raw request bodies by method
	paths    map[string]string   // URL path by method
	stop     chan struct{}       // closed when the test ends, to end slow handlers
}

// sleep stands for a slow node: it waits d, or until the test ends.
func (f *fakeNode) sleep(d time.Duration) {
	select {
	case <-time.After(d):
	case <-f.stop:
	}
}

func newFakeNode(t *testing.T) *fakeNode {
	return &fakeNode{
		t:        t,
		handlers: map[string]func([]json.RawMessage) (string, *RPCError){},
		bodies:   map[string][]string{},
		paths:    map[string]string{},
		stop:     make(chan struct{}),
	}
}

// on registers a handler that returns raw JSON for the result, or an RPC error.
func (f *fakeNode) on(method string, h func(params []json.RawMessage) (string, *RPCError)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.handlers[method] = h
}

// result registers a fixed raw JSON result.
func (f *fakeNode) result(method, raw string) {
	f.on(method, func([]json.RawMessage) (string, *RPCError) { return raw, nil })
}

func (f *fakeNode) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	user, pass, ok := r.BasicAuth()
	if !ok || user != "u" || pass != "p" {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	body, _ := io.ReadAll(r.Body)
	var req struct {
		ID     json.RawMessage   `json:"id"`
		Method string            `json:"method"`
		Params []json.RawMessage `json:"params"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		f.t.Errorf("bad request body %s", body)
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	f.bodies[req.Method] = append(f.bodies[req.Method], string(body))
	f.paths[req.Method] = r.URL.Path
	h := f.handlers[req.Method]
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if h == nil {
		w.WriteHeader(http.StatusNotFound)
		io.WriteString(w, `{"result":null,"error":{"code":-32601,"message":"Method not found"},"id":`+string(req.ID)+`}`)
		return
	}
	res, rpcErr := h(req.Params)
	if rpcErr != nil {
		w.WriteHeader(http.StatusInternalServerError)
		e, _ := json.Marshal(rpcErr)
		io.WriteString(w, `{"result":null,"error":`+string(e)+`,"id":`+string(req.ID)+`}`)
		return
	}
	io.WriteString(w, `{"result":`+res+`,"error":null,"id":`+string(req.ID)+`}`)
}

func (f *fakeNode) lastBody(method string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	b := f.bodies[method]
	if len(b) == 0 {
		return ""
	}
	return b[len(b)-1]
}

func startFake(t *testing.T, cfg Config) (*fakeNode, *Client) {
	t.Helper()
	f := newFakeNode(t)
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(f.stop) }) // runs first: slow handlers return, then the server closes
	cfg.URL = srv.URL
	if cfg.User == "" && cfg.CookieFile == "" {
		cfg.User, cfg.Password = "u", "p"
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return f, c
}

func TestNewValidates(t *testing.T) {
	tests := []struct {
		name string
		cfg  Config
	}{
		{"no URL", Config{User: "u"}},
		{"bad scheme", Config{URL: "tcp://127.0.0.1:1", User: "u"}},
		{"no credentials", Config{URL: "http://127.0.0.1:1"}},
		{"bad algorithm", Config{URL: "http://127.0.0.1:1", User: "u", Algorithm: "x11"}},
		{"bad decimals", Config{URL: "http://127.0.0.1:1", User: "u", Decimals: 30}},
	}
	for _, tt := range tests {
		if _, err := New(tt.cfg); err == nil {
			t.Errorf("%s: accepted", tt.name)
		}
	}
}

func TestRPCErrors(t *testing.T) {
	f, c := startFake(t, Config{Timeout: 200 * time.Millisecond})
	f.on("getblockheader", func([]json.RawMessage) (string, *RPCError) {
		return "", &RPCError{Code: -8, Message: "hash must be of length 64"}
	})
	f.on("getbestblockhash", func([]json.RawMessage) (string, *RPCError) {
		f.sleep(2 * time.Second)
		return `"00"`, nil
	})

	tests := []struct {
		name  string
		call  func(c *Client) error
		check func(err error) bool
		msg   string
	}{
		{
			name:  "rpc error",
			call:  func(c *Client) error { return c.Call(context.Background(), false, "getblockheader", nil, "00") },
			check: func(err error) bool { var e *RPCError; return errors.As(err, &e) && e.Code == -8 },
			msg:   "bitcoind: getblockheader: RPC error -8: hash must be of length 64",
		},
		{
			name:  "method not found",
			call:  func(c *Client) error { return c.Call(context.Background(), false, "nosuch", nil) },
			check: func(err error) bool { var e *RPCError; return errors.As(err, &e) && e.Code == CodeMethodNotFound },
			msg:   "Method not found",
		},
		{
			name: "bad credentials",
			call: func(c *Client) error {
				cfg := c.cfg
				cfg.Password = "wrong"
				bad, err := New(cfg)
				if err != nil {
					return err
				}
				return bad.Call(context.Background(), false, "getblockcount", nil)
			},
			check: func(err error) bool { return errors.Is(err, ErrBadCredentials) },
			msg:   "bitcoind: getblockcount: bad RPC credentials",
		},
		{
			name:  "timeout",
			call:  func(c *Client) error { return c.Call(context.Background(), false, "getbestblockhash", nil) },
			check: func(err error) bool { return errors.Is(err, context.DeadlineExceeded) },
			msg:   "getbestblockhash",
		},
		{
			name: "caller cancels",
			call: func(c *Client) error {
				ctx, cancel := context.WithCancel(context.Background())
				time.AfterFunc(50*time.Millisecond, cancel)
				return c.Call(ctx, false, "getbestblockhash", nil)
			},
			check: func(err error) bool { return errors.Is(err, context.Canceled) },
			msg:   "getbestblockhash",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			err := tt.call(c)
			if err == nil || !tt.check(err) {
				t.Fatalf("err = %v", err)
			}
			if !strings.Contains(err.Error(), tt.msg) {
				t.Fatalf("err = %q, want it to say %q", err, tt.msg)
			}
			if d := time.Since(start); d > time.Second {
				t.Fatalf("took %s", d)
			}
		})
	}
}

func TestHTTPErrorWithoutJSON(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusServiceUnavailable)
		io.WriteString(w, "Work queue depth exceeded")
	}))
	defer srv.Close()
	c, err := New(Config{URL: srv.URL, User: "u", Password: "p"})
	if err != nil {
		t.Fatal(err)
	}
	err = c.Call(context.Background(), false, "getblockcount", nil)
	if err == nil || !strings.Contains(err.Error(), "HTTP 503: Work queue depth exceeded") {
		t.Fatalf("err = %v", err)
	}
}

func TestJSONRPC2Response(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, `{"jsonrpc":"2.0","result":123,"id":1}`)
	}))
	defer srv.Close()
	c, _ := New(Config{URL: srv.URL, User: "u", Password: "p"})
	var n int
	if err := c.Call(context.Background(), false, "getblockcount", &n); err != nil || n != 123 {
		t.Fatalf("n=%d err=%v", n, err)
	}
}

func TestCookieFile(t *testing.T) {
	cookie := filepath.Join(t.TempDir(), ".cookie")
	if err := os.WriteFile(cookie, []byte("u:p\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	f, c := startFake(t, Config{CookieFile: cookie})
	f.result("getblockcount", "7")
	var n int
	if err := c.Call(context.Background(), false, "getblockcount", &n); err != nil || n != 7 {
		t.Fatalf("n=%d err=%v", n, err)
	}
	os.WriteFile(cookie, []byte("u:other"), 0o600)
	if err := c.Call(context.Background(), false, "getblockcount", &n); !errors.Is(err, ErrBadCredentials) {
		t.Fatalf("rewritten cookie: err = %v", err)
	}
}

func TestAmounts(t *testing.T) {
	tests := []struct {
		raw  string
		want int64
	}{
		{"0.00000001", 1},
		{"21000000", 2100000000000000},
		{"21000000.00000000", 2100000000000000},
		{"11599.99994470", 1159999994470},
		{"0.1", 10000000}, // 0.1 has no exact float; decimal parsing is exact
		{"0.29", 29000000},
	}
	for _, tt := range tests {
		f, c := startFake(t, Config{Wallet: "pool"})
		f.result("getbalance", tt.raw)
		got, err := c.Balance(context.Background())
		if err != nil || got != tt.want {
			t.Errorf("getbalance %s = %d, %v; want %d", tt.raw, got, err, tt.want)
		}
		if p := f.paths["getbalance"]; p != "/wallet/pool" {
			t.Errorf("wallet call went to %q", p)
		}
	}
	f, c := startFake(t, Config{})
	f.result("getbalance", "0.000000001")
	if _, err := c.Balance(context.Background()); err == nil {
		t.Error("a balance finer than a minor unit was accepted")
	}
}

func TestSend(t *testing.T) {
	f, c := startFake(t, Config{Wallet: "pool"})
	const txid = "f06ab478500af79ff20b65ad19f256b4a34de1c53218559180c7e8f59fc36dfe"
	f.result("sendtoaddress", `"`+txid+`"`)
	got, err := c.Send(context.Background(), "rltc1qxsz0n7865t4cunvkzg8xvhey2v6wn7xac25ffn", 1, "withdrawal 7")
	if err != nil || got.String() != txid {
		t.Fatalf("Send = %s, %v", got, err)
	}
	// The amount went as an exact JSON number.
	if body := f.lastBody("sendtoaddress"); !strings.Contains(body, `"params":["rltc1qxsz0n7865t4cunvkzg8xvhey2v6wn7xac25ffn",0.00000001,"withdrawal 7"]`) {
		t.Fatalf("request = %s", body)
	}
	if _, err := c.Send(context.Background(), "x", 0, ""); err == nil {
		t.Fatal("zero amount accepted")
	}
	f.on("sendtoaddress", func([]json.RawMessage) (string, *RPCError) {
		return "", &RPCError{Code: CodeInsufficientFunds, Message: "Insufficient funds"}
	})
	_, err = c.Send(context.Background(), "x", 100000000000, "")
	var rpcErr *RPCError
	if !errors.As(err, &rpcErr) || rpcErr.Code != CodeInsufficientFunds {
		t.Fatalf("err = %v", err)
	}
}

func TestTransaction(t *testing.T) {
	f, c := startFake(t, Config{})
	const txid = "f06ab478500af79ff20b65ad19f256b4a34de1c53218559180c7e8f59fc36dfe"
	const block = "522f26817d19c65bb28fd2098c92e0f1e173dfbe543b258274974c67e70f7b59"
	f.result("gettransaction", `{"amount":-1.00000000,"fee":-0.00005530,"confirmations":3,"blockhash":"`+block+`","time":1795322985,"txid":"`+txid+`"}`)
	h, _ := chain.ParseHash(txid)
	wt, err := c.Transaction(context.Background(), h)
	if err != nil {
		t.Fatal(err)
	}
	if wt.Amount != -100000000 || wt.Fee != 5530 || wt.Confirmations != 3 || wt.BlockHash.String() != block || wt.Time != 1795322985 {
		t.Fatalf("%+v", wt)
	}
	f.on("gettransaction", func([]json.RawMessage) (string, *RPCError) {
		return "", &RPCError{Code: -5, Message: "Invalid or non-wallet transaction id"}
	})
	if _, err := c.Transaction(context.Background(), h); !errors.Is(err, chain.ErrNotFound) {
		t.Fatalf("err = %v", err)
	}
}

// ltcTemplate is litecoind 0.21.2.1's regtest answer at the MWEB activation height (hex
// fields shortened).
const ltcTemplate = `{"capabilities":["proposal"],"version":536870912,"rules":["csv","!segwit","testdummy","taproot","mweb"],"vbavailable":{},"vbrequired":0,"previousblockhash":"522f26817d19c65bb28fd2098c92e0f1e173dfbe543b258274974c67e70f7b59","transactions":[{"data":"0200000000010100","txid":"f06ab478500af79ff20b65ad19f256b4a34de1c53218559180c7e8f59fc36dfe","hash":"d4df91200bbf1b3dd3dd555b0820115a5e78eca51ebe69df69f22cf7871a799d","depends":[],"fee":5530,"sigops":1,"weight":485},{"data":"0200000000080100","txid":"9f28719fcb0b55335e7f0da5f6cd82d728d13a517538069340dd1b74c480907c","hash":"9f28719fcb0b55335e7f0da5f6cd82d728d13a517538069340dd1b74c480907c","depends":[1],"fee":0,"sigops":0,"weight":376}],"coinbaseaux":{},"coinbasevalue":1250005530,"longpollid":"522f26817d19c65bb28fd2098c92e0f1e173dfbe543b258274974c67e70f7b59435","target":"7fffff0000000000000000000000000000000000000000000000000000000000","mintime":1795323046,"mutable":["time","transactions","prevblock"],"noncerange":"00000000ffffffff","sigoplimit":80000,"sizelimit":4000000,"weightlimit":4000000,"curtime":1795323047,"bits":"207fffff","height":432,"default_witness_commitment":"6a24aa21a9ed56f2cf8d835cabd5a1c35983088007c148b6259aae011b5bb186fd519381084a","mweb":"82305cfd6e920cbd"}`

func TestTemplate(t *testing.T) {
	f, c := startFake(t, Config{Algorithm: chain.Scrypt, Rules: []string{"mweb", "segwit"}})
	f.result("getblocktemplate", ltcTemplate)
	tmpl, err := c.Template(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if body := f.lastBody("getblocktemplate"); !strings.Contains(body, `"rules":["mweb","segwit"]`) {
		t.Fatalf("request = %s", body)
	}
	if tmpl.Height != 432 || tmpl.PrevHash.String() != "522f26817d19c65bb28fd2098c92e0f1e173dfbe543b258274974c67e70f7b59" ||
		tmpl.Version != 536870912 || tmpl.Bits != 0x207fffff || tmpl.CurTime != 1795323047 || tmpl.MinTime != 1795323046 ||
		tmpl.CoinbaseValue != 1250005530 || tmpl.Algorithm != chain.Scrypt {
		t.Fatalf("%+v", tmpl)
	}
	if tmpl.Target.Cmp(chain.CompactToTarget(0x207fffff)) != 0 {
		t.Fatalf("target %x", tmpl.Target)
	}
	if want := chain.TargetToDifficulty(tmpl.Target, chain.Scrypt); tmpl.Difficulty != want {
		t.Fatalf("difficulty %v, want %v", tmpl.Difficulty, want)
	}
	if len(tmpl.Transactions) != 2 || tmpl.Transactions[0].Fee != 5530 ||
		tmpl.Transactions[0].WTxID.String() != "d4df91200bbf1b3dd3dd555b0820115a5e78eca51ebe69df69f22cf7871a799d" ||
		hex.EncodeToString(tmpl.Transactions[1].Data) != "0200000000080100" {
		t.Fatalf("transactions %+v", tmpl.Transactions)
	}
	if hex.EncodeToString(tmpl.WitnessCommitment) != "6a24aa21a9ed56f2cf8d835cabd5a1c35983088007c148b6259aae011b5bb186fd519381084a" {
		t.Fatalf("commitment %x", tmpl.WitnessCommitment)
	}
	if hex.EncodeToString(tmpl.MWEB) != "82305cfd6e920cbd" {
		t.Fatalf("mweb %x", tmpl.MWEB)
	}
	if strings.Join(tmpl.Rules, ",") != "csv,!segwit,testdummy,taproot,mweb" {
		t.Fatalf("rules %v", tmpl.Rules)
	}

	// Before MWEB activates (or on Bitcoin) there is no "mweb" field.
	f.result("getblocktemplate", strings.Replace(ltcTemplate, `,"mweb":"82305cfd6e920cbd"`, "", 1))
	if tmpl, err = c.Template(context.Background()); err != nil || tmpl.MWEB != nil {
		t.Fatalf("MWEB = %x, err = %v", tmpl.MWEB, err)
	}
}

func TestSubmitBlock(t *testing.T) {
	tests := []struct {
		name   string
		result string
		rpcErr *RPCError
		reason string // "" = accepted
	}{
		{"accepted", "null", nil, ""},
		{"high hash", `"high-hash"`, nil, "high-hash"},
		{"duplicate", `"duplicate"`, nil, "duplicate"},
		{"decode failed", "", &RPCError{Code: CodeDeserialization, Message: "Block decode failed"}, "Block decode failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, c := startFake(t, Config{})
			f.on("submitblock", func(p []json.RawMessage) (string, *RPCError) {
				if string(p[0]) != `"00ff"` {
					t.Errorf("params %s", p[0])
				}
				return tt.result, tt.rpcErr
			})
			err := c.SubmitBlock(context.Background(), []byte{0x00, 0xff})
			if tt.reason == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			var re *chain.RejectedError
			if !errors.Is(err, chain.ErrBlockRejected) || !errors.As(err, &re) || re.Reason != tt.reason {
				t.Fatalf("err = %v", err)
			}
		})
	}
	// A node that cannot be reached is tried until the caller gives up; that is not a
	// rejection: the block's fate is unknown.
	c, _ := New(Config{URL: "http://127.0.0.1:1", User: "u"})
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	if err := c.SubmitBlock(ctx, []byte{1}); !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, chain.ErrBlockRejected) {
		t.Fatalf("err = %v", err)
	}
}

func TestWaitTemplatePolling(t *testing.T) {
	const prev = "522f26817d19c65bb28fd2098c92e0f1e173dfbe543b258274974c67e70f7b59"
	const next = "1111111111111111111111111111111111111111111111111111111111111111"
	for _, tc := range []struct {
		name   string
		cfg    Config
		broken bool // longpoll answers an error
	}{
		{"disabled longpoll", Config{DisableLongPoll: true, PollInterval: 20 * time.Millisecond}, false},
		{"longpoll fails", Config{PollInterval: 20 * time.Millisecond}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, c := startFake(t, tc.cfg)
			var polls atomic.Int32
			f.on("getbestblockhash", func([]json.RawMessage) (string, *RPCError) {
				if polls.Add(1) < 4 {
					return `"` + prev + `"`, nil
				}
				return `"` + next + `"`, nil
			})
			f.on("getblocktemplate", func(p []json.RawMessage) (string, *RPCError) {
				if strings.Contains(string(p[0]), "longpollid") {
					if !tc.broken {
						t.Error("longpolled with longpoll disabled")
					}
					return "", &RPCError{Code: -1, Message: "no longpoll here"}
				}
				if polls.Load() < 4 {
					t.Error("template asked for before the tip changed")
				}
				return strings.Replace(ltcTemplate, prev, next, 1), nil
			})
			h, _ := chain.ParseHash(prev)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			tmpl, err := c.WaitTemplate(ctx, h)
			if err != nil || tmpl.PrevHash.String() != next {
				t.Fatalf("template %v, err %v", tmpl, err)
			}
		})
	}
}

func TestWaitTemplateLongPoll(t *testing.T) {
	const prev = "522f26817d19c65bb28fd2098c92e0f1e173dfbe543b258274974c67e70f7b59"
	const next = "1111111111111111111111111111111111111111111111111111111111111111"
	f, c := startFake(t, Config{PollInterval: time.Hour})
	var ids []string
	var mu sync.Mutex
	f.on("getblocktemplate", func(p []json.RawMessage) (string, *RPCError) {
		var req struct {
			LongPollID string `json:"longpollid"`
		}
		json.Unmarshal(p[0], &req)
		mu.Lock()
		ids = append(ids, req.LongPollID)
		n := len(ids)
		mu.Unlock()
		switch {
		case req.LongPollID == "":
			return ltcTemplate, nil
		case n == 2:
			// The node's minute is up and the mempool changed: same tip, new id.
			time.Sleep(50 * time.Millisecond)
			return strings.Replace(ltcTemplate, prev+"435", prev+"436", 1), nil
		default:
			time.Sleep(50 * time.Millisecond)
			return strings.Replace(strings.Replace(ltcTemplate, prev+"435", next+"437", 1), prev, next, 1), nil
		}
	})
	tmpl, err := c.Template(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got, err := c.WaitTemplate(context.Background(), tmpl.PrevHash)
	if err != nil || got.PrevHash.String() != next {
		t.Fatalf("template %v, err %v", got, err)
	}
	mu.Lock()
	defer mu.Unlock()
	want := []string{"", prev + "435", prev + "436"}
	if strings.Join(ids, " ") != strings.Join(want, " ") {
		t.Fatalf("longpoll ids %q, want %q", ids, want)
	}

	// Cancelling the wait ends it at once.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	f.on("getblocktemplate", func([]json.RawMessage) (string, *RPCError) {
		f.sleep(time.Second)
		return ltcTemplate, nil
	})
	start := time.Now()
	if _, err := c.WaitTemplate(ctx, got.PrevHash); !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 900*time.Millisecond {
		t.Fatalf("err = %v after %s", err, time.Since(start))
	}
}

func TestNetwork(t *testing.T) {
	f, c := startFake(t, Config{Algorithm: chain.Scrypt, Rules: []string{"mweb", "segwit"}})
	f.result("getmininginfo", `{"blocks":431,"difficulty":4.656542373906925e-10,"networkhashps":12.5,"chain":"regtest"}`)
	f.result("getblocktemplate", ltcTemplate)
	info, err := c.Network(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := chain.NetworkInfo{
		Difficulty:  chain.TargetToDifficulty(chain.CompactToTarget(0x207fffff), chain.Scrypt),
		HashRate:    12.5,
		Height:      431,
		BlockReward: 1250000000,
	}
	if info != want {
		t.Fatalf("info = %+v, want %+v", info, want)
	}

	// Without a template (no peers), the tip's figures.
	f.on("getblocktemplate", func([]json.RawMessage) (string, *RPCError) {
		return "", &RPCError{Code: CodeNotConnected, Message: "Litecoin Core is not connected!"}
	})
	f.result("getbestblockhash", `"522f26817d19c65bb28fd2098c92e0f1e173dfbe543b258274974c67e70f7b59"`)
	f.result("getblockheader", `{"height":431,"bits":"1e0ffff0","confirmations":1}`)
	f.on("getblockstats", func(p []json.RawMessage) (string, *RPCError) {
		if string(p[0]) != "431" {
			t.Errorf("getblockstats %s", p[0])
		}
		return `{"subsidy":1250000000}`, nil
	})
	info, err = c.Network(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if info.Difficulty != 16 || info.BlockReward != 1250000000 || info.Height != 431 {
		t.Fatalf("fallback info = %+v", info)
	}
}

func TestBlock(t *testing.T) {
	f, c := startFake(t, Config{})
	// A block whose coinbase pays 50 and 0 (a witness commitment).
	tmpl := &chain.Template{Height: 200, CoinbaseValue: 5000000000, WitnessCommitment: []byte{0x6a, 0x01, 0x00}}
	coinb1, coinb2, err := chain.CoinbaseParts(tmpl, []byte{0x51}, 4, "")
	if err != nil {
		t.Fatal(err)
	}
	block, err := chain.AssembleBlock(tmpl, make([]byte, 80), append(append(coinb1, 1, 2, 3, 4), coinb2...))
	if err != nil {
		t.Fatal(err)
	}
	f.result("getblockheader", `{"confirmations":-1,"height":200,"time":1700000000}`)
	f.on("getblock", func(p []json.RawMessage) (string, *RPCError) {
		if string(p[1]) != "0" {
			t.Errorf("verbosity %s", p[1])
		}
		return `"` + hex.EncodeToString(block) + `"`, nil
	})
	h := chain.DoubleSHA256(block[:80])
	info, err := c.Block(context.Background(), h)
	if err != nil {
		t.Fatal(err)
	}
	if info != (chain.BlockInfo{Hash: h, Height: 200, Confirmations: -1, Time: 1700000000, CoinbaseValue: 5000000000}) {
		t.Fatalf("%+v", info)
	}
	f.on("getblockheader", func([]json.RawMessage) (string, *RPCError) {
		return "", &RPCError{Code: -5, Message: "Block not found"}
	})
	if _, err := c.Block(context.Background(), h); !errors.Is(err, chain.ErrNotFound) {
		t.Fatalf("err = %v", err)
	}
}

func TestValidateAddress(t *testing.T) {
	f, c := startFake(t, Config{})
	f.on("validateaddress", func(p []json.RawMessage) (string, *RPCError) {
		switch string(p[0]) {
		case `"good"`:
			return `{"isvalid":true,"scriptPubKey":"00143404f9f8faa2eb8e4d96120e665f245334e9f8dd"}`, nil
		case `"mweb"`:
			return `{"isvalid":true,"scriptPubKey":"","ismweb":true}`, nil
		default:
			return `{"isvalid":false}`, nil
		}
	})
	tests := []struct {
		addr   string
		valid  bool
		script string
	}{
		{"good", true, "00143404f9f8faa2eb8e4d96120e665f245334e9f8dd"},
		{"mweb", true, ""},
		{"garbage", false, ""},
	}
	for _, tt := range tests {
		a, err := c.ValidateAddress(context.Background(), tt.addr)
		if err != nil || a.Valid != tt.valid || hex.EncodeToString(a.Script) != tt.script {
			t.Errorf("%s: %+v, %v", tt.addr, a, err)
		}
	}
}

// WalletSends takes the "send" entries of listsinceblock, those of blocks a
// reorganisation removed too, each txid once, and asks from the genesis block when given
// no block.
func TestWalletSends(t *testing.T) {
	f, c := startFake(t, Config{Wallet: "pool"})
	const a, b, r, last = "aa00000000000000000000000000000000000000000000000000000000000001",
		"bb00000000000000000000000000000000000000000000000000000000000002",
		"cc00000000000000000000000000000000000000000000000000000000000003",
		"dd00000000000000000000000000000000000000000000000000000000000004"
	f.result("listsinceblock", `{"transactions":[
		{"category":"send","txid":"`+a+`"},{"category":"send","txid":"`+a+`"},
		{"category":"receive","txid":"`+a+`"},{"category":"generate","txid":"`+r+`"},
		{"category":"receive","txid":"`+b+`"}],
		"removed":[{"category":"send","txid":"`+b+`"}],"lastblock":"`+last+`"}`)
	sends, next, err := c.WalletSends(context.Background(), chain.Hash{})
	if err != nil || len(sends) != 2 || sends[0].String() != a || sends[1].String() != b || next.String() != last {
		t.Fatalf("WalletSends = %v, %s, %v", sends, next, err)
	}
	if body := f.lastBody("listsinceblock"); !strings.Contains(body, `"params":["",6,false,true]`) {
		t.Fatalf("request = %s", body)
	}
	from, _ := chain.ParseHash(last)
	if _, _, err := c.WalletSends(context.Background(), from); err != nil {
		t.Fatal(err)
	}
	if body := f.lastBody("listsinceblock"); !strings.Contains(body, `"params":["`+last+`",6,false,true]`) {
		t.Fatalf("request = %s", body)
	}
	if p := f.paths["listsinceblock"]; p != "/wallet/pool" {
		t.Errorf("wallet call went to %q", p)
	}
}
