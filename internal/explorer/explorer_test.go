package explorer_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account/accounttest"
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

func (o oneChain) Driver(context.Context, coin.Coin) (chain.Node, error) { return o.d, nil }

type envelope struct {
	Code int             `json:"code"`
	Msg  string          `json:"msg"`
	Data json.RawMessage `json:"data"`
}

// serveExplorer serves rt for the test and answers a GET of path in English: the HTTP
// status and the envelope, with its data decoded into v when the call succeeded.
func serveExplorer(t *testing.T, rt http.Handler) func(path string, v any) (int, envelope) {
	srv := httptest.NewServer(rt)
	t.Cleanup(srv.Close)
	return func(path string, v any) (int, envelope) {
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
		get := serveExplorer(t, rt)
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
		// Its transactions are its own: the coinbase's id, never the block's hash (issue 31).
		for _, id := range blk.TxIDs {
			if id == blk.Hash || len(id) != 64 {
				t.Fatalf("block at 3 lists %q among its transactions (hash %s)", id, blk.Hash)
			}
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
		if _, env := get("/api/pc/v1/explorer/search?coin=BTC&q=+", nil); env.Code != 3 || env.Msg != "Enter a block height, a block hash, a transaction hash or an address." {
			t.Errorf("empty search: %+v", env)
		}
		// The coin by currencyType, the SPEC's name, or by coin, the explorer's first name for
		// it; both naming one coin is fine, naming two is refused, neither is missing.
		for _, q := range []string{"currencyType=BTC", "currencyType=BTC&coin=BTC", "coin=BTC"} {
			if _, env := get("/api/pc/v1/explorer/search?q=3&"+q, &found); env.Code != 0 || found.Kind != "block" {
				t.Errorf("search with %s: %+v", q, env)
			}
		}
		if st, env := get("/api/pc/v1/explorer/overview?currencyType=BTC&coin=DOGE", nil); st != 400 ||
			env.Msg != "currencyType BTC and coin DOGE name different coins: send currencyType alone." {
			t.Errorf("two coins: %d %+v", st, env)
		}
		if st, env := get("/api/pc/v1/explorer/overview", nil); st != 400 || env.Msg != "Coin is required." {
			t.Errorf("no coin: %d %+v", st, env)
		}
		if _, env := get("/api/pc/v1/explorer/overview?coin=DOGE", nil); env.Code != 3 {
			t.Errorf("unknown coin: %+v", env)
		}
	})
}

