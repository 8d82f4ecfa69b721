package pool_test

import (
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/pool"
)

// deviceRows counts every device row, removed ones included.
func (h *harness) deviceRows() int {
	h.t.Helper()
	var n int
	if err := h.db.QueryRow(h.ctx, "SELECT COUNT(*) FROM devices").Scan(&n); err != nil {
		h.t.Fatal(err)
	}
	return n
}

// A sub-account has a cap of devices: the first accepted share of a new worker past it
// is refused and writes nothing, known workers go on, other sub-accounts are not
// concerned, an agent report cannot pass it either, and a removed device makes room.
func TestDeviceCapPerSubAccount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.store.MaxDevicesPerSubAccount = 2
		a := h.sub(h.alice, "alice", "BTC")
		h.sub(h.bob, "bob", "BTC")
		r1 := h.connect("BTC", "alice.rig1", "lolMiner")
		h.connect("BTC", "alice.rig2", "lolMiner")
		if _, err := h.store.ShareDevice(h.ctx, "BTC", "alice.rig3", "203.0.113.9:1", "lolMiner"); !errors.Is(err, pool.ErrDeviceLimit) {
			t.Fatalf("third device: %v", err)
		}
		if n := h.deviceRows(); n != 2 {
			t.Fatalf("%d device rows after the refusal", n)
		}
		// Authorize still answers yes: the cap is a device matter, checked at the share.
		if err := h.store.AuthorizeWorker(h.ctx, "BTC", "alice.rig3"); err != nil {
			t.Fatal(err)
		}
		if again := h.connect("BTC", "alice.rig1", "lolMiner"); again.ID != r1.ID {
			t.Fatalf("known worker at the cap: %+v", again)
		}
		h.connect("BTC", "bob.rig1", "lolMiner")
		h.want(h.agent(a.UniplusID, goodReport("rig3")), 400, 3, msg("pool.tooManyDevices", "max", "2"))
		h.want(h.agent(a.UniplusID, goodReport("rig1")), 200, 0, "")
		if n := h.deviceRows(); n != 3 {
			t.Fatalf("%d device rows, want alice's 2 and bob's 1", n)
		}
		// Offline for more than 3 days, alice's devices are removed: room for new ones.
		h.clock.Add(pool.OfflineAfter + pool.RemoveAfter + 2*time.Second)
		if _, _, err := h.store.SweepDevices(h.ctx, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		if _, _, err := h.store.SweepDevices(h.ctx, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		h.connect("BTC", "alice.rig3", "lolMiner")
	})
}

// New workers of one sub-account at the same moment, from many connections (and, on
// PostgreSQL, many database sessions), never pass the cap together.
func TestDeviceCapHoldsUnderConcurrentFirstShares(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.store.MaxDevicesPerSubAccount = 3
		h.sub(h.alice, "alice", "BTC")
		var wg sync.WaitGroup
		results := make(chan error, 20)
		for i := 0; i < 10; i++ {
			for _, w := range []string{fmt.Sprintf("alice.rig%d", i), "alice.same"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, err := h.store.ShareDevice(h.ctx, "BTC", w, "203.0.113.9:1", "lolMiner")
					results <- err
				}()
			}
		}
		wg.Wait()
		close(results)
		refused := 0
		for err := range results {
			switch {
			case errors.Is(err, pool.ErrDeviceLimit):
				refused++
			case err != nil:
				t.Fatal(err)
			}
		}
		if n := h.deviceRows(); n != 3 {
			t.Fatalf("%d devices under a cap of 3", n)
		}
		// 20 first shares of 11 workers (one of them on 10 connections): 3 devices made,
		// every share of a worker that got none refused.
		var same int
		_ = d.QueryRow(h.ctx, "SELECT COUNT(*) FROM devices WHERE worker = 'same'").Scan(&same)
		if !(same == 1 && refused == 8) && !(same == 0 && refused == 17) {
			t.Fatalf("%d refusals, %d devices named same", refused, same)
		}
	})
}

