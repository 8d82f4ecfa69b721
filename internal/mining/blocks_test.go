package mining

import (
	"context"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/chain"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// fakeChain answers Block and Network from maps; the rest of chain.Driver is not used here.
type fakeChain struct {
	chain.Driver
	conf map[string]int64
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
func (f *fakeChain) Network(context.Context) (chain.NetworkInfo, error) { return f.net, nil }

func hashOf(b byte) string {
	var h chain.Hash
	h[0] = b
	return h.String()
}

// Found blocks move from pending to confirmed at maturity and to orphaned when the chain
// no longer has them; following twice changes nothing more; pool statistics come from
// share_minutes over 15 minutes.
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
		fc := &fakeChain{conf: map[string]int64{hashOf(1): 100, hashOf(2): 5}, net: chain.NetworkInfo{Difficulty: 7, HashRate: 1e9, Height: 102, BlockReward: 625_000_000}}
		n, err := b.Follow(ctx, "LTC", fc, 100)
		if err != nil || n != 3 {
			t.Fatalf("follow: %d %v", n, err)
		}
		if n, _ := b.Follow(ctx, "LTC", fc, 100); n != 0 {
			t.Fatalf("second follow changed %d", n)
		}
		list, _ := b.List(ctx, "LTC", 10)
		got := map[string]string{}
		for _, f := range list {
			got[f.Hash] = f.Status
		}
		if got[hashOf(1)] != BlockConfirmed || got[hashOf(2)] != BlockPending || got[hashOf(3)] != BlockOrphaned {
			t.Fatalf("statuses %v", got)
		}

		now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
		minute := func(ago int) int64 { return now.Add(-time.Duration(ago) * time.Minute).UnixMilli() }
		for _, r := range []struct {
			dev  int64
			min  int64
			diff float64
			acc  int
		}{{1, minute(5), 450, 450}, {2, minute(10), 450, 450}, {3, minute(20), 1000, 1000}} {
			if _, err := d.Exec(ctx, `INSERT INTO share_minutes (device_id, minute, coin, diff_sum, accepted, rejected, stale) VALUES (?, ?, 'LTC', ?, ?, 0, 0)`,
				r.dev, r.min, r.diff, r.acc); err != nil {
				t.Fatal(err)
			}
		}
		st, err := b.ComputeStats(ctx, "LTC", chain.Scrypt, fc, now)
		if err != nil {
			t.Fatal(err)
		}
		// 900 difficulty in 15 minutes on scrypt: 900 * 2^16 / 900 s = 65536 H/s; device 3 is older.
		// The day window also has device 3's 1000: 1900 * 2^16 / 86400 s.
		if st.PoolHashRate != 65536 || st.PoolHashRate24h != 1900*65536.0/86400 || st.ActiveMiners != 2 || st.LastBlockHeight != 101 || st.NetworkDifficulty != 7 || st.Driver != "fake" {
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
		for m := 0; m < 120; m++ {
			if _, err := d.Exec(ctx, `INSERT INTO share_minutes (device_id, minute, coin, diff_sum, accepted, rejected, stale) VALUES (1, ?, 'LTC', 60, 60, 0, 0)`,
				start.Add(time.Duration(m)*time.Minute).UnixMilli()); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := d.Exec(ctx, `INSERT INTO share_minutes (device_id, minute, coin, diff_sum, accepted, rejected, stale) VALUES (1, ?, 'LTC', 20, 20, 0, 0)`,
			start.Add(120*time.Minute).UnixMilli()); err != nil {
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
