package stratum

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"net"
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
		c, err := Dial(ctx, ln.Addr().String(), ClientOptions{})
		if err != nil {
			b.Error(err)
			return
		}
		defer c.Close()
		if _, _, err := c.Subscribe(ctx); err != nil {
			b.Error(err)
			return
		}
		if err := c.Authorize(ctx, "acct.bench", "x"); err != nil {
			b.Error(err)
			return
		}
		en2 := binary.BigEndian.AppendUint32(nil, miners.Add(1))
		var nonce uint32
		for pb.Next() {
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
