package pool_test

import (
	"errors"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/scope"
)

// One source address makes at most Store.MaxNewDevicesPerAddress devices in one
// sub-account an hour, however it sends them (one at a time, batched): the next new worker
// is refused with ErrNewDeviceRate and nothing is written. Known workers go on; another
// address, another sub-account and the sub-account's agent (by its Uniplus ID) are not
// concerned; an IPv6 /64 is one source; removing devices gives no new room; an hour
// later there is room again.
func TestNewDevicesPerAddressHourlyBound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.store.MaxNewDevicesPerAddress = 3
		a := h.sub(h.alice, "alice", "BTC")
		h.sub(h.bob, "bob", "BTC")
		const squatter = "198.51.100.66:4000"
		share := func(worker, addr string) error {
			_, err := h.store.ShareDevice(h.ctx, "BTC", worker, addr, "cgminer")
			return err
		}
		batch := func(addr string, workers ...string) []error {
			reqs := make([]pool.ShareDeviceRequest, len(workers))
			for i, w := range workers {
				reqs[i] = pool.ShareDeviceRequest{Worker: w, RemoteAddr: addr}
			}
			_, errs := h.store.ShareDevices(h.ctx, "BTC", reqs)
			return errs
		}
		if err := share("alice.s1", squatter); err != nil {
			t.Fatal(err)
		}
		errs := batch(squatter, "alice.s2", "alice.s3", "alice.s4", "alice.s5")
		if errs[0] != nil || errs[1] != nil || !errors.Is(errs[2], pool.ErrNewDeviceRate) || !errors.Is(errs[3], pool.ErrNewDeviceRate) {
			t.Fatalf("batch past the bound: %v", errs)
		}
		rows := h.deviceRows()
		if err := share("alice.s6", "198.51.100.66:5000"); !errors.Is(err, pool.ErrNewDeviceRate) {
			t.Fatalf("fourth new device from the address: %v", err)
		}
		if err := share("alice.s1", squatter); err != nil { // known: found, not made
			t.Fatalf("known worker past the bound: %v", err)
		}
		if n := h.deviceRows(); n != rows {
			t.Fatalf("refusals wrote %d device rows", n-rows)
		}
		for _, c := range []struct{ worker, addr string }{
			{"alice.rig1", "203.0.113.9:1"}, // the owner's own address
			{"bob.s1", squatter},            // another sub-account
		} {
			if err := share(c.worker, c.addr); err != nil {
				t.Fatalf("%s from %s: %v", c.worker, c.addr, err)
			}
		}
		h.want(h.agent(a.UniplusID, goodReport("viaagent")), 200, 0, "")
		// IPv6: a /64 is one source (a subscriber's share: 2^64 addresses to spend).
		for i := 1; i <= 3; i++ {
			if err := share(fmt.Sprintf("alice.v6x%d", i), fmt.Sprintf("[2001:db8:1:2::%x]:4000", i)); err != nil {
				t.Fatal(err)
			}
		}
		if err := share("alice.v6x4", "[2001:db8:1:2:ffff::1]:4000"); !errors.Is(err, pool.ErrNewDeviceRate) {
			t.Fatalf("fourth device from one /64: %v", err)
		}
		if err := share("alice.v6y", "[2001:db8:1:3::1]:4000"); err != nil {
			t.Fatalf("another /64: %v", err)
		}
		// Removed (the sweep after 3 days would do the same), they still count for the hour.
		if n, err := removeAllOffline(h, "alice"); err != nil || n != 0 {
			t.Fatalf("nothing offline yet: %d %v", n, err)
		}
		h.clock.Add(30 * time.Minute)
		sweep(h)
		if n, err := removeAllOffline(h, "alice"); err != nil || n == 0 {
			t.Fatalf("remove offline: %d %v", n, err)
		}
		if err := share("alice.s7", squatter); !errors.Is(err, pool.ErrNewDeviceRate) {
			t.Fatalf("after removing its devices: %v", err)
		}
		// An hour after the first three, the address has room again.
		h.clock.Add(30*time.Minute + time.Second)
		if err := share("alice.s7", squatter); err != nil {
			t.Fatalf("an hour later: %v", err)
		}
		// No bound (--max-new-devices-per-address 0): a load test's miners on one address.
		h.store.MaxNewDevicesPerAddress = -1
		for i := 0; i < 5; i++ {
			if err := share(fmt.Sprintf("alice.load%d", i), squatter); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// sweep runs the status sweep at the harness's clock.
func sweep(h *harness) {
	h.t.Helper()
	if _, _, err := h.store.SweepDevices(h.ctx, h.clock.Now()); err != nil {
		h.t.Fatal(err)
	}
}

// removeAllOffline removes alice's offline devices of sub-account code through the store.
func removeAllOffline(h *harness, code string) (int, error) {
	return h.store.RemoveOfflineDevices(h.ctx, h.alice.ID, code, "")
}

func TestCleanMinerSoftware(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"lolMiner 1.76", "lolMiner 1.76"},
		{"bmminer/2.0.0", "bmminer/2.0.0"},
		{"cpuminer-opt/3.24.5 (x86_64; AVX2) [v2]", "cpuminer-opt/3.24.5 (x86_64; AVX2) [v2]"},
		{"<img src=x onerror=alert(1)>", "img src=x onerror=alert(1)"},
		{`"><script>alert('x')</script>`, "scriptalert(x)/script"},
		{"  T-Rex\t\t0.26.8\n", "T-Rex 0.26.8"},
		{"RTX\u202e0909 miner", "RTX0909 miner"}, // bidi override
		{"al\u200bice\ufeff", "alice"},           // invisible
		{"矿工 Miner ⛏️ 🔥 2.0", "矿工 Miner 2.0"},    // letters of any script; no emoji
		{"Z\u0301\u0302\u0303algo", "Zalgo"},     // combining marks do not stack
		{"bad\xff\xfebytes", "badbytes"},         // not UTF-8
		{strings.Repeat("x", 100), strings.Repeat("x", pool.MaxMinerSoftware)},
		{strings.Repeat("abc ", 20), strings.TrimSpace(strings.Repeat("abc ", 16))}, // no trailing space at the cut
	} {
		got := pool.CleanMinerSoftware(c.in)
		if got != c.want {
			t.Errorf("CleanMinerSoftware(%q) = %q, want %q", c.in, got, c.want)
		}
		if again := pool.CleanMinerSoftware(got); again != got {
			t.Errorf("not stable: %q then %q", got, again)
		}
	}
}

