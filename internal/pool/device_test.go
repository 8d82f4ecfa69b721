package pool_test

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/account"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/hashrate"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/scope"
)

func TestAuthorizeWorkerRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.sub(h.alice, "alice", "BTC")
		h.sub(h.carol, "carol", "BTC")
		for _, c := range []struct {
			coin, worker string
			want         error
		}{
			{"BTC", "nobody.rig1", pool.ErrUnknownSubAccount},
			{"BTC", "alice", pool.ErrBadWorkerName}, // a name needs a suffix
			{"BTC", "alice.", pool.ErrBadWorkerName},
			{"BTC", "alice.abcdefghijklmnop", pool.ErrBadWorkerName}, // 16 characters
			{"BTC", "alice.rig 1", pool.ErrBadWorkerName},
			{"BTC", "alice.rig.1", pool.ErrBadWorkerName},
			{"BTC", "alice.矿机", pool.ErrBadWorkerName},
			{"BTC", "1alice.rig1", pool.ErrBadWorkerName},
			{"BTC", "", pool.ErrBadWorkerName},
			{"KAS", "alice.rig1", pool.ErrCoinClosed},
			{"DOGE", "alice.rig1", pool.ErrCoinClosed},
		} {
			if err := h.store.AuthorizeWorker(h.ctx, c.coin, c.worker); !errors.Is(err, c.want) {
				t.Errorf("authorize %s on %s: %v, want %v", c.worker, c.coin, err, c.want)
			}
			if _, err := h.store.ShareDevice(h.ctx, c.coin, c.worker, "203.0.113.9:1", "cgminer"); !errors.Is(err, c.want) {
				t.Errorf("share of %s on %s: %v, want %v", c.worker, c.coin, err, c.want)
			}
		}
		if list, total, _ := h.store.ListDevices(h.ctx, scope.User(h.alice.ID), pool.DeviceFilter{}); total != 0 || len(list) != 0 {
			t.Fatalf("refused workers made %d devices", total)
		}
		// An authorize that passes writes nothing either: the device comes with the first
		// accepted share.
		for _, w := range []string{"alice.rig1", "ALICE.rig2", "carol.s19"} {
			if err := h.store.AuthorizeWorker(h.ctx, "BTC", w); err != nil {
				t.Fatalf("authorize %s: %v", w, err)
			}
		}
		var rows int
		if err := d.QueryRow(h.ctx, "SELECT COUNT(*) FROM devices").Scan(&rows); err != nil || rows != 0 {
			t.Fatalf("authorizes made %d device rows (%v)", rows, err)
		}

		for _, c := range []struct {
			coin, worker, software string
			kind                   string
			bound                  bool
		}{
			{"BTC", "alice.abcdefghijklmno", "bmminer/2.0.0", pool.KindASIC, false},   // 15 characters; ASIC under a normal account
			{"BTC", "alice.s19", "cgminer 4.11 (Antminer S19)", pool.KindASIC, false}, // ASIC hint
			{"BTC", "carol.s19", "bmminer/2.0.0", pool.KindASIC, true},                // ASIC account
			{"BTC", "alice.gpu1", "lolMiner 1.76", pool.KindGPU, true},
			{"LTC", "alice.gpu2", "T-Rex/0.26.8", pool.KindGPU, true},
			{"BTC", "alice.cpu", "cpuminer-opt/3.2", pool.KindUnknown, true},
			{"ALEO", "alice.aleo", "aleo-prover", pool.KindGPU, false}, // the coin does not bind
		} {
			dev := h.connect(c.coin, c.worker, c.software)
			if dev.Kind != c.kind || dev.Bound != c.bound || dev.Status != pool.StatusNormal || dev.Coin != c.coin ||
				dev.PublicIP != "203.0.113.9" || dev.FullName() != c.worker || dev.OnlineSince == 0 {
				t.Errorf("%s (%s): %+v", c.worker, c.software, dev)
			}
		}
		// The same worker is the same device, whatever case the code is typed in; the
		// miner software and version come from the user agent.
		a := h.connect("BTC", "alice.gpu1", "lolMiner 1.76")
		b, err := h.store.ShareDevice(h.ctx, "BTC", "ALICE.gpu1", "[2001:db8::7]:5000", "lolMiner/1.77")
		if err != nil || a.ID != b.ID || b.PublicIP != "2001:db8::7" || b.MinerSoftware != "lolMiner" || b.MinerVersion != "1.77" {
			t.Fatalf("again: %v %+v", err, b)
		}
		// Suffixes are case-sensitive: another device.
		if c := h.connect("BTC", "alice.GPU1", ""); c.ID == a.ID || c.Kind != pool.KindUnknown {
			t.Fatalf("GPU1 is gpu1: %+v", c)
		}
		// Moving a bound device to a coin without binding unbinds it.
		if c := h.connect("ALEO", "alice.gpu1", ""); c.ID != a.ID || c.Bound || c.Coin != "ALEO" {
			t.Fatalf("moved to ALEO: %+v", c)
		}
		// A cancelled owner's workers are unknown.
		if err := h.accts.Cancel(h.ctx, h.db, h.carol.ID); err != nil {
			t.Fatal(err)
		}
		if err := h.store.AuthorizeWorker(h.ctx, "BTC", "carol.s19"); !errors.Is(err, pool.ErrUnknownSubAccount) {
			t.Fatalf("cancelled owner: %v", err)
		}
		if _, err := h.store.ShareDevice(h.ctx, "BTC", "carol.s19", "203.0.113.9:1", ""); !errors.Is(err, pool.ErrUnknownSubAccount) {
			t.Fatalf("cancelled owner: %v", err)
		}
	})
}

