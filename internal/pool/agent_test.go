package pool_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/scope"
)

// goodReport is a report of a healthy two-GPU rig.
func goodReport(worker string) map[string]any {
	return map[string]any{
		"worker": worker,
		"coin":   "BTC",
		"hardware": map[string]any{
			"cpuModel": "AMD Ryzen 5 5600", "cpuTemp": 48.5, "cpuUsage": 12, "memTotal": 16 << 30, "memUsed": 4 << 30,
			"diskTotal": 128 << 30, "diskUsed": 20 << 30, "os": "UniplusOS", "osVersion": "2.1", "driverVersion": "535.104",
			"minerSoftware": "lolMiner", "minerVersion": "1.76", "minerRunning": true, "intranetIp": "192.168.1.23",
			"region": "Chengdu", "burned": true, "runningPool": "stratum+tcp://pool.example.com:3333",
		},
		"gpus": []any{
			map[string]any{"index": 0, "model": "RTX 3080", "status": "up", "hashrate": 98.2e6, "temperature": 64, "fan": 70,
				"power": 220, "coreClock": 1500, "memoryClock": 11251, "memoryModel": "GDDR6X Micron", "manufacturer": "NVIDIA"},
			map[string]any{"index": 1, "model": "RTX 3070", "status": "up", "hashrate": 120.5e6, "temperature": 71, "fan": 65,
				"power": 180, "coreClock": 1400, "memoryClock": 3500, "memoryModel": "GDDR6 Samsung", "manufacturer": "NVIDIA"},
		},
	}
}

// with is goodReport("rig1") changed by set, which gets the hardware and the first GPU.
func with(set func(r, hw, gpu map[string]any)) map[string]any {
	r := goodReport("rig1")
	set(r, r["hardware"].(map[string]any), r["gpus"].([]any)[0].(map[string]any))
	return r
}

