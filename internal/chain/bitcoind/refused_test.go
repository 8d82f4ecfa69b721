package bitcoind_test

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/bitcoind"
	"github.com/uniplus-pool/pool/internal/chain/chaintest"
)

// BuildPayout tells, on litecoind regtest, a refusal of the outputs themselves (below the
// dust limit, an address the node does not take), which building them again would meet
// again, from what may pass later (a wallet short of coins, a node that does not answer):
// only the first is an *bitcoind.OutputsRefusedError, which the payout job answers by
// failing the outputs' withdrawals (internal/withdraw).
func TestLitecoinPayoutRefusals(t *testing.T) {
	t.Parallel()
	p := chaintest.StartLitecoinPair(t)
	d := driverFor(t, p, false)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var legacy string
	if err := json.Unmarshal(p.A.CallWallet(t, "getnewaddress", "", "legacy"), &legacy); err != nil {
		t.Fatal(err)
	}
	good, err := d.NewAddress(ctx)
	if err != nil {
		t.Fatal(err)
	}
	refused := func(err error) bool {
		var r *bitcoind.OutputsRefusedError
		return errors.As(err, &r) && r.OutputsRefused()
	}
	for _, c := range []struct {
		name    string
		outs    []chain.PayoutOutput
		refused bool
	}{
		{"below the dust limit of a legacy address", []chain.PayoutOutput{{Address: good, Amount: 1_000_000}, {Address: legacy, Amount: 5459}}, true},
		{"an address the node does not take", []chain.PayoutOutput{{Address: "mwRrSTqBo2w2pQDFwaAS5emrA82MFom9EX", Amount: 1_000_000}}, true},
		{"more than the wallet holds", []chain.PayoutOutput{{Address: good, Amount: 100_00000000}}, false},
	} {
		_, err := d.BuildPayout(ctx, c.outs)
		if err == nil || refused(err) != c.refused {
			t.Errorf("%s: %v (refused for its outputs: %v, want %v)", c.name, err, refused(err), c.refused)
		}
	}
	// At the limit it builds.
	sp, err := d.BuildPayout(ctx, []chain.PayoutOutput{{Address: legacy, Amount: 5460}})
	if err != nil {
		t.Fatalf("5460 litoshi to a legacy address: %v", err)
	}
	if err := d.ReleasePayout(ctx, sp); err != nil {
		t.Fatal(err)
	}
	// A node that does not answer refuses nothing for good.
	down, err := bitcoind.New(bitcoind.Config{URL: "http://127.0.0.1:1", User: "u", Password: "p", Wallet: "pool", Algorithm: chain.Scrypt})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := down.BuildPayout(ctx, []chain.PayoutOutput{{Address: legacy, Amount: 1}}); err == nil || refused(err) {
		t.Fatalf("a node that does not answer: %v", err)
	}
}