func TestStatusSweepWithMovingClock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		alice := h.sub(h.alice, "alice", "BTC")
		sweep := func(wantOff, wantRemoved int) {
			t.Helper()
			off, rem, err := h.store.SweepDevices(h.ctx, h.clock.Now())
			if err != nil || off != wantOff || rem != wantRemoved {
				t.Fatalf("sweep at %s: offlined %d removed %d (%v), want %d %d", h.clock.Now(), off, rem, err, wantOff, wantRemoved)
			}
		}
		status := func(id int64) string {
			t.Helper()
			dev, err := h.store.Device(h.ctx, h.alice.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			return dev.Status
		}
		dev := h.connect("BTC", "alice.rig1", "lolMiner")
		h.clock.Add(5 * time.Minute)
		if err := h.store.Touch(h.ctx, []int64{dev.ID}, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		h.clock.Add(10 * time.Minute) // 10 minutes since the last share, exactly: not yet
		sweep(0, 0)
		h.clock.Add(time.Second)
		sweep(1, 0)
		if s := status(dev.ID); s != pool.StatusOffline {
			t.Fatalf("status %s", s)
		}
		sweep(0, 0) // idempotent

		// Shares bring an offline device back as normal.
		if err := h.store.Touch(h.ctx, []int64{dev.ID}, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		if again, _ := h.store.Device(h.ctx, h.alice.ID, dev.ID); again.Status != pool.StatusNormal || again.OnlineSince != h.clock.Now().UnixMilli() {
			t.Fatalf("after touch %+v", again)
		}
		// Offline again; removed once offline for more than 3 days.
		h.clock.Add(10*time.Minute + time.Second)
		sweep(1, 0)
		h.clock.Add(72*time.Hour - 2*time.Second)
		sweep(0, 0)
		h.clock.Add(2 * time.Second)
		sweep(0, 1)
		if _, err := h.store.Device(h.ctx, h.alice.ID, dev.ID); err == nil {
			t.Fatal("a removed device is still there")
		}
		// The same name later is a new device.
		again := h.connect("BTC", "alice.rig1", "lolMiner")
		if again.ID == dev.ID || again.Status != pool.StatusNormal || again.FirstSeenAt != h.clock.Now().UnixMilli() {
			t.Fatalf("reconnected %+v (old %d)", again, dev.ID)
		}
		// A device abnormal by its last report is normal again when reports stop but
		// shares go on.
		r := goodReport("rig1")
		r["hardware"].(map[string]any)["minerRunning"] = false
		h.want(h.agent(alice.UniplusID, r), 200, 0, "")
		if s := status(again.ID); s != pool.StatusAbnormal {
			t.Fatalf("status %s", s)
		}
		for i := 0; i < 11; i++ {
			h.clock.Add(time.Minute)
			_ = h.store.Touch(h.ctx, []int64{again.ID}, h.clock.Now())
		}
		sweep(0, 0)
		if s := status(again.ID); s != pool.StatusNormal {
			t.Fatalf("status %s", s)
		}
	})
}

