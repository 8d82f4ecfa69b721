package app

import (
	"context"
	"errors"
	"testing"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ops"
	"github.com/uniplus-pool/pool/internal/ops/opsoverview"
	"github.com/uniplus-pool/pool/internal/ops/opstest"
)

// askedChains answers every coin's driver with an error naming the coin: a wallet check
// that reached it went through the process's chains.
type askedChains struct{}

func (askedChains) Driver(_ context.Context, c coin.Coin) (chain.Node, error) {
	return nil, errors.New("driver of " + c.Type + " asked")
}

// The overview that `poold serve` mounts checks each coin's wallet through the process's
// chain drivers (the wallet check of GET /ops/api/v1/wallet).
func TestConsoleOverviewChecksWalletsThroughTheChains(t *testing.T) {
	d := dbtest.SQLite(t)
	ctx := context.Background()
	if err := (&coin.Store{DB: d}).Put(ctx, coin.Coin{Type: "TST", Name: "Test", AliasName: "TST", Algorithm: "sha256d", ChainUnit: "TST",
		MinHashUnit: "H/s", Decimals: 8, SettleModel: coin.SettleModelPPS, SettleTime: "08:00", FeeBps: 100, Driver: coin.DriverDevnet, MinWithdraw: 1000}); err != nil {
		t.Fatal(err)
	}
	routes := consoleRoutes(d, askedChains{}, nil)
	viewer := opstest.New(t, d, routes).Operator(ops.RoleViewer)
	var ov struct {
		Coins []opsoverview.CoinFigures `json:"coins"`
	}
	a := viewer.Do("GET", "/ops/api/v1/overview", nil)
	a.Into(t, &ov)
	if a.Status != 200 || len(ov.Coins) != 1 || ov.Coins[0].Wallet.Error != "driver of TST asked" {
		t.Fatalf("overview: %d %s", a.Status, a.Body)
	}
}
