package ironfishrpc

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"math/big"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"lukechampine.com/blake3"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/chaintest"
	"github.com/uniplus-pool/pool/internal/chain/ironfish"
)

// One devnet node serves every test of this file: starting one takes seconds, and the
// tests follow one chain from the genesis block, so they run in order inside one test.
func TestDriverOnDevnetNode(t *testing.T) {
	node := chaintest.StartIronfishNode(t)
	drv, err := New(Config{Addr: node.Addr, Graffiti: "uniplus pool"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { drv.Close() })
	// Mining is CPU work whose length depends on the machine: the walk lasts as long as
	// the test may (go test -timeout), not a guess of its own.
	ctx, cancel := context.WithCancel(context.Background())
	if dl, ok := t.Deadline(); ok {
		ctx, cancel = context.WithDeadline(context.Background(), dl.Add(-15*time.Second))
	}
	defer cancel()
	w := &walk{t: t, ctx: ctx, node: node, drv: drv}

	steps := []struct {
		name string
		run  func(*walk)
	}{
		{"RPCClient", testRPCClient},
		{"TemplateAndMinedBlock", testTemplateAndMinedBlock},
		{"Refusals", testSubmitRefusals},
		{"NetworkAndBlocks", testNetworkAndBlocks},
		{"RewardInWallet", testRewardInWallet},
		{"Payouts", testPayouts},
		{"AddressesAndRefusedPayouts", testRefusedPayouts},
		// Last: its block would be one more spendable note for the payout steps.
		{"Retarget", testRetarget},
	}
	for _, s := range steps {
		if !t.Run(s.name, func(t *testing.T) {
			w.t = t
			s.run(w)
		}) {
			return // each step builds on the chain the one before left
		}
	}
}

// walk is the state the steps share: the node, the driver, the blocks mined.
type walk struct {
	t      *testing.T
	ctx    context.Context
	node   *chaintest.IronfishNode
	drv    *Driver
	mined  []minedBlock
	latest *chain.HeaderTemplate
}

type minedBlock struct {
	hash   chain.Hash
	height int64
	reward int64
	tmpl   *chain.HeaderTemplate
	nonce  []byte
}

// mine finds a randomness that puts the Blake3 hash of t.Work at or below its target,
// hashing the header itself (not through the driver), with a worker per CPU.
func mine(ctx context.Context, tb testing.TB, t *chain.HeaderTemplate, start uint64) []byte {
	return mineWhere(ctx, tb, t, start, nil)
}

// mineWhere is mine for a block whose hash also passes accept.
func mineWhere(ctx context.Context, tb testing.TB, t *chain.HeaderTemplate, start uint64, accept func(hash chain.Hash) bool) []byte {
	tb.Helper()
	workers := runtime.NumCPU()
	var target [32]byte
	t.Target.FillBytes(target[:])
	var found atomic.Bool
	result := make(chan []byte, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var nonce [8]byte
			for n := start + uint64(w); !found.Load() && ctx.Err() == nil; n += uint64(workers) {
				binary.BigEndian.PutUint64(nonce[:], n)
				sum, err := ironfish.HashHeader(t.Work, nonce)
				if err != nil {
					panic(err)
				}
				if ironfish.MeetsTargetBytes(sum, target) && (accept == nil || accept(hashFromBytes(sum))) {
					if found.CompareAndSwap(false, true) {
						result <- nonce[:]
					}
					return
				}
			}
		}()
	}
	wg.Wait()
	select {
	case n := <-result:
		return n
	default:
		tb.Fatalf("mining ended without a block: %v", ctx.Err())
		return nil
	}
}

// mineNext mines the newest template on the node's tip (with wantTxs, the first whose
// reward is above the subsidy: the one with the mempool's transactions), submits it and
// checks the node took it as its tip.
func (w *walk) mineNext(wantTxs bool) minedBlock {
	w.t.Helper()
	_, head := w.node.Head(w.t)
	tmpl := w.latest
	for {
		var err error
		tmpl, err = w.drv.WaitHeaderTemplate(w.ctx, tmpl)
		if err != nil {
			w.t.Fatal(err)
		}
		if tmpl.PrevHash.String() == head && (!wantTxs || tmpl.Reward > subsidy) {
			break
		}
	}
	w.latest = tmpl
	return w.submit(tmpl, mine(w.ctx, w.t, tmpl, 0))
}