func TestAddShareMinutesAddsOnConflict(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		m := time.Date(2025, 3, 10, 7, 59, 0, 0, time.UTC)
		rows := []pool.ShareMinute{
			{DeviceID: 7, Minute: m, Coin: "BTC", DiffSum: 1.5, Accepted: 1, Rejected: 0, Stale: 0},
			{DeviceID: 7, Minute: m.Add(30 * time.Second), Coin: "BTC", DiffSum: 2.5, Accepted: 2, Rejected: 1, Stale: 0}, // same minute
			{DeviceID: 8, Minute: m, Coin: "LTC", DiffSum: 4, Accepted: 4, Rejected: 0, Stale: 1},
		}
		if err := pool.AddShareMinutes(h.ctx, d, rows); err != nil {
			t.Fatal(err)
		}
		if err := pool.AddShareMinutes(h.ctx, d, rows[:1]); err != nil {
			t.Fatal(err)
		}
		if err := pool.AddShareMinutes(h.ctx, d, nil); err != nil {
			t.Fatal(err)
		}
		// A big flush goes in several statements, inside the caller's transaction.
		var many []pool.ShareMinute
		for i := 0; i < 1200; i++ {
			many = append(many, pool.ShareMinute{DeviceID: 9, Minute: m.Add(-time.Duration(i) * time.Minute), Coin: "BTC", DiffSum: 1, Accepted: 1})
		}
		if err := d.InTx(h.ctx, func(tx *db.Tx) error { return pool.AddShareMinutes(h.ctx, tx, many) }); err != nil {
			t.Fatal(err)
		}
		got := map[int64]string{}
		rs, err := d.Query(h.ctx, "SELECT device_id, minute, coin, diff_sum, accepted, rejected, stale FROM share_minutes WHERE device_id < 9")
		if err != nil {
			t.Fatal(err)
		}
		defer rs.Close()
		for rs.Next() {
			var dev, minute int64
			var coin string
			var sum float64
			var a, r, s int
			if err := rs.Scan(&dev, &minute, &coin, &sum, &a, &r, &s); err != nil {
				t.Fatal(err)
			}
			got[dev] = fmt.Sprintf("%d %s %g %d %d %d", minute, coin, sum, a, r, s)
		}
		ms := m.UnixMilli()
		if got[7] != fmt.Sprintf("%d BTC 5.5 4 1 0", ms) || got[8] != fmt.Sprintf("%d LTC 4 4 0 1", ms) || len(got) != 2 {
			t.Fatalf("rows %v", got)
		}
		var n int
		_ = d.QueryRow(h.ctx, "SELECT COUNT(*) FROM share_minutes WHERE device_id = 9").Scan(&n)
		if n != 1200 {
			t.Fatalf("%d rows of the big flush", n)
		}
	})
}

