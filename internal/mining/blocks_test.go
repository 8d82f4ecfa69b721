package mining

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account/accounttest"
	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/coin"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/scope"
)

// fakeChain answers Block (what a node's index or wallet says of a block), BlockHash (the
// main chain by height) and Network from maps; the rest of chain.Driver is not used here.
type fakeChain struct {
	chain.Driver
	conf map[string]int64
	main map[int64]string
	net  chain.NetworkInfo
}

func (f *fakeChain) Name() string { return "fake" }
func (f *fakeChain) Block(_ context.Context, h chain.Hash) (chain.BlockInfo, error) {
	c, ok := f.conf[h.String()]
	if !ok {
		return chain.BlockInfo{}, chain.ErrNotFound
	}
	return chain.BlockInfo{Hash: h, Confirmations: c}, nil
}
func (f *fakeChain) BlockHash(_ context.Context, height int64) (chain.Hash, error) {
	s, ok := f.main[height]
	if !ok {
		return chain.Hash{}, chain.ErrNotFound
	}
	return chain.ParseHash(s)
}
func (f *fakeChain) Network(context.Context) (chain.NetworkInfo, error) { return f.net, nil }

func hashOf(b byte) string {
	var h chain.Hash
	h[0] = b
	return h.String()
}

// Found blocks are judged by the main chain at their height, both ways: confirmed at
// maturity, orphaned when another block is there even though the node's index still answers
// for ours, on the chain though the index does not know it, and back from orphaned when a
// reorganisation returns it; following twice changes nothing more; pool statistics come
// from share_minutes over 15 minutes.
func TestBlocksFollowAndStats(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := &Blocks{DB: d}
		for i, h := range []string{hashOf(1), hashOf(2), hashOf(3)} {
			if err := b.Record(ctx, FoundBlock{Coin: "LTC", Height: int64(100 + i), Hash: h, Reward: 625_000_000, Worker: "a.rig", Status: BlockPending}); err != nil {
				t.Fatal(err)
			}
		}
		if err := b.Record(ctx, FoundBlock{Coin: "LTC", Height: 100, Hash: hashOf(1), Status: BlockPending}); err != nil {
			t.Fatal("recording a hash twice should change nothing, not fail:", err)
		}
		// Block 3's index entry says 5 confirmations, but the chain has another block at
		// 102; block 2 is on the chain though the index does not know it.
		fc := &fakeChain{conf: map[string]int64{hashOf(1): 3, hashOf(3): 5},
			main: map[int64]string{100: hashOf(1), 101: hashOf(2), 102: hashOf(9)},
			net:  chain.NetworkInfo{Difficulty: 7, HashRate: 1e9, Height: 102, BlockReward: 625_000_000}}
		statuses := func() map[string]string {
			list, _ := b.List(ctx, "LTC", 10)
			got := map[string]string{}
			for _, f := range list {
				got[f.Hash] = f.Status
			}
			return got
		}
		n, err := b.Follow(ctx, "LTC", fc, 3)
		if err != nil || n != 3 {
			t.Fatalf("follow: %d %v", n, err)
		}
		if n, _ := b.Follow(ctx, "LTC", fc, 3); n != 0 {
			t.Fatalf("second follow changed %d", n)
		}
		if got := statuses(); got[hashOf(1)] != BlockConfirmed || got[hashOf(2)] != BlockPending || got[hashOf(3)] != BlockOrphaned {
			t.Fatalf("statuses %v", got)
		}
		// A reorganisation puts block 3 back at 102: pending again, and then confirmed.
		fc.main[102] = hashOf(3)
		if n, _ := b.Follow(ctx, "LTC", fc, 3); n != 1 || statuses()[hashOf(3)] != BlockPending {
			t.Fatalf("back on the chain: %d %v", n, statuses())
		}
		fc.net.Height = 104
		fc.main[103], fc.main[104] = hashOf(7), hashOf(8)
		if _, err := b.Follow(ctx, "LTC", fc, 3); err != nil || statuses()[hashOf(3)] != BlockConfirmed || statuses()[hashOf(2)] != BlockConfirmed {
			t.Fatalf("matured: %v %v", statuses(), err)
		}
		// An orphan older than RevisitOrphans is final.
		if err := b.Record(ctx, FoundBlock{Coin: "LTC", Height: 50, Hash: hashOf(4), Status: BlockOrphaned, Confirmations: -1,
			FoundAt: time.Now().Add(-RevisitOrphans - time.Hour).UnixMilli()}); err != nil {
			t.Fatal(err)
		}
		fc.main[50] = hashOf(4)
		if _, err := b.Follow(ctx, "LTC", fc, 3); err != nil || statuses()[hashOf(4)] != BlockOrphaned {
			t.Fatalf("an old orphan was revisited: %v %v", statuses(), err)
		}

		now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
		minute := func(ago int) time.Time { return now.Add(-time.Duration(ago) * time.Minute) }
		if err := pool.AddShareMinutes(ctx, d, []pool.ShareMinute{{DeviceID: 1, Minute: minute(5), Coin: "LTC", DiffSum: 450, Accepted: 450},
			{DeviceID: 2, Minute: minute(10), Coin: "LTC", DiffSum: 450, Accepted: 450},
			{DeviceID: 3, Minute: minute(20), Coin: "LTC", DiffSum: 1000, Accepted: 1000}}); err != nil {
			t.Fatal(err)
		}
		st, err := b.ComputeStats(ctx, "LTC", chain.Scrypt, fc, now)
		if err != nil {
			t.Fatal(err)
		}
		// 900 difficulty in 15 minutes on scrypt: 900 * 2^16 / 900 s = 65536 H/s; device 3 is older.
		// The day window also has device 3's 1000: 1900 * 2^16 / 86400 s.
		if st.PoolHashRate != 65536 || st.PoolHashRate24h != 1900*65536.0/86400 || st.ActiveMiners != 2 || st.LastBlockHeight != 102 || st.NetworkDifficulty != 7 || st.Driver != "fake" {
			t.Fatalf("stats %+v", st)
		}
		if err := b.SaveStats(ctx, st); err != nil {
			t.Fatal(err)
		}
		st.PoolHashRate = 1
		if err := b.SaveStats(ctx, st); err != nil {
			t.Fatal(err)
		}
		back, err := b.Stats(ctx, "LTC")
		if err != nil || back.PoolHashRate != 1 || back.ActiveMiners != 2 {
			t.Fatalf("stored stats %+v %v", back, err)
		}
		if _, err := b.Stats(ctx, "BTC"); err != db.ErrNotFound {
			t.Fatalf("unknown coin: %v", err)
		}
	})
}

