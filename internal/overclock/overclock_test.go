package overclock_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/overclock"
)

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

func aleoTemplate(name string) map[string]any {
	return map[string]any{"name": name, "coin": "ALEO", "gpuCategory": "NVIDIA", "coreClock": 150, "coreClockLock": 1500,
		"memClock": 2000, "memClockLock": nil, "power": 250, "fan": nil}
}

// Templates: create, list, edit and delete, each with good and bad input and with
// another user's ids.
func TestOverclockTemplates(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		a := h.create(h.alice, aleoTemplate("  4090 fast  "))
		if a.Name != "4090 fast" || a.Coin != "ALEO" || a.GPUCategory != "NVIDIA" || *a.CoreClock != 150 || *a.MemClock != 2000 ||
			a.MemClockLock != nil || a.Fan != nil || *a.Power != 250 {
			t.Fatalf("created %+v", a)
		}

		// Bad input: each answers code 3 naming the problem, and nothing is added.
		bad := []struct {
			body map[string]any
			msg  string
		}{
			{map[string]any{"name": "", "coin": "ALEO", "gpuCategory": "NVIDIA", "power": 0}, msg("validation.required", "field", "overclock.field.name")},
			{map[string]any{"name": strings.Repeat("x", 21), "coin": "ALEO", "gpuCategory": "NVIDIA", "power": 0}, "at most 20"},
			{map[string]any{"name": "a\tb", "coin": "ALEO", "gpuCategory": "NVIDIA", "power": 0}, "Template name contains control characters or characters that change the direction of text"},
			{map[string]any{"name": "x", "coin": "ALEO", "gpuCategory": "NVIDIA"}, msg("overclock.noSettings")},
			{map[string]any{"name": "x", "coin": "ALEO", "gpuCategory": "NVIDIA", "coreClock": 100}, "Core clock must be a multiple of 15"},
			{map[string]any{"name": "x", "coin": "ALEO", "gpuCategory": "NVIDIA", "coreClockLock": 7}, "Core clock lock must be a multiple of 15"},
			{map[string]any{"name": "x", "coin": "ALEO", "gpuCategory": "NVIDIA", "power": 1001}, "Power must be between 0 and 1000"},
			{map[string]any{"name": "x", "coin": "ALEO", "gpuCategory": "NVIDIA", "fan": 1.5}, "Fan is not valid"},
			{map[string]any{"name": "x", "coin": "ALEO", "gpuCategory": "NVIDIA", "memClock": "2000"}, "Memory clock is not valid"},
			{map[string]any{"name": "x", "coin": "ALEO", "gpuCategory": "Intel", "power": 0}, "GPU category must be one of: NVIDIA, AMD"},
			{map[string]any{"name": "x", "coin": "", "gpuCategory": "NVIDIA", "power": 0}, "Coin is required"},
			{map[string]any{"name": "x", "coin": "DOGE", "gpuCategory": "NVIDIA", "power": 0}, "There is no coin DOGE"},
			{map[string]any{"name": "x", "coin": "BTC", "gpuCategory": "NVIDIA", "power": 0}, "BTC does not support overclocking."},
			{aleoTemplate("4090 fast"), "You already have a template named 4090 fast for ALEO"},
		}
		for _, c := range bad {
			h.want(h.post(h.alice, "template/create", c.body), 400, 3, c.msg)
		}
		h.want(h.post(h.alice, "template/create", `{"name":`), 400, 3, "")
		h.want(h.post(user{}, "template/create", aleoTemplate("y")), 401, 4, "")

		// The same name on another coin, or for another user, is another template.
		iron := aleoTemplate("4090 fast")
		iron["coin"] = "IRON"
		h.create(h.alice, iron)
		bobs := h.create(h.bob, aleoTemplate("4090 fast"))

		// Language of the request.
		r := h.post(h.alice, "template/create", map[string]any{"name": "x", "coin": "BTC", "gpuCategory": "AMD", "fan": 0}, "language", "zh_CN")
		h.want(r, 400, 3, "BTC 不支持超频")

		// List: newest first, by coin, paged; only the caller's.
		for i := range 11 {
			h.create(h.alice, map[string]any{"name": fmt.Sprintf("t%02d", i), "coin": "ALEO", "gpuCategory": "AMD", "fan": 60})
		}
		var pg struct {
			Total    int        `json:"total"`
			Page     int        `json:"page"`
			PageSize int        `json:"pageSize"`
			Rows     []template `json:"rows"`
		}
		h.data(h.get(h.alice, "template/list?coin=ALEO"), &pg)
		if pg.Total != 12 || pg.PageSize != 10 || len(pg.Rows) != 10 || pg.Rows[0].Name != "t10" {
			t.Fatalf("page 1: %+v", pg)
		}
		h.data(h.get(h.alice, "template/list?coin=ALEO&page=2&pageSize=10"), &pg)
		if len(pg.Rows) != 2 || pg.Rows[1].ID != a.ID {
			t.Fatalf("page 2: %+v", pg)
		}
		h.data(h.get(h.alice, "template/list?pageSize=50"), &pg)
		if pg.Total != 13 {
			t.Fatalf("all coins: %+v", pg)
		}
		h.data(h.get(h.alice, "template/list?coin=BTC"), &pg) // a coin without the flag lists (nothing)
		if pg.Total != 0 || pg.Rows == nil {
			t.Fatalf("BTC: %+v", pg)
		}
		h.data(h.get(h.bob, "template/list"), &pg)
		if pg.Total != 1 || pg.Rows[0].ID != bobs.ID {
			t.Fatalf("bob: %+v", pg)
		}
		h.want(h.get(h.alice, "template/list?pageSize=7"), 400, 3, "Page size must be one of")
		h.want(h.get(h.alice, "template/list?page=0"), 400, 3, "Page is not valid")
		h.want(h.get(h.alice, "template/list?coin=DOGE"), 400, 3, "There is no coin DOGE")
		h.want(h.get(user{}, "template/list"), 401, 4, "")

		// Edit replaces every field; the rules are create's.
		edit := aleoTemplate("4090 eco")
		edit["id"], edit["power"], edit["coreClock"] = a.ID, 0, nil
		var e template
		h.data(h.post(h.alice, "template/edit", edit), &e)
		if e.ID != a.ID || e.Name != "4090 eco" || *e.Power != 0 || e.CoreClock != nil {
			t.Fatalf("edited %+v", e)
		}
		edit["name"] = "t03"
		h.want(h.post(h.alice, "template/edit", edit), 400, 3, "You already have a template named t03 for ALEO")
		edit["name"], edit["coreClock"] = "4090 eco", 20
		h.want(h.post(h.alice, "template/edit", edit), 400, 3, "multiple of 15")
		edit["coreClock"], edit["coin"] = nil, "BTC"
		h.want(h.post(h.alice, "template/edit", edit), 400, 3, "BTC does not support overclocking")
		edit["coin"], edit["id"] = "ALEO", bobs.ID
		h.want(h.post(h.alice, "template/edit", edit), 404, 3, msg("overclock.templateNotFound"))
		edit["id"] = 0
		h.want(h.post(h.alice, "template/edit", edit), 400, 3, "Template is required")

		// Delete: someone else's is not found; one's own goes, once.
		h.want(h.post(h.alice, "template/delete", map[string]any{"id": bobs.ID}), 404, 3, msg("overclock.templateNotFound"))
		h.want(h.post(h.alice, "template/delete", map[string]any{}), 400, 3, "Template is required")
		h.want(h.post(h.alice, "template/delete", map[string]any{"id": a.ID}), 200, 0, msg("overclock.deleted"))
		h.want(h.post(h.alice, "template/delete", map[string]any{"id": a.ID}), 404, 3, "")
		h.data(h.get(h.bob, "template/list"), &pg)
		if pg.Total != 1 {
			t.Fatalf("bob's template went with alice's delete: %+v", pg)
		}
	})
}