func TestHashrateMath(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.sub(h.alice, "alice", "BTC")
		btc := h.connect("BTC", "alice.rig1", "lolMiner")
		ltc := h.connect("LTC", "alice.rig2", "lolMiner")
		// 900 shares of difficulty 1 over the last 15 minutes on sha256d:
		// 900 x 2^32 / 900 s = 4.294967296 GH/s; over 24 h: 900 x 2^32 / 86400 s.
		h.shares(btc, 15, 60)
		// Shares in the current minute and older than 24 h count in neither window.
		now := h.clock.Now()
		if err := pool.AddShareMinutes(h.ctx, d, []pool.ShareMinute{
			{DeviceID: btc.ID, Minute: now, Coin: "BTC", DiffSum: 1e6, Accepted: 1},
			{DeviceID: btc.ID, Minute: now.Add(-25 * time.Hour), Coin: "BTC", DiffSum: 1e6, Accepted: 1},
			{DeviceID: btc.ID, Minute: now.Add(-2 * time.Hour), Coin: "BTC", DiffSum: 300, Accepted: 300},
		}); err != nil {
			t.Fatal(err)
		}
		// 900 scrypt shares in 15 minutes: 900 x 2^16 / 900 s = 65536 H/s.
		h.shares(ltc, 15, 60)

		var ov struct {
			Counts                        pool.Counts
			RealTimeHashRate, DayHashRate hashrate.Rate
			Accepted, Rejected, Stale     int64
		}
		h.data(h.get("/api/pc/v1/pool/device/overview", h.alice, url.Values{"coin": {"BTC"}}), &ov)
		if ov.RealTimeHashRate.HashRate != 4294967296 || ov.RealTimeHashRate.Show != "4.29" || ov.RealTimeHashRate.Unit != "GH/s" {
			t.Fatalf("real-time %+v", ov.RealTimeHashRate)
		}
		if want := 1200 * math.Pow(2, 32) / 86400; math.Abs(ov.DayHashRate.HashRate-want) > 1e-6 || ov.DayHashRate.Show != "59.65" || ov.DayHashRate.Unit != "MH/s" {
			t.Fatalf("24 h %+v, want %g", ov.DayHashRate, want)
		}
		if ov.Accepted != 1200 || ov.Rejected != 15 || ov.Stale != 15 || ov.Counts.Total != 1 || ov.Counts.Normal != 1 {
			t.Fatalf("overview %+v", ov)
		}
		h.data(h.get("/api/pc/v1/pool/device/overview", h.alice, url.Values{"coin": {"LTC"}, "subAccount": {"alice"}}), &ov)
		if ov.RealTimeHashRate.HashRate != 65536 || ov.RealTimeHashRate.Show != "65.54" || ov.RealTimeHashRate.Unit != "KH/s" {
			t.Fatalf("scrypt %+v", ov.RealTimeHashRate)
		}
		// History: 10-minute buckets over the last hours, oldest first.
		var points []pool.Point
		h.data(h.get("/api/pc/v1/pool/device/hashrate", h.alice, url.Values{"id": {strconv.FormatInt(btc.ID, 10)}, "hours": {"3"}}), &points)
		if len(points) != 18 {
			t.Fatalf("%d points", len(points))
		}
		// The clock is 08:00:30: buckets end at 08:00; the last one (07:50-08:00) holds
		// 10 of the 15 minutes of shares, the one before 5; 06:00 holds the 300.
		last, prev := points[17], points[16]
		if last.Time != time.Date(2025, 3, 10, 7, 50, 0, 0, time.UTC).UnixMilli() || last.Accepted != 600 || last.HashRate != 600*math.Pow(2, 32)/600 ||
			prev.Accepted != 300 || points[0].Time != time.Date(2025, 3, 10, 5, 0, 0, 0, time.UTC).UnixMilli() || points[6].Accepted != 300 || points[1].Accepted != 0 {
			t.Fatalf("points %+v ... %+v %+v", points[:7], prev, last)
		}
		h.data(h.get("/api/pc/v1/pool/device/hashrate", h.alice, url.Values{"id": {strconv.FormatInt(btc.ID, 10)}}), &points)
		if len(points) != 144 {
			t.Fatalf("default window: %d points", len(points))
		}
		for _, c := range []struct {
			u      user
			q      url.Values
			status int
			msg    string
		}{
			{h.alice, url.Values{"id": {strconv.FormatInt(btc.ID, 10)}, "hours": {"0"}}, 400, msg("pool.outOfRange", "field", "pool.field.hours", "min", "1", "max", "168")},
			{h.alice, url.Values{"id": {strconv.FormatInt(btc.ID, 10)}, "hours": {"169"}}, 400, ""},
			{h.alice, url.Values{"id": {strconv.FormatInt(btc.ID, 10)}, "hours": {"x"}}, 400, ""},
			{h.alice, url.Values{}, 400, msg("validation.required", "field", "pool.field.id")},
			{h.alice, url.Values{"id": {"-1"}}, 400, msg("validation.invalid", "field", "pool.field.id")},
			{h.alice, url.Values{"id": {"999999"}}, 404, msg("pool.deviceNotFound")},
			{h.bob, url.Values{"id": {strconv.FormatInt(btc.ID, 10)}}, 404, msg("pool.deviceNotFound")},
		} {
			h.want(h.get("/api/pc/v1/pool/device/hashrate", c.u, c.q), c.status, 3, c.msg)
		}
		// The overview needs a known coin; a stranger's sub-account is a missing one.
		h.want(h.get("/api/pc/v1/pool/device/overview", h.alice, nil), 400, 3, msg("validation.required", "field", "pool.field.coin"))
		h.want(h.get("/api/pc/v1/pool/device/overview", h.alice, url.Values{"coin": {"DOGE"}}), 400, 3, msg("pool.coinNotFound", "coin", "DOGE"))
		h.want(h.get("/api/pc/v1/pool/device/overview", h.bob, url.Values{"coin": {"BTC"}, "subAccount": {"alice"}}), 404, 3, msg("pool.subAccountNotFound"))
		h.data(h.get("/api/pc/v1/pool/device/overview", h.bob, url.Values{"coin": {"BTC"}}), &ov)
		if ov.Counts.Total != 0 || ov.RealTimeHashRate.HashRate != 0 || ov.Accepted != 0 {
			t.Fatalf("bob sees alice's devices: %+v", ov)
		}
	})
}