// submit sends a mined block and checks the node took it as its tip.
func (w *walk) submit(tmpl *chain.HeaderTemplate, nonce []byte) minedBlock {
	w.t.Helper()
	hash, err := w.drv.SubmitHeader(w.ctx, tmpl, nonce)
	if err != nil {
		w.t.Fatalf("submit block %d: %v\n%s", tmpl.Height, err, w.node.Log())
	}
	seq, head := w.node.Head(w.t)
	if seq != tmpl.Height || head != hash.String() {
		w.t.Fatalf("node's tip is %d %s after submitting %d %s", seq, head, tmpl.Height, hash)
	}
	b := minedBlock{hash: hash, height: tmpl.Height, reward: tmpl.Reward, tmpl: tmpl, nonce: nonce}
	w.mined = append(w.mined, b)
	return b
}

// blockHash is the hash the node gives the block tmpl makes with nonce.
func blockHash(tmpl *chain.HeaderTemplate, nonce []byte) chain.Hash {
	work := append([]byte(nil), tmpl.Work...)
	copy(work[:8], nonce)
	return hashFromBytes(ironfish.HashBlake3(work))
}

func testRPCClient(w *walk) {
	t := w.t
	c := NewClient(w.node.Addr, "")
	defer c.Close()

	// Many requests at once on one connection, each answered with its own block.
	var wg sync.WaitGroup
	errs := make(chan error, 20)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var r struct {
				Block struct {
					Sequence int64  `json:"sequence"`
					Hash     string `json:"hash"`
				} `json:"block"`
			}
			// Genesis is the only block: sequence 1 by number, and by its negative
			// offset from the tip.
			req := map[string]any{"sequence": 1}
			if i%2 == 1 {
				req = map[string]any{"sequence": -1}
			}
			if err := c.Call(w.ctx, "chain/getBlock", req, &r); err != nil {
				errs <- err
				return
			}
			if r.Block.Sequence != 1 || len(r.Block.Hash) != 64 {
				errs <- errors.New("wrong block: " + r.Block.Hash)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}

	// The node's error answers keep its status, code and message.
	err := c.Call(w.ctx, "chain/noSuchRoute", nil, nil)
	var re *RPCError
	if !errors.As(err, &re) || re.Status != 404 || re.Code != CodeRouteNotFound || !strings.Contains(re.Message, "chain/noSuchRoute") {
		t.Errorf("unknown route: %v", err)
	}
	err = c.Call(w.ctx, "chain/getBlock", map[string]any{"hash": strings.Repeat("ab", 32)}, nil)
	if !errors.As(err, &re) || re.Code != CodeNotFound {
		t.Errorf("unknown block: %v", err)
	}

	// A stream (wallet/getAccountTransactions sends one message per transaction, then an
	// empty answer): the genesis block pays nothing to this fresh account.
	var items int
	if err := c.Stream(w.ctx, "wallet/getAccountTransactions", map[string]any{}, func(json.RawMessage) error { items++; return nil }, nil); err != nil {
		t.Fatal(err)
	}
	if items != 0 {
		t.Errorf("%d transactions in a fresh account", items)
	}

	// A context that ends first ends the request, not the connection.
	done, stop := context.WithCancel(w.ctx)
	stop()
	if err := c.Call(done, "chain/getChainInfo", nil, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled call: %v", err)
	}
	// A broken connection fails what waits on it and the next call dials again.
	c.Reset()
	var info struct {
		GenesisBlockIdentifier struct{ Index string } `json:"genesisBlockIdentifier"`
	}
	if err := c.Call(w.ctx, "chain/getChainInfo", nil, &info); err != nil || info.GenesisBlockIdentifier.Index != "1" {
		t.Errorf("after reconnect: %v %+v", err, info)
	}
	// Requests on a closed client fail at once.
	c.Close()
	if err := c.Call(w.ctx, "chain/getChainInfo", nil, nil); err == nil {
		t.Error("call on a closed client succeeded")
	}
}

