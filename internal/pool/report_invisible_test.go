package pool_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// Agent telemetry with an invisible character (issue 29): a GPU model "RTX\u200b3080" or
// an OS "\ufeffUniplusOS" was stored and shown as if it were the plain name. ParseReport
// refuses it, naming the field, as it refuses control and bidi characters; a model in
// Korean or Chinese, or with an emoji, still passes. So does a report with U+0000, which
// the JSON reader refuses before the text rule (docs/security.md, "NUL characters").
func TestReportRefusesInvisibleCharacters(t *testing.T) {
	parse := func(set func(hw, gpu map[string]any)) error {
		r := with(func(_, hw, gpu map[string]any) { set(hw, gpu) })
		body, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		_, err = pool.ParseReport(body)
		return err
	}
	for _, c := range []struct {
		field string
		set   func(hw, gpu map[string]any)
	}{
		{"gpus[0].model", func(_, g map[string]any) { g["model"] = "RTX\u200b3080" }},
		{"gpus[0].manufacturer", func(_, g map[string]any) { g["manufacturer"] = "NVI\u2060DIA" }},
		{"hardware.os", func(hw, _ map[string]any) { hw["os"] = "\ufeffUniplusOS" }},
		{"hardware.region", func(hw, _ map[string]any) { hw["region"] = "Cheng\u200ddu" }},
		{"hardware.minerSoftware", func(hw, _ map[string]any) { hw["minerSoftware"] = "lol\u180eMiner" }},
	} {
		var e *httpx.Error
		if err := parse(c.set); !errors.As(err, &e) || e.Key != textcheck.Key || e.Params["field"] != c.field {
			t.Errorf("%s: %v", c.field, err)
		}
	}
	for _, model := range []string{"지포스 RTX 3080", "显卡一号", "RTX 3080 🔥", "👩\u200d💻 rig"} {
		if err := parse(func(_, g map[string]any) { g["model"] = model }); err != nil {
			t.Errorf("%q: %v", model, err)
		}
	}
	var e *httpx.Error
	if err := parse(func(hw, _ map[string]any) { hw["os"] = "Linux\x00" }); !errors.As(err, &e) || e.Key != "error.nulField" || e.Params["field"] != `"os"` {
		t.Errorf("NUL: %v", err)
	}
}