// The owner removes offline devices, one at a time or all of a sub-account's (and
// coin's) at once, through the API: online devices are refused with a message naming
// them, strangers and sessionless callers change nothing, bad input gets a field
// message, and the removed devices leave the list and the cap but keep their history.
func TestOwnerRemovesOfflineDevices(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.store.MaxDevicesPerSubAccount = 4
		h.sub(h.alice, "alice", "BTC")
		h.sub(h.alice, "north", "LTC")
		h.sub(h.bob, "bob", "BTC")
		live := h.connect("BTC", "alice.live", "lolMiner")
		gone := h.connect("BTC", "alice.gone", "lolMiner")
		old := h.connect("BTC", "alice.old", "lolMiner")
		ltc := h.connect("LTC", "north.ltc", "lolMiner")
		bobs := h.connect("BTC", "bob.rig1", "lolMiner")
		h.shares(gone, 5, 8)
		h.clock.Add(pool.OfflineAfter + time.Minute)
		if err := h.store.Touch(h.ctx, []int64{live.ID}, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		sweep(h)
		before, err := h.store.UserStats(h.ctx, scope.User(h.alice.ID), "BTC", h.clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		listed := func(u user) string {
			t.Helper()
			var p struct{ Rows []struct{ Code string } }
			h.data(h.get("/api/pc/v1/pool/device/list", u, url.Values{"pageSize": {"50"}}), &p)
			var out []string
			for _, r := range p.Rows {
				out = append(out, r.Code)
			}
			return strings.Join(out, ",")
		}
		const remove, removeAll = "/api/pc/v1/pool/device/remove", "/api/pc/v1/pool/device/removeOffline"
		all := "alice.gone,alice.live,alice.old,north.ltc"
		for _, c := range []struct {
			u            user
			body         any
			status, code int
			msg          string
		}{
			{h.alice, map[string]any{"id": live.ID}, 400, 3, msg("pool.deviceOnline", "worker", "alice.live")},
			{h.bob, map[string]any{"id": gone.ID}, 404, 3, msg("pool.deviceNotFound")},
			{h.alice, map[string]any{"id": bobs.ID}, 404, 3, msg("pool.deviceNotFound")},
			{h.alice, map[string]any{"id": 999999}, 404, 3, msg("pool.deviceNotFound")},
			{user{}, map[string]any{"id": gone.ID}, 401, 4, ""},
			{h.alice, map[string]any{}, 400, 3, msg("validation.required", "field", msg("pool.field.id"))},
			{h.alice, map[string]any{"id": "one"}, 400, 3, msg("pool.field.id")},
			{h.alice, map[string]any{"id": gone.ID, "force": true}, 400, 3, "force"},
			{h.alice, `{"id": 1, "id": 2}`, 400, 3, ""},
		} {
			h.want(h.post(remove, c.u, c.body), c.status, c.code, c.msg)
		}
		for _, c := range []struct {
			u            user
			body         any
			status, code int
			msg          string
		}{
			{h.alice, map[string]any{"subAccount": "bob"}, 404, 3, msg("pool.subAccountNotFound")},
			{h.bob, map[string]any{"subAccount": "alice"}, 404, 3, msg("pool.subAccountNotFound")},
			{h.alice, map[string]any{"subAccount": "alice", "coin": "NOPE"}, 400, 3, msg("pool.coinNotFound", "coin", "NOPE")},
			{h.alice, map[string]any{"subAccount": 7}, 400, 3, msg("pool.field.subAccount")},
			{user{}, map[string]any{"subAccount": "alice"}, 401, 4, ""},
		} {
			h.want(h.post(removeAll, c.u, c.body), c.status, c.code, c.msg)
		}
		// Bob removing all his offline devices leaves alice's alone.
		var res struct{ Removed int }
		h.data(h.post(removeAll, h.bob, map[string]any{}), &res)
		if res.Removed != 1 || listed(h.alice) != all {
			t.Fatalf("bob removed %d; alice lists %s", res.Removed, listed(h.alice))
		}
		// One: alice.gone. Again: it is gone.
		var one struct {
			ID   int64
			Code string
		}
		h.data(h.post(remove, h.alice, map[string]any{"id": gone.ID}), &one)
		if one.ID != gone.ID || one.Code != "alice.gone" || listed(h.alice) != "alice.live,alice.old,north.ltc" {
			t.Fatalf("removed %+v; alice lists %s", one, listed(h.alice))
		}
		h.want(h.post(remove, h.alice, map[string]any{"id": gone.ID}), 404, 3, msg("pool.deviceNotFound"))
		// All of a sub-account on a coin it has nothing on: none; then on its coin: alice.old.
		h.data(h.post(removeAll, h.alice, map[string]any{"subAccount": "alice", "coin": "LTC"}), &res)
		if res.Removed != 0 {
			t.Fatalf("removed %d on LTC", res.Removed)
		}
		h.data(h.post(removeAll, h.alice, map[string]any{"subAccount": "ALICE", "coin": "BTC"}), &res)
		if res.Removed != 1 || listed(h.alice) != "alice.live,north.ltc" {
			t.Fatalf("removed %d; alice lists %s", res.Removed, listed(h.alice))
		}
		// The rest of her account: north.ltc; the online one stays.
		h.data(h.post(removeAll, h.alice, map[string]any{}), &res)
		if res.Removed != 1 || listed(h.alice) != "alice.live" {
			t.Fatalf("removed %d; alice lists %s", res.Removed, listed(h.alice))
		}
		if _, err := h.store.Device(h.ctx, h.alice.ID, ltc.ID); err == nil {
			t.Fatal("north.ltc still found")
		}
		// The rows stay (soft-deleted), and with them every sum money and history read.
		var rows, removed int
		if err := d.QueryRow(h.ctx, "SELECT COUNT(*), COUNT(removed_at) FROM devices").Scan(&rows, &removed); err != nil || rows != 5 || removed != 4 {
			t.Fatalf("%d rows, %d removed: %v", rows, removed, err)
		}
		after, err := h.store.UserStats(h.ctx, scope.User(h.alice.ID), "BTC", h.clock.Now())
		if err != nil {
			t.Fatal(err)
		}
		if after != before || after.Accepted == 0 {
			t.Fatalf("alice's figures moved with the removal: %+v, were %+v", after, before)
		}
		owners, err := pool.Owners(h.ctx, d, []int64{gone.ID, old.ID})
		if err != nil || owners[gone.ID].SubAccountID == 0 || owners[old.ID].SubAccountID == 0 {
			t.Fatalf("owners of removed devices (a late flush's accruals): %+v %v", owners, err)
		}
		// Room under the cap again, and the name makes a new device.
		again := h.connect("BTC", "alice.gone", "lolMiner")
		if again.ID == gone.ID {
			t.Fatal("a removed device was found again by a new connection")
		}
	})
}