type row struct {
	ID                            int64
	Code, Worker, Alias, Status   string
	SubAccount, Coin, Kind        string
	IntranetIP, PublicIP, Region  string
	RealTimeHashRate, DayHashRate hashrate.Rate
	OnlineDuration                int64
	LastUpdateTime                int64
	Temperature                   *float64
	Bound, Burned                 bool
}

func TestDeviceListFiltersAndPaging(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		a := h.sub(h.alice, "alice", "BTC")
		h.sub(h.alice, "north", "LTC")
		h.sub(h.bob, "bob", "BTC")
		for i := 1; i <= 23; i++ {
			h.connect("BTC", fmt.Sprintf("alice.gpu%02d", i), "lolMiner")
		}
		asic := h.connect("BTC", "alice.s19_pro", "bmminer") // unbound: ASIC under a normal account
		h.connect("LTC", "north.ltc-1", "lolMiner")
		h.connect("BTC", "bob.gpu01", "lolMiner")
		// One device has an alias, one reports (intranet and public IP), one goes offline.
		if _, err := h.store.SetDeviceAlias(h.ctx, h.alice.ID, asic.ID, "Basement"); err != nil {
			t.Fatal(err)
		}
		h.clock.Add(9 * time.Minute)
		for i := 1; i <= 23; i++ {
			if i != 5 {
				h.connect("BTC", fmt.Sprintf("alice.gpu%02d", i), "lolMiner")
			}
		}
		h.connect("BTC", "alice.s19_pro", "bmminer")
		h.connect("LTC", "north.ltc-1", "lolMiner")
		h.want(h.agent(a.UniplusID, goodReport("gpu07")), 200, 0, "")
		h.clock.Add(2 * time.Minute)
		if _, _, err := h.store.SweepDevices(h.ctx, h.clock.Now()); err != nil {
			t.Fatal(err)
		}

		list := func(q url.Values) (total int, rows []row) {
			t.Helper()
			var p struct {
				Total, Page, PageSize int
				Rows                  []row
			}
			h.data(h.get("/api/pc/v1/pool/device/list", h.alice, q), &p)
			if len(p.Rows) > p.PageSize {
				t.Fatalf("page of %d rows, size %d", len(p.Rows), p.PageSize)
			}
			return p.Total, p.Rows
		}
		names := func(rows []row) string {
			var out []string
			for _, r := range rows {
				out = append(out, r.Code)
			}
			return strings.Join(out, ",")
		}
		for _, c := range []struct {
			q     url.Values
			total int
			names string // "" skips the check
		}{
			{url.Values{}, 25, ""},
			{url.Values{"pageSize": {"20"}, "page": {"2"}}, 25, "alice.gpu21,alice.gpu22,alice.gpu23,alice.s19_pro,north.ltc-1"},
			{url.Values{"page": {"9"}}, 25, ""},
			{url.Values{"coin": {"LTC"}}, 1, "north.ltc-1"},
			{url.Values{"subAccount": {"north"}}, 1, "north.ltc-1"},
			{url.Values{"subAccount": {"ALICE"}, "status": {"offline"}}, 1, "alice.gpu05"},
			{url.Values{"status": {"abnormal"}}, 0, ""},
			{url.Values{"bound": {"false"}}, 1, "alice.s19_pro"},
			{url.Values{"bound": {"1"}, "coin": {"BTC"}}, 23, ""},
			{url.Values{"keyword": {"GPU1"}}, 10, ""},
			{url.Values{"keyword": {"alice.gpu2"}}, 4, "alice.gpu20,alice.gpu21,alice.gpu22,alice.gpu23"},
			{url.Values{"keyword": {"basement"}}, 1, "alice.s19_pro"},
			{url.Values{"keyword": {"%"}}, 0, ""}, // % and _ are characters, not wildcards
			{url.Values{"keyword": {"_"}}, 1, "alice.s19_pro"},
			{url.Values{"keyword": {"ba_ement"}}, 0, ""},
			{url.Values{"keyword": {"192.168.1.23"}}, 1, "alice.gpu07"},
			{url.Values{"keyword": {"198.51.100.20"}}, 1, "alice.gpu07"}, // public IP from the report
			{url.Values{"keyword": {"bob"}}, 0, ""},
		} {
			total, rows := list(c.q)
			if total != c.total || (c.names != "" && names(rows) != c.names) {
				t.Errorf("%v: total %d rows %s, want %d %s", c.q, total, names(rows), c.total, c.names)
			}
		}
		_, rows := list(url.Values{"keyword": {"gpu07"}})
		r := rows[0]
		if r.Worker != "gpu07" || r.SubAccount != "alice" || r.Coin != "BTC" || r.Kind != "gpu" || r.Status != "normal" || !r.Bound ||
			r.OnlineDuration != 11*60 || r.LastUpdateTime != h.clock.Now().Add(-2*time.Minute).UnixMilli() || r.IntranetIP != "192.168.1.23" ||
			r.Region != "Chengdu" || r.Temperature == nil || *r.Temperature != 71 || r.RealTimeHashRate.Unit != "H/s" {
			t.Fatalf("row %+v", r)
		}
		_, rows = list(url.Values{"status": {"offline"}})
		if rows[0].OnlineDuration != 0 || rows[0].Temperature != nil {
			t.Fatalf("offline row %+v", rows[0])
		}
		for _, c := range []struct {
			q      url.Values
			status int
			msg    string
		}{
			{url.Values{"pageSize": {"15"}}, 400, msg("validation.oneOf", "field", "pool.field.pageSize", "values", "10, 20, 30, 50")},
			{url.Values{"pageSize": {"100"}}, 400, ""},
			{url.Values{"page": {"0"}}, 400, msg("validation.invalid", "field", "pool.field.page")},
			{url.Values{"page": {"x"}}, 400, ""},
			{url.Values{"status": {"sleeping"}}, 400, msg("validation.oneOf", "field", "pool.field.status", "values", "normal, abnormal, offline")},
			{url.Values{"bound": {"yes"}}, 400, msg("validation.invalid", "field", "pool.field.bound")},
			{url.Values{"keyword": {strings.Repeat("k", 51)}}, 400, msg("validation.tooLong", "field", "pool.field.keyword", "max", "50")},
			{url.Values{"coin": {"DOGE"}}, 400, msg("pool.coinNotFound", "coin", "DOGE")},
			{url.Values{"subAccount": {"bob"}}, 404, msg("pool.subAccountNotFound")},
			{url.Values{"subAccount": {"nobody"}}, 404, msg("pool.subAccountNotFound")},
		} {
			h.want(h.get("/api/pc/v1/pool/device/list", h.alice, c.q), c.status, 3, c.msg)
		}
		for _, ps := range pool.PageSizes {
			if _, rows := list(url.Values{"pageSize": {strconv.Itoa(ps)}}); len(rows) != min(ps, 25) {
				t.Errorf("page size %d: %d rows", ps, len(rows))
			}
		}
		h.want(h.get("/api/pc/v1/pool/device/list", user{}, nil), 401, 4, "")
		var ov struct{ Counts pool.Counts }
		h.data(h.get("/api/pc/v1/pool/device/overview", h.alice, url.Values{"coin": {"BTC"}}), &ov)
		if ov.Counts != (pool.Counts{Total: 24, Normal: 23, Offline: 1, Bound: 23, Unbound: 1}) {
			t.Fatalf("counts %+v", ov.Counts)
		}
	})
}