// A miner submitting the same work every minute reads at its rate whenever the stats are
// computed: the window is the last 15 whole minutes, not "now minus 15 minutes", which
// counted the current, unfinished minute and dropped part of the first one (the demo's
// 40 kH/s of rigs read 36-38 kH/s).
func TestPoolHashrateIsExactForASteadyMiner(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := &Blocks{DB: d}
		start := time.Date(2026, 6, 1, 11, 0, 0, 0, time.UTC)
		// 60 difficulty a minute on scrypt = 60 x 2^16 / 60 s = 65536 H/s, for two hours, and
		// a third of a minute's work already flushed for the minute under way.
		var rows []pool.ShareMinute
		for m := 0; m < 120; m++ {
			rows = append(rows, pool.ShareMinute{DeviceID: 1, Minute: start.Add(time.Duration(m) * time.Minute), Coin: "LTC", DiffSum: 60, Accepted: 60})
		}
		rows = append(rows, pool.ShareMinute{DeviceID: 1, Minute: start.Add(120 * time.Minute), Coin: "LTC", DiffSum: 20, Accepted: 20})
		if err := pool.AddShareMinutes(ctx, d, rows); err != nil {
			t.Fatal(err)
		}
		for _, sec := range []int{0, 20, 40, 59} {
			now := start.Add(120*time.Minute + time.Duration(sec)*time.Second)
			st, err := b.ComputeStats(ctx, "LTC", chain.Scrypt, &fakeChain{}, now)
			if err != nil {
				t.Fatal(err)
			}
			if st.PoolHashRate != 65536 || st.ActiveMiners != 1 {
				t.Errorf("at +%ds: %v H/s, %d miners; want 65536 H/s, 1", sec, st.PoolHashRate, st.ActiveMiners)
			}
		}
	})
}