// The ranking: miners by 24-hour hashrate or by blocks of the last 30 days, masked, with an
// id that names no one; a miner's detail has its chart and blocks; another coin's work and
// solo blocks do not count.
func TestExplorerRanking(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		cs := &coin.Store{DB: d}
		for _, c := range []coin.Coin{
			{Type: "BTC", Name: "Bitcoin", Algorithm: "sha256d", ChainUnit: "BTC", Decimals: 8, OpenStatus: true, SettleModel: coin.SettleModelPPS,
				SettleTime: "00:00", Driver: coin.DriverDevnet, StratumPorts: []int{3333}},
			{Type: "LTC", Name: "Litecoin", Algorithm: "scrypt", ChainUnit: "LTC", Decimals: 8, OpenStatus: true, SettleModel: coin.SettleModelPPS,
				SettleTime: "00:00", Driver: coin.DriverDevnet, StratumPorts: []int{3334}},
		} {
			if err := cs.Put(ctx, c); err != nil {
				t.Fatal(err)
			}
		}
		u := accounttest.NewUser(t, d, "rank@example.com", "", time.Now())
		ps := &pool.Store{DB: d}
		now := time.Now()
		minute := now.Add(-10 * time.Minute)
		devs := map[string]int64{}
		for _, s := range []struct{ code, coin string }{{"bigfarm", "BTC"}, {"smallrig", "BTC"}, {"lucky1", "BTC"}, {"ltconly", "LTC"}} {
			if _, err := ps.CreateSubAccount(ctx, u.ID, s.code, s.code, s.coin); err != nil {
				t.Fatal(err)
			}
			dev, err := ps.ShareDevice(ctx, s.coin, s.code+".r1", "198.51.100.1:1", "")
			if err != nil {
				t.Fatal(err)
			}
			devs[s.code] = dev.ID
		}
		if err := pool.AddShareMinutes(ctx, d, []pool.ShareMinute{
			{DeviceID: devs["bigfarm"], Coin: "BTC", Minute: minute, DiffSum: 9000, Accepted: 9},
			{DeviceID: devs["smallrig"], Coin: "BTC", Minute: minute, DiffSum: 1000, Accepted: 1},
			{DeviceID: devs["ltconly"], Coin: "LTC", Minute: minute, DiffSum: 99999, Accepted: 9},
		}); err != nil {
			t.Fatal(err)
		}
		blocks := &mining.Blocks{DB: d}
		for i, f := range []mining.FoundBlock{
			{Worker: "lucky1.r1", DeviceID: devs["lucky1"]}, {Worker: "lucky1.r1", DeviceID: devs["lucky1"]}, {Worker: "smallrig.r1", DeviceID: devs["smallrig"]},
			{Worker: "dvn1solo.r1", Solo: true},
		} {
			f.Coin, f.Height, f.Hash, f.Status, f.FoundAt = "BTC", int64(10+i), fmt.Sprintf("%064x", i+1), mining.BlockConfirmed, now.Add(-time.Hour).UnixMilli()
			if err := blocks.Record(ctx, f); err != nil {
				t.Fatal(err)
			}
		}
		rt := httpx.NewRouter(slog.New(slog.NewTextHandler(io.Discard, nil)), httpx.Options{DefaultLang: "en_US"})
		(&explorer.Handler{Explorer: &explorer.Explorer{Blocks: blocks, Pool: ps, Solo: &solo.Store{DB: d}}, Coins: cs, Now: func() time.Time { return now }}).Routes(rt)
		srv := httptest.NewServer(rt)
		defer srv.Close()
		type row struct {
			Rank        int
			ID, Miner   string
			HashRate24h struct{ HashRate float64 }
			Share       float64
			Blocks30d   int
		}
		rank := func(by string) []row {
			t.Helper()
			resp, err := http.Get(srv.URL + "/api/pc/v1/explorer/ranking?coin=BTC&by=" + by)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var env struct {
				Code int
				Data struct{ Rows []row }
			}
			if err := json.NewDecoder(resp.Body).Decode(&env); err != nil || env.Code != 0 {
				t.Fatalf("ranking by %s: %+v %v", by, env, err)
			}
			return env.Data.Rows
		}
		byRate := rank("hashrate")
		if len(byRate) != 3 || byRate[0].Miner != "bi***m" || byRate[1].Miner != "sm***g" || byRate[2].Miner != "lu***1" ||
			math.Abs(byRate[0].Share-0.9) > 1e-9 || byRate[1].Blocks30d != 1 {
			t.Fatalf("by hashrate %+v", byRate)
		}
		want := 9000 * chain.HashesPerDifficulty("sha256d") / 86400
		if math.Abs(byRate[0].HashRate24h.HashRate-want) > 1e-6*want {
			t.Errorf("hashrate %g, want %g", byRate[0].HashRate24h.HashRate, want)
		}
		if byBlocks := rank("blocks"); byBlocks[0].Miner != "lu***1" || byBlocks[0].Blocks30d != 2 || byBlocks[1].Miner != "sm***g" {
			t.Fatalf("by blocks %+v", byBlocks)
		}
		ids := map[string]bool{}
		for _, r := range byRate {
			if strings.Contains(r.ID, "bigfarm") || len(r.ID) != 16 || ids[r.ID] {
				t.Errorf("id %q", r.ID)
			}
			ids[r.ID] = true
		}
		resp, err := http.Get(srv.URL + "/api/pc/v1/explorer/ranking/detail?coin=BTC&id=" + byRate[1].ID)
		if err != nil {
			t.Fatal(err)
		}
		var detail struct {
			Code int
			Data struct {
				Miner  string
				Rank   int
				Chart  []struct{ HashRate struct{ HashRate float64 } }
				Blocks []struct{ Finder string }
			}
		}
		if err := json.NewDecoder(resp.Body).Decode(&detail); err != nil || detail.Code != 0 || detail.Data.Miner != "sm***g" || detail.Data.Rank != 2 ||
			len(detail.Data.Chart) == 0 || len(detail.Data.Blocks) != 1 || detail.Data.Blocks[0].Finder != "sm***g" {
			t.Fatalf("detail %+v %v", detail, err)
		}
		resp.Body.Close()
		resp, err = http.Get(srv.URL + "/api/pc/v1/explorer/ranking/detail?coin=BTC&id=0000000000000000")
		if err != nil || resp.StatusCode != 404 {
			t.Fatalf("unknown miner: %v %v", resp.StatusCode, err)
		}
		resp.Body.Close()
	})
}