func TestDeviceDetailAliasAndBinding(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		a := h.sub(h.alice, "alice", "BTC")
		h.sub(h.carol, "carol", "BTC")
		gpu := h.connect("BTC", "alice.gpu07", "lolMiner")
		asic := h.connect("BTC", "alice.s19", "bmminer")
		aleo := h.connect("ALEO", "alice.aleo1", "aleo-prover")
		carolASIC := h.connect("BTC", "carol.s19", "bmminer")
		h.want(h.agent(a.UniplusID, goodReport("gpu07")), 200, 0, "")
		id := func(v int64) url.Values { return url.Values{"id": {strconv.FormatInt(v, 10)}} }

		var det struct {
			row
			MinerRunning                                        *bool
			MinerSoftware, MinerVersion, OS, OSVersion          string
			DriverVersion, CPUModel, RunningPool                string
			CPUTemp, CPUUsage                                   *float64
			MemTotal, MemUsed, DiskTotal, DiskUsed              *int64
			FirstSeenAt, LastShareAt, LastReportAt, OnlineSince int64
			GPUs                                                []struct {
				pool.GPU
				HashRateShow hashrate.Rate
			}
		}
		h.data(h.get("/api/pc/v1/pool/device/detail", h.alice, id(gpu.ID)), &det)
		if det.Code != "alice.gpu07" || det.MinerRunning == nil || !*det.MinerRunning || det.MinerSoftware != "lolMiner" || det.MinerVersion != "1.76" ||
			det.OS != "UniplusOS" || det.OSVersion != "2.1" || det.DriverVersion != "535.104" || det.CPUModel != "AMD Ryzen 5 5600" ||
			*det.CPUTemp != 48.5 || *det.CPUUsage != 12 || *det.MemTotal != 16<<30 || *det.MemUsed != 4<<30 || *det.DiskTotal != 128<<30 ||
			*det.DiskUsed != 20<<30 || det.RunningPool != "stratum+tcp://pool.example.com:3333" || !det.Burned || det.Region != "Chengdu" ||
			len(det.GPUs) != 2 || det.GPUs[1].Model != "RTX 3070" || *det.GPUs[1].Fan != 65 || det.GPUs[1].HashRateShow.Show != "120.50" ||
			det.GPUs[1].HashRateShow.Unit != "MH/s" || det.LastReportAt != h.clock.Now().UnixMilli() || det.FirstSeenAt == 0 {
			t.Fatalf("detail %+v", det)
		}
		for _, c := range []struct {
			u      user
			q      url.Values
			status int
			msg    string
		}{
			{h.bob, id(gpu.ID), 404, msg("pool.deviceNotFound")},
			{h.alice, id(carolASIC.ID), 404, msg("pool.deviceNotFound")},
			{h.alice, url.Values{}, 400, msg("validation.required", "field", "pool.field.id")},
			{h.alice, url.Values{"id": {"abc"}}, 400, msg("validation.invalid", "field", "pool.field.id")},
			{h.alice, id(aleo.ID), 400, msg("pool.coinNoDetail", "coin", "ALEO")},
		} {
			h.want(h.get("/api/pc/v1/pool/device/detail", c.u, c.q), c.status, 3, c.msg)
		}

		// Alias: same rules as a sub-account's, empty clears it.
		for _, c := range []struct {
			u      user
			body   any
			status int
			msg    string
		}{
			{h.alice, map[string]any{"id": gpu.ID, "alias": "bad/alias"}, 400, msg("pool.badAlias")},
			{h.alice, map[string]any{"id": gpu.ID, "alias": strings.Repeat("x", 21)}, 400, msg("validation.tooLong", "field", "pool.field.alias", "max", "20")},
			{h.alice, map[string]any{"alias": "x"}, 400, msg("validation.required", "field", "pool.field.id")},
			{h.alice, map[string]any{"id": "7", "alias": "x"}, 400, msg("validation.invalid", "field", "pool.field.id")},
			{h.bob, map[string]any{"id": gpu.ID, "alias": "mine now"}, 404, msg("pool.deviceNotFound")},
		} {
			h.want(h.post("/api/pc/v1/pool/device/alias", c.u, c.body), c.status, 3, c.msg)
		}
		h.want(h.post("/api/pc/v1/pool/device/alias", h.alice, map[string]any{"id": gpu.ID, "alias": " 三号机 rig-3 "}), 200, 0, "")
		if dev, _ := h.store.Device(h.ctx, h.alice.ID, gpu.ID); dev.Alias != "三号机 rig-3" {
			t.Fatalf("alias %q", dev.Alias)
		}
		h.want(h.post("/api/pc/v1/pool/device/alias", h.alice, map[string]any{"id": gpu.ID, "alias": ""}), 200, 0, "")
		if dev, _ := h.store.Device(h.ctx, h.alice.ID, gpu.ID); dev.Alias != "" {
			t.Fatalf("alias %q", dev.Alias)
		}

		// Binding.
		bind := func(u user, dev int64, bound any) reply {
			body := map[string]any{"id": dev}
			if bound != nil {
				body["bound"] = bound
			}
			return h.post("/api/pc/v1/pool/device/bind", u, body)
		}
		h.want(bind(h.alice, gpu.ID, false), 200, 0, msg("pool.unbound"))
		h.want(bind(h.alice, gpu.ID, true), 200, 0, msg("pool.bound"))
		h.want(bind(h.alice, asic.ID, true), 400, 3, msg("pool.asicNeedsAsicAccount"))
		h.want(bind(h.alice, asic.ID, false), 200, 0, "")
		h.want(bind(h.alice, aleo.ID, true), 400, 3, msg("pool.coinNoBind", "coin", "ALEO"))
		h.want(bind(h.bob, gpu.ID, false), 404, 3, msg("pool.deviceNotFound"))
		h.want(bind(h.alice, gpu.ID, nil), 400, 3, msg("validation.required", "field", "pool.field.bound"))
		h.want(bind(h.alice, gpu.ID, "no"), 400, 3, msg("validation.invalid", "field", "pool.field.bound"))
		h.want(bind(h.carol, carolASIC.ID, false), 200, 0, "")
		h.want(bind(h.carol, carolASIC.ID, true), 200, 0, "")
		if dev, _ := h.store.Device(h.ctx, h.carol.ID, carolASIC.ID); !dev.Bound {
			t.Fatal("carol's ASIC is not bound")
		}
	})
}

