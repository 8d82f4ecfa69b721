package stratum

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"strings"
	"testing"
	"time"
)

// ironFishTestAddress is a public address of the right form (the dialect checks form only).
var ironFishTestAddress = strings.Repeat("ab", 32)

// headerJob is a job of header work: n distinct bytes of header.
func headerJob(id string, clean bool, n int, seed byte) *Job {
	h := make([]byte, n)
	for i := range h {
		h[i] = seed + byte(i)
	}
	return &Job{ID: id, Header: h, CleanJobs: clean, CreatedAt: time.Now()}
}

// fishMsg is any IronFish line from the pool.
type fishMsg struct {
	ID     *int            `json:"id"`
	Method string          `json:"method"`
	Body   json.RawMessage `json:"body"`
	Error  *struct {
		ID      int    `json:"id"`
		Message string `json:"message"`
	} `json:"error"`
}

// fishWire speaks the IronFish dialect from the miner's side.
type fishWire struct {
	*wire
}

func dialFish(t *testing.T, addr string) *fishWire { return &fishWire{dialWire(t, addr)} }

func (w *fishWire) sendMsg(method string, body any) int {
	w.t.Helper()
	id := w.nextID
	w.nextID++
	b, err := json.Marshal(map[string]any{"id": id, "method": method, "body": body})
	if err != nil {
		w.t.Fatal(err)
	}
	w.send(string(b))
	return id
}

func (w *fishWire) readMsg() fishMsg {
	w.t.Helper()
	w.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	line, err := w.r.ReadBytes('\n')
	if err != nil {
		w.t.Fatalf("read: %v", err)
	}
	var m fishMsg
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil || m.ID == nil {
		w.t.Fatalf("line %q: %v (every line must carry a numeric id)", line, err)
	}
	return m
}

// expect reads the next line, which must be method, and decodes its body into v.
func (w *fishWire) expect(method string, v any) {
	w.t.Helper()
	m := w.readMsg()
	if m.Method != method {
		w.t.Fatalf("got %s (error %+v, body %s), want %s", m.Method, m.Error, m.Body, method)
	}
	if v != nil {
		if err := json.Unmarshal(m.Body, v); err != nil {
			w.t.Fatalf("%s body %s: %v", method, m.Body, err)
		}
	}
}

type fishSubscribed struct {
	ClientID uint64 `json:"clientId"`
	XN       string `json:"xn"`
}

type fishNotify struct {
	MiningRequestID int    `json:"miningRequestId"`
	Header          string `json:"header"`
}

type fishSubmitted struct {
	ID      int    `json:"id"`
	Result  bool   `json:"result"`
	Message string `json:"message"`
}

// subscribe does the IronFish handshake and returns xn, the share target and the first job.
func (w *fishWire) subscribe(name string) (xn string, target string, job fishNotify) {
	w.t.Helper()
	w.sendMsg("mining.subscribe", map[string]any{"version": 3, "name": name, "publicAddress": ironFishTestAddress, "agent": "test/1"})
	var sub fishSubscribed
	w.expect("mining.subscribed", &sub)
	var st struct{ Target string }
	w.expect("mining.set_target", &st)
	w.expect("mining.notify", &job)
	return sub.XN, st.Target, job
}

func (w *fishWire) submit(reqID int, randomness string) fishSubmitted {
	w.t.Helper()
	id := w.sendMsg("mining.submit", map[string]any{"miningRequestId": reqID, "randomness": randomness})
	var r fishSubmitted
	w.expect("mining.submitted", &r)
	if r.ID != id {
		w.t.Fatalf("mining.submitted answers %d, want %d", r.ID, id)
	}
	return r
}