// The pool hashrate the engine stores in pool_stats is the sum of the hashrates the pool
// pages show for its devices, real-time and 24 h, at any moment of a minute: one owner
// (internal/pool) reads share_minutes over one set of windows. When mining read the table
// itself with windows of its own, they drifted apart (the pool read 4-7 % low). The rows
// change every minute, so a window shifted by one minute changes the sums; they include
// the minute under way, the minutes on each side of both windows' edges, another coin and
// a device with only rejected shares in the real-time window.
func TestPoolStatsAreTheSumOfTheDevicePages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		now := time.Date(2026, 6, 1, 12, 0, 37, 500_000_000, time.UTC)
		cur := now.Truncate(time.Minute)
		if err := (&coin.Store{DB: d}).Put(ctx, coin.Coin{Type: "LTC", Name: "Litecoin", AliasName: "LTC", Algorithm: chain.Scrypt,
			ChainUnit: "LTC", MinHashUnit: "H/s", Decimals: 8, OpenStatus: true, StratumPorts: []int{3340},
			SettleModel: coin.SettleModelPPS, SettleTime: "00:00", Driver: coin.DriverDevnet}); err != nil {
			t.Fatal(err)
		}
		ps := &pool.Store{DB: d, Now: func() time.Time { return now }}
		alice := accounttest.NewUser(t, d, "alice@example.com", "", now)
		bob := accounttest.NewUser(t, d, "bob@example.com", "", now)
		var devices []pool.Device
		for _, w := range []struct {
			user   int64
			code   string
			worker string
		}{{alice.ID, "alpha", "alpha.rig1"}, {alice.ID, "alpha", "alpha.rig2"}, {bob.ID, "bravo", "bravo.rig1"}, {bob.ID, "bravo", "bravo.old"}} {
			if _, err := ps.SubAccount(ctx, w.user, w.code); err != nil {
				if _, err := ps.CreateSubAccount(ctx, w.user, w.code, "rigs", "LTC"); err != nil {
					t.Fatal(err)
				}
			}
			dev, err := ps.ShareDevice(ctx, "LTC", w.worker, "203.0.113.9:4000", "lolMiner 1.76")
			if err != nil {
				t.Fatal(err)
			}
			devices = append(devices, dev)
		}
		ago := func(m int) time.Time { return cur.Add(-time.Duration(m) * time.Minute) }
		var rows []pool.ShareMinute
		wantRT, wantDay := 0.0, 0.0
		for i, dev := range devices[:3] {
			for _, m := range append([]int{0}, append(series(1, 16), 1439, 1440, 1441)...) {
				diff := float64(100*(i+1) + m)
				rows = append(rows, pool.ShareMinute{DeviceID: dev.ID, Minute: ago(m), Coin: "LTC", DiffSum: diff, Accepted: 1, Rejected: 1})
				if m >= 1 && m <= 15 {
					wantRT += diff
				}
				if m >= 1 && m <= 1440 {
					wantDay += diff
				}
			}
		}
		old := devices[3]
		rows = append(rows, pool.ShareMinute{DeviceID: old.ID, Minute: ago(3), Coin: "LTC", Rejected: 4},
			pool.ShareMinute{DeviceID: old.ID, Minute: ago(4), Coin: "BTC", DiffSum: 5000, Accepted: 5},
			pool.ShareMinute{DeviceID: old.ID, Minute: ago(30), Coin: "LTC", DiffSum: 77, Accepted: 77})
		wantDay += 77
		if err := pool.AddShareMinutes(ctx, d, rows); err != nil {
			t.Fatal(err)
		}

		b := &Blocks{DB: d}
		st, err := b.ComputeStats(ctx, "LTC", chain.Scrypt, &fakeChain{}, now)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.SaveStats(ctx, st); err != nil {
			t.Fatal(err)
		}
		stored, err := b.Stats(ctx, "LTC")
		if err != nil {
			t.Fatal(err)
		}

		// What the device list shows, device by device, and the miner pages, user by user.
		ids := make([]int64, len(devices))
		for i, dev := range devices {
			ids[i] = dev.ID
		}
		byDevice, err := ps.DeviceStats(ctx, ids, now)
		if err != nil {
			t.Fatal(err)
		}
		devRT, devDay, active := 0.0, 0.0, 0
		for _, id := range ids {
			devRT += byDevice[id].RealTime(chain.Scrypt)
			devDay += byDevice[id].Day(chain.Scrypt)
			if byDevice[id].RealTimeDiff > 0 {
				active++
			}
		}
		userRT, userDay := 0.0, 0.0
		for _, u := range []int64{alice.ID, bob.ID} {
			us, err := ps.UserStats(ctx, scope.User(u), "LTC", now)
			if err != nil {
				t.Fatal(err)
			}
			userRT += us.RealTime(chain.Scrypt)
			userDay += us.Day(chain.Scrypt)
		}

		const hashesPerDiff = 65536 // scrypt
		for _, c := range []struct {
			what      string
			got, want float64
		}{
			{"real-time: pool_stats vs the devices' sum", stored.PoolHashRate, devRT},
			{"real-time: pool_stats vs the users' sum", stored.PoolHashRate, userRT},
			{"real-time: pool_stats vs the rows", stored.PoolHashRate, wantRT * hashesPerDiff / 900},
			{"24 h: pool_stats vs the devices' sum", stored.PoolHashRate24h, devDay},
			{"24 h: pool_stats vs the users' sum", stored.PoolHashRate24h, userDay},
			{"24 h: pool_stats vs the rows", stored.PoolHashRate24h, wantDay * hashesPerDiff / 86400},
		} {
			if math.Abs(c.got-c.want) > 1e-9*c.want {
				t.Errorf("%s: %v H/s, want %v H/s", c.what, c.got, c.want)
			}
		}
		if stored.ActiveMiners != active || active != 3 {
			t.Errorf("active miners %d, devices with real-time hashrate %d, want 3", stored.ActiveMiners, active)
		}
	})
}

