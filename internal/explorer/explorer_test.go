package explorer_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/chain/devnet"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/explorer"
	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/mining"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/solo"
)

type oneChain struct{ d chain.Driver }

func (o oneChain) Driver(context.Context, coin.Coin) (chain.Driver, error) { return o.d, nil }

type envelope struct {
	Code int             `json:"code"`
	Msg  string          `json:"msg"`
	Data json.RawMessage `json:"data"`
}

func TestMask(t *testing.T) {
	for in, want := range map[string]string{"farm_a": "fa***a", "abcd": "ab***d", "abc": "***", "": "*"} {
		if got := explorer.Mask(in); got != want {
			t.Errorf("Mask(%q) = %q, want %q", in, got, want)
		}
	}
	if got := explorer.Finder(mining.FoundBlock{Worker: "farm_a.rig1"}); got != "fa***a" {
		t.Errorf("pool finder %q", got)
	}
	if got := explorer.Finder(mining.FoundBlock{Worker: "dvn1abc.rig1", Solo: true}); got != "dvn1abc" {
		t.Errorf("solo finder %q", got)
	}
}

// The explorer's calls against a devnet chain and the pool's records: the overview (network,
// the pool's share, the node's latest blocks with ours marked, ours with status, maturity,
// effort and a masked finder), the pool's blocks, one block by height or hash with its
// neighbours and transactions, and the search by height, hash and address with the SPEC's
// messages.
func TestExplorerCalls(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		cfg := devnet.DefaultConfig("BTC", chain.SHA256d)
		cfg.OtherMiners = false
		chn, err := devnet.New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		var mined []chain.Hash
		for range 5 {
			mined = append(mined, chn.MineExternal())
		}
		cs := &coin.Store{DB: d}
		if err := cs.Put(ctx, coin.Coin{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC", Decimals: 8, OpenStatus: true,
			SettleModel: coin.SettleModelPPS, SettleTime: "00:00", Driver: coin.DriverDevnet, StratumPorts: []int{3333}, SoloPorts: []int{4333},
			DriverConfig: map[string]string{"maturity": "3"}}); err != nil {
			t.Fatal(err)
		}
		blocks := &mining.Blocks{DB: d}
		now := time.Now()
		// Ours: the block at height 3, after 1500 difficulty of shares since our block at
		// height 1 (found an hour before); its network difficulty was 1000: effort 1.5.
		info, _ := chn.Block(ctx, mined[2])
		prev, _ := chn.Block(ctx, mined[0])
		if err := blocks.Record(ctx, mining.FoundBlock{Coin: "BTC", Height: prev.Height, Hash: mined[0].String(), Reward: 1, Worker: "farm_a.rig1",
			Status: mining.BlockConfirmed, NetDiff: 1000, FoundAt: now.Add(-time.Hour).UnixMilli()}); err != nil {
			t.Fatal(err)
		}
		if err := blocks.Record(ctx, mining.FoundBlock{Coin: "BTC", Height: info.Height, Hash: mined[2].String(), Reward: info.CoinbaseValue,
			Worker: "farm_a.rig2", Status: mining.BlockPending, Confirmations: 3, NetDiff: 1000, FoundAt: now.UnixMilli()}); err != nil {
			t.Fatal(err)
		}
		if err := pool.AddShareMinutes(ctx, d, []pool.ShareMinute{
			{DeviceID: 1, Coin: "BTC", Minute: now.Add(-time.Hour).Truncate(time.Minute), DiffSum: 999, Accepted: 1}, // the previous block's minute
			{DeviceID: 1, Coin: "BTC", Minute: now.Add(-30 * time.Minute), DiffSum: 1000, Accepted: 1},
			{DeviceID: 2, Coin: "BTC", Minute: now, DiffSum: 500, Accepted: 1},
		}); err != nil {
			t.Fatal(err)
		}
		if err := (&solo.Store{DB: d}).AddSoloShares(ctx, []mining.SoloShare{{Coin: "BTC", Address: "dvn1solo", Difficulty: 1, Actual: 1, At: now}}); err != nil {
			t.Fatal(err)
		}

		rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US"})
		(&explorer.Handler{Explorer: &explorer.Explorer{Blocks: blocks, Pool: &pool.Store{DB: d}, Solo: &solo.Store{DB: d}, Chains: oneChain{chn}},
			Coins: cs}).Routes(rt)
		srv := httptest.NewServer(rt)
		defer srv.Close()
		get := func(path string, v any) (int, envelope) {
			t.Helper()
			req, _ := http.NewRequest("GET", srv.URL+path, nil)
			req.Header.Set("language", "en_US")
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var env envelope
			if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
				t.Fatal(err)
			}
			if v != nil && env.Code == 0 {
				if err := json.Unmarshal(env.Data, v); err != nil {
					t.Fatal(err)
				}
			}
			return resp.StatusCode, env
		}
		type poolBlock struct {
			Height                  int64
			Hash, Status, Finder    string
			Confirmations, Maturity int64
			Effort                  float64
		}
		var ov struct {
			Height       int64
			Blocks24h    int
			Maturity     int64
			LatestBlocks []struct {
				Height int64
				Hash   string
				Pool   bool
				Finder string
			}
			PoolBlocks []poolBlock
		}
		if st, env := get("/api/pc/v1/explorer/overview?coin=BTC", &ov); st != 200 {
			t.Fatalf("overview: %d %+v", st, env)
		}
		if ov.Height != 5 || ov.Blocks24h != 2 || ov.Maturity != 3 || len(ov.LatestBlocks) != 6 || ov.LatestBlocks[0].Height != 5 {
			t.Fatalf("overview %+v", ov)
		}
		for _, b := range ov.LatestBlocks {
			if ours := b.Hash == mined[2].String() || b.Hash == mined[0].String(); b.Pool != ours || (ours && b.Finder != "fa***a") {
				t.Errorf("latest block %+v", b)
			}
		}
		if len(ov.PoolBlocks) != 2 || ov.PoolBlocks[0].Hash != mined[2].String() || ov.PoolBlocks[0].Finder != "fa***a" ||
			math.Abs(ov.PoolBlocks[0].Effort-1.5) > 1e-9 || ov.PoolBlocks[0].Maturity != 3 || ov.PoolBlocks[1].Effort <= 0 {
			t.Fatalf("pool blocks %+v", ov.PoolBlocks)
		}

		var blk struct {
			Height, Confirmations int64
			Hash, PrevHash        string
			NextHash              string
			TxIDs                 []string
			PoolBlock             *poolBlock
		}
		if st, env := get("/api/pc/v1/explorer/block?coin=BTC&height=3", &blk); st != 200 {
			t.Fatalf("block: %d %+v", st, env)
		}
		if blk.Hash != mined[2].String() || blk.PrevHash != mined[1].String() || blk.NextHash != mined[3].String() || len(blk.TxIDs) == 0 ||
			blk.PoolBlock == nil || blk.PoolBlock.Status != mining.BlockPending {
			t.Fatalf("block at 3 %+v", blk)
		}
		blk.PoolBlock = nil
		if _, env := get("/api/pc/v1/explorer/block?coin=BTC&hash="+mined[4].String(), &blk); env.Code != 0 || blk.Height != 5 || blk.NextHash != "" || blk.PoolBlock != nil {
			t.Fatalf("tip by hash %+v %+v", blk, env)
		}
		if st, env := get("/api/pc/v1/explorer/block?coin=BTC&height=99", nil); st != 404 || env.Msg != "There is no such block." {
			t.Errorf("above the tip: %d %+v", st, env)
		}
		if st, _ := get("/api/pc/v1/explorer/block?coin=BTC&hash=xyz", nil); st != 400 {
			t.Errorf("bad hash: %d", st)
		}
		var page struct {
			Total int
			Rows  []poolBlock
		}
		if _, env := get("/api/pc/v1/explorer/blocks?coin=BTC&page=1&pageSize=10", &page); env.Code != 0 || page.Total != 2 || len(page.Rows) != 2 {
			t.Fatalf("blocks %+v %+v", page, env)
		}

		var found struct {
			Kind, Hash, Address string
			Height              int64
		}
		if _, env := get("/api/pc/v1/explorer/search?coin=BTC&q=3", &found); env.Code != 0 || found.Kind != "block" || found.Hash != mined[2].String() {
			t.Errorf("search by height: %+v %+v", found, env)
		}
		if _, env := get("/api/pc/v1/explorer/search?coin=BTC&q="+mined[3].String(), &found); env.Code != 0 || found.Kind != "block" || found.Height != 4 {
			t.Errorf("search by hash: %+v %+v", found, env)
		}
		if _, env := get("/api/pc/v1/explorer/search?coin=BTC&q=dvn1solo", &found); env.Code != 0 || found.Kind != "address" || found.Address != "dvn1solo" {
			t.Errorf("search by address: %+v %+v", found, env)
		}
		if st, env := get("/api/pc/v1/explorer/search?coin=BTC&q="+url.QueryEscape("nobody"), nil); st != 404 || env.Msg != "The query address does not exist." {
			t.Errorf("unknown address: %d %+v", st, env)
		}
		if _, env := get("/api/pc/v1/explorer/search?coin=BTC&q=+", nil); env.Code != 3 || env.Msg != "Enter a block height, a block hash or an address." {
			t.Errorf("empty search: %+v", env)
		}
		if _, env := get("/api/pc/v1/explorer/overview?coin=DOGE", nil); env.Code != 3 {
			t.Errorf("unknown coin: %+v", env)
		}
	})
}
