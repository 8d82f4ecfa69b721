package pool_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/pool"
)

// Device squatting (issue 29): anyone who knows a sub-account's code may mine to it, and
// one accepted share under each invented worker name made a device. 5,000 names from one
// address filled the sub-account's cap of 5,000, and the owner's new rig was refused
// ("sub-account device limit reached") for the 3 days until the sweep removed them. One
// address now makes at most 100 devices in a sub-account an hour (the default bound), on
// the engine's batched path and one at a time alike, and the owner's rig joins.
func TestSquattersNamesLeaveTheOwnersRigRoom(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.sub(h.alice, "alice", "BTC")
		const squatter, names = "198.51.100.66:4000", 5000
		reqs := make([]pool.ShareDeviceRequest, names)
		for i := range reqs {
			reqs[i] = pool.ShareDeviceRequest{Worker: fmt.Sprintf("alice.s%04d", i), RemoteAddr: squatter, MinerSoftware: "cgminer/4.12.1"}
		}
		made, refused := 0, 0
		count := func(err error) {
			switch {
			case err == nil:
				made++
			case errors.Is(err, pool.ErrDeviceLimit) || strings.Contains(err.Error(), "too many new devices"):
				refused++
			default:
				t.Fatal(err)
			}
		}
		// As the engine asks after a restart (names that arrived together, 500 a batch), and
		// then one at a time, a minute apart.
		for start := 0; start < 4500; start += 500 {
			_, errs := h.store.ShareDevices(h.ctx, "BTC", reqs[start:start+500])
			for _, err := range errs {
				count(err)
			}
		}
		for _, r := range reqs[4500:] {
			h.clock.Add(100 * time.Millisecond)
			_, err := h.store.ShareDevice(h.ctx, "BTC", r.Worker, r.RemoteAddr, r.MinerSoftware)
			count(err)
		}
		if made != 100 || refused != names-100 {
			t.Fatalf("the squatter's %d names made %d devices (%d refused), want 100", names, made, refused)
		}
		// The owner's new rig, from its own address, joins.
		rig := h.connect("BTC", "alice.rig01", "lolMiner/1.76")
		if rig.ID == 0 || rig.Worker != "rig01" {
			t.Fatalf("owner's rig: %+v", rig)
		}
		if n := h.deviceRows(); n != 101 {
			t.Fatalf("%d device rows, want the squatter's 100 and the rig", n)
		}
	})
}

// Quiet devices leave room after a day. A device counted toward its sub-account's cap
// until the sweep removed it, 3 days after it went offline: a full sub-account stayed
// full for 3 days after its squatter stopped. Now only devices with a sign of life in
// the last 24 hours count; the quiet ones are still listed (offline) until removed.
func TestCapCountsDevicesActiveInTheLastDay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		h.store.MaxDevicesPerSubAccount = 3
		h.sub(h.alice, "alice", "BTC")
		r1 := h.connect("BTC", "alice.rig1", "lolMiner")
		h.connect("BTC", "alice.rig2", "lolMiner")
		h.connect("BTC", "alice.rig3", "lolMiner")
		refusedNew := func(worker string) {
			t.Helper()
			if _, err := h.store.ShareDevice(h.ctx, "BTC", worker, "203.0.113.9:1", "lolMiner"); !errors.Is(err, pool.ErrDeviceLimit) {
				t.Fatalf("%s at the cap: %v", worker, err)
			}
			_, errs := h.store.ShareDevices(h.ctx, "BTC", []pool.ShareDeviceRequest{{Worker: worker, RemoteAddr: "203.0.113.9:1"}})
			if !errors.Is(errs[0], pool.ErrDeviceLimit) {
				t.Fatalf("%s at the cap, batched: %v", worker, errs[0])
			}
		}
		refusedNew("alice.rig4")
		// rig1 still mines 12 hours on; rig2 and rig3 went quiet at the start.
		h.clock.Add(12 * time.Hour)
		if err := h.store.Touch(h.ctx, []int64{r1.ID}, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		h.clock.Add(12*time.Hour - time.Minute)
		if _, _, err := h.store.SweepDevices(h.ctx, h.clock.Now()); err != nil {
			t.Fatal(err)
		}
		refusedNew("alice.rig4") // rig2 and rig3 were alive 23:59 ago: they count
		h.clock.Add(time.Minute + time.Second)
		// A day after their last sign, rig2 and rig3 leave room for two: one by a share, one
		// batched; rig1 (12 hours ago) still counts, so a third new one is refused.
		h.connect("BTC", "alice.rig4", "lolMiner")
		_, errs := h.store.ShareDevices(h.ctx, "BTC", []pool.ShareDeviceRequest{{Worker: "alice.rig5", RemoteAddr: "203.0.113.9:1"}})
		if errs[0] != nil {
			t.Fatalf("rig5 with room: %v", errs[0])
		}
		refusedNew("alice.rig6")
		// The quiet ones are still the owner's to see, offline.
		for _, w := range []string{"rig2", "rig3"} {
			var status string
			if err := d.QueryRow(h.ctx, "SELECT status FROM devices WHERE worker = ? AND removed_at IS NULL", w).Scan(&status); err != nil || status != pool.StatusOffline {
				t.Fatalf("%s: %q %v", w, status, err)
			}
		}
	})
}

