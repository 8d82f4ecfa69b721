package pool_test

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/scope"
)

func TestSubAccountDelete(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		const del = "/api/pc/v1/pool/subaccount/delete"
		busy := h.sub(h.alice, "busy", "BTC")
		idle := h.sub(h.alice, "idle", "BTC")
		h.connect("BTC", "busy.rig01", "lolMiner")

		h.want(h.post(del, h.alice, map[string]any{}), 400, 3, msg("validation.required", "field", "pool.field.code"))
		h.want(h.post(del, h.bob, map[string]any{"code": "idle"}), 404, 3, msg("pool.subAccountNotFound"))
		h.want(h.post(del, h.alice, map[string]any{"code": "busy"}), 400, 3, msg("pool.subAccountHasDevices", "count", "1"))
		// Offline devices still count: they may come back within the 3 days.
		h.clock.Add(pool.OfflineAfter + time.Minute)
		if _, _, err := h.store.SweepDevices(h.ctx, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		h.want(h.post(del, h.alice, map[string]any{"code": "busy"}), 400, 3, msg("pool.subAccountHasDevices", "count", "1"))
		if _, err := h.store.SubAccount(h.ctx, h.alice.ID, busy.Code); err != nil {
			t.Fatalf("a refused delete removed the sub-account: %v", err)
		}

		h.want(h.post(del, h.alice, map[string]any{"code": "idle"}), 200, 0, msg("pool.subAccountDeleted"))
		h.want(h.post(del, h.alice, map[string]any{"code": "idle"}), 404, 3, msg("pool.subAccountNotFound"))
		var list []subView
		h.data(h.get("/api/pc/v1/pool/subaccount/list", h.alice, nil), &list)
		if len(list) != 1 || list[0].Code != "busy" {
			t.Fatalf("list after delete = %+v, want busy only", list)
		}
		// The code stays taken, its workers and its Uniplus ID stop working.
		if _, err := h.store.CreateSubAccount(h.ctx, h.bob.ID, "idle", "mine now", "BTC"); err == nil {
			t.Fatal("a deleted code was given to another user")
		}
		if _, err := h.store.ShareDevice(h.ctx, "BTC", "idle.rig01", "203.0.113.9:1", ""); !errors.Is(err, pool.ErrUnknownSubAccount) {
			t.Fatalf("first share to a deleted sub-account: %v, want ErrUnknownSubAccount", err)
		}
		h.want(h.agent(idle.UniplusID, goodReport("rig01")), 401, 4, "")
	})
}

