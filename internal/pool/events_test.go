package pool_test

import (
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/scope"
)

// The sweep notes each device going offline once, and its return once; a device that came
// back and went quiet again between two sweeps gets both; a removed device's outage closes
// without a return; each event is the owner's, by full worker name; old events go.
func TestSweepNotesDeviceEvents(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.sub(h.alice, "alice", "BTC")
		rig1 := h.connect("BTC", "alice.rig1", "")
		rig2 := h.connect("BTC", "alice.rig2", "")
		start := h.clock.Now()
		sweep := func() {
			t.Helper()
			if _, _, err := h.store.SweepDevices(h.ctx, h.clock.Now()); err != nil {
				t.Fatal(err)
			}
		}
		events := func() []string {
			t.Helper()
			list, err := h.store.DeviceEvents(h.ctx, scope.User(h.alice.ID), start.Add(-time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			// In the order written (the query answers newest sweep first).
			slices.SortFunc(list, func(a, b pool.DeviceEvent) int { return int(a.ID - b.ID) })
			var out []string
			for _, e := range list {
				out = append(out, fmt.Sprintf("%s %s +%dm", e.Worker, e.Kind, e.NoticedAt/60000-start.UnixMilli()/60000))
			}
			return out
		}
		touch := func(dev pool.Device) {
			t.Helper()
			if err := h.store.Touch(h.ctx, []int64{dev.ID}, h.clock.Now()); err != nil {
				t.Fatal(err)
			}
		}

		h.clock.Add(pool.OfflineAfter + time.Minute) // +11m: both quiet
		sweep()
		sweep() // nothing new
		want := []string{"alice.rig1 offline +11m", "alice.rig2 offline +11m"}
		if got := events(); !slices.Equal(got, want) {
			t.Fatalf("offline: %v, want %v", got, want)
		}
		// rig1 comes back and goes quiet again before the next sweep sees it.
		h.clock.Add(time.Minute)
		touch(rig1)
		h.clock.Add(pool.OfflineAfter + time.Minute) // +23m
		sweep()
		want = append(want, "alice.rig1 online +23m", "alice.rig1 offline +23m")
		if got := events(); !slices.Equal(got, want) {
			t.Fatalf("back and gone: %v, want %v", got, want)
		}
		// rig1 back for good; rig2 stays away until it is removed: no return for it.
		touch(rig1)
		h.clock.Add(pool.RemoveAfter)
		touch(rig1)
		sweep()
		sweep()
		want = append(want, "alice.rig1 online +4343m")
		if got := events(); !slices.Equal(got, want) {
			t.Fatalf("removed: %v, want %v", got, want)
		}
		var open int
		if err := d.QueryRow(h.ctx, "SELECT COUNT(*) FROM device_events WHERE open AND device_id = ?", rig2.ID).Scan(&open); err != nil || open != 0 {
			t.Errorf("a removed device's outage stays open: %d (%v)", open, err)
		}
		// Another user's scope sees none of them; after 30 days they go.
		if list, err := h.store.DeviceEvents(h.ctx, scope.User(h.bob.ID), start); err != nil || len(list) != 0 {
			t.Errorf("bob sees %v (%v)", list, err)
		}
		h.clock.Add(pool.EventsKept + time.Hour)
		touch(rig1)
		sweep()
		if got := events(); len(got) != 0 {
			t.Errorf("kept past 30 days: %v", got)
		}
	})
}
