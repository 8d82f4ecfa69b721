package devnet

import (
	"context"
	"testing"

	"github.com/uniplus-pool/pool/internal/chain"
)

// BenchmarkSubmitBlock measures SubmitBlock's whole validation: the block passes every
// check but the last (the coinbase pays one unit too much), so the chain never changes.
func BenchmarkSubmitBlock(b *testing.B) {
	for _, algo := range []string{chain.SHA256d, chain.Scrypt} {
		b.Run(algo, func(b *testing.B) {
			ctx := context.Background()
			c, _ := newTestChain(b, algo, func(cfg *Config) { cfg.Maturity = 1 })
			_, script := payout(b, c)
			mine(b, c, script)
			for range 3 {
				if _, err := c.Send(ctx, otherAddress(1), 1000, ""); err != nil {
					b.Fatal(err)
				}
			}
			tmpl, _ := c.Template(ctx)
			blk, _ := solve(b, tmpl, script, func(d *draft) { d.tmpl.CoinbaseValue++ })
			b.SetBytes(int64(len(blk)))
			for b.Loop() {
				if err := c.SubmitBlock(ctx, blk); reason(err) != "bad-cb-amount" {
					b.Fatalf("SubmitBlock = %v", err)
				}
			}
		})
	}
}