func TestDeviceListSortsAndInitialising(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.sub(h.alice, "alice", "BTC")
		slow := h.connect("BTC", "alice.a_slow", "lolMiner")
		fast := h.connect("BTC", "alice.b_fast", "lolMiner")
		mid := h.connect("BTC", "alice.c_mid", "lolMiner")
		h.clock.Add(2 * time.Minute)
		h.shares(slow, 10, 1)
		h.shares(fast, 10, 100)
		h.shares(mid, 10, 10)
		h.connect("BTC", "alice.c_mid", "lolMiner") // the latest sign of life
		// Hours ago the order was the other way round: the 24-hour sort reads rolled-up hours.
		var past []pool.ShareMinute
		for i := range 60 {
			at := h.clock.Now().Truncate(time.Hour).Add(-3*time.Hour + time.Duration(i)*time.Minute)
			past = append(past, pool.ShareMinute{DeviceID: slow.ID, Minute: at, Coin: "BTC", DiffSum: 1000, Accepted: 1},
				pool.ShareMinute{DeviceID: mid.ID, Minute: at, Coin: "BTC", DiffSum: 100, Accepted: 1},
				pool.ShareMinute{DeviceID: fast.ID, Minute: at, Coin: "BTC", DiffSum: 1, Accepted: 1})
		}
		if err := pool.AddShareMinutes(h.ctx, h.db, past); err != nil {
			t.Fatal(err)
		}
		if _, err := h.store.RollUp(h.ctx, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		// The jobs role refreshes the sort keys every minute; before that, nothing sorts.
		if n, err := h.store.RefreshSortKeys(h.ctx, h.clock.Now()); err != nil || n != 3 {
			t.Fatalf("refreshed %d devices (%v), want 3", n, err)
		}

		order := func(q url.Values) []string {
			t.Helper()
			var p struct{ Rows []row }
			h.data(h.get("/api/pc/v1/pool/device/list", h.alice, q), &p)
			out := make([]string, len(p.Rows))
			for i, r := range p.Rows {
				out[i] = r.Worker
			}
			return out
		}
		for _, c := range []struct {
			q    url.Values
			want string
		}{
			{url.Values{}, "[a_slow b_fast c_mid]"},
			{url.Values{"sort": {"worker"}, "order": {"desc"}}, "[c_mid b_fast a_slow]"},
			{url.Values{"sort": {"realTimeHashRate"}, "order": {"desc"}}, "[b_fast c_mid a_slow]"},
			{url.Values{"sort": {"realTimeHashRate"}}, "[a_slow c_mid b_fast]"},
			{url.Values{"sort": {"dayHashRate"}, "order": {"desc"}, "coin": {"BTC"}}, "[a_slow c_mid b_fast]"},
			{url.Values{"sort": {"dayHashRate"}}, "[b_fast c_mid a_slow]"},
			{url.Values{"sort": {"lastUpdateTime"}, "order": {"desc"}}, "[c_mid a_slow b_fast]"},
			{url.Values{"sort": {"realTimeHashRate"}, "order": {"desc"}, "pageSize": {"10"}, "page": {"2"}}, "[]"},
		} {
			if got := fmt.Sprint(order(c.q)); got != c.want {
				t.Errorf("list %v = %s, want %s", c.q, got, c.want)
			}
		}
		h.want(h.get("/api/pc/v1/pool/device/list", h.alice, url.Values{"sort": {"temperature"}}), 400, 3,
			msg("validation.oneOf", "field", "pool.field.sort", "values", "worker, status, realTimeHashRate, dayHashRate, lastUpdateTime"))
		h.want(h.get("/api/pc/v1/pool/device/list", h.alice, url.Values{"order": {"up"}}), 400, 3,
			msg("validation.oneOf", "field", "pool.field.order", "values", "asc, desc"))

		// A quiet fleet's keys go to zero once, then cost no writes.
		later := h.clock.Now().Add(3 * 24 * time.Hour)
		if _, err := h.store.RollUp(h.ctx, later); err != nil {
			t.Fatal(err)
		}
		for i, want := range []int{3, 0} {
			if n, err := h.store.RefreshSortKeys(h.ctx, later); err != nil || n != want {
				t.Fatalf("refresh %d of a quiet fleet wrote %d devices (%v), want %d", i+1, n, err, want)
			}
		}

		// Initialising: for InitialisingFor after binding, from the first share of a device
		// that starts bound, and again after unbinding and binding.
		type bind struct {
			ID           int64
			Bound        bool
			BoundAt      int64
			Initialising bool
		}
		rowOf := func(id int64) bind {
			t.Helper()
			var p struct{ Rows []bind }
			h.data(h.get("/api/pc/v1/pool/device/list", h.alice, url.Values{"keyword": {"a_slow"}}), &p)
			if len(p.Rows) != 1 || p.Rows[0].ID != id {
				t.Fatalf("rows %+v", p.Rows)
			}
			return p.Rows[0]
		}
		if r := rowOf(slow.ID); !r.Bound || !r.Initialising || r.BoundAt != slow.FirstSeenAt {
			t.Fatalf("new bound device = %+v, want initialising since its first share %d", r, slow.FirstSeenAt)
		}
		h.clock.Add(pool.InitialisingFor)
		if r := rowOf(slow.ID); r.Initialising {
			t.Fatalf("%v after binding: still initialising", pool.InitialisingFor+2*time.Minute)
		}
		h.want(h.post("/api/pc/v1/pool/device/bind", h.alice, map[string]any{"id": slow.ID, "bound": false}), 200, 0, "")
		if r := rowOf(slow.ID); r.Bound || r.BoundAt != 0 || r.Initialising {
			t.Fatalf("unbound device = %+v", r)
		}
		h.clock.Add(time.Minute)
		h.want(h.post("/api/pc/v1/pool/device/bind", h.alice, map[string]any{"id": slow.ID, "bound": true}), 200, 0, "")
		// A later first share on another connection keeps the binding time.
		h.clock.Add(time.Minute)
		h.connect("BTC", "alice.a_slow", "lolMiner")
		if r := rowOf(slow.ID); !r.Initialising || r.BoundAt != h.clock.Now().Add(-time.Minute).UnixMilli() {
			t.Fatalf("rebound device = %+v, want initialising since %d", r, h.clock.Now().Add(-time.Minute).UnixMilli())
		}
	})
}