func TestUnbindAllDevicesInTransaction(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.sub(h.alice, "alice", "BTC")
		h.sub(h.alice, "second", "LTC")
		h.sub(h.bob, "bob", "BTC")
		a1 := h.connect("BTC", "alice.gpu1", "lolMiner")
		a2 := h.connect("LTC", "second.gpu1", "lolMiner")
		h.connect("BTC", "alice.s19", "bmminer") // never bound
		b1 := h.connect("BTC", "bob.gpu1", "lolMiner")
		bound := func(u user, id int64) bool {
			dev, err := h.store.Device(h.ctx, u.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			return dev.Bound
		}
		// Rolled back with the caller's transaction: nothing changes.
		rollback := errors.New("rollback")
		err := d.InTx(h.ctx, func(tx *db.Tx) error {
			n, err := h.store.UnbindAllDevices(h.ctx, tx, h.alice.ID)
			if err != nil || n != 2 {
				t.Fatalf("unbound %d: %v", n, err)
			}
			return rollback
		})
		if !errors.Is(err, rollback) || !bound(h.alice, a1.ID) || !bound(h.alice, a2.ID) {
			t.Fatal("rolled-back unbinding stuck")
		}
		// Through the account service: a type change unbinds every device of the user.
		svc := &account.Service{Store: h.accts, Devices: h.store}
		if changed, err := svc.ChangeAccountType(h.ctx, h.alice.User, account.TypeASIC); err != nil || !changed {
			t.Fatalf("change type: %v", err)
		}
		if bound(h.alice, a1.ID) || bound(h.alice, a2.ID) || !bound(h.bob, b1.ID) {
			t.Fatal("type change did not unbind alice's devices only")
		}
		if n, err := h.store.UnbindAllDevices(h.ctx, d, h.alice.ID); err != nil || n != 0 {
			t.Fatalf("second unbind: %d %v", n, err)
		}
	})
}

