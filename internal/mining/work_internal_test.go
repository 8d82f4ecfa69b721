package mining

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// Two jobs built from one template have different coinbases, in pool and solo work alike,
// so the same share makes a different header under each: one solution is one share.
func TestJobsOfOneTemplateHaveTheirOwnCoinbase(t *testing.T) {
	ctx := context.Background()
	cfg := devnet.DefaultConfig("BTC", chain.SHA256d)
	cfg.OtherMiners = false
	d, err := devnet.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	addr, _ := d.NewAddress(ctx)
	a, _ := d.ValidateAddress(ctx, addr)
	tmpl, err := d.Template(ctx)
	if err != nil {
		t.Fatal(err)
	}
	conn := &stratum.SessionInfo{ID: 7, Extranonce1: []byte{0, 0, 0, 1}}
	header := func(w *Work) []byte {
		t.Helper()
		sh := stratum.Share{Worker: "w", Job: w.Job, Extranonce1: conn.Extranonce1, Extranonce2: []byte{0, 0, 0, 2},
			NTime: w.Job.NTime, Nonce: 3, Version: w.Job.Version, Difficulty: 1}
		v, err := w.CheckConn(conn, sh)
		if err != nil {
			t.Fatal(err)
		}
		return v.Header
	}

	pool := NewBuilder(chain.SHA256d, a.Script, 8, "/uniplus/")
	w1, err1 := pool.Build(tmpl, false, time.Now())
	w2, err2 := pool.Build(tmpl, false, time.Now())
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	if bytes.Equal(w1.Coinbase2, w2.Coinbase2) || bytes.Equal(header(w1), header(w2)) {
		t.Fatal("two pool jobs of one template make the same coinbase and header")
	}

	solo := NewBuilder(chain.SHA256d, nil, 8, "/uniplus-solo/")
	solo.Solo = &SoloPayouts{Driver: d, FeeScript: a.Script, FeeBps: 100}
	solo.Solo.bind(conn.ID, a.Script)
	w3, err3 := solo.Build(tmpl, false, time.Now())
	w4, err4 := solo.Build(tmpl, false, time.Now())
	if err3 != nil || err4 != nil {
		t.Fatal(err3, err4)
	}
	_, c3, ok3 := w3.Job.PerWorker(conn)
	_, c4, ok4 := w4.Job.PerWorker(conn)
	if !ok3 || !ok4 || bytes.Equal(c3, c4) || bytes.Equal(header(w3), header(w4)) {
		t.Fatal("two solo jobs of one template make the same coinbase and header for one connection")
	}
	if !bytes.Contains(c3, a.Script) {
		t.Fatal("the solo coinbase does not pay the connection's script")
	}
	if _, _, ok := w3.Job.PerWorker(&stratum.SessionInfo{ID: 8}); ok {
		t.Fatal("a connection without a script got a coinbase")
	}
	solo.Solo.release(conn.ID)
	if _, _, ok := w4.Job.PerWorker(conn); ok {
		t.Fatal("an ended connection's script is still kept")
	}
}

// The address caches forget the least recently used address past their bound; refused
// addresses have a cache of their own, so a flood of them leaves the good ones.
func TestAddressCaches(t *testing.T) {
	var c addressLRU
	for i := range 5 {
		c.put(fmt.Sprint(i), []byte{byte(i)}, 3)
		if i == 2 {
			c.get("0") // used: "1" is now the least recent
		}
	}
	if c.len() != 3 {
		t.Fatalf("%d addresses kept, bound 3", c.len())
	}
	for _, k := range []string{"1", "2"} {
		if _, ok := c.get(k); ok {
			t.Errorf("%s kept past the bound", k)
		}
	}
	for _, k := range []string{"0", "3", "4"} {
		if s, ok := c.get(k); !ok || s[0] != k[0]-'0' {
			t.Errorf("%s forgotten or wrong: %v %v", k, s, ok)
		}
	}

	ctx := context.Background()
	d, err := devnet.New(devnet.DefaultConfig("BTC", chain.SHA256d))
	if err != nil {
		t.Fatal(err)
	}
	good, _ := d.NewAddress(ctx)
	p := &SoloPayouts{Driver: d}
	if _, err := p.Check(ctx, good); err != nil {
		t.Fatal(err)
	}
	for i := range maxRefusedAddresses + 10 {
		if _, err := p.Check(ctx, fmt.Sprint("junk", i)); err != ErrSoloAddress {
			t.Fatalf("junk %d: %v", i, err)
		}
	}
	if _, ok := p.known.get(good); !ok || p.refused.len() != maxRefusedAddresses {
		t.Fatalf("after the junk: good address kept %v, %d refused kept", ok, p.refused.len())
	}
}