func TestAgentReport(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		a := h.sub(h.alice, "alice", "BTC")
		h.sub(h.bob, "bob", "BTC")
		dev := h.connect("BTC", "alice.rig1", "lolMiner")
		id := a.UniplusID

		var res struct {
			DeviceID int64
			Status   string
		}
		h.data(h.agent(id, goodReport("rig1")), &res)
		if res.DeviceID != dev.ID || res.Status != pool.StatusNormal {
			t.Fatalf("report %+v", res)
		}
		before, _ := h.store.Device(h.ctx, h.alice.ID, dev.ID)
		if before.IntranetIP != "192.168.1.23" || before.PublicIP != h.agentA || len(before.GPUs) != 2 || !before.Burned || *before.GPUs[0].Power != 220 {
			t.Fatalf("stored %+v", before)
		}
		h.clock.Add(time.Second)

		// Bad reports are refused with the field named, and change nothing.
		field := func(f string) []string { return []string{"field", f} }
		rangeOf := func(f, lo, hi string) string { return msg("pool.outOfRange", "field", f, "min", lo, "max", hi) }
		var gpus33 []any
		for i := 0; i < 33; i++ {
			gpus33 = append(gpus33, map[string]any{"index": i % 32, "status": "up"})
		}
		for _, c := range []struct {
			name   string
			body   any
			status int
			msg    string
		}{
			{"not JSON", "worker=rig1", 400, msg("error.badJSON")},
			{"trailing data", `{"worker":"rig1"} {}`, 400, msg("error.badJSON")},
			{"too big", `{"worker":"` + strings.Repeat("x", pool.MaxReportBytes) + `"}`, 413, msg("error.bodyTooLarge")},
			{"unknown field", with(func(r, _, _ map[string]any) { r["extra"] = 1 }), 400, msg("pool.unknownField", field("extra")...)},
			{"unknown hardware field", with(func(_, hw, _ map[string]any) { hw["gpuCount"] = 2 }), 400, msg("pool.unknownField", field("gpuCount")...)},
			{"no worker", with(func(r, _, _ map[string]any) { delete(r, "worker") }), 400, msg("validation.required", field("worker")...)},
			{"worker with space", with(func(r, _, _ map[string]any) { r["worker"] = "rig 1" }), 400, msg("pool.badWorkerName", field("worker")...)},
			{"16-character suffix", with(func(r, _, _ map[string]any) { r["worker"] = "abcdefghijklmnop" }), 400, msg("pool.badWorkerName", field("worker")...)},
			{"bad code", with(func(r, _, _ map[string]any) { r["worker"] = "9x.rig1" }), 400, msg("pool.badWorkerName", field("worker")...)},
			{"another sub-account", with(func(r, _, _ map[string]any) { r["worker"] = "bob.rig1" }), 400, msg("pool.workerOtherSubAccount")},
			{"no coin", with(func(r, _, _ map[string]any) { r["coin"] = " " }), 400, msg("validation.required", field("coin")...)},
			{"bad coin", with(func(r, _, _ map[string]any) { r["coin"] = "b!" }), 400, msg("validation.invalid", field("coin")...)},
			{"unknown coin", with(func(r, _, _ map[string]any) { r["coin"] = "DOGE" }), 400, msg("pool.coinNotFound", "coin", "DOGE")},
			{"new device on a closed coin", with(func(r, _, _ map[string]any) { r["coin"], r["worker"] = "KAS", "rig2" }), 400, msg("pool.coinClosedMsg", "coin", "KAS", "message", "Kaspa is paused for an upgrade.")},
			{"CPU too hot", with(func(_, hw, _ map[string]any) { hw["cpuTemp"] = 150.5 }), 400, rangeOf("hardware.cpuTemp", "-40", "150")},
			{"CPU too cold", with(func(_, hw, _ map[string]any) { hw["cpuTemp"] = -41 }), 400, rangeOf("hardware.cpuTemp", "-40", "150")},
			{"CPU temperature as text", with(func(_, hw, _ map[string]any) { hw["cpuTemp"] = "hot" }), 400, msg("validation.invalid", field("hardware.cpuTemp")...)},
			{"CPU usage", with(func(_, hw, _ map[string]any) { hw["cpuUsage"] = 100.1 }), 400, rangeOf("hardware.cpuUsage", "0", "100")},
			{"negative memory", with(func(_, hw, _ map[string]any) { hw["memTotal"] = -1 }), 400, rangeOf("hardware.memTotal", "0", "1152921504606846976")},
			{"fractional memory", with(func(_, hw, _ map[string]any) { hw["memTotal"] = 1.5 }), 400, msg("validation.invalid", field("hardware.memTotal")...)},
			{"memory used above total", with(func(_, hw, _ map[string]any) { hw["memUsed"] = 32 << 30 }), 400, msg("pool.usedAboveTotal", "field", "hardware.memUsed", "total", "hardware.memTotal")},
			{"disk used above total", with(func(_, hw, _ map[string]any) { hw["diskUsed"] = 256 << 30 }), 400, msg("pool.usedAboveTotal", "field", "hardware.diskUsed", "total", "hardware.diskTotal")},
			{"no minerRunning", with(func(_, hw, _ map[string]any) { delete(hw, "minerRunning") }), 400, msg("validation.required", field("hardware.minerRunning")...)},
			{"minerRunning as text", with(func(_, hw, _ map[string]any) { hw["minerRunning"] = "yes" }), 400, msg("validation.invalid", field("hardware.minerRunning")...)},
			{"bad intranet IP", with(func(_, hw, _ map[string]any) { hw["intranetIp"] = "192.168.1.300" }), 400, msg("validation.invalid", field("hardware.intranetIp")...)},
			{"IP with a zone", with(func(_, hw, _ map[string]any) { hw["intranetIp"] = "fe80::1%eth0" }), 400, msg("validation.invalid", field("hardware.intranetIp")...)},
			{"long CPU model", with(func(_, hw, _ map[string]any) { hw["cpuModel"] = strings.Repeat("c", 101) }), 400, msg("validation.tooLong", "field", "hardware.cpuModel", "max", "100")},
			{"long OS", with(func(_, hw, _ map[string]any) { hw["os"] = strings.Repeat("o", 51) }), 400, msg("validation.tooLong", "field", "hardware.os", "max", "50")},
			{"control character", with(func(_, hw, _ map[string]any) { hw["region"] = "Cheng\u0007du" }), 400, msg("textcheck.unsafe", field("hardware.region")...)},
			{"33 GPUs", with(func(r, _, _ map[string]any) { r["gpus"] = gpus33 }), 400, msg("pool.tooManyGPUs", "field", "gpus", "max", "32")},
			{"GPUs as an object", with(func(r, _, _ map[string]any) { r["gpus"] = map[string]any{} }), 400, msg("validation.invalid", field("gpus")...)},
			{"GPU index", with(func(_, _, g map[string]any) { g["index"] = 32 }), 400, rangeOf("gpus[0].index", "0", "31")},
			{"GPU index twice", with(func(_, _, g map[string]any) { g["index"] = 1 }), 400, msg("pool.duplicateGPU", field("gpus[1].index")...)},
			{"GPU status", with(func(_, _, g map[string]any) { g["status"] = "sleeping" }), 400, msg("validation.oneOf", "field", "gpus[0].status", "values", "up, down")},
			{"no GPU status", with(func(_, _, g map[string]any) { delete(g, "status") }), 400, msg("validation.required", field("gpus[0].status")...)},
			{"GPU temperature", with(func(_, _, g map[string]any) { g["temperature"] = 151 }), 400, rangeOf("gpus[0].temperature", "-40", "150")},
			{"GPU fan", with(func(_, _, g map[string]any) { g["fan"] = 101 }), 400, rangeOf("gpus[0].fan", "0", "100")},
			{"GPU power", with(func(_, _, g map[string]any) { g["power"] = 5001 }), 400, rangeOf("gpus[0].power", "0", "5000")},
			{"GPU core clock", with(func(_, _, g map[string]any) { g["coreClock"] = 5000.5 }), 400, rangeOf("gpus[0].coreClock", "0", "5000")},
			{"GPU memory clock", with(func(_, _, g map[string]any) { g["memoryClock"] = -1 }), 400, rangeOf("gpus[0].memoryClock", "0", "30000")},
			{"GPU hashrate", with(func(_, _, g map[string]any) { g["hashrate"] = -0.5 }), 400, rangeOf("gpus[0].hashrate", "0", "1000000000000000000000")},
			{"GPU model", with(func(_, _, g map[string]any) { g["model"] = strings.Repeat("m", 101) }), 400, msg("validation.tooLong", "field", "gpus[0].model", "max", "100")},
			{"GPU fan as text", with(func(_, _, g map[string]any) { g["fan"] = "70%" }), 400, msg("validation.invalid", field("gpus.fan")...)},
		} {
			r := h.agent(id, c.body)
			if r.Status != c.status || r.Code != 3 || !strings.Contains(r.Msg, c.msg) {
				t.Errorf("%s: got %d code %d %q, want %d %q", c.name, r.Status, r.Code, r.Msg, c.status, c.msg)
			}
		}
		after, _ := h.store.Device(h.ctx, h.alice.ID, dev.ID)
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("bad reports changed the device:\n%+v\n%+v", before, after)
		}
		if _, total, _ := h.store.ListDevices(h.ctx, scope.User(h.alice.ID), pool.DeviceFilter{}); total != 1 {
			t.Fatalf("bad reports made devices: %d", total)
		}

		// Abnormal: a GPU down, or the miner not running.
		h.data(h.agent(id, with(func(_, _, g map[string]any) { g["status"] = "down" })), &res)
		if res.Status != pool.StatusAbnormal {
			t.Fatalf("GPU down: %+v", res)
		}
		h.data(h.agent(id, goodReport("alice.rig1")), &res)
		if res.Status != pool.StatusNormal || res.DeviceID != dev.ID {
			t.Fatalf("full worker name: %+v", res)
		}
		// A worker with no device yet gets one; not running, it is abnormal from the start.
		h.data(h.agent(id, with(func(r, hw, _ map[string]any) { r["worker"], hw["minerRunning"] = "rig9", false })), &res)
		if res.DeviceID == dev.ID || res.Status != pool.StatusAbnormal {
			t.Fatalf("new worker: %+v", res)
		}
		nd, _ := h.store.Device(h.ctx, h.alice.ID, res.DeviceID)
		if nd.FullName() != "alice.rig9" || nd.Kind != pool.KindGPU || !nd.Bound || nd.MinerRunning == nil || *nd.MinerRunning {
			t.Fatalf("new device %+v", nd)
		}
		// An ASIC box without GPUs, under a normal account: not bound.
		h.data(h.agent(id, with(func(r, hw, _ map[string]any) {
			r["worker"], hw["minerSoftware"], r["gpus"] = "box1", "bmminer", []any{}
		})), &res)
		if nd, _ := h.store.Device(h.ctx, h.alice.ID, res.DeviceID); nd.Kind != pool.KindASIC || nd.Bound || nd.GPUs == nil {
			t.Fatalf("ASIC box %+v", nd)
		}

		// Missing, malformed or unknown IDs answer code 4.
		for _, bad := range []string{"", "UP-123", strings.ToUpper(id), "UP-" + strings.Repeat("0", 64)} {
			h.want(h.agent(bad, goodReport("rig1")), 401, 4, msg("pool.agentUnauthorized"))
		}
	})
}

func TestAgentRateLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		a := h.sub(h.alice, "alice", "BTC")
		for i := 0; i < pool.ReportsPerMinute; i++ {
			// Refused reports count too.
			h.want(h.agent(a.UniplusID, "{}"), 400, 3, "")
		}
		h.want(h.agent(a.UniplusID, goodReport("rig1")), 429, 3, msg("error.tooManyRequests"))
		// Another address has its own count, and the next minute a fresh one.
		h.agentA = "198.51.100.21"
		h.want(h.agent(a.UniplusID, goodReport("rig1")), 200, 0, "")
		h.agentA = "198.51.100.20"
		h.clock.Add(61 * time.Second)
		h.want(h.agent(a.UniplusID, goodReport("rig1")), 200, 0, "")
	})
}