func testTemplateAndMinedBlock(w *walk) {
	t := w.t
	seq, head := w.node.Head(t)
	tmpl, err := w.drv.HeaderTemplate(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if tmpl.Height != seq+1 || tmpl.PrevHash.String() != head {
		t.Fatalf("template %d on %s; node's tip %d %s", tmpl.Height, tmpl.PrevHash, seq, head)
	}
	if len(tmpl.Work) != HeaderSize {
		t.Fatalf("work of %d bytes", len(tmpl.Work))
	}
	if !allZero(tmpl.Work[:8]) {
		t.Errorf("randomness not zero: %x", tmpl.Work[:8])
	}
	// The work is a header internal/chain/ironfish reads back field for field.
	h, err := ironfish.ParseBlake3(tmpl.Work)
	if err != nil {
		t.Fatal(err)
	}
	if int64(h.Sequence) != tmpl.Height || hex.EncodeToString(h.PreviousBlockHash[:]) != head || h.Randomness != 0 ||
		new(big.Int).SetBytes(h.Target[:]).Cmp(tmpl.Target) != 0 || int64(h.Timestamp) != tmpl.Time.UnixMilli() {
		t.Errorf("work parses as %+v; template %+v", h, tmpl)
	}
	wantGraffiti := make([]byte, 32)
	copy(wantGraffiti, "uniplus pool")
	if got := tmpl.Work[148:180]; string(got) != string(wantGraffiti) {
		t.Errorf("graffiti %x, want %x", got, wantGraffiti)
	}
	// The pool's share scale: IronFish's own difficulty (the node's) over 2^32.
	var nodeDiff struct{ Difficulty string }
	w.node.MustCall(t, "chain/getDifficulty", map[string]any{}, &nodeDiff)
	own, _ := new(big.Float).SetString(nodeDiff.Difficulty)
	tipDiff, _ := own.Quo(own, big.NewFloat(1<<32)).Float64()
	wantDiff, _ := new(big.Float).Quo(new(big.Float).SetInt(new(big.Int).Lsh(big.NewInt(1), 224)), new(big.Float).SetInt(tmpl.Target)).Float64()
	if tmpl.Difficulty != wantDiff || tmpl.Difficulty < 1e-3 || tmpl.Difficulty > 2*tipDiff || tmpl.Difficulty < tipDiff/2 {
		t.Errorf("difficulty %v, want %v", tmpl.Difficulty, wantDiff)
	}
	t.Logf("devnet block %d: target %x, difficulty %.6f on the pool's scale (%.0f IronFish's own)", tmpl.Height, tmpl.Target, tmpl.Difficulty, tmpl.Difficulty*(1<<32))

	b := w.mineNext(false)
	// The node's block is the one we hashed: its hash, graffiti and randomness.
	var nb struct {
		Block struct {
			Hash, Graffiti, Randomness string
			Transactions               []struct{ Fee int64 }
		}
	}
	w.node.MustCall(t, "chain/getBlock", map[string]any{"hash": b.hash.String()}, &nb)
	if nb.Block.Graffiti != hex.EncodeToString(wantGraffiti) {
		t.Errorf("block graffiti %s", nb.Block.Graffiti)
	}
	if -nb.Block.Transactions[0].Fee != tmpl.Reward || tmpl.Reward != 20_0000_0000 {
		t.Errorf("template reward %d; the block's miner fee pays %d (devnet's first-year subsidy is 20 IRON)", tmpl.Reward, -nb.Block.Transactions[0].Fee)
	}

	next, err := w.drv.WaitHeaderTemplate(w.ctx, tmpl)
	if err != nil {
		t.Fatal(err)
	}
	if next.Height != b.height+1 || next.PrevHash != b.hash || next.ID == tmpl.ID {
		t.Errorf("next template %d on %s (id %s), want %d on %s", next.Height, next.PrevHash, next.ID, b.height+1, b.hash)
	}
	// Asked again with the same template, the driver waits for a newer one.
	short, cancel := context.WithTimeout(w.ctx, 300*time.Millisecond)
	defer cancel()
	if again, err := w.drv.WaitHeaderTemplate(short, next); err == nil && again.PrevHash == next.PrevHash && again.Reward == next.Reward {
		t.Errorf("WaitHeaderTemplate returned work like the one it was given: %s", again.ID)
	}
}

func testSubmitRefusals(w *walk) {
	t := w.t
	tmpl, err := w.drv.HeaderTemplate(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	// A randomness whose hash is above the target.
	work := append([]byte(nil), tmpl.Work...)
	var nonce []byte
	for n := uint64(1); ; n++ {
		binary.BigEndian.PutUint64(work[:8], n)
		sum := blake3.Sum256(work)
		if new(big.Int).SetBytes(sum[:]).Cmp(tmpl.Target) > 0 {
			nonce = work[:8]
			break
		}
	}
	_, err = w.drv.SubmitHeader(w.ctx, tmpl, nonce)
	var rej *chain.RejectedError
	if !errors.As(err, &rej) || !errors.Is(err, chain.ErrBlockRejected) || !strings.Contains(rej.Reason, "above the target") {
		t.Errorf("high hash: %v", err)
	}
	if seq, _ := w.node.Head(t); seq != tmpl.Height-1 {
		t.Errorf("tip moved to %d", seq)
	}
	if _, err := w.drv.SubmitHeader(w.ctx, tmpl, []byte{1, 2, 3}); err == nil {
		t.Error("a 3-byte nonce was submitted")
	}
	// A competing block at the height the node has a block for already: the node
	// keeps its tip and says so.
	old := w.mined[len(w.mined)-1]
	if tmpl.PrevHash != old.hash {
		t.Fatalf("template on %s, want %s", tmpl.PrevHash, old.hash)
	}
	// Blocks of equal work: the node keeps the one with the lower hash (SDK
	// isBlockHeavier). Two blocks for the template are mined first and the one with the
	// higher hash is sent first; the other then takes the tip as a rival, and the block
	// before is orphaned. (Searching for a hash below one already sent takes as long as
	// that hash is lucky, without bound: that is how this step once ran for 24 minutes.)
	first := mine(w.ctx, t, tmpl, 0)
	second := mineWhere(w.ctx, t, tmpl, 1<<40, func(h chain.Hash) bool { return h != blockHash(tmpl, first) })
	if blockHash(tmpl, first).String() < blockHash(tmpl, second).String() {
		first, second = second, first
	}
	b := w.submit(tmpl, first)
	won, err := w.drv.SubmitHeader(w.ctx, tmpl, second)
	if err != nil {
		t.Fatalf("winning rival block: %v", err)
	}
	if seq, head := w.node.Head(t); seq != b.height || head != won.String() {
		t.Fatalf("tip %d %s after a winning rival block %s", seq, head, won)
	}
	// The beaten block sent again does not attach to the heaviest chain: refused, and the
	// tip stays.
	_, err = w.drv.SubmitHeader(w.ctx, b.tmpl, b.nonce)
	if !errors.As(err, &rej) {
		t.Errorf("beaten block sent again: %v", err)
	}
	t.Logf("beaten block sent again at %d: %v", b.height, err)
	if seq, head := w.node.Head(t); seq != b.height || head != won.String() {
		t.Fatalf("tip %d %s after the beaten block was sent again, want %s", seq, head, won)
	}
	orphan, err := w.drv.Block(w.ctx, b.hash)
	if err != nil || orphan.Confirmations != -1 || orphan.Height != b.height {
		t.Errorf("orphaned block: %+v, %v", orphan, err)
	}
	if at, err := w.drv.BlockHash(w.ctx, b.height); err != nil || at != won {
		t.Errorf("BlockHash(%d) = %s, %v; want the winner %s", b.height, at, err, won)
	}
	w.mined[len(w.mined)-1] = minedBlock{hash: won, height: b.height, reward: tmpl.Reward}
}

// While a tip stands the driver moves its template to the present (as IronFish's own
// pool does every 10 s): a new timestamp, and the target IronFish's rule gives a block at
// that time, easier the longer the tip stands. The node is the judge: it takes a block on
// the moved template only if the target is exactly the one its verifier computes for the
// header's timestamp.
func testRetarget(w *walk) {
	t := w.t
	drv, err := New(Config{Addr: w.node.Addr, Graffiti: "uniplus pool", RetargetEvery: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer drv.Close()
	seq, head := w.node.Head(t)
	first, err := drv.HeaderTemplate(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if first.Height != seq+1 || first.PrevHash.String() != head {
		t.Fatalf("template %d on %s; tip %d %s", first.Height, first.PrevHash, seq, head)
	}
	// The target steps every 10 s of the tip's age: within about 12 s one moves. A template
	// the node streams meanwhile (a transaction arrived) starts the wait again from it.
	ctx, cancel := context.WithTimeout(w.ctx, 60*time.Second)
	defer cancel()
	sameBlock := func(a, b *chain.HeaderTemplate) bool {
		return a.PrevHash == b.PrevHash && a.Height == b.Height && a.Reward == b.Reward &&
			bytes.Equal(a.Work[:108], b.Work[:108]) && bytes.Equal(a.Work[148:], b.Work[148:])
	}
	moved := first
	for moved.Target.Cmp(first.Target) == 0 {
		next, err := drv.WaitHeaderTemplate(ctx, moved)
		if err != nil {
			t.Fatalf("no template with a moved target: %v", err)
		}
		if !sameBlock(next, first) {
			first = next // the node's new template: only the target and the time may move
		} else if !next.Time.After(moved.Time) {
			t.Fatalf("moved template at %v after %v", next.Time, moved.Time)
		}
		moved = next
	}
	if moved.Target.Cmp(first.Target) < 0 {
		t.Errorf("target %x at %v is harder than %x at %v: a standing tip's next block gets easier",
			moved.Target, moved.Time, first.Target, first.Time)
	}
	b := w.submit(moved, mine(w.ctx, t, moved, 0))
	t.Logf("block %d on a template moved %v on: target %x (was %x)", b.height, moved.Time.Sub(first.Time), moved.Target, first.Target)
}

func testNetworkAndBlocks(w *walk) {
	t := w.t
	seq, head := w.node.Head(t)
	// The network's difficulty is the latest template's, which the driver moves on every
	// 10 s: the template just before or just after the call, once one builds on the tip.
	before, err := w.drv.HeaderTemplate(w.ctx)
	for err == nil && before.PrevHash.String() != head {
		before, err = w.drv.WaitHeaderTemplate(w.ctx, before)
	}
	if err != nil {
		t.Fatal(err)
	}
	info, err := w.drv.Network(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if info.Height != seq || info.BlockReward != 20_0000_0000 {
		t.Errorf("network %+v; node's tip %d", info, seq)
	}
	after, err := w.drv.HeaderTemplate(w.ctx)
	if err != nil {
		t.Fatal(err)
	}
	if after.Height == seq+1 && info.Difficulty != before.Difficulty && info.Difficulty != after.Difficulty {
		t.Errorf("network difficulty %v, template's %v then %v", info.Difficulty, before.Difficulty, after.Difficulty)
	}
	var hp struct{ HashesPerSecond float64 }
	w.node.MustCall(t, "chain/getNetworkHashPower", map[string]any{"blocks": 120}, &hp)
	if info.HashRate != hp.HashesPerSecond {
		t.Errorf("hash rate %v, node %v", info.HashRate, hp.HashesPerSecond)
	}

	for i, m := range w.mined {
		got, err := w.drv.BlockHash(w.ctx, m.height)
		if err != nil || got != m.hash {
			t.Errorf("BlockHash(%d) = %s, %v; mined %s", m.height, got, err, m.hash)
		}
		bi, err := w.drv.Block(w.ctx, m.hash)
		if err != nil {
			t.Fatal(err)
		}
		if bi.Height != m.height || bi.Confirmations != seq-m.height+1 || bi.CoinbaseValue != m.reward || bi.Hash != m.hash {
			t.Errorf("Block(%s) = %+v; mined %+v, tip %d", m.hash, bi, m, seq)
		}
		det, err := w.drv.BlockDetail(w.ctx, m.hash)
		if err != nil {
			t.Fatal(err)
		}
		var nb struct {
			Block struct {
				PreviousBlockHash string
				Difficulty        string
				Size              int64
				Transactions      []struct{ Hash string }
			}
		}
		w.node.MustCall(t, "chain/getBlock", map[string]any{"hash": m.hash.String()}, &nb)
		if det.Prev.String() != nb.Block.PreviousBlockHash || det.Size != nb.Block.Size || det.TxCount != len(nb.Block.Transactions) ||
			len(det.TxIDs) != 1 || det.TxIDs[0].String() != nb.Block.Transactions[0].Hash {
			t.Errorf("BlockDetail(%s) = %+v; node %+v", m.hash, det, nb.Block)
		}
		own, _ := new(big.Float).SetString(nb.Block.Difficulty)
		if want, _ := own.Quo(own, big.NewFloat(1<<32)).Float64(); det.Difficulty != want {
			t.Errorf("BlockDetail(%d).Difficulty = %v, want the node's %s / 2^32 = %v", m.height, det.Difficulty, nb.Block.Difficulty, want)
		}
		if i+1 < len(w.mined) && det.Next != w.mined[i+1].hash {
			t.Errorf("BlockDetail(%d).Next = %s, want %s", m.height, det.Next, w.mined[i+1].hash)
		}
		if m.hash.String() == head && !det.Next.IsZero() {
			t.Errorf("the tip has a next block %s", det.Next)
		}
	}
	genesis, err := w.drv.BlockHash(w.ctx, 1)
	if err != nil || genesis.String() != "4791d7ae9f97df100ef1558e84772d6a09b43762388283f75c6f20a32a88aa86" {
		t.Errorf("devnet genesis %s, %v", genesis, err)
	}
	for _, h := range []int64{0, -1, seq + 1} {
		if _, err := w.drv.BlockHash(w.ctx, h); !errors.Is(err, chain.ErrNotFound) {
			t.Errorf("BlockHash(%d): %v", h, err)
		}
	}
	if _, err := w.drv.Block(w.ctx, chain.Hash{1}); !errors.Is(err, chain.ErrNotFound) {
		t.Errorf("unknown block: %v", err)
	}
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}