// A device needs accepted shares to be normal: one whose shares are all rejected or
// stale stays alive (not offline) but is abnormal after the sweep, and so is one known
// only by agent reports; accepted shares make it normal again.
func TestOnlyInvalidSharesAreNotNormal(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		a := h.sub(h.alice, "alice", "BTC")
		status := func(id int64) string {
			t.Helper()
			dev, err := h.store.Device(h.ctx, h.alice.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			return dev.Status
		}
		sweep := func() {
			t.Helper()
			if _, _, err := h.store.SweepDevices(h.ctx, h.clock.Now()); err != nil {
				t.Fatal(err)
			}
		}
		dev := h.connect("BTC", "alice.rig1", "lolMiner") // its first accepted share
		if s := status(dev.ID); s != pool.StatusNormal || dev.LastShareAt != h.clock.Now().UnixMilli() {
			t.Fatalf("after the first share: %s %+v", s, dev)
		}
		// Then only invalid shares, every minute for 11 minutes.
		for i := 0; i < 11; i++ {
			h.clock.Add(time.Minute)
			if err := h.store.TouchRejected(h.ctx, []int64{dev.ID}, h.clock.Now()); err != nil {
				t.Fatal(err)
			}
			if i == 5 {
				sweep()
				if s := status(dev.ID); s != pool.StatusNormal {
					t.Fatalf("accepted share 6 minutes ago: %s", s)
				}
			}
		}
		sweep()
		if s := status(dev.ID); s != pool.StatusAbnormal {
			t.Fatalf("11 minutes of invalid shares only: %s", s)
		}
		// Rejected shares on their own keep it abnormal, not normal; offline afterwards,
		// they bring it back as abnormal.
		if err := h.store.TouchRejected(h.ctx, []int64{dev.ID}, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		if s := status(dev.ID); s != pool.StatusAbnormal {
			t.Fatalf("rejected shares made it %s", s)
		}
		h.clock.Add(pool.OfflineAfter + time.Second)
		sweep()
		if s := status(dev.ID); s != pool.StatusOffline {
			t.Fatalf("quiet: %s", s)
		}
		if err := h.store.TouchRejected(h.ctx, []int64{dev.ID}, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		if s := status(dev.ID); s != pool.StatusAbnormal {
			t.Fatalf("offline device with rejected shares: %s", s)
		}
		// An accepted share makes it normal.
		if err := h.store.Touch(h.ctx, []int64{dev.ID}, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		if s := status(dev.ID); s != pool.StatusNormal {
			t.Fatalf("accepted share: %s", s)
		}

		// A rig known only by its agent's healthy reports is abnormal: it sends us nothing.
		var res struct {
			DeviceID int64
			Status   string
		}
		h.data(h.agent(a.UniplusID, goodReport("agent1")), &res)
		if res.Status != pool.StatusAbnormal {
			t.Fatalf("report without shares: %+v", res)
		}
		// Its first accepted share makes it normal; the next healthy report keeps it so.
		if got := h.connect("BTC", "alice.agent1", "lolMiner"); got.ID != res.DeviceID || got.Status != pool.StatusNormal {
			t.Fatalf("first share of a reported rig: %+v", got)
		}
		h.clock.Add(time.Minute)
		h.data(h.agent(a.UniplusID, goodReport("agent1")), &res)
		if res.Status != pool.StatusNormal {
			t.Fatalf("report with shares: %+v", res)
		}
		// A fresh report of a GPU down keeps a reconnecting rig abnormal.
		h.data(h.agent(a.UniplusID, with(func(r, _, g map[string]any) { r["worker"], g["status"] = "agent1", "down" })), &res)
		if got := h.connect("BTC", "alice.agent1", "lolMiner"); got.Status != pool.StatusAbnormal {
			t.Fatalf("first share with a GPU down: %+v", got)
		}
	})
}