func TestIronFishDialectHandshakeShareAndRefusals(t *testing.T) {
	srv := startServer(t, Config{Dialect: DialectIronFish, InitialDifficulty: 4, MaxDifficulty: 1e6}, nil)
	job := headerJob("j1", true, IronFishHeaderBytes, 1)
	srv.Broadcast(job)
	w := dialFish(t, srv.addr)
	xn, target, n := w.subscribe("acct.rig1")
	if len(xn) != 4 {
		t.Fatalf("xn %q: want the 2-byte extranonce1 in hex", xn)
	}
	if want := IronFishShareTarget(4); target != hex.EncodeToString(want[:]) {
		t.Fatalf("target %s, want %x", target, want)
	}
	if n.Header != hex.EncodeToString(job.Header) {
		t.Fatalf("notify header %s, want the job's", n.Header)
	}

	randomness := xn + "00000000abcd"
	if r := w.submit(n.MiningRequestID, randomness); !r.Result {
		t.Fatalf("share refused: %+v", r)
	}
	sh := srv.h.lastShare(t)
	want, _ := new(big.Int).SetString(randomness, 16)
	if sh.Job != job || sh.HeaderNonce != want.Uint64() || sh.Worker != "acct.rig1" || sh.Difficulty != 4 {
		t.Fatalf("handler got %+v", sh)
	}
	for _, c := range []struct {
		name, randomness string
		reqID            int
		message          string
	}{
		{"the same share again", randomness, n.MiningRequestID, ErrDuplicate.Message},
		{"another connection's nonce space", "ffff00000000abcd", n.MiningRequestID, "extranonce"},
		{"randomness of 7 bytes", xn + "0000000001", n.MiningRequestID, "16 hex digits"},
		{"a job never sent", xn + "000000000001", n.MiningRequestID + 7, ErrStale.Message},
	} {
		r := w.submit(c.reqID, c.randomness)
		if r.Result || !strings.Contains(r.Message, c.message) {
			t.Errorf("%s: %+v, want refused with %q", c.name, r, c.message)
		}
	}

	// The same header refreshed under a new id is the same work: the share is a duplicate.
	refresh := &Job{ID: "j2", Header: job.Header, CreatedAt: time.Now()}
	srv.Broadcast(refresh)
	var n2 fishNotify
	w.expect("mining.notify", &n2)
	if n2.MiningRequestID == n.MiningRequestID {
		t.Fatalf("refresh went out under the same id %d", n2.MiningRequestID)
	}
	if r := w.submit(n2.MiningRequestID, randomness); r.Result || r.Message != ErrDuplicate.Message {
		t.Fatalf("same solution under a refreshed job: %+v, want duplicate", r)
	}

	// mining.get_status is answered with the pool's figures.
	w.sendMsg("mining.get_status", map[string]any{"publicAddress": ironFishTestAddress})
	var st struct {
		Name    string `json:"name"`
		Miners  int    `json:"miners"`
		Clients int    `json:"clients"`
	}
	w.expect("mining.status", &st)
	if st.Name != "uniplus" || st.Miners != 1 || st.Clients != 1 {
		t.Fatalf("status %+v", st)
	}
}

func TestIronFishDialectDifficultyChangeResendsWork(t *testing.T) {
	srv := startServer(t, Config{Dialect: DialectIronFish, InitialDifficulty: 4, MaxDifficulty: 1e6}, nil)
	srv.Broadcast(headerJob("j1", true, IronFishHeaderBytes, 1))
	w := dialFish(t, srv.addr)
	xn, _, n1 := w.subscribe("acct.rig1")
	var ss *session
	eventually(t, time.Second, "the session", func() bool {
		l := srv.liveSessions()
		if len(l) == 1 {
			ss = l[0]
		}
		return ss != nil
	})
	ss.mu.Lock()
	ss.setDifficultyLocked(64)
	ss.mu.Unlock()
	var st struct{ Target string }
	w.expect("mining.set_target", &st)
	if want := IronFishShareTarget(64); st.Target != hex.EncodeToString(want[:]) {
		t.Fatalf("target %s, want %x", st.Target, want)
	}
	var n2 fishNotify
	w.expect("mining.notify", &n2)
	if n2.MiningRequestID == n1.MiningRequestID || n2.Header != n1.Header {
		t.Fatalf("after the change: %+v, want the same header under a new id", n2)
	}
	// A share of the old id was worked at the old difficulty and keeps it.
	w.submit(n1.MiningRequestID, xn+"000000000001")
	if d := srv.h.lastShare(t).Difficulty; d != 4 {
		t.Fatalf("old id's share at difficulty %g, want 4", d)
	}
	w.submit(n2.MiningRequestID, xn+"000000000002")
	if d := srv.h.lastShare(t).Difficulty; d != 64 {
		t.Fatalf("new id's share at difficulty %g, want 64", d)
	}
}

func TestIronFishDialectRefusesOtherVersionsAndNamelessMiners(t *testing.T) {
	srv := startServer(t, Config{Dialect: DialectIronFish}, nil)
	w := dialFish(t, srv.addr)
	id := w.sendMsg("mining.subscribe", map[string]any{"version": 2, "name": "acct.rig1", "publicAddress": ironFishTestAddress})
	if m := w.readMsg(); m.Error == nil || m.Error.ID != id {
		t.Fatalf("version 2: %+v, want an error answering %d", m, id)
	}
	var d struct {
		Reason          string `json:"reason"`
		VersionExpected int    `json:"versionExpected"`
	}
	w.expect("mining.disconnect", &d)
	if d.Reason != "bad_version" || d.VersionExpected != 3 {
		t.Fatalf("disconnect %+v", d)
	}
	w.expectClosed(3 * time.Second)

	w = dialFish(t, srv.addr)
	w.sendMsg("mining.subscribe", map[string]any{"version": 3, "publicAddress": ironFishTestAddress})
	if m := w.readMsg(); m.Error == nil || !strings.Contains(m.Error.Message, "subaccount.rig") {
		t.Fatalf("no name: %+v, want an error saying how to name the miner", m)
	}
	w.sendMsg("mining.subscribe", map[string]any{"version": 3, "name": "acct.rig1", "publicAddress": "not-an-address"})
	if m := w.readMsg(); m.Error == nil || !strings.Contains(m.Error.Message, "publicAddress") {
		t.Fatalf("bad address: %+v", m)
	}
	// Shares before the handshake are refused, not judged.
	id = w.sendMsg("mining.submit", map[string]any{"miningRequestId": 1, "randomness": "0000000000000001"})
	var r fishSubmitted
	w.expect("mining.submitted", &r)
	if r.Result || r.ID != id {
		t.Fatalf("share before subscribe: %+v", r)
	}
	if n := len(srv.h.shares); n != 0 {
		t.Fatalf("%d shares reached the handler", n)
	}
}

