package bitcoind_test

import (
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/bitcoind"
	"github.com/uniplus-pool/pool/internal/chain/chaintest"
)

func driverFor(t *testing.T, p *chaintest.Pair, disableLongPoll bool) *bitcoind.Client {
	t.Helper()
	d, err := bitcoind.New(bitcoind.Config{
		URL:             p.URL,
		User:            p.User,
		Password:        p.Password,
		Wallet:          p.Wallet,
		Algorithm:       chain.Scrypt,
		Rules:           []string{"mweb", "segwit"},
		PollInterval:    50 * time.Millisecond,
		DisableLongPoll: disableLongPoll,
	})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// built is a block made from a template the way the stratum side makes one from a share.
type built struct {
	block  []byte
	header []byte
	hash   chain.Hash
}

// buildBlock makes a coinbase paying payout, assembles the block and grinds the nonce
// until the scrypt hash meets the template's target (meets = true) or misses it.
func buildBlock(t *testing.T, tmpl *chain.Template, payout []byte, meets bool) built {
	t.Helper()
	return grindBlock(t, tmpl, payout, meets, false)
}

// grindBlock is buildBlock; with badRoot the header carries a merkle root with its first
// byte flipped, and the nonce is ground for that header, so the node gets past the
// proof-of-work check and has to judge the root.
func grindBlock(t *testing.T, tmpl *chain.Template, payout []byte, meets, badRoot bool) built {
	t.Helper()
	coinb1, coinb2, err := chain.CoinbaseParts(tmpl, payout, 8, "/uniplus-test/")
	if err != nil {
		t.Fatal(err)
	}
	extranonce1 := []byte{0xde, 0xad, 0xbe, 0xef}
	extranonce2 := []byte{0, 0, 0, 1}
	coinbase := slices.Concat(coinb1, extranonce1, extranonce2, coinb2)
	root := chain.MerkleRootFromBranch(chain.DoubleSHA256(coinbase), chain.MerkleBranch(tmpl.TxIDs()))
	if badRoot {
		root[0] ^= 1
	}
	for nonce := uint32(0); nonce < 1<<20; nonce++ {
		header := chain.Header(tmpl.Version, tmpl.PrevHash, root, tmpl.CurTime, tmpl.Bits, nonce)
		pow, err := chain.PowHash(chain.Scrypt, header)
		if err != nil {
			t.Fatal(err)
		}
		if chain.HashMeetsTarget(pow, tmpl.Target) != meets {
			continue
		}
		block, err := chain.AssembleBlock(tmpl, header, coinbase)
		if err != nil {
			t.Fatal(err)
		}
		return built{block: block, header: header, hash: chain.DoubleSHA256(header)}
	}
	t.Fatal("no nonce found")
	return built{}
}

func payoutScript(t *testing.T, ctx context.Context, d *bitcoind.Client) []byte {
	t.Helper()
	addr, err := d.NewAddress(ctx)
	if err != nil {
		t.Fatal(err)
	}
	a, err := d.ValidateAddress(ctx, addr)
	if err != nil || !a.Valid || len(a.Script) == 0 {
		t.Fatalf("ValidateAddress(%s) = %+v, %v", addr, a, err)
	}
	return a.Script
}

func TestLitecoinRegtest(t *testing.T) {
	t.Parallel()
	p := chaintest.StartLitecoinPair(t)
	d := driverFor(t, p, false)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	// The wallet holds the one matured coinbase: 50 LTC.
	bal, err := d.Balance(ctx)
	if err != nil || bal != 50_00000000 {
		t.Fatalf("Balance = %d, %v", bal, err)
	}
	if a, err := d.ValidateAddress(ctx, "not-an-address"); err != nil || a.Valid {
		t.Fatalf("garbage address: %+v, %v", a, err)
	}
	payout := payoutScript(t, ctx, d)

	// A wallet transaction so the template carries more than the coinbase.
	dest, err := d.NewAddress(ctx)
	if err != nil {
		t.Fatal(err)
	}
	txid, err := d.Send(ctx, dest, 1_23456789, "integration test")
	if err != nil {
		t.Fatal(err)
	}
	wt, err := d.Transaction(ctx, txid)
	if err != nil || wt.Confirmations != 0 || wt.Fee <= 0 || wt.Amount != 0 {
		// Paid to itself: the wallet's net change is only the fee.
		t.Fatalf("Transaction = %+v, %v", wt, err)
	}

	tmpl, err := d.Template(ctx)
	if err != nil {
		t.Fatal(err)
	}
	// Litecoin Core 0.21 wants the "mweb" rule from the client even before activation.
	segwitOnly, err := bitcoind.New(bitcoind.Config{URL: p.URL, User: p.User, Password: p.Password, Algorithm: chain.Scrypt})
	if err != nil {
		t.Fatal(err)
	}
	var rpcErr *bitcoind.RPCError
	if _, err := segwitOnly.Template(ctx); !errors.As(err, &rpcErr) || rpcErr.Code != bitcoind.CodeInvalidParameter {
		t.Fatalf("template without the mweb rule: %v", err)
	}
	if tmpl.Height != chaintest.MaturedBlocks+1 || tmpl.PrevHash.String() != p.A.BestBlockHash(t) {
		t.Fatalf("template at %d on %s", tmpl.Height, tmpl.PrevHash)
	}
	if !slices.ContainsFunc(tmpl.Transactions, func(tx chain.TemplateTx) bool { return tx.TxID == txid }) {
		t.Fatalf("template lacks the wallet transaction %s", txid)
	}
	if tmpl.WitnessCommitment == nil || !slices.Contains(tmpl.Rules, "!segwit") {
		t.Fatalf("not a segwit template: rules %v", tmpl.Rules)
	}
	// MWEB activates by version bits at regtest height 432, not at the heights reached here.
	if tmpl.MWEB != nil || slices.Contains(tmpl.Rules, "mweb") {
		t.Fatalf("MWEB already active at height %d", tmpl.Height)
	}
	var sumFees int64
	for _, tx := range tmpl.Transactions {
		sumFees += tx.Fee
	}
	if tmpl.CoinbaseValue != 50_00000000+sumFees || sumFees != wt.Fee {
		t.Fatalf("coinbase value %d, fees %d, wallet fee %d", tmpl.CoinbaseValue, sumFees, wt.Fee)
	}

	t.Run("bad blocks are rejected", func(t *testing.T) {
		highHash := buildBlock(t, tmpl, payout, false)
		err := d.SubmitBlock(ctx, highHash.block)
		var re *chain.RejectedError
		if !errors.Is(err, chain.ErrBlockRejected) || !errors.As(err, &re) || re.Reason != "high-hash" {
			t.Fatalf("bad nonce: %v", err)
		}
		badRoot := grindBlock(t, tmpl, payout, true, true)
		good := buildBlock(t, tmpl, payout, true)
		if badRoot.header[36] == good.header[36] {
			t.Fatal("the merkle root was not changed")
		}
		err = d.SubmitBlock(ctx, badRoot.block)
		if !errors.As(err, &re) || re.Reason != "bad-txnmrklroot" {
			t.Fatalf("bad merkle root: %v", err)
		}
	})

	good := buildBlock(t, tmpl, payout, true)
	if err := d.SubmitBlock(ctx, good.block); err != nil {
		t.Fatalf("SubmitBlock: %v", err)
	}
	if err := d.SubmitBlock(ctx, good.block); !errors.Is(err, chain.ErrBlockRejected) {
		t.Fatalf("second submission: %v", err)
	}

	t.Run("network and block", func(t *testing.T) {
		net, err := d.Network(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if net.Height != tmpl.Height || net.BlockReward != 50_00000000 || net.HashRate <= 0 ||
			net.Difficulty != chain.TargetToDifficulty(chain.CompactToTarget(0x207fffff), chain.Scrypt) {
			t.Fatalf("Network = %+v", net)
		}
		info, err := d.Block(ctx, good.hash)
		if err != nil {
			t.Fatal(err)
		}
		if info.Confirmations != 1 || info.Height != tmpl.Height || info.CoinbaseValue != tmpl.CoinbaseValue || info.Time != int64(tmpl.CurTime) {
			t.Fatalf("Block = %+v", info)
		}
		if _, err := d.Block(ctx, chain.DoubleSHA256([]byte("no such block"))); !errors.Is(err, chain.ErrNotFound) {
			t.Fatalf("unknown block: %v", err)
		}
		if tip := p.Sync(t); tip != good.hash.String() {
			t.Fatalf("node B at %s, want %s", tip, good.hash)
		}
	})

	t.Run("wallet transaction confirmed", func(t *testing.T) {
		wt, err := d.Transaction(ctx, txid)
		if err != nil || wt.Confirmations != 1 || wt.BlockHash != good.hash {
			t.Fatalf("Transaction = %+v, %v", wt, err)
		}
		if _, err := d.Transaction(ctx, chain.DoubleSHA256([]byte("no such tx"))); !errors.Is(err, chain.ErrNotFound) {
			t.Fatalf("unknown transaction: %v", err)
		}
	})

	for _, mode := range []struct {
		name     string
		disabled bool
	}{{"longpoll", false}, {"polling", true}} {
		t.Run("wait template "+mode.name, func(t *testing.T) {
			wd := driverFor(t, p, mode.disabled)
			tip, err := chain.ParseHash(p.A.BestBlockHash(t))
			if err != nil {
				t.Fatal(err)
			}
			type result struct {
				tmpl *chain.Template
				err  error
			}
			done := make(chan result, 1)
			wctx, wcancel := context.WithTimeout(ctx, 10*time.Second)
			defer wcancel()
			go func() {
				tmpl, err := wd.WaitTemplate(wctx, tip)
				done <- result{tmpl, err}
			}()
			select {
			case r := <-done:
				t.Fatalf("returned before a block was found: %+v, %v", r.tmpl, r.err)
			case <-time.After(300 * time.Millisecond):
			}
			start := time.Now()
			mined := p.Generate(t, p.B, 1)[0]
			r := <-done
			if r.err != nil {
				t.Fatal(r.err)
			}
			if r.tmpl.PrevHash.String() != mined {
				t.Fatalf("template on %s, want %s", r.tmpl.PrevHash, mined)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Fatalf("took %s", d)
			}
			t.Logf("%s: new template %s after the block on B", mode.name, time.Since(start).Round(time.Millisecond))
		})
	}

	t.Run("orphaned block", func(t *testing.T) {
		p.A.Call(t, "invalidateblock", good.hash.String())
		info, err := d.Block(ctx, good.hash)
		if err != nil || info.Confirmations != -1 {
			t.Fatalf("Block after invalidateblock = %+v, %v", info, err)
		}
	})
}

// TestLitecoinMWEB mines past MWEB activation (regtest height 432) and builds MWEB blocks:
// the template's HogEx transaction last, then 0x01 and the extension block.
func TestLitecoinMWEB(t *testing.T) {
	t.Parallel()
	p := chaintest.StartLitecoinPair(t)
	d := driverFor(t, p, false)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	// MWEB's version-bits deployment starts at 144, locks in at 288 and is active from
	// 432. The first MWEB block needs a peg-in: its HogEx would have no input otherwise
	// (litecoind's own generatetoaddress fails there with bad-txns-vin-empty).
	p.Generate(t, p.A, 431-chaintest.MaturedBlocks)
	var mwebAddr string
	if err := json.Unmarshal(p.A.CallWallet(t, "getnewaddress", "", "mweb"), &mwebAddr); err != nil {
		t.Fatal(err)
	}
	if a, err := d.ValidateAddress(ctx, mwebAddr); err != nil || !a.Valid || a.Script != nil {
		t.Fatalf("MWEB address: %+v, %v", a, err)
	}
	if _, err := d.Send(ctx, mwebAddr, 1_00000000, "peg-in"); err != nil {
		t.Fatal(err)
	}
	payout := payoutScript(t, ctx, d)

	for height := int64(432); height <= 433; height++ {
		tmpl, err := d.Template(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if tmpl.Height != height || tmpl.MWEB == nil || !slices.Contains(tmpl.Rules, "mweb") {
			t.Fatalf("height %d: MWEB %d bytes, rules %v", tmpl.Height, len(tmpl.MWEB), tmpl.Rules)
		}
		hogex := tmpl.Transactions[len(tmpl.Transactions)-1].Data
		if len(hogex) < 6 || hogex[4] != 0 || hogex[5]&0x08 == 0 {
			t.Fatalf("last template transaction is not a HogEx: %x", hogex[:min(len(hogex), 8)])
		}
		b := buildBlock(t, tmpl, payout, true)
		if err := d.SubmitBlock(ctx, b.block); err != nil {
			t.Fatalf("height %d: SubmitBlock: %v", height, err)
		}
		info, err := d.Block(ctx, b.hash)
		if err != nil || info.Confirmations != 1 || info.CoinbaseValue != tmpl.CoinbaseValue {
			t.Fatalf("Block = %+v, %v", info, err)
		}
		if tip := p.Sync(t); tip != b.hash.String() {
			t.Fatalf("node B at %s, want %s", tip, b.hash)
		}
		// The node stores exactly the bytes we sent.
		var raw string
		if err := json.Unmarshal(p.A.Call(t, "getblock", b.hash.String(), 0), &raw); err != nil {
			t.Fatal(err)
		}
		if raw != hex.EncodeToString(b.block) {
			t.Fatalf("height %d: node's serialization differs from ours", height)
		}
	}
}

// A payout is built and signed without being sent, its coins stay locked so a second build
// cannot spend them, it reaches node B when broadcast, and broadcasting the same bytes
// again (in the mempool, then in a block) answers the same txid; a released payout frees
// its coins.
func TestLitecoinPayout(t *testing.T) {
	t.Parallel()
	p := chaintest.StartLitecoinPair(t)
	d := driverFor(t, p, false)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var outs []chain.PayoutOutput
	for i := range 3 {
		addr, err := d.NewAddress(ctx)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, chain.PayoutOutput{Address: addr, Amount: int64(i+1) * 1_00000000})
	}
	if _, err := d.BuildPayout(ctx, []chain.PayoutOutput{outs[0], outs[0]}); err == nil {
		t.Fatal("a payout paid one address twice")
	}
	// The wallet holds one matured coinbase (50 LTC): a payout locks it.
	first, err := d.BuildPayout(ctx, outs)
	if err != nil {
		t.Fatal(err)
	}
	if first.TxID.IsZero() || len(first.Raw) == 0 || first.Fee <= 0 || len(first.Inputs) != 1 {
		t.Fatalf("payout %+v", first)
	}
	if _, err := d.Transaction(ctx, first.TxID); !errors.Is(err, chain.ErrNotFound) {
		t.Fatalf("an unsent payout is known to the wallet: %v", err)
	}
	if _, err := d.BuildPayout(ctx, outs[:1]); err == nil {
		t.Fatal("a second payout spent the coins the first holds")
	}
	// Released, the coins pay another payout; that one is released too.
	if err := d.ReleasePayout(ctx, first); err != nil {
		t.Fatal(err)
	}
	other, err := d.BuildPayout(ctx, outs[:1])
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	if err := d.ReleasePayout(ctx, other); err != nil {
		t.Fatal(err)
	}
	// The first payout's bytes are still good: sent, sent again, mined, sent again.
	first, err = d.BuildPayout(ctx, outs)
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		txid, err := d.Broadcast(ctx, first.Raw)
		if err != nil || txid != first.TxID {
			t.Fatalf("broadcast: %s %v, want %s", txid, err, first.TxID)
		}
	}
	wt, err := d.Transaction(ctx, first.TxID)
	if err != nil || wt.Confirmations != 0 || wt.Fee != first.Fee {
		t.Fatalf("sent payout %+v %v (fee %d)", wt, err, first.Fee)
	}
	// The wallet lists the sent payout among its sends while it is in no block; the
	// released ones were never sent.
	sends, from, err := d.WalletSends(ctx, chain.Hash{})
	if err != nil || !slices.Equal(sends, []chain.Hash{first.TxID}) || from.IsZero() {
		t.Fatalf("wallet sends %v from %s (%v), want only %s", sends, from, err, first.TxID)
	}
	p.Generate(t, p.A, 1)
	p.Sync(t)
	// Mined, it is listed from the block WalletSends named until that block is SendsDepth
	// below the tip; from the block named then, it is not.
	p.Generate(t, p.A, chain.SendsDepth)
	p.Sync(t)
	if sends, next, err := d.WalletSends(ctx, from); err != nil || !slices.Equal(sends, []chain.Hash{first.TxID}) || next == from {
		t.Fatalf("wallet sends from %s: %v, next %s (%v)", from, sends, next, err)
	} else if later, _, err := d.WalletSends(ctx, next); err != nil || len(later) != 0 {
		t.Fatalf("wallet sends from %s, past the payout's block: %v (%v)", next, later, err)
	}
	var onB struct {
		Confirmations int64 `json:"confirmations"`
		Vout          []struct {
			Value float64 `json:"value"`
		} `json:"vout"`
	}
	if wt, err = d.Transaction(ctx, first.TxID); err != nil || wt.Confirmations != 1+chain.SendsDepth {
		t.Fatalf("mined payout %+v %v", wt, err)
	}
	raw := p.B.Call(t, "getrawtransaction", first.TxID.String(), true, wt.BlockHash.String())
	if err := json.Unmarshal(raw, &onB); err != nil || onB.Confirmations != 1+chain.SendsDepth || len(onB.Vout) != 4 {
		t.Fatalf("node B sees %s: %s %v", first.TxID, raw, err)
	}
	if txid, err := d.Broadcast(ctx, first.Raw); err != nil || txid != first.TxID {
		t.Fatalf("broadcast of a mined payout: %s %v", txid, err)
	}
}

// HoldOnly frees the coins of a payout nobody stored and locks again what a node restart
// forgot; Broadcast proves a payout whose coins another transaction spent can never confirm.
func TestLitecoinHoldOnlyAndConflict(t *testing.T) {
	t.Parallel()
	p := chaintest.StartLitecoinPair(t)
	p.Generate(t, p.A, 5) // more matured coinbases
	d := driverFor(t, p, false)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	addr, err := d.NewAddress(ctx)
	if err != nil {
		t.Fatal(err)
	}
	a, err := d.BuildPayout(ctx, []chain.PayoutOutput{{Address: addr, Amount: 1_00000000}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := d.BuildPayout(ctx, []chain.PayoutOutput{{Address: addr, Amount: 2_00000000}})
	if err != nil {
		t.Fatal(err)
	}
	locked := func() map[chain.OutPoint]bool {
		var l []struct {
			TxID chain.Hash `json:"txid"`
			Vout uint32     `json:"vout"`
		}
		if err := json.Unmarshal(p.A.CallWallet(t, "listlockunspent"), &l); err != nil {
			t.Fatal(err)
		}
		m := map[chain.OutPoint]bool{}
		for _, o := range l {
			m[chain.OutPoint{TxID: o.TxID, Vout: o.Vout}] = true
		}
		return m
	}
	same := func(got map[chain.OutPoint]bool, want []chain.OutPoint) bool {
		if len(got) != len(want) {
			return false
		}
		for _, o := range want {
			if !got[o] {
				return false
			}
		}
		return true
	}
	if !same(locked(), append(append([]chain.OutPoint{}, a.Inputs...), b.Inputs...)) {
		t.Fatalf("locked %v after two builds", locked())
	}
	// b was never stored: only a's coins stay held.
	if err := d.HoldOnly(ctx, []chain.SignedPayout{a}); err != nil {
		t.Fatal(err)
	}
	if got := locked(); !same(got, a.Inputs) {
		t.Fatalf("locked %v, want a's %v", got, a.Inputs)
	}
	// A node restart forgets locks; HoldOnly takes a's again.
	p.A.CallWallet(t, "lockunspent", true)
	if err := d.HoldOnly(ctx, []chain.SignedPayout{a}); err != nil {
		t.Fatal(err)
	}
	if got := locked(); !same(got, a.Inputs) {
		t.Fatalf("locked %v after a forgotten lock, want %v", got, a.Inputs)
	}
	// Another transaction spends a's coins: a can never confirm.
	if err := d.HoldOnly(ctx, nil); err != nil {
		t.Fatal(err)
	}
	ins := make([]map[string]any, len(a.Inputs))
	for i, in := range a.Inputs {
		ins[i] = map[string]any{"txid": in.TxID.String(), "vout": in.Vout}
	}
	var raw string
	if err := json.Unmarshal(p.A.CallWallet(t, "createrawtransaction", ins, []map[string]any{{addr: 49.9}}), &raw); err != nil {
		t.Fatal(err)
	}
	var signed struct{ Hex string }
	if err := json.Unmarshal(p.A.CallWallet(t, "signrawtransactionwithwallet", raw), &signed); err != nil {
		t.Fatal(err)
	}
	p.A.Call(t, "sendrawtransaction", signed.Hex, 0) // maxfeerate 0: whatever the coins held
	if _, err := d.Broadcast(ctx, a.Raw); !errors.Is(err, chain.ErrConflict) {
		t.Fatalf("broadcast of a conflicted payout: %v", err)
	}
	// b's coins were freed: b still goes out.
	if txid, err := d.Broadcast(ctx, b.Raw); err != nil || txid != b.TxID {
		t.Fatalf("broadcast b: %s %v", txid, err)
	}
}

// Block details for the explorer on litecoind regtest: header fields, size, the coinbase
// first among the transaction ids (a wallet payment among the rest), the previous and next
// blocks on the main chain, and the chain at a height; unknown blocks and heights are
// chain.ErrNotFound.
func TestLitecoinBlockDetail(t *testing.T) {
	p := chaintest.StartLitecoinPair(t)
	d := driverFor(t, p, false)
	ctx := context.Background()
	txid, err := d.Send(ctx, p.MineAddress, 50_000_000, "explorer")
	if err != nil {
		t.Fatal(err)
	}
	mined := p.Generate(t, p.A, 2)
	first, _ := chain.ParseHash(mined[0])
	second, _ := chain.ParseHash(mined[1])
	b, err := d.BlockDetail(ctx, first)
	if err != nil {
		t.Fatal(err)
	}
	if b.Hash != first || b.Next != second || b.Prev == (chain.Hash{}) || b.Confirmations != 2 || b.Size <= 0 || b.Time == 0 ||
		b.TxCount != 2 || len(b.TxIDs) != 2 || b.TxIDs[1] != txid || b.CoinbaseValue <= 0 || b.Difficulty <= 0 {
		t.Fatalf("block detail %+v (payment %s)", b, txid)
	}
	at, err := d.BlockHash(ctx, b.Height)
	if err != nil || at != first {
		t.Fatalf("block at %d: %s %v", b.Height, at, err)
	}
	tip, err := d.BlockDetail(ctx, second)
	if err != nil || tip.Next != (chain.Hash{}) || tip.Prev != first {
		t.Fatalf("tip %+v %v", tip, err)
	}
	if _, err := d.BlockHash(ctx, b.Height+100); !errors.Is(err, chain.ErrNotFound) {
		t.Fatalf("above the tip: %v", err)
	}
	var unknown chain.Hash
	unknown[0] = 1
	if _, err := d.BlockDetail(ctx, unknown); !errors.Is(err, chain.ErrNotFound) {
		t.Fatalf("unknown block: %v", err)
	}
}