// A stratum connection keeps the device of its first share until it ends: a proxy
// carrying many workers on one connection, one of which paused, was removed and mined
// again, counted that rig's shares on a device no list shows. Accepted shares on a
// removed device make it live again, unless its name has a new device (a new connection
// made one meanwhile) or its sub-account was deleted.
func TestRemovedDeviceThatMinesAgainComesBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.sub(h.alice, "alice", "BTC")
		h.sub(h.alice, "north", "BTC")
		a := h.connect("BTC", "alice.paused", "lolMiner")
		b := h.connect("BTC", "alice.replaced", "lolMiner")
		c := h.connect("BTC", "north.closed", "lolMiner")
		h.clock.Add(pool.OfflineAfter + time.Minute)
		sweep(h)
		for _, code := range []string{"alice", "north"} {
			if n, err := removeAllOffline(h, code); err != nil || n == 0 {
				t.Fatalf("remove %s: %d %v", code, n, err)
			}
		}
		newer := h.connect("BTC", "alice.replaced", "lolMiner")
		if _, err := h.store.DeleteSubAccount(h.ctx, h.alice.ID, "north"); err != nil {
			t.Fatal(err)
		}
		h.clock.Add(time.Minute)
		if err := h.store.Touch(h.ctx, []int64{a.ID, b.ID, c.ID, newer.ID}, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		dev, err := h.store.Device(h.ctx, h.alice.ID, a.ID)
		if err != nil || dev.Status != pool.StatusNormal || dev.LastShareAt != h.clock.Now().UnixMilli() {
			t.Fatalf("the paused rig mining again: %+v %v", dev, err)
		}
		if _, err := h.store.Device(h.ctx, h.alice.ID, b.ID); err == nil {
			t.Fatal("a removed device came back over the new device of its name")
		}
		if n := countLive(h, "north"); n != 0 {
			t.Fatalf("%d live devices in a deleted sub-account", n)
		}
		if list, total, _ := h.store.ListDevices(h.ctx, scope.User(h.alice.ID), pool.DeviceFilter{}); total != 2 {
			t.Fatalf("alice lists %d devices: %+v", total, list)
		}
	})
}

func countLive(h *harness, code string) int {
	h.t.Helper()
	var n int
	if err := h.db.QueryRow(h.ctx, `SELECT COUNT(*) FROM devices d JOIN sub_accounts s ON s.id = d.sub_account_id
		WHERE s.code = ? AND d.removed_at IS NULL`, code).Scan(&n); err != nil {
		h.t.Fatal(err)
	}
	return n
}