func TestIronFishDialectWaitsForWorkWithoutAJob(t *testing.T) {
	srv := startServer(t, Config{Dialect: DialectIronFish}, nil)
	w := dialFish(t, srv.addr)
	w.sendMsg("mining.subscribe", map[string]any{"version": 3, "name": "acct.rig1", "publicAddress": ironFishTestAddress})
	w.expect("mining.subscribed", nil)
	w.expect("mining.set_target", nil)
	w.expect("mining.wait_for_work", nil)
	srv.Broadcast(headerJob("j1", true, IronFishHeaderBytes, 9))
	var n fishNotify
	w.expect("mining.notify", &n)
	if n.MiningRequestID < 1 {
		t.Fatalf("notify %+v", n)
	}
}

func TestIronFishDialectClosesOnJunk(t *testing.T) {
	srv := startServer(t, Config{Dialect: DialectIronFish, MaxJunkLines: 3}, nil)
	w := dialFish(t, srv.addr)
	for i := 0; i < 3; i++ {
		w.send(`{"id":"x","method":"mining.subscribe","body":{}}`) // ids are numbers
	}
	w.expectClosed(3 * time.Second)
}

// kaspaWire reads Kaspa lines keeping big numbers exact.
func readKaspa(t *testing.T, w *wire) map[string]any {
	t.Helper()
	w.c.SetReadDeadline(time.Now().Add(5 * time.Second))
	line, err := w.r.ReadBytes('\n')
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	return m
}

func kaspaHandshake(t *testing.T, w *wire, agent, worker string) (en1 string, notify []any) {
	t.Helper()
	w.send(`{"id":1,"method":"mining.subscribe","params":["` + agent + `","EthereumStratum/1.0.0"]}`)
	if m := readKaspa(t, w); fmt.Sprint(m["result"]) != "[true EthereumStratum/1.0.0]" {
		t.Fatalf("subscribe answer %v", m)
	}
	w.send(`{"id":2,"method":"mining.authorize","params":["` + worker + `","x"]}`)
	if m := readKaspa(t, w); m["result"] != true {
		t.Fatalf("authorize answer %v", m)
	}
	ext := readKaspa(t, w)
	if ext["method"] != "mining.set_extranonce" {
		t.Fatalf("got %v, want mining.set_extranonce", ext)
	}
	p := ext["params"].([]any)
	if left := p[1].(json.Number).String(); left != "6" {
		t.Fatalf("set_extranonce %v: want 6 bytes left to the miner", p)
	}
	if d := readKaspa(t, w); d["method"] != "mining.set_difficulty" {
		t.Fatalf("got %v, want mining.set_difficulty", d)
	}
	n := readKaspa(t, w)
	if n["method"] != "mining.notify" {
		t.Fatalf("got %v, want mining.notify", n)
	}
	return p[0].(string), n["params"].([]any)
}

func TestKaspaDialectNotifyForms(t *testing.T) {
	srv := startServer(t, Config{Dialect: DialectKaspa}, nil)
	job := headerJob("j1", true, KaspaWorkBytes, 0xf0) // words above 2^53
	srv.Broadcast(job)

	_, p := kaspaHandshake(t, dialWire(t, srv.addr), "lolMiner 1.88", "acct.rig1")
	words, ok := p[1].([]any)
	if len(p) != 3 || !ok || len(words) != 4 {
		t.Fatalf("notify params %v: want [job, [4 words], timestamp]", p)
	}
	for i, w := range words {
		if got, want := w.(json.Number).String(), fmt.Sprint(binary.LittleEndian.Uint64(job.Header[8*i:])); got != want {
			t.Errorf("word %d is %s, want %s (exact, little-endian)", i, got, want)
		}
	}
	if got, want := p[2].(json.Number).String(), fmt.Sprint(binary.LittleEndian.Uint64(job.Header[32:])); got != want {
		t.Errorf("timestamp %s, want %s", got, want)
	}

	for _, agent := range []string{"BzMiner-v21.1.0", "IceRiverMiner-v1.1"} {
		_, p := kaspaHandshake(t, dialWire(t, srv.addr), agent, "acct.rig2")
		if len(p) != 2 || p[1] != hex.EncodeToString(job.Header) {
			t.Errorf("%s: notify params %v, want [job, the 80-digit big job]", agent, p)
		}
	}
}

