package mining_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/chaintest"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/stratum"
)

// submitted keeps the blocks the engine sends to the node.
type submitted struct {
	chain.Driver
	mu     sync.Mutex
	blocks [][]byte
}

func (s *submitted) SubmitBlock(ctx context.Context, block []byte) error {
	s.mu.Lock()
	s.blocks = append(s.blocks, append([]byte(nil), block...))
	s.mu.Unlock()
	return s.Driver.SubmitBlock(ctx, block)
}

type soloSink struct {
	mu   sync.Mutex
	rows []mining.SoloShare
}

func (s *soloSink) AddSoloShares(_ context.Context, rows []mining.SoloShare) error {
	s.mu.Lock()
	s.rows = append(s.rows, rows...)
	s.mu.Unlock()
	return nil
}

// On a solo port the worker name is the miner's address: a bad address, a bad rig name and a
// second address on one connection are refused; jobs pay the miner's address; a block found
// there pays it the coinbase less the solo fee (a second output to the pool), is recorded
// as solo with its finder, and every share is kept one row with its height, network
// difficulty and the difficulty it met. Another miner's jobs pay the other address.
func TestSoloPortPaysTheMinersAddress(t *testing.T) {
	d, poolScript := quietDevnet(t, 1<<16)
	node := &submitted{Driver: d}
	ctx := context.Background()
	minerAddr, _ := d.NewAddress(ctx) // any devnet address; the pool does not own it
	otherAddr, _ := d.NewAddress(ctx)
	minerScript, _ := d.ValidateAddress(ctx, minerAddr)
	otherScript, _ := d.ValidateAddress(ctx, otherAddr)
	sink := &soloSink{}
	// The five refused names below would ban the test's address at the default
	// --stratum-ban-after of 5 (TestSoloJunkBansAndSparesTheMiners), and more miners dial
	// in after them.
	r := startRigWith(t, stratum.Config{BanAfterOffences: 10}, "BTC", chain.SHA256d, node, poolScript, 1.0/4096, func(e *mining.Engine) {
		e.Builder.Solo = &mining.SoloPayouts{Driver: node, FeeScript: poolScript, FeeBps: 150}
		e.SoloShares = &mining.SoloShares{Sink: sink}
	})

	dctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	c, err := stratum.Dial(dctx, r.addr, stratum.ClientOptions{UserAgent: "cpuminer/2.5.1"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, _, err := c.Subscribe(dctx); err != nil {
		t.Fatal(err)
	}
	var se *stratum.Error
	for _, bad := range []string{"acct1.rig", "notanaddress", minerAddr + ".way-too-long-rig-name", minerAddr + ".bad name"} {
		if err := c.Authorize(dctx, bad, "x"); !errors.As(err, &se) || se.Code != stratum.CodeUnauthorized {
			t.Errorf("authorize %q: %v", bad, err)
		}
	}
	if err := c.Authorize(dctx, minerAddr+".rig1", "x"); err != nil {
		t.Fatal(err)
	}
	if err := c.Authorize(dctx, minerAddr+".rig2", "x"); err != nil {
		t.Fatalf("a second rig of the same address: %v", err)
	}
	if err := c.Authorize(dctx, otherAddr, "x"); !errors.Is(err, mining.ErrSoloOneAddress) && (!errors.As(err, &se) || se.Message != mining.ErrSoloOneAddress.Message) {
		t.Errorf("a second address on the connection: %v", err)
	}
	job := <-c.Jobs()
	if !bytes.Contains(job.Coinb2, minerScript.Script) {
		t.Fatal("the job's coinbase does not pay the miner's address")
	}
	c.Close()
	// Another miner's connection gets its own coinbase.
	other := dialMiner(t, dctx, r, otherAddr)
	if !bytes.Contains(other.job.Coinb2, otherScript.Script) || bytes.Contains(other.job.Coinb2, minerScript.Script) {
		t.Fatal("the other miner's job does not pay the other address")
	}
	other.c.Close()

	accepted := mine(t, r, minerAddr+".rig1", chain.SHA256d, 1, 2*time.Minute)
	list, _ := r.blocks.List(ctx, "BTC", 10)
	if len(list) == 0 || !list[0].Solo || list[0].Worker != minerAddr+".rig1" || list[0].DeviceID != 0 {
		t.Fatalf("found blocks %+v", list)
	}
	node.mu.Lock()
	block := node.blocks[len(node.blocks)-1]
	node.mu.Unlock()
	_, cb, err := chain.ParseBlockCoinbase(block)
	if err != nil {
		t.Fatal(err)
	}
	value := cb.OutputValue()
	fee := mining.SoloFee(value, 150)
	if fee == 0 || len(cb.Outputs) < 2 ||
		!bytes.Equal(cb.Outputs[0].Script, minerScript.Script) || cb.Outputs[0].Value != value-fee ||
		!bytes.Equal(cb.Outputs[1].Script, poolScript) || cb.Outputs[1].Value != fee {
		t.Fatalf("coinbase outputs %+v of %d (fee %d)", cb.Outputs, value, fee)
	}
	if err := r.engine.SoloShares.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	sink.mu.Lock()
	defer sink.mu.Unlock()
	if len(sink.rows) != accepted {
		t.Fatalf("%d solo shares kept, %d accepted", len(sink.rows), accepted)
	}
	blocks := 0
	for _, s := range sink.rows {
		if s.Address != minerAddr || s.Worker != "rig1" || s.Coin != "BTC" || s.Height < 1 || s.NetDiff <= 0 ||
			s.Difficulty <= 0 || s.Actual < s.Difficulty && !s.Block || s.At.IsZero() {
			t.Fatalf("solo share %+v", s)
		}
		if s.Block {
			blocks++
		}
	}
	if blocks == 0 {
		t.Fatal("the block's share is not marked")
	}
	// Nothing accrues pay-per-share on a solo port.
	if err := r.engine.Shares.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if r.sink.accepted != 0 || r.sink.ratio != 0 {
		t.Fatalf("solo shares accrued: %+v", r.sink)
	}
}

func TestSoloFee(t *testing.T) {
	for _, c := range []struct {
		value int64
		bps   int
		want  int64
	}{{625_000_000, 150, 9_375_000}, {625_000_000, 0, 0}, {9_999, 1, 0}, {10_000, 1, 1}, {1 << 62, 10_000, 1 << 62}, {7, 10_000, 7}} {
		if got := mining.SoloFee(c.value, c.bps); got != c.want {
			t.Errorf("SoloFee(%d, %d) = %d, want %d", c.value, c.bps, got, c.want)
		}
	}
}

// On litecoind regtest: a miner mines to the solo port with an address of node B's wallet;
// the block our stratum finds pays that address the coinbase less the solo fee, the pool's
// wallet the fee, and node B sees it (the block's coinbase and its own wallet's immature
// balance); every share is kept, the block marked.
func TestSoloBlockPaysNodeBsAddressOnLitecoind(t *testing.T) {
	pair := chaintest.StartLitecoinPair(t)
	d := litecoinDriver(t, pair)
	ctx := context.Background()
	poolAddr, err := d.NewAddress(ctx)
	if err != nil {
		t.Fatal(err)
	}
	poolScript, err := d.ValidateAddress(ctx, poolAddr)
	if err != nil || !poolScript.Valid {
		t.Fatalf("pool address: %v %+v", err, poolScript)
	}
	pair.B.Call(t, "createwallet", "solo")
	pair.B.Client.Wallet = "solo"
	var minerAddr string
	if err := json.Unmarshal(pair.B.CallWallet(t, "getnewaddress"), &minerAddr); err != nil {
		t.Fatal(err)
	}
	sink := &soloSink{}
	r := startRig(t, "LTC", chain.Scrypt, d, poolScript.Script, 1.0/65536, func(e *mining.Engine) {
		e.Builder.Solo = &mining.SoloPayouts{Driver: d, FeeScript: poolScript.Script, FeeBps: 200}
		e.SoloShares = &mining.SoloShares{Sink: sink}
	})
	accepted := mine(t, r, minerAddr+".rig01", chain.Scrypt, 1, 2*time.Minute)
	list, err := r.blocks.List(ctx, "LTC", 10)
	if err != nil || len(list) == 0 {
		t.Fatalf("no block after %d shares (%v)", accepted, err)
	}
	found := list[len(list)-1]
	if !found.Solo || found.Worker != minerAddr+".rig01" || found.Status != mining.BlockPending {
		t.Fatalf("found %+v", found)
	}
	pair.Sync(t)
	// Node B has the block; its coinbase pays B's address first and the pool the fee.
	var block struct {
		Tx []struct {
			Vout []struct {
				Value        float64 `json:"value"`
				ScriptPubKey struct {
					Address   string   `json:"address"`
					Addresses []string `json:"addresses"`
				} `json:"scriptPubKey"`
			} `json:"vout"`
		} `json:"tx"`
	}
	if err := json.Unmarshal(pair.B.Call(t, "getblock", found.Hash, 2), &block); err != nil || len(block.Tx) == 0 {
		t.Fatalf("block %s on node B: %v", found.Hash, err)
	}
	out := block.Tx[0].Vout
	payee := func(i int) string {
		if a := out[i].ScriptPubKey.Address; a != "" {
			return a
		}
		if len(out[i].ScriptPubKey.Addresses) > 0 {
			return out[i].ScriptPubKey.Addresses[0]
		}
		return ""
	}
	total := int64(0)
	for _, o := range out {
		total += int64(math.Round(o.Value * 1e8))
	}
	fee := mining.SoloFee(total, 200)
	if len(out) < 2 || payee(0) != minerAddr || int64(math.Round(out[0].Value*1e8)) != total-fee || payee(1) != poolAddr || int64(math.Round(out[1].Value*1e8)) != fee {
		t.Fatalf("coinbase outputs %+v, want %s %d and %s %d", out, minerAddr, total-fee, poolAddr, fee)
	}
	var wallet struct {
		Immature float64 `json:"immature_balance"`
	}
	if err := json.Unmarshal(pair.B.CallWallet(t, "getwalletinfo"), &wallet); err != nil || int64(math.Round(wallet.Immature*1e8)) < total-fee {
		t.Fatalf("node B's wallet: immature %v (%v), want at least %d", wallet.Immature, err, total-fee)
	}
	if err := r.engine.SoloShares.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	sink.mu.Lock()
	defer sink.mu.Unlock()
	blocks := 0
	for _, s := range sink.rows {
		if s.Address != minerAddr || s.Worker != "rig01" || s.Coin != "LTC" {
			t.Fatalf("share %+v", s)
		}
		if s.Block {
			blocks++
		}
	}
	if len(sink.rows) != accepted || blocks < 1 {
		t.Fatalf("%d shares kept (%d blocks), %d accepted", len(sink.rows), blocks, accepted)
	}
}

// Junk on a solo port: made-up addresses are refused, each an offence of the address, so
// a connection that floods them is banned and closed at --stratum-ban-after (5); and the
// address cache, which a flood used to wipe at 100,000 entries (refused ones counted), so
// that every connected solo miner silently got no job after it, no longer holds the
// miners' scripts: each connection keeps its own. After 100,001 junk addresses the
// connected miner still gets the next job, paying its address.
func TestSoloJunkBansAndSparesTheMiners(t *testing.T) {
	d, poolScript := quietDevnet(t, 1<<40)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	minerAddr, _ := d.NewAddress(ctx)
	minerScript, _ := d.ValidateAddress(ctx, minerAddr)
	r := startRig(t, "BTC", chain.SHA256d, d, poolScript, 1.0/4096, func(e *mining.Engine) {
		e.Refresh = time.Hour // new jobs come from the new tip the test makes, nothing else
		e.Builder.Solo = &mining.SoloPayouts{Driver: d, FeeScript: poolScript, FeeBps: 100}
	})
	m := dialMiner(t, ctx, r, minerAddr+".rig1")

	junk, err := stratum.Dial(ctx, r.addr, stratum.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer junk.Close()
	if _, _, err := junk.Subscribe(ctx); err != nil {
		t.Fatal(err)
	}
	refused := 0
	for i := range 20 {
		err := junk.Authorize(ctx, fmt.Sprintf("dvnjunk%d", i), "x")
		var se *stratum.Error
		if !errors.As(err, &se) {
			break // the connection was closed
		}
		if se.Code != stratum.CodeUnauthorized {
			t.Fatalf("junk address %d: %v", i, err)
		}
		refused++
	}
	if st := r.server.Stats(); refused != 5 || st.Bans != 1 {
		t.Fatalf("%d junk addresses refused before the connection closed, stats %+v: want 5 and a ban", refused, st)
	}

	// The cache's side of a flood, straight through the payouts (100,001 over TCP would
	// take minutes).
	for i := range 100_001 {
		if _, err := r.engine.Builder.Solo.Check(ctx, fmt.Sprintf("dvnjunk%06d", i)); !errors.Is(err, mining.ErrSoloAddress) {
			t.Fatalf("junk address %d: %v", i, err)
		}
	}
	tip := d.MineExternal()
	for {
		select {
		case j := <-m.c.Jobs():
			if j.PrevHash != [32]byte(tip) {
				continue
			}
			if !bytes.Contains(j.Coinb2, minerScript.Script) {
				t.Fatal("the job after the flood does not pay the miner's address")
			}
			return
		case <-ctx.Done():
			t.Fatal("the connected solo miner got no job after the flood")
		}
	}
}