// First accepted shares of one new worker on several connections at the same moment make
// one device; shares and reports at the same time are not lost.
func TestConcurrentConnectionsMakeOneDevice(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		a := h.sub(h.alice, "alice", "BTC")
		ids := make(chan int64, 8)
		errs := make(chan error, 16)
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				dev, err := h.store.ShareDevice(h.ctx, "BTC", "alice.rig1", "203.0.113.9:1", "lolMiner")
				if err != nil {
					errs <- err
					return
				}
				ids <- dev.ID
				errs <- h.store.Touch(h.ctx, []int64{dev.ID}, h.clock.Now())
			}()
		}
		wg.Wait()
		close(ids)
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		first := int64(0)
		for id := range ids {
			if first == 0 {
				first = id
			}
			if id != first {
				t.Fatalf("two devices: %d and %d", first, id)
			}
		}
		h.want(h.agent(a.UniplusID, goodReport("rig1")), 200, 0, "")
		dev, err := h.store.Device(h.ctx, h.alice.ID, first)
		if err != nil || dev.LastShareAt != h.clock.Now().UnixMilli() || dev.LastReportAt != dev.LastShareAt {
			t.Fatalf("%v %+v", err, dev)
		}
		if _, total, _ := h.store.ListDevices(h.ctx, scope.User(h.alice.ID), pool.DeviceFilter{}); total != 1 {
			t.Fatalf("%d devices", total)
		}
	})
}