func TestKaspaDialectShares(t *testing.T) {
	srv := startServer(t, Config{Dialect: DialectKaspa}, nil)
	job := headerJob("j1", true, KaspaWorkBytes, 3)
	srv.Broadcast(job)
	w := dialWire(t, srv.addr)
	en1, p := kaspaHandshake(t, w, "lolMiner 1.88", "acct.rig1")
	jobID := p[0].(string)
	submit := func(id int, worker, job, nonce string) map[string]any {
		w.send(fmt.Sprintf(`{"id":%d,"method":"mining.submit","params":["%s","%s","%s"]}`, id, worker, job, nonce))
		return readKaspa(t, w)
	}
	if m := submit(3, "acct.rig1", jobID, "0x"+en1+"000000000042"); m["result"] != true {
		t.Fatalf("full nonce: %v", m)
	}
	want, _ := new(big.Int).SetString(en1+"000000000042", 16)
	if sh := srv.h.lastShare(t); sh.HeaderNonce != want.Uint64() || sh.Job != job {
		t.Fatalf("handler got %+v", sh)
	}
	// Only the miner's part: extranonce1 goes in front.
	if m := submit(4, "acct.rig1", jobID, "43"); m["result"] != true {
		t.Fatalf("partial nonce: %v", m)
	}
	want, _ = new(big.Int).SetString(en1+"000000000043", 16)
	if sh := srv.h.lastShare(t); sh.HeaderNonce != want.Uint64() {
		t.Fatalf("partial nonce became %x, want %x", sh.HeaderNonce, want)
	}
	codeOf := func(m map[string]any) string {
		e, _ := m["error"].([]any)
		if len(e) == 0 {
			return "none"
		}
		return e[0].(json.Number).String()
	}
	for _, c := range []struct {
		name, worker, job, nonce, code string
	}{
		{"duplicate", "acct.rig1", jobID, en1 + "000000000043", "22"},
		{"stale", "acct.rig1", "999", en1 + "000000000044", "21"},
		{"another worker", "acct.other", jobID, en1 + "000000000045", "24"},
		{"outside the extranonce", "acct.rig1", jobID, "ffff000000000046", "20"},
		{"not hex", "acct.rig1", jobID, "zz", "20"},
	} {
		if m := submit(5, c.worker, c.job, c.nonce); codeOf(m) != c.code {
			t.Errorf("%s: %v, want error %s", c.name, m, c.code)
		}
	}
}

func TestHeaderDialectConfig(t *testing.T) {
	if _, err := NewServer(Config{Dialect: "monero"}, &fakeHandler{}); err == nil {
		t.Error("an unknown dialect was accepted")
	}
	if _, err := NewServer(Config{Dialect: DialectKaspa, Extranonce1Size: 7}, &fakeHandler{}); err == nil {
		t.Error("a 7-byte extranonce1 left a Kaspa miner one byte and was accepted")
	}
	s, err := NewServer(Config{Dialect: DialectIronFish}, &fakeHandler{})
	if err != nil {
		t.Fatal(err)
	}
	if s.cfg.Extranonce1Size != 2 {
		t.Errorf("IronFish extranonce1 default %d, want 2", s.cfg.Extranonce1Size)
	}
	_ = context.Background
}

func TestIronFishShareTarget(t *testing.T) {
	// Difficulty 1 is 2^32 hashes: target 2^224; 2^k is 2^(224-k) exactly.
	for _, k := range []int{-32, -10, 0, 1, 8, 32, 100, 200} {
		got := IronFishShareTarget(math.Ldexp(1, k))
		want := new(big.Int).Lsh(big.NewInt(1), uint(224-k))
		if new(big.Int).SetBytes(got[:]).Cmp(want) != 0 && !(k == -32 && hex.EncodeToString(got[:]) == strings.Repeat("ff", 32)) {
			t.Errorf("difficulty 2^%d: target %x, want 2^%d", k, got, 224-k)
		}
	}
	for _, d := range []float64{0, -1, math.NaN(), 1e-30} {
		if got := IronFishShareTarget(d); hex.EncodeToString(got[:]) != strings.Repeat("ff", 32) {
			t.Errorf("difficulty %g: target %x, want the largest", d, got)
		}
	}
	if got := IronFishShareTarget(math.Inf(1)); got != [32]byte{} {
		t.Errorf("infinite difficulty: target %x, want 0", got)
	}
}
