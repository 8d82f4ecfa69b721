package pool_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/pool"
)

// The batched lookups of a reconnect storm answer each name as the one-at-a-time calls
// do: the same refusals, the same devices, the connection recorded on each.
func TestBatchedWorkersAnswerAsOneAtATime(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.sub(h.alice, "alice", "BTC")
		h.sub(h.carol, "carol", "BTC")
		h.store.MaxDevicesPerSubAccount = 3
		old := h.connect("BTC", "alice.old", "cgminer/4.0")
		carolsRig := h.connect("BTC", "carol.s19", "bmminer/2.0.0")
		h.clock.Add(time.Minute)

		names := []string{"alice.old", "nobody.rig1", "alice", "ALICE.new1", "alice.new1", "carol.s19", "alice.new2", "alice.new3", "alice.矿机"}
		refusals := map[string]error{"nobody.rig1": pool.ErrUnknownSubAccount, "alice": pool.ErrBadWorkerName, "alice.矿机": pool.ErrBadWorkerName}

		for i, err := range h.store.AuthorizeWorkers(h.ctx, "BTC", names) {
			if one := h.store.AuthorizeWorker(h.ctx, "BTC", names[i]); !sameRefusal(err, one) || !errors.Is(err, refusals[names[i]]) {
				t.Errorf("authorize %s: batched %v, alone %v", names[i], err, one)
			}
		}
		for i, err := range h.store.AuthorizeWorkers(h.ctx, "KAS", names[:1]) {
			if !errors.Is(err, pool.ErrCoinClosed) {
				t.Errorf("authorize %s on a closed coin: %v", names[i], err)
			}
		}

		reqs := make([]pool.ShareDeviceRequest, len(names))
		for i, n := range names {
			reqs[i] = pool.ShareDeviceRequest{Worker: n, RemoteAddr: "198.51.100.7:4000", MinerSoftware: "lolMiner/1.77"}
		}
		devs, errs := h.store.ShareDevices(h.ctx, "BTC", reqs)
		byName := map[string]pool.Device{}
		for i, n := range names {
			want := refusals[n]
			if n == "alice.new3" {
				want = pool.ErrDeviceLimit // old, new1 and new2 fill the cap of 3
			}
			if !errors.Is(errs[i], want) || (want != nil && devs[i].ID != 0) {
				t.Errorf("device of %s: %v (id %d), want %v", n, errs[i], devs[i].ID, want)
				continue
			}
			if want != nil {
				continue
			}
			dev := devs[i]
			if dev.PublicIP != "198.51.100.7" || dev.MinerSoftware != "lolMiner" || dev.MinerVersion != "1.77" ||
				dev.LastShareAt != h.clock.Now().UnixMilli() || dev.Status != pool.StatusNormal || dev.Coin != "BTC" {
				t.Errorf("device of %s not stamped with the share: %+v", n, dev)
			}
			byName[n] = dev
		}
		if byName["alice.old"].ID != old.ID || byName["carol.s19"].ID != carolsRig.ID {
			t.Errorf("existing devices not found: %d %d", byName["alice.old"].ID, byName["carol.s19"].ID)
		}
		if a, b := byName["ALICE.new1"], byName["alice.new1"]; a.ID == 0 || a.ID != b.ID {
			t.Errorf("one worker named twice in a batch made devices %d and %d", a.ID, b.ID)
		}
		// What the batch wrote is what a later lookup reads.
		again, err := h.store.ShareDevice(h.ctx, "BTC", "alice.old", "198.51.100.7:4001", "")
		if err != nil || again.ID != old.ID || again.MinerSoftware != "lolMiner" {
			t.Fatalf("after the batch: %v %+v", err, again)
		}
		var rows int
		if err := d.QueryRow(h.ctx, "SELECT COUNT(*) FROM devices WHERE removed_at IS NULL").Scan(&rows); err != nil || rows != 4 {
			t.Fatalf("%d live devices (%v), want 4: alice's old, new1, new2 and carol's", rows, err)
		}
		if err := d.QueryRow(h.ctx, "SELECT COUNT(*) FROM devices WHERE removed_at IS NULL").Scan(&rows); err != nil {
			t.Fatal(err)
		}
		// Two batches making the same new devices at once (two stratum processes): one
		// device per worker, both answered with it.
		race := []pool.ShareDeviceRequest{{Worker: "carol.r1", RemoteAddr: "198.51.100.8:1"}, {Worker: "carol.r2", RemoteAddr: "198.51.100.8:2"}}
		var wg sync.WaitGroup
		got := make([][]pool.Device, 4)
		gotErrs := make([][]error, 4)
		for k := range got {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[k], gotErrs[k] = h.store.ShareDevices(h.ctx, "BTC", race)
			}()
		}
		wg.Wait()
		for k := range got {
			for i := range race {
				if gotErrs[k][i] != nil || got[k][i].ID == 0 || got[k][i].ID != got[0][i].ID {
					t.Fatalf("batch %d, %s: %v, device %d (batch 0: %d)", k, race[i].Worker, gotErrs[k][i], got[k][i].ID, got[0][i].ID)
				}
			}
		}
		// A cancelled owner's workers are unknown in a batch too.
		if err := h.accts.Cancel(h.ctx, h.db, h.carol.ID); err != nil {
			t.Fatal(err)
		}
		if _, errs := h.store.ShareDevices(h.ctx, "BTC", reqs[5:6]); !errors.Is(errs[0], pool.ErrUnknownSubAccount) {
			t.Fatalf("cancelled owner: %v", errs[0])
		}
		if errs := h.store.AuthorizeWorkers(h.ctx, "BTC", names[5:6]); !errors.Is(errs[0], pool.ErrUnknownSubAccount) {
			t.Fatalf("cancelled owner: %v", errs[0])
		}
	})
}

func sameRefusal(a, b error) bool {
	for _, e := range []error{pool.ErrUnknownSubAccount, pool.ErrBadWorkerName, pool.ErrCoinClosed, pool.ErrDeviceLimit} {
		if errors.Is(a, e) != errors.Is(b, e) {
			return false
		}
	}
	return (a == nil) == (b == nil)
}
