package overclock_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/overclock"
)

func n(v int64) *int64 { return &v }

// Every rule of SPEC section 5 (and this package's bounds), each with a value it takes
// and one it refuses.
func TestTemplateRules(t *testing.T) {
	base := func() overclock.Input {
		return overclock.Input{Name: "Aleo 4090", Coin: "ALEO", GPUCategory: "NVIDIA", Settings: overclock.Settings{Power: n(300)}}
	}
	for _, c := range []struct {
		name  string
		edit  func(in *overclock.Input)
		key   string // "" when the input is good
		field string // the field the error names, when it names one
	}{
		{"good", func(in *overclock.Input) {}, "", ""},
		{"name trimmed", func(in *overclock.Input) { in.Name = "  rig set  " }, "", ""},
		{"name required", func(in *overclock.Input) { in.Name = "   " }, "validation.required", "overclock.field.name"},
		{"name of 20 characters", func(in *overclock.Input) { in.Name = strings.Repeat("超", 20) }, "", ""},
		{"name of 21 characters", func(in *overclock.Input) { in.Name = strings.Repeat("a", 21) }, "validation.tooLong", "overclock.field.name"},
		{"name with a control character", func(in *overclock.Input) { in.Name = "a\x07b" }, "textcheck.unsafe", "overclock.field.name"},
		{"name not UTF-8", func(in *overclock.Input) { in.Name = "a\xffb" }, "textcheck.unsafe", "overclock.field.name"},
		{"name with a right-to-left override", func(in *overclock.Input) { in.Name = "4090\u202eeco" }, "textcheck.unsafe", "overclock.field.name"},
		{"name with a bidi isolate", func(in *overclock.Input) { in.Name = "\u2067eco\u2069" }, "textcheck.unsafe", "overclock.field.name"},
		{"name with a C1 control", func(in *overclock.Input) { in.Name = "eco\u009b1" }, "textcheck.unsafe", "overclock.field.name"},
		{"coin required", func(in *overclock.Input) { in.Coin = "" }, "validation.required", "overclock.field.coin"},
		{"gpu category required", func(in *overclock.Input) { in.GPUCategory = "" }, "validation.required", "overclock.field.gpuCategory"},
		{"gpu category AMD", func(in *overclock.Input) { in.GPUCategory = "AMD" }, "", ""},
		{"gpu category unknown", func(in *overclock.Input) { in.GPUCategory = "Intel" }, "validation.oneOf", "overclock.field.gpuCategory"},
		{"no setting", func(in *overclock.Input) { in.Settings = overclock.Settings{} }, "overclock.noSettings", ""},
		{"only fan", func(in *overclock.Input) { in.Settings = overclock.Settings{Fan: n(70)} }, "", ""},
		{"zero counts as set", func(in *overclock.Input) { in.Settings = overclock.Settings{Power: n(0)} }, "", ""},
		{"core clock multiple of 15", func(in *overclock.Input) { in.CoreClock = n(150) }, "", ""},
		{"negative core clock multiple of 15", func(in *overclock.Input) { in.CoreClock = n(-195) }, "", ""},
		{"core clock not a multiple of 15", func(in *overclock.Input) { in.CoreClock = n(100) }, "overclock.clockStep", "overclock.field.coreClock"},
		{"core clock lock multiple of 15", func(in *overclock.Input) { in.CoreClockLock = n(1500) }, "", ""},
		{"core clock lock not a multiple of 15", func(in *overclock.Input) { in.CoreClockLock = n(1501) }, "overclock.clockStep", "overclock.field.coreClockLock"},
		{"core clock out of range", func(in *overclock.Input) { in.CoreClock = n(5010) }, "overclock.outOfRange", "overclock.field.coreClock"},
		{"core clock lock negative", func(in *overclock.Input) { in.CoreClockLock = n(-15) }, "overclock.outOfRange", "overclock.field.coreClockLock"},
		{"memory clock any integer", func(in *overclock.Input) { in.MemClock = n(1001) }, "", ""},
		{"memory clock negative", func(in *overclock.Input) { in.MemClock = n(-500) }, "", ""},
		{"memory clock out of range", func(in *overclock.Input) { in.MemClock = n(10001) }, "overclock.outOfRange", "overclock.field.memClock"},
		{"memory clock lock doubled", func(in *overclock.Input) { in.MemClockLock = n(21002) }, "", ""},
		{"memory clock lock out of range", func(in *overclock.Input) { in.MemClockLock = n(30001) }, "overclock.outOfRange", "overclock.field.memClockLock"},
		{"power 0 is factory", func(in *overclock.Input) { in.Power = n(0) }, "", ""},
		{"power 1000", func(in *overclock.Input) { in.Power = n(1000) }, "", ""},
		{"power negative", func(in *overclock.Input) { in.Power = n(-1) }, "overclock.outOfRange", "overclock.field.power"},
		{"power above 1000", func(in *overclock.Input) { in.Power = n(1001) }, "overclock.outOfRange", "overclock.field.power"},
		{"fan 100", func(in *overclock.Input) { in.Fan = n(100) }, "", ""},
		{"fan above 100", func(in *overclock.Input) { in.Fan = n(101) }, "overclock.outOfRange", "overclock.field.fan"},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := base()
			c.edit(&in)
			err := in.Check()
			if c.key == "" {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				if in.Name != strings.TrimSpace(in.Name) {
					t.Fatalf("name not trimmed: %q", in.Name)
				}
				return
			}
			var he *httpx.Error
			if !errors.As(err, &he) || he.Key != c.key || he.Status != 400 {
				t.Fatalf("got %v, want %s", err, c.key)
			}
			if c.field != "" && he.Params["field"] != c.field {
				t.Fatalf("names field %q, want %q", he.Params["field"], c.field)
			}
		})
	}
	if b := overclock.Bounds(); b["power"] != [2]int64{0, 1000} || b["coreClock"] != [2]int64{-5000, 5000} || len(b) != 6 {
		t.Fatalf("bounds %v", b)
	}
}
