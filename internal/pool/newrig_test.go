package pool_test

import (
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/pool"
)

// minuteShares writes accepted difficulty (and as many difficulty-1 shares) for device d
// in the minute starting at m.
func (h *harness) minuteShares(d pool.Device, m time.Time, diff float64) {
	h.t.Helper()
	if err := pool.AddShareMinutes(h.ctx, h.db, []pool.ShareMinute{{DeviceID: d.ID, Minute: m, Coin: d.Coin, DiffSum: diff, Accepted: int(diff)}}); err != nil {
		h.t.Fatal(err)
	}
}

// A rig that started mining two and a half minutes ago reads its own rate, not the
// shares of those minutes spread over the 15-minute window: device, sub-account, the
// account's overview and the pool's coin figure alike. Its first-seen time is its first
// accepted share, not the agent report that came before it. Before five shares or a
// minute of mining the figure says it is measuring; before the window is full the page
// is told so (no warning against the rig's own figure).
func TestNewRigReadsItsRateFromItsFirstShare(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		a := h.sub(h.alice, "alice", "BTC")
		// The agent reports first: that makes the device, but it has not mined.
		var res struct{ DeviceID int64 }
		h.data(h.agent(a.UniplusID, goodReport("rig1")), &res)
		detail := func() (v struct {
			FirstSeenAt      int64
			RealTimeHashRate hashrate.Rate
			DayHashRate      hashrate.Rate
			WindowFull       bool
			WindowShares     int64
		}) {
			h.data(h.get("/api/pc/v1/pool/device/detail", h.alice, url.Values{"id": {strconv.FormatInt(res.DeviceID, 10)}}), &v)
			return v
		}
		if v := detail(); v.FirstSeenAt != 0 {
			t.Fatalf("first seen %d before any share", v.FirstSeenAt)
		}

		h.clock.Add(10 * time.Minute) // 08:10:30
		first := h.clock.Now()
		dev := h.connect("BTC", "alice.rig1", "lolMiner")
		if dev.ID != res.DeviceID {
			t.Fatalf("first share made device %d, the report %d", dev.ID, res.DeviceID)
		}
		// One difficulty a second from 08:10:30: 30 in its first minute, 60 in each after.
		m0 := first.Truncate(time.Minute)
		h.minuteShares(dev, m0, 30)
		h.minuteShares(dev, m0.Add(time.Minute), 60)
		h.minuteShares(dev, m0.Add(2*time.Minute), 60)
		h.clock.Add(3 * time.Minute) // 08:13:30: whole minutes up to 08:13, 150 s mined

		const want = 1 << 32 // one difficulty a second on sha256d
		v := detail()
		if v.FirstSeenAt != first.UnixMilli() {
			t.Errorf("first seen %d, first share %d", v.FirstSeenAt, first.UnixMilli())
		}
		if v.RealTimeHashRate.HashRate != want || v.RealTimeHashRate.Measuring || v.DayHashRate.HashRate != want {
			t.Errorf("device real-time %+v, day %+v; want %d H/s", v.RealTimeHashRate, v.DayHashRate, want)
		}
		if v.WindowFull {
			t.Error("the window is full after 150 s of mining")
		}
		var subs []struct {
			Code                          string
			RealTimeHashRate, DayHashRate hashrate.Rate
		}
		h.data(h.get("/api/pc/v1/pool/subaccount/list", h.alice, nil), &subs)
		if len(subs) != 1 || subs[0].RealTimeHashRate.HashRate != want || subs[0].DayHashRate.HashRate != want {
			t.Errorf("sub-accounts %+v", subs)
		}
		var ov struct{ RealTimeHashRate, DayHashRate hashrate.Rate }
		h.data(h.get("/api/pc/v1/pool/device/overview", h.alice, url.Values{"coin": {"BTC"}}), &ov)
		if ov.RealTimeHashRate.HashRate != want || ov.DayHashRate.HashRate != want {
			t.Errorf("overview %+v", ov)
		}
		cs, err := h.store.CoinStats(h.ctx, "BTC", h.clock.Now())
		if err != nil || cs.RealTime("sha256d") != want || cs.Day("sha256d") != want {
			t.Errorf("pool figure %v / %v, %v", cs.RealTime("sha256d"), cs.Day("sha256d"), err)
		}

		// A second rig, 30 s in with three shares: measuring, beside the first one's figure.
		rig2 := h.connect("BTC", "alice.rig2", "lolMiner") // 08:13:30
		h.clock.Add(30 * time.Second)                      // 08:14:00
		h.minuteShares(rig2, h.clock.Now().Add(-time.Minute), 3)
		var list struct {
			Rows []struct {
				Worker           string
				RealTimeHashRate hashrate.Rate
			}
		}
		h.data(h.get("/api/pc/v1/pool/device/list", h.alice, url.Values{"coin": {"BTC"}}), &list)
		for _, r := range list.Rows {
			if r.Worker == "rig2" && !r.RealTimeHashRate.Measuring {
				t.Errorf("rig2 after 30 s and 3 shares: %+v", r.RealTimeHashRate)
			}
			if r.Worker == "rig1" && (r.RealTimeHashRate.Measuring || r.RealTimeHashRate.HashRate == 0) {
				t.Errorf("rig1: %+v", r.RealTimeHashRate)
			}
		}
		// A rig that mined the whole window reads shares over 15 minutes and may be judged.
		h.clock.Add(20 * time.Minute)
		now := h.clock.Now().Truncate(time.Minute)
		for i := 1; i <= 15; i++ {
			h.minuteShares(dev, now.Add(-time.Duration(i)*time.Minute), 60)
		}
		if v := detail(); v.RealTimeHashRate.HashRate != want || !v.WindowFull || v.WindowShares != 900 {
			t.Errorf("after the whole window: %+v", v)
		}
	})
}

// MiningSpan is the whole window for a first share before it, the time since the first
// share inside it, and nothing for one after its end.
func TestMiningSpan(t *testing.T) {
	const from, to = 1_000_000, 1_900_000 // 15 minutes in ms
	for _, c := range []struct {
		first int64
		want  time.Duration
	}{
		{0, 15 * time.Minute},
		{from - 1, 15 * time.Minute},
		{from, 15 * time.Minute},
		{to - 150_000, 150 * time.Second},
		{to, 0},
		{to + 5000, 0},
	} {
		if got := pool.MiningSpan(c.first, from, to); got != c.want {
			t.Errorf("MiningSpan(%d) = %v, want %v", c.first, got, c.want)
		}
	}
	// Too few shares or too short a span: measuring; none: a plain zero.
	for _, c := range []struct {
		st   pool.ShareStats
		want bool
	}{
		{pool.ShareStats{RealTimeAccepted: 4, RealTimeDiff: 4, RealTimeSpan: 10 * time.Minute}, true},
		{pool.ShareStats{RealTimeAccepted: 5, RealTimeDiff: 5, RealTimeSpan: 59 * time.Second}, true},
		{pool.ShareStats{RealTimeAccepted: 5, RealTimeDiff: 5, RealTimeSpan: time.Minute}, false},
		{pool.ShareStats{}, false},
	} {
		if got := c.st.Measuring(); got != c.want {
			t.Errorf("%+v measuring %v", c.st, got)
		}
	}
}
