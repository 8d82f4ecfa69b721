package mining_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/uniplus-pool/pool/internal/chain/chaintest"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/mining"
)

// On litecoind regtest, a found block is followed by the chain at its height: orphaned when
// node A switches to a competing branch, pending again when A switches back to it.
func TestFollowJudgesBlocksByTheChainOnLitecoind(t *testing.T) {
	pair := chaintest.StartLitecoinPair(t)
	d := litecoinDriver(t, pair)
	ctx := context.Background()
	blocks := &mining.Blocks{DB: dbtest.SQLite(t)}
	ours := pair.Generate(t, pair.A, 1)[0]
	var hdr struct {
		Height int64 `json:"height"`
	}
	if err := json.Unmarshal(pair.A.Call(t, "getblockheader", ours), &hdr); err != nil {
		t.Fatal(err)
	}
	if err := blocks.Record(ctx, mining.FoundBlock{Coin: "LTC", Height: hdr.Height, Hash: ours, Reward: 1, Worker: "a.rig", Status: mining.BlockPending}); err != nil {
		t.Fatal(err)
	}
	status := func() mining.FoundBlock {
		t.Helper()
		if _, err := blocks.Follow(ctx, "LTC", d, 3); err != nil {
			t.Fatal(err)
		}
		list, err := blocks.List(ctx, "LTC", 1)
		if err != nil || len(list) != 1 {
			t.Fatalf("list %v %v", list, err)
		}
		return list[0]
	}
	if f := status(); f.Status != mining.BlockPending || f.Confirmations != 1 {
		t.Fatalf("our block at the tip: %+v", f)
	}
	// A competing branch wins on node A.
	pair.A.Call(t, "invalidateblock", ours)
	var other string
	if err := json.Unmarshal(pair.A.CallWallet(t, "getnewaddress"), &other); err != nil {
		t.Fatal(err)
	}
	var branch []string // to another address: the same template would make our block again
	if err := json.Unmarshal(pair.A.Call(t, "generatetoaddress", 2, other), &branch); err != nil {
		t.Fatal(err)
	}
	if f := status(); f.Status != mining.BlockOrphaned || f.Confirmations != -1 {
		t.Fatalf("after the competing branch: %+v", f)
	}
	// Node A goes back to our branch: the block is on the chain again.
	pair.A.Call(t, "reconsiderblock", ours)
	pair.A.Call(t, "invalidateblock", branch[0])
	if f := status(); f.Status != mining.BlockPending || f.Confirmations < 1 {
		t.Fatalf("back on our branch: %+v", f)
	}
}
