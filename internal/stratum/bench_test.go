package stratum

import (
	"bufio"
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// submitLine is a cgminer mining.submit; benchmarks vary its nonce with setNonce.
const submitLine = `{"params": ["acct.rig1", "6a1f", "00000000", "65a1b2c3", "00000000"], "id": 42, "method": "mining.submit"}`

func setNonce(line []byte, n uint32) {
	at := bytes.LastIndex(line, []byte(`"], "id"`)) - 8
	appendHex32(line[at:at], n)
}

// BenchmarkParseSubmit is the codec cost of one share: parse the line, read its
// parameters, encode the reply.
func BenchmarkParseSubmit(b *testing.B) {
	line := append([]byte(nil), submitLine...)
	out := make([]byte, 0, 128)
	b.ReportAllocs()
	var n uint32
	for b.Loop() {
		n++
		setNonce(line, n)
		r, err := parseRequest(line)
		if err != nil {
			b.Fatal(err)
		}
		for i := range 5 {
			if _, ok := r.paramString(i); !ok {
				b.Fatal("param", i)
			}
		}
		nonce, _ := r.paramString(4)
		if v, ok := parseHex32(nonce); !ok || v != n {
			b.Fatal("nonce", nonce)
		}
		out = appendResult(out[:0], r.ID, []byte("true"))
	}
}

// BenchmarkSubmitChecks adds the protocol checks of one share (job lookup, ntime,
// duplicate set) to the codec, without the network.
func BenchmarkSubmitChecks(b *testing.B) {
	srv, err := NewServer(Config{Logger: quietLogger()}, nopHandler{})
	if err != nil {
		b.Fatal(err)
	}
	j := testJob("6a1f", true, 0x65a1b2c3)
	srv.now = func() time.Time { return time.Unix(0x65a1b2c3, 0) }
	srv.Broadcast(j)
	client, server := net.Pipe()
	defer client.Close()
	ss := newSession(srv, server, 1, "pipe", "pipe", []byte{0, 0, 0, 1}, srv.now())
	ss.subscribed = true
	ss.worker = "acct.rig1"
	ss.sent = []sentJob{{j.ID, j, 1, srv.book.Load().prints[j].work}}
	line := append([]byte(nil), submitLine...)
	out := make([]byte, 0, 128)
	b.ReportAllocs()
	var n uint32
	for b.Loop() {
		n++
		if n%maxSeenShares == 0 {
			ss.seen = nil // as a new job would, before the connection's bound
		}
		setNonce(line, n)
		r, err := parseRequest(line)
		if err != nil {
			b.Fatal(err)
		}
		if _, _, e := ss.checkShare(r, srv.now()); e != nil {
			b.Fatal(e)
		}
		out = appendResult(out[:0], r.ID, []byte("true"))
	}
}

type nopHandler struct{}

func (nopHandler) Authorize(context.Context, *SessionInfo, string, string) error { return nil }
func (nopHandler) Submit(context.Context, *SessionInfo, Share) SubmitResult {
	return SubmitResult{Accepted: true}
}
func (nopHandler) Disconnected(*SessionInfo) {}

// BenchmarkLoopbackSubmit is shares per second through a real Server over loopback TCP,
// with a Handler that accepts everything: the ceiling the protocol layer puts on one
// stratum process. Each parallel worker is one miner waiting for every reply, as miners do.
func BenchmarkLoopbackSubmit(b *testing.B) {
	srv, err := NewServer(Config{Logger: quietLogger(), InvalidShareLimit: -1}, nopHandler{})
	if err != nil {
		b.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close(context.Background())
	j := testJob("6a1f", true, uint32(time.Now().Unix()))
	srv.Broadcast(j)

	var miners atomic.Uint32
	b.SetParallelism(4)
	b.ReportAllocs()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		ctx := context.Background()
		connect := func() *Client {
			c, err := Dial(ctx, ln.Addr().String(), ClientOptions{})
			if err != nil {
				b.Error(err)
				return nil
			}
			if _, _, err := c.Subscribe(ctx); err != nil {
				b.Error(err)
				return nil
			}
			if err := c.Authorize(ctx, "acct.bench", "x"); err != nil {
				b.Error(err)
				return nil
			}
			return c
		}
		c := connect()
		if c == nil {
			return
		}
		defer func() { c.Close() }()
		en2 := binary.BigEndian.AppendUint32(nil, miners.Add(1))
		var nonce uint32
		for pb.Next() {
			// A connection remembers at most maxSeenShares shares of a job; past that a
			// share is answered stale, so a miner dials again below it.
			if nonce > 0 && nonce%8000 == 0 {
				c.Close()
				if c = connect(); c == nil {
					return
				}
			}
			nonce++
			if err := c.Submit(ctx, "acct.bench", j.ID, en2, j.NTime, nonce, 0); err != nil {
				b.Error(err)
				return
			}
		}
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "shares/s")
}

// BenchmarkSubmitChecksHeaderDialects is BenchmarkSubmitChecks for the IronFish and Kaspa
// dialects: parse the share's line, run the protocol checks (job, extranonce, duplicate
// set) and encode the answer, without the network and without the proof of work (the
// Handler's).
func BenchmarkSubmitChecksHeaderDialects(b *testing.B) {
	for _, c := range []struct {
		dialect Dialect
		line    string
		size    int
	}{
		{DialectIronFish, `{"id":42,"method":"mining.submit","body":{"miningRequestId":1,"randomness":"00010000%08x"}}`, IronFishHeaderBytes},
		{DialectKaspa, `{"id":42,"method":"mining.submit","params":["acct.rig1","1","0x00010000%08x"]}`, KaspaWorkBytes},
	} {
		b.Run(c.dialect.String(), func(b *testing.B) {
			srv, err := NewServer(Config{Logger: quietLogger(), Dialect: c.dialect}, nopHandler{})
			if err != nil {
				b.Fatal(err)
			}
			j := headerJob("j", true, c.size, 1)
			srv.Broadcast(j)
			client, server := net.Pipe()
			defer client.Close()
			ss := newSession(srv, server, 1, "pipe", "pipe", []byte{0, 1}, srv.now())
			ss.subscribed = true
			ss.worker = "acct.rig1"
			ss.sent = []sentJob{{"1", j, 1, srv.book.Load().prints[j].work}}
			var params [6]json.RawMessage
			out := make([]byte, 0, 128)
			line := []byte(fmt.Sprintf(c.line, 0))
			at := bytes.Index(line, []byte("00000000"))
			b.ReportAllocs()
			var n uint32
			for b.Loop() {
				n++
				if n%maxSeenShares == 0 {
					ss.seen = nil
				}
				appendHex32(line[at:at], n)
				var r request
				if c.dialect == DialectIronFish {
					r, err = parseIronFish(line, params[:])
				} else {
					r, err = parseRequestInto(line, params[:])
				}
				if err != nil {
					b.Fatal(err)
				}
				if _, _, e := ss.checkHeaderShare(r, srv.now()); e != nil {
					b.Fatal(e)
				}
				if c.dialect == DialectIronFish {
					out = appendIronFishSubmitted(out[:0], 1, r.ID, nil)
				} else {
					out = appendResult(out[:0], r.ID, []byte("true"))
				}
			}
		})
	}
}

// BenchmarkLoopbackSubmitHeaderDialects is BenchmarkLoopbackSubmit for the IronFish and
// Kaspa dialects: the same Server, Handler and four miners each waiting for every reply,
// speaking each dialect's own lines, so the three figures compare the dialects'
// protocol cost on the wire. A miner dials again every 8,000 shares, below the shares one
// connection remembers of a job (maxSeenShares), so that every share is accepted.
func BenchmarkLoopbackSubmitHeaderDialects(b *testing.B) {
	type miner struct {
		c     net.Conn
		r     *bufio.Reader
		xn    string // extranonce1 in hex
		job   string // the job id on the wire
		count int
	}
	readLine := func(m *miner) []byte {
		m.c.SetReadDeadline(time.Now().Add(10 * time.Second))
		line, err := m.r.ReadBytes('\n')
		if err != nil {
			b.Fatal(err)
		}
		return line
	}
	// until reads lines until one holds want, and returns it.
	until := func(m *miner, want string) []byte {
		for {
			if line := readLine(m); bytes.Contains(line, []byte(want)) {
				return line
			}
		}
	}
	for _, c := range []struct {
		dialect Dialect
		size    int
		dial    func(m *miner, worker string)
		submit  func(m *miner, id int, nonce uint32) []byte
		ok      []byte
	}{
		{DialectIronFish, IronFishHeaderBytes,
			func(m *miner, worker string) {
				fmt.Fprintf(m.c, `{"id":1,"method":"mining.subscribe","body":{"version":3,"name":%q,"publicAddress":%q,"agent":"bench"}}`+"\n", worker, strings.Repeat("ab", 32))
				var sub struct{ Body struct{ XN string } }
				_ = json.Unmarshal(until(m, `"mining.subscribed"`), &sub)
				var n struct {
					Body struct{ MiningRequestID int }
				}
				_ = json.Unmarshal(until(m, `"mining.notify"`), &n)
				m.xn, m.job = sub.Body.XN, fmt.Sprint(n.Body.MiningRequestID)
			},
			func(m *miner, id int, nonce uint32) []byte {
				return fmt.Appendf(nil, `{"id":%d,"method":"mining.submit","body":{"miningRequestId":%s,"randomness":"%s0000%08x"}}`+"\n", id, m.job, m.xn, nonce)
			},
			[]byte(`"result":true`)},
		{DialectKaspa, KaspaWorkBytes,
			func(m *miner, worker string) {
				fmt.Fprintf(m.c, `{"id":1,"method":"mining.subscribe","params":["lolMiner 1.88","EthereumStratum/1.0.0"]}`+"\n"+
					`{"id":2,"method":"mining.authorize","params":[%q,"x"]}`+"\n", worker)
				var ext struct{ Params []any }
				_ = json.Unmarshal(until(m, `"mining.set_extranonce"`), &ext)
				var n struct{ Params []any }
				_ = json.Unmarshal(until(m, `"mining.notify"`), &n)
				m.xn, m.job = ext.Params[0].(string), n.Params[0].(string)
			},
			func(m *miner, id int, nonce uint32) []byte {
				return fmt.Appendf(nil, `{"id":%d,"method":"mining.submit","params":["acct.bench","%s","%s0000%08x"]}`+"\n", id, m.job, m.xn, nonce)
			},
			[]byte(`"result":true`)},
	} {
		b.Run(c.dialect.String(), func(b *testing.B) {
			srv, err := NewServer(Config{Logger: quietLogger(), Dialect: c.dialect}, nopHandler{})
			if err != nil {
				b.Fatal(err)
			}
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				b.Fatal(err)
			}
			go srv.Serve(ln)
			defer srv.Close(context.Background())
			srv.Broadcast(headerJob("j", true, c.size, 1))
			connect := func() *miner {
				conn, err := net.Dial("tcp", ln.Addr().String())
				if err != nil {
					b.Fatal(err)
				}
				m := &miner{c: conn, r: bufio.NewReader(conn)}
				c.dial(m, "acct.bench")
				return m
			}
			b.SetParallelism(4)
			b.ReportAllocs()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				m := connect()
				defer func() { m.c.Close() }()
				var nonce uint32
				for id := 10; pb.Next(); id++ {
					if m.count == 8000 {
						m.c.Close()
						m = connect()
					}
					m.count++
					nonce++
					if _, err := m.c.Write(c.submit(m, id, nonce)); err != nil {
						b.Error(err)
						return
					}
					if line := until(m, fmt.Sprintf(`"id":%d`, id)); !bytes.Contains(line, c.ok) {
						b.Errorf("share refused: %s", line)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "shares/s")
		})
	}
}