// series is from, from+1, ..., to.
func series(from, to int) []int {
	var out []int
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}

// dagChain is fakeChain as the node of a block DAG (chain.DAG).
type dagChain struct{ fakeChain }

func (*dagChain) IsDAG() bool { return true }

// In a DAG a found block is judged by its own color and depth, not by the selected chain
// at its height: a blue block beside the chain is paid, a red one is orphaned, one not
// merged yet waits, and a red block that turns blue comes back.
func TestBlocksFollowInADAG(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := &Blocks{DB: d}
		for i := byte(1); i <= 4; i++ {
			if err := b.Record(ctx, FoundBlock{Coin: "KAS", Height: 1000 + int64(i), Hash: hashOf(i), Reward: 5_000_000_000, Worker: "a.rig", Status: BlockPending}); err != nil {
				t.Fatal(err)
			}
		}
		// Nothing of ours is on the selected chain at its height (main): by the chain
		// rule every block would be orphaned.
		dc := &dagChain{fakeChain{conf: map[string]int64{hashOf(1): 1200, hashOf(2): 40, hashOf(3): -1, hashOf(4): 0},
			main: map[int64]string{1001: hashOf(9), 1002: hashOf(9), 1003: hashOf(9), 1004: hashOf(9)}}}
		if _, err := b.Follow(ctx, "KAS", dc, 1000); err != nil {
			t.Fatal(err)
		}
		want := map[string][2]any{hashOf(1): {BlockConfirmed, int64(1200)}, hashOf(2): {BlockPending, int64(40)},
			hashOf(3): {BlockOrphaned, int64(-1)}, hashOf(4): {BlockPending, int64(0)}}
		check := func() {
			t.Helper()
			list, _ := b.List(ctx, "KAS", 10)
			for _, f := range list {
				if w := want[f.Hash]; f.Status != w[0] || f.Confirmations != w[1] {
					t.Errorf("block %s: %s at %d confirmations, want %v", f.Hash[:8], f.Status, f.Confirmations, w)
				}
			}
		}
		check()
		dc.conf[hashOf(3)], dc.conf[hashOf(4)] = 5, 2
		want[hashOf(3)], want[hashOf(4)] = [2]any{BlockPending, int64(5)}, [2]any{BlockPending, int64(2)}
		if _, err := b.Follow(ctx, "KAS", dc, 1000); err != nil {
			t.Fatal(err)
		}
		check()
	})
}
