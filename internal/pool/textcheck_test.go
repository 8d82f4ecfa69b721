package pool_test

import (
	"net/url"
	"reflect"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
)

// Names and telemetry other people read are refused when they hold control characters or
// the bidi formatting characters that reorder what is shown (internal/textcheck), with a
// message naming the field: sub-account codes and aliases, device aliases, and every text
// field of an agent report. A refused report changes nothing. The miner software a stratum
// connection names is not refused (no one to refuse it to) but kept without them.
func TestNamesAndTelemetryRefuseControlAndBidiCharacters(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		unsafe := func(field string) string { return msg("textcheck.unsafe", "field", field) }
		const create = "/api/pc/v1/pool/subaccount/create"
		for _, c := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"code": "alice", "alias": "Farm\u202eA", "defaultCoin": "BTC"}, "pool.field.alias"},
			{map[string]any{"code": "alice", "alias": "\u2066Farm\u2069", "defaultCoin": "BTC"}, "pool.field.alias"},
			{map[string]any{"code": "alice", "alias": "Farm\u200f", "defaultCoin": "BTC"}, "pool.field.alias"},
			{map[string]any{"code": "alice", "alias": "Fa\u0085rm", "defaultCoin": "BTC"}, "pool.field.alias"},
			{map[string]any{"code": "alice\u202e", "alias": "Farm", "defaultCoin": "BTC"}, "pool.field.code"},
			{map[string]any{"code": "ali\x07ce", "alias": "Farm", "defaultCoin": "BTC"}, "pool.field.code"}, // NUL: httpx refuses it first
		} {
			h.want(h.post(create, h.alice, c.body), 400, 3, unsafe(c.field))
		}
		a := h.sub(h.alice, "alice", "BTC")
		h.want(h.post("/api/pc/v1/pool/subaccount/rename", h.alice, map[string]any{"code": "alice", "alias": "North\u202dfarm"}), 400, 3, unsafe("pool.field.alias"))

		dev := h.connect("BTC", "alice.rig1", "lol\u202eMiner/1.76\u2067")
		if dev.MinerSoftware != "lolMiner" || dev.MinerVersion != "1.76" {
			t.Fatalf("stratum miner software kept as %q %q", dev.MinerSoftware, dev.MinerVersion)
		}
		h.want(h.post("/api/pc/v1/pool/device/alias", h.alice, map[string]any{"id": dev.ID, "alias": "rig\u202e1"}), 400, 3, unsafe("pool.field.alias"))

		h.want(h.agent(a.UniplusID, goodReport("rig1")), 200, 0, "")
		before, _ := h.store.Device(h.ctx, h.alice.ID, dev.ID)
		for _, c := range []struct {
			field string
			set   func(hw, gpu map[string]any)
		}{
			{"gpus[0].model", func(_, g map[string]any) { g["model"] = "RTX\u202e0803" }},
			{"gpus[0].memoryModel", func(_, g map[string]any) { g["memoryModel"] = "GDDR6X\u2066" }},
			{"gpus[0].manufacturer", func(_, g map[string]any) { g["manufacturer"] = "NVIDIA\u200e" }},
			{"hardware.minerSoftware", func(hw, _ map[string]any) { hw["minerSoftware"] = "lol\u202bMiner" }},
			{"hardware.minerVersion", func(hw, _ map[string]any) { hw["minerVersion"] = "1.76\u2069" }},
			{"hardware.cpuModel", func(hw, _ map[string]any) { hw["cpuModel"] = "Ryzen\u009b5" }},
			{"hardware.os", func(hw, _ map[string]any) { hw["os"] = "Uniplus\u2028OS" }},
			{"hardware.osVersion", func(hw, _ map[string]any) { hw["osVersion"] = "2.1\u202a" }},
			{"hardware.driverVersion", func(hw, _ map[string]any) { hw["driverVersion"] = "535\u202c" }},
			{"hardware.region", func(hw, _ map[string]any) { hw["region"] = "Cheng\u061cdu" }},
			{"hardware.runningPool", func(hw, _ map[string]any) { hw["runningPool"] = "stratum+tcp://pool\u202e.example.com" }},
		} {
			r := goodReport("rig1")
			c.set(r["hardware"].(map[string]any), r["gpus"].([]any)[0].(map[string]any))
			h.want(h.agent(a.UniplusID, r), 400, 3, unsafe(c.field))
		}
		after, _ := h.store.Device(h.ctx, h.alice.ID, dev.ID)
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("refused reports changed the device:\n%+v\n%+v", before, after)
		}
		var list struct{ Rows []struct{ Alias string } }
		h.data(h.get("/api/pc/v1/pool/device/list", h.alice, url.Values{}), &list)
		if len(list.Rows) != 1 || list.Rows[0].Alias != "" {
			t.Fatalf("list %+v", list)
		}
	})
}
