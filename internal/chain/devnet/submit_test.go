package devnet

import (
	"context"
	"testing"

	"github.com/uniplus-pool/pool/internal/chain"
)

// A coinbase written with its witness still has its plain txid in the merkle root.
func TestParseBlockWitness(t *testing.T) {
	c, _ := newTestChain(t, chain.SHA256d, nil)
	_, script := payout(t, c)
	tmpl, err := c.Template(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	coinb1, coinb2, err := chain.CoinbaseParts(tmpl, script, 4, "w")
	if err != nil {
		t.Fatal(err)
	}
	plain := append(append(coinb1, 1, 2, 3, 4), coinb2...)
	segwit := *tmpl
	segwit.WitnessCommitment = []byte{0x6a, 0x24, 0xaa, 0x21, 0xa9, 0xed}
	header := chain.Header(tmpl.Version, tmpl.PrevHash, chain.DoubleSHA256(plain), tmpl.CurTime, tmpl.Bits, 0)
	blk, err := chain.AssembleBlock(&segwit, header, plain)
	if err != nil {
		t.Fatal(err)
	}
	p, err := parseBlock(chain.SHA256d, blk)
	if err != nil {
		t.Fatal(err)
	}
	if p.txids[0] != chain.DoubleSHA256(plain) || p.prev != tmpl.PrevHash || p.bits != tmpl.Bits || p.time != tmpl.CurTime {
		t.Errorf("parsed %+v", p)
	}
}

// FuzzParseBlock feeds SubmitBlock's decoder what a hostile miner could send.
func FuzzParseBlock(f *testing.F) {
	c, _ := newTestChain(f, chain.SHA256d, nil)
	_, script := payout(f, c)
	tmpl, _ := c.Template(context.Background())
	blk, _ := solve(f, tmpl, script, nil)
	f.Add(blk)
	f.Add(blk[:chain.HeaderSize+1])
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := parseBlock(chain.SHA256d, b)
		if err != nil {
			return
		}
		if len(p.txids) == 0 || p.coinbase == nil || !p.coinbase.IsCoinbase() {
			t.Fatalf("parsed a block without a coinbase: %+v", p)
		}
	})
}