// Apply, the flag gate, all-or-nothing, the agent's pull and acknowledgement (pending to
// applied or failed), a stale acknowledgement, cancel to factory, and another user's ids.
func TestOverclockApplyAndAgent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d)
		farm := h.sub(h.alice, "alice_farm", "ALEO")
		bobSub := h.sub(h.bob, "bob_farm", "ALEO")
		rig1 := h.device("ALEO", "alice_farm.rig1")
		rig2 := h.device("ALEO", "alice_farm.rig2")
		btc := h.device("BTC", "alice_farm.asic1")
		ironRig := h.device("IRON", "alice_farm.iron1")
		bobRig := h.device("ALEO", "bob_farm.rig1")
		tpl := h.create(h.alice, aleoTemplate("4090 fast"))
		bobTpl := h.create(h.bob, aleoTemplate("bob's"))

		// Never sent anything: none, factory.
		st := h.status(h.alice, rig1.ID)
		if len(st) != 1 || st[0].State != overclock.StateNone || !st[0].Factory || st[0].Version != 0 || st[0].Worker != "alice_farm.rig1" {
			t.Fatalf("fresh status %+v", st)
		}
		if p := h.pending(farm.UniplusID, "rig1"); p != nil {
			t.Fatalf("pending before any request: %+v", p)
		}

		// Refusals change nothing.
		apply := func(u user, tplID int64, ids ...int64) reply {
			return h.post(u, "apply", map[string]any{"templateId": tplID, "deviceIds": ids})
		}
		h.want(apply(h.alice, tpl.ID, rig1.ID, btc.ID), 400, 3, "BTC does not support overclocking.")
		h.want(h.post(h.alice, "apply", map[string]any{"templateId": tpl.ID, "deviceIds": []int64{btc.ID}}, "language", "ko_KR"),
			400, 3, "BTC은(는) 오버클럭을 지원하지 않습니다")
		h.want(apply(h.alice, tpl.ID, rig1.ID, bobRig.ID), 404, 3, msg("overclock.deviceNotFound"))
		h.want(apply(h.alice, tpl.ID, rig1.ID, 999999), 404, 3, msg("overclock.deviceNotFound"))
		h.want(apply(h.alice, bobTpl.ID, rig1.ID), 404, 3, msg("overclock.templateNotFound"))
		h.want(apply(h.alice, tpl.ID, rig1.ID, ironRig.ID), 400, 3, "alice_farm.iron1 mines IRON; this template is for ALEO")
		h.want(apply(h.alice, 0, rig1.ID), 400, 3, "Template is required")
		h.want(apply(h.alice, tpl.ID), 400, 3, "Devices is required")
		h.want(apply(h.alice, tpl.ID, -1), 400, 3, "Devices is not valid")
		h.want(h.post(h.alice, "apply", `{"templateId":1,"deviceIds":["x"]}`), 400, 3, "Devices is not valid")
		h.want(apply(user{}, tpl.ID, rig1.ID), 401, 4, "")
		if st := h.status(h.alice, rig1.ID); st[0].State != overclock.StateNone {
			t.Fatalf("a refused apply wrote: %+v", st)
		}

		// Apply: pending, version 1, the template's settings (a repeated id counts once).
		var sent []deviceState
		h.data(apply(h.alice, tpl.ID, rig1.ID, rig2.ID, rig1.ID), &sent)
		if len(sent) != 2 || sent[0].State != overclock.StatePending || sent[0].Version != 1 || sent[0].Factory ||
			*sent[0].TemplateID != tpl.ID || sent[0].TemplateName != "4090 fast" || *sent[0].Settings.CoreClock != 150 ||
			sent[0].RequestedAt != h.clock.Now().UnixMilli() || sent[0].AcknowledgedAt != 0 {
			t.Fatalf("applied %+v", sent)
		}

		// Editing the template does not change what the rigs were told.
		edit := aleoTemplate("4090 fast")
		edit["id"], edit["power"] = tpl.ID, 400
		h.want(h.post(h.alice, "template/edit", edit), 200, 0, "")
		p := h.pending(farm.UniplusID, "rig1")
		if p == nil || p.Version != 1 || p.Factory || *p.Power != 250 || *p.CoreClock != 150 || *p.CoreClockLock != 1500 ||
			*p.MemClock != 2000 || p.MemClockLock != nil || p.Fan != nil {
			t.Fatalf("pending %+v", p)
		}
		if p := h.pending(farm.UniplusID, "alice_farm.rig1"); p == nil || p.Version != 1 { // by full name too
			t.Fatalf("pending by full name %+v", p)
		}

		// The agent acknowledges: applied, with its message.
		h.clock.Add(30_000_000_000) // 30 s
		if a := h.ack(farm.UniplusID, "rig1", 1, "applied", "settings applied to 2 GPU(s)"); !a.Accepted || a.State != "applied" || a.Version != 1 {
			t.Fatalf("ack %+v", a)
		}
		st = h.status(h.alice, rig1.ID, rig2.ID)
		if st[0].State != overclock.StateApplied || st[0].Message != "settings applied to 2 GPU(s)" ||
			st[0].AcknowledgedAt != h.clock.Now().UnixMilli() || st[1].State != overclock.StatePending {
			t.Fatalf("after ack %+v", st)
		}
		if p := h.pending(farm.UniplusID, "rig1"); p != nil {
			t.Fatalf("still pending after the ack: %+v", p)
		}
		// A second answer to the same version changes nothing.
		if a := h.ack(farm.UniplusID, "rig1", 1, "failed", "late"); a.Accepted {
			t.Fatalf("second ack accepted: %+v", a)
		}

		// A newer request; a late ack of the older one is ignored.
		h.data(apply(h.alice, tpl.ID, rig1.ID), &sent)
		if sent[0].Version != 2 || sent[0].State != overclock.StatePending || *sent[0].Settings.Power != 400 || sent[0].Message != "" {
			t.Fatalf("second apply %+v", sent)
		}
		if a := h.ack(farm.UniplusID, "rig1", 1, "applied", "old"); a.Accepted || a.Version != 2 || a.State != "pending" {
			t.Fatalf("stale ack %+v", a)
		}
		if a := h.ack(farm.UniplusID, "rig1", 3, "applied", "future"); a.Accepted {
			t.Fatalf("ack of a version never sent accepted: %+v", a)
		}
		// Failed, with a message cleaned and cut.
		long := "nvidia-smi\u202e failed:\n" + strings.Repeat("é", 300) + "\x07" // NUL: httpx refuses the body
		if a := h.ack(farm.UniplusID, "alice_farm.rig1", 2, "failed", long); !a.Accepted || a.State != "failed" {
			t.Fatalf("failed ack %+v", a)
		}
		st = h.status(h.alice, rig1.ID)
		if st[0].State != overclock.StateFailed || len([]rune(st[0].Message)) != overclock.MaxMessage ||
			!strings.HasPrefix(st[0].Message, "nvidia-smi failed: é") || strings.ContainsAny(st[0].Message, "\n\x07\u202e") {
			t.Fatalf("failed %+v", st)
		}

		// Cancel: factory settings, a new version, nulls for the agent.
		h.want(h.post(h.alice, "cancel", map[string]any{"deviceIds": []int64{rig1.ID, btc.ID}}), 400, 3, "BTC does not support overclocking.")
		h.want(h.post(h.alice, "cancel", map[string]any{"deviceIds": []int64{bobRig.ID}}), 404, 3, msg("overclock.deviceNotFound"))
		h.want(h.post(h.alice, "cancel", map[string]any{"deviceIds": []int64{}}), 400, 3, "Devices is required")
		if st := h.status(h.alice, rig1.ID); st[0].Version != 2 {
			t.Fatalf("a refused cancel wrote: %+v", st)
		}
		h.data(h.post(h.alice, "cancel", map[string]any{"deviceIds": []int64{rig1.ID}}), &sent)
		if sent[0].Version != 3 || !sent[0].Factory || sent[0].TemplateID != nil || sent[0].TemplateName != "" || sent[0].Settings.Power != nil {
			t.Fatalf("cancel %+v", sent)
		}
		p = h.pending(farm.UniplusID, "rig1")
		if p == nil || p.Version != 3 || !p.Factory || p.Power != nil || p.CoreClock != nil {
			t.Fatalf("factory pending %+v", p)
		}
		if a := h.ack(farm.UniplusID, "rig1", 3, "applied", "factory settings applied"); !a.Accepted {
			t.Fatalf("factory ack %+v", a)
		}

		// Deleting the template keeps rig2's pending snapshot, named but without its id.
		h.want(h.post(h.alice, "template/delete", map[string]any{"id": tpl.ID}), 200, 0, "")
		st = h.status(h.alice, rig2.ID)
		if st[0].State != overclock.StatePending || st[0].TemplateID != nil || st[0].TemplateName != "4090 fast" || *st[0].Settings.Power != 250 {
			t.Fatalf("after delete %+v", st)
		}
		if p := h.pending(farm.UniplusID, "rig2"); p == nil || *p.Power != 250 {
			t.Fatalf("pending after delete %+v", p)
		}

		// The flag turned off: a pending request is still delivered, new ones are refused.
		h.setFlag("ALEO", false)
		if p := h.pending(farm.UniplusID, "rig2"); p == nil {
			t.Fatal("pending request lost when the flag went off")
		}
		h.want(h.post(h.alice, "cancel", map[string]any{"deviceIds": []int64{rig2.ID}}), 400, 3, "ALEO does not support overclocking.")
		h.setFlag("ALEO", true)

		// Status: the caller's devices only, ids as a comma list.
		h.want(h.get(h.alice, "device/status?deviceIds="+itoa(rig1.ID)+","+itoa(bobRig.ID)), 404, 3, msg("overclock.deviceNotFound"))
		h.want(h.get(h.alice, "device/status?deviceIds="), 400, 3, "Devices is required")
		h.want(h.get(h.alice, "device/status?deviceIds=1,x"), 400, 3, "Devices is not valid")
		h.want(h.get(h.alice, "device/status?deviceIds=0"), 400, 3, "Devices is not valid")
		h.want(h.get(user{}, "device/status?deviceIds=1"), 401, 4, "")
		if st := h.status(h.bob, bobRig.ID); st[0].State != overclock.StateNone {
			t.Fatalf("bob's rig %+v", st)
		}

		// The agent: only its own sub-account's workers.
		bobApply := h.post(h.bob, "apply", map[string]any{"templateId": bobTpl.ID, "deviceIds": []int64{bobRig.ID}})
		h.want(bobApply, 200, 0, msg("overclock.sent"))
		h.want(h.agentGet(bobSub.UniplusID, "pending?worker=alice_farm.rig2"), 400, 3, "belongs to another sub-account")
		if p := h.pending(farm.UniplusID, "rig1"); p != nil { // alice's rig1, not bob's
			t.Fatalf("alice's rig1 sees %+v", p)
		}
		if p := h.pending(bobSub.UniplusID, "rig1"); p == nil || p.Version != 1 {
			t.Fatalf("bob's rig1 sees %+v", p)
		}
		if p := h.pending(farm.UniplusID, "norig"); p != nil { // no such device yet
			t.Fatalf("unknown worker %+v", p)
		}
		h.want(h.agentGet(farm.UniplusID, "pending"), 400, 3, "Worker is required")
		h.want(h.agentGet(farm.UniplusID, "pending?worker=bad%20name"), 400, 3, "Worker is not valid")
		h.want(h.agentGet("", "pending?worker=rig1"), 401, 4, "")
		h.want(h.agentGet("UP-"+strings.Repeat("0", 64), "pending?worker=rig1"), 401, 4, "")
		h.want(h.agentPost(farm.UniplusID, "ack", map[string]any{"worker": "rig2", "version": 1, "status": "done"}), 400, 3,
			"Status must be one of: applied, failed")
		h.want(h.agentPost(farm.UniplusID, "ack", map[string]any{"worker": "rig2", "status": "applied"}), 400, 3, "Version is required")
		h.want(h.agentPost(farm.UniplusID, "ack", map[string]any{"version": 1, "status": "applied"}), 400, 3, "Worker is required")
		h.want(h.agentPost(farm.UniplusID, "ack", map[string]any{"worker": "norig", "version": 1, "status": "applied"}), 404, 3,
			msg("overclock.deviceNotFound"))
		h.want(h.agentPost(farm.UniplusID, "ack", map[string]any{"worker": "bob_farm.rig1", "version": 1, "status": "applied"}), 400, 3,
			"belongs to another sub-account")
		h.want(h.agentPost(farm.UniplusID, "ack", `{"worker":"rig2","version":"1"}`), 400, 3, "Version is not valid")
		if st := h.status(h.bob, bobRig.ID); st[0].State != overclock.StatePending {
			t.Fatalf("bob's rig changed by alice's agent: %+v", st)
		}
	})
}