// The miner software a stratum connection names in mining.subscribe is anyone's text
// (whoever mines to the sub-account), and the owner and their observers read it: an
// "<img src=x onerror=...>" was kept as it came (escaped on the pages, but the attacker's
// markup all the same), and so was a 200-character name. It is kept as printable text of
// at most 64 characters without markup, control, bidi or invisible characters, on the
// one-at-a-time and the batched path alike; an agent's report is cleaned the same way.
func TestMinerSoftwareIsCleaned(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		a := h.sub(h.alice, "alice", "BTC")
		evil := "<img src=x onerror=alert(1)>\u202e\u200b\x07\"'`&" + strings.Repeat("A", 200) + "/9.9"
		clean := func(where string, dev pool.Device) {
			t.Helper()
			all := dev.MinerSoftware + " " + dev.MinerVersion
			if utf8.RuneCountInString(all) > 65 || strings.ContainsAny(all, "<>\"'`&\u202e\u200b\x07") {
				t.Errorf("%s: miner software %q version %q", where, dev.MinerSoftware, dev.MinerVersion)
			}
			for _, r := range all {
				if !unicode.IsPrint(r) {
					t.Errorf("%s: %q in %q", where, r, all)
				}
			}
			if !strings.HasPrefix(dev.MinerSoftware, "img") {
				t.Errorf("%s: miner software %q lost its words", where, dev.MinerSoftware)
			}
		}
		one, err := h.store.ShareDevice(h.ctx, "BTC", "alice.one", "203.0.113.9:1", evil)
		if err != nil {
			t.Fatal(err)
		}
		clean("first share", one)
		devs, errs := h.store.ShareDevices(h.ctx, "BTC", []pool.ShareDeviceRequest{
			{Worker: "alice.two", RemoteAddr: "203.0.113.9:1", MinerSoftware: evil}, // a new device
			{Worker: "alice.one", RemoteAddr: "203.0.113.9:2", MinerSoftware: evil}, // a known one
		})
		for i, dev := range devs {
			if errs[i] != nil {
				t.Fatal(errs[i])
			}
			clean("batched first share", dev)
		}
		// Read back, as the pages read it.
		for _, id := range []int64{one.ID, devs[0].ID} {
			dev, err := h.store.Device(h.ctx, h.alice.ID, id)
			if err != nil {
				t.Fatal(err)
			}
			clean("read back", dev)
		}
		// A real miner's name is kept as it is.
		lol := h.connect("BTC", "alice.lol", "lolMiner 1.76")
		if lol.MinerSoftware != "lolMiner" || lol.MinerVersion != "1.76" {
			t.Fatalf("lolMiner 1.76 kept as %q %q", lol.MinerSoftware, lol.MinerVersion)
		}
		// The agent's own report: markup and symbols go too.
		h.want(h.agent(a.UniplusID, with(func(_, hw, _ map[string]any) {
			hw["minerSoftware"], hw["minerVersion"] = "<b>lolMiner</b>", "1.76 \"beta\""
		})), 200, 0, "")
		var sw, ver string
		if err := d.QueryRow(h.ctx, "SELECT miner_software, miner_version FROM devices WHERE worker = 'rig1'").Scan(&sw, &ver); err != nil {
			t.Fatal(err)
		}
		if sw != "blolMiner/b" || ver != "1.76 beta" {
			t.Fatalf("agent's miner software kept as %q %q", sw, ver)
		}
	})
}