// TestHistoryRangesAndRollUp mines three days of minutes, rolls them up as the jobs
// role does, and reads the ranges: the 7- and 30-day charts add up to the same shares
// as the minutes did, old minutes are gone, and a second roll-up changes nothing.
func TestHistoryRangesAndRollUp(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		a := h.sub(h.alice, "alice", "BTC")
		h.sub(h.alice, "north", "BTC")
		h.sub(h.bob, "bob", "BTC")
		rig := h.connect("BTC", "alice.rig01", "lolMiner")
		other := h.connect("BTC", "north.rig01", "lolMiner")
		stranger := h.connect("BTC", "bob.rig01", "lolMiner")
		start := h.clock.Now().Truncate(time.Hour)
		const minutes = 3 * 24 * 60
		var rows []pool.ShareMinute
		for i := range minutes {
			at := start.Add(time.Duration(i) * time.Minute)
			rows = append(rows,
				pool.ShareMinute{DeviceID: rig.ID, Minute: at, Coin: "BTC", DiffSum: 2, Accepted: 2},
				pool.ShareMinute{DeviceID: other.ID, Minute: at, Coin: "BTC", DiffSum: 1, Accepted: 1},
				pool.ShareMinute{DeviceID: stranger.ID, Minute: at, Coin: "BTC", DiffSum: 50, Accepted: 50})
		}
		if err := pool.AddShareMinutes(h.ctx, h.db, rows); err != nil {
			t.Fatal(err)
		}
		h.clock.Add(minutes*time.Minute - 30*time.Second) // now: just after the last minute mined
		h.clock.Add(time.Minute)

		history := func(q url.Values) []pool.Point {
			t.Helper()
			var p []pool.Point
			h.data(h.get("/api/pc/v1/pool/hashrate/history", h.alice, q), &p)
			return p
		}
		accepted := func(p []pool.Point) (n int64) {
			for _, x := range p {
				n += x.Accepted
			}
			return n
		}
		check := func(stage string) {
			t.Helper()
			for _, c := range []struct {
				q       url.Values
				points  int
				perMin  int64
				minutes int64
			}{
				{url.Values{"coin": {"BTC"}}, 144, 3, 24 * 60},
				{url.Values{"coin": {"BTC"}, "range": {"7d"}}, 168, 3, minutes},
				{url.Values{"coin": {"BTC"}, "range": {"30d"}, "subAccount": {"alice"}}, 720, 2, minutes},
			} {
				p := history(c.q)
				if len(p) != c.points {
					t.Fatalf("%s: %v gave %d points, want %d", stage, c.q, len(p), c.points)
				}
				if got, want := accepted(p), c.perMin*c.minutes; got != want {
					t.Errorf("%s: %v adds up to %d accepted, want %d", stage, c.q, got, want)
				}
			}
			// Hourly points are hours: 2 difficulty-1 shares a minute is 2*2^32/60 H/s.
			p := history(url.Values{"coin": {"BTC"}, "range": {"7d"}, "subAccount": {"alice"}})
			last := p[len(p)-1]
			if want := 2 * math.Pow(2, 32) / 60; math.Abs(last.HashRate-want) > want*1e-9 || last.Time != h.clock.Now().Truncate(time.Hour).Add(-time.Hour).UnixMilli() {
				t.Errorf("%s: last hourly point %+v, want %.0f H/s for the last whole hour", stage, last, want)
			}
		}
		// Before the first roll-up the day chart is whole (minutes); hours older than the
		// minutes kept come only from share_hours.
		if got := accepted(history(url.Values{"coin": {"BTC"}})); got != 3*24*60 {
			t.Fatalf("24h chart before any roll-up adds up to %d, want %d", got, 3*24*60)
		}
		hours, err := h.store.RollUp(h.ctx, h.clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		// The last hour ended a minute ago: it waits out the grace for late flushes.
		if hours != 71 {
			t.Fatalf("first roll-up summed %d hours, want the 71 whole hours in share_minutes", hours)
		}
		var left int
		if err := h.db.QueryRow(h.ctx, "SELECT COUNT(*) FROM share_minutes WHERE minute < ?", h.clock.Now().Add(-pool.MinuteRetention).Truncate(time.Hour).UnixMilli()).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if left != 0 {
			t.Fatalf("%d minutes older than %v are still kept", left, pool.MinuteRetention)
		}
		check("after the roll-up")
		again, err := h.store.RollUp(h.ctx, h.clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		if again > 1 {
			t.Fatalf("a second roll-up at once summed %d hours, want at most the last one again", again)
		}
		check("after a second roll-up")
		// Bad input, and another user's sub-account.
		h.want(h.get("/api/pc/v1/pool/hashrate/history", h.alice, url.Values{"coin": {"BTC"}, "range": {"1y"}}), 400, 3,
			msg("validation.oneOf", "field", "pool.field.range", "values", "24h, 7d, 30d"))
		h.want(h.get("/api/pc/v1/pool/hashrate/history", h.alice, url.Values{}), 400, 3, msg("validation.required", "field", "pool.field.coin"))
		h.want(h.get("/api/pc/v1/pool/hashrate/history", h.alice, url.Values{"coin": {"BTC"}, "subAccount": {"bob"}}), 404, 3, msg("pool.subAccountNotFound"))
		h.want(h.get("/api/pc/v1/pool/device/hashrate", h.alice, url.Values{"id": {fmt.Sprint(rig.ID)}, "range": {"1y"}}), 400, 3, "")
		var dp []pool.Point
		h.data(h.get("/api/pc/v1/pool/device/hashrate", h.alice, url.Values{"id": {fmt.Sprint(rig.ID)}, "range": {"30d"}}), &dp)
		if len(dp) != 720 {
			t.Fatalf("device 30d: %d points", len(dp))
		}
		firstDay := int64(3 * minutes)
		// Days pass without shares: hours stay for HourRetention, then go.
		h.clock.Add(10 * 24 * time.Hour)
		if _, err := h.store.RollUp(h.ctx, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		quiet, err := h.store.UserHistory(h.ctx, scope.User(h.alice.ID), "BTC", "sha256d", pool.Range30d, h.clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		if got := accepted(quiet); got != firstDay {
			t.Fatalf("after 10 quiet days the 30-day chart adds up to %d, want %d", got, firstDay)
		}
		h.clock.Add(pool.HourRetention)
		if _, err := h.store.RollUp(h.ctx, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		var kept int
		if err := h.db.QueryRow(h.ctx, "SELECT COUNT(*) FROM share_hours").Scan(&kept); err != nil {
			t.Fatal(err)
		}
		if kept != 0 {
			t.Fatalf("%d hours kept past %v", kept, pool.HourRetention)
		}

		_ = a
	})
}

func TestEffectiveRangeNarrowsWithShares(t *testing.T) {
	for _, c := range []struct {
		n         int64
		low, high float64 // as fractions of the measured rate
	}{
		{1, 0.0253, 5.57},
		{10, 0.480, 1.839},
		{100, 0.814, 1.216},
		{10000, 0.9806, 1.0196},
	} {
		st := pool.ShareStats{RealTimeDiff: float64(c.n), RealTimeAccepted: c.n}
		rate := st.RealTime("sha256d")
		low, high := st.Effective("sha256d")
		if math.Abs(low/rate-c.low) > 0.01*c.low+0.002 || math.Abs(high/rate-c.high) > 0.01*c.high {
			t.Errorf("N=%d: range %.4f..%.4f of the rate, want about %.4f..%.4f (exact Poisson 95%%)", c.n, low/rate, high/rate, c.low, c.high)
		}
	}
	if low, high := (pool.ShareStats{}).Effective("sha256d"); low != 0 || high != 0 {
		t.Errorf("no shares: %v..%v, want 0..0", low, high)
	}
	_ = hashrate.New
}

// TestDeviceStatsReadRolledUpHoursAlike: the list's figures read whole hours from
// share_hours once they are rolled up; they must not move when that happens, at any
// minute of the hour.
func TestDeviceStatsReadRolledUpHoursAlike(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.sub(h.alice, "alice", "BTC")
		var ids []int64
		var rows []pool.ShareMinute
		start := h.clock.Now().Truncate(time.Minute).Add(-30 * time.Hour)
		for n := range 3 {
			dev := h.connect("BTC", fmt.Sprintf("alice.rig%d", n), "lolMiner")
			ids = append(ids, dev.ID)
			for i := range 30 * 60 {
				if (i+n)%7 == 0 {
					continue // some quiet minutes
				}
				rows = append(rows, pool.ShareMinute{DeviceID: dev.ID, Minute: start.Add(time.Duration(i) * time.Minute), Coin: "BTC",
					DiffSum: float64(1 + (i*31+n)%17), Accepted: 1 + i%3, Rejected: i % 2, Stale: i % 5 / 4})
			}
		}
		if err := pool.AddShareMinutes(h.ctx, h.db, rows); err != nil {
			t.Fatal(err)
		}
		for _, step := range []time.Duration{0, 7 * time.Minute, 23 * time.Minute, 41 * time.Minute} {
			h.clock.Add(step)
			before, err := h.store.DeviceStats(h.ctx, ids, h.clock.Now())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := h.store.RollUp(h.ctx, h.clock.Now()); err != nil {
				t.Fatal(err)
			}
			after, err := h.store.DeviceStats(h.ctx, ids, h.clock.Now())
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range ids {
				b, a := before[id], after[id]
				if b.DayDiff == 0 || math.Abs(a.DayDiff-b.DayDiff) > 1e-9*b.DayDiff || a.RealTimeDiff != b.RealTimeDiff ||
					a.Accepted != b.Accepted || a.Rejected != b.Rejected || a.Stale != b.Stale || a.RealTimeAccepted != b.RealTimeAccepted {
					t.Fatalf("+%v device %d: before the roll-up %+v, after %+v", step, id, b, a)
				}
			}
		}
	})
}
