package agent

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/textcheck"
)

// twoGPUs are the recorded RTX 2080 SUPER (default limit 250 W) and a card whose default
// limit nvidia-smi cannot tell.
func twoGPUs(t *testing.T) []NvidiaGPU {
	gpus, err := ParseNvidiaSMI(read(t, "nvidia-smi/rtx-2080-super_595.71.05_load.csv"), nil)
	if err != nil {
		t.Fatal(err)
	}
	return append(gpus, NvidiaGPU{Index: 1, Name: "NVIDIA CMP 90HX"})
}

func lines(cmds []Command) []string {
	var out []string
	for _, c := range cmds {
		out = append(out, c.String())
	}
	return out
}

func TestPlanTemplate(t *testing.T) {
	p := Pending{Version: 7, CoreClock: ptr(150.0), CoreClockLock: ptr(1500.0), MemClock: ptr(1000.0), Power: ptr(180.0), Fan: ptr(70.0)}
	cmds, notes := Plan(p, twoGPUs(t))
	want := []string{
		"nvidia-smi -i 0 -pl 180.00", "nvidia-smi -i 0 -lgc 1500,1500", "nvidia-smi -i 0 -rmc",
		"nvidia-smi -i 1 -pl 180.00", "nvidia-smi -i 1 -lgc 1500,1500", "nvidia-smi -i 1 -rmc",
	}
	if got := lines(cmds); !reflect.DeepEqual(got, want) {
		t.Errorf("commands\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	joined := strings.Join(notes, "; ")
	for _, s := range []string{"core clock offset 150 MHz not applied", "memory clock offset 1000 MHz not applied", "fan 70% not applied"} {
		if !strings.Contains(joined, s) {
			t.Errorf("notes %q lack %q", joined, s)
		}
	}
}

func TestPlanFactoryAndPowerZero(t *testing.T) {
	for _, p := range []Pending{{Version: 8, Factory: true, Power: ptr(100.0), CoreClockLock: ptr(1200.0)}, {Version: 9, Power: ptr(0.0), MemClockLock: ptr(5000.0)}} {
		cmds, notes := Plan(p, twoGPUs(t))
		got := lines(cmds)
		if got[0] != "nvidia-smi -i 0 -pl 250.00" {
			t.Errorf("%+v: the default power limit (250 W recorded) is restored: %v", p, got)
		}
		if !strings.Contains(strings.Join(notes, ";"), "GPU 1: default power limit unknown") {
			t.Errorf("notes %v", notes)
		}
		if p.Factory && (got[1] != "nvidia-smi -i 0 -rgc" || got[2] != "nvidia-smi -i 0 -rmc") {
			t.Errorf("factory resets clocks: %v", got)
		}
		if !p.Factory && got[2] != "nvidia-smi -i 0 -lmc 5000,5000" {
			t.Errorf("memory lock: %v", got)
		}
	}
}

func TestApply(t *testing.T) {
	ctx := context.Background()
	p := Pending{Version: 3, Power: ptr(200.0), CoreClock: ptr(100.0)}
	run := &RecordRunner{Answers: map[string]Answer{"nvidia-smi": {}}}
	ack := Apply(ctx, run, "rig01", p, twoGPUs(t)[:1])
	if ack.Status != AckApplied || ack.Version != 3 || ack.Worker != "rig01" || !strings.Contains(ack.Message, "core clock offset 100 MHz not applied") {
		t.Errorf("ack %+v", ack)
	}
	if got := run.Calls(); !reflect.DeepEqual(got, []string{"nvidia-smi -i 0 -pl 200.00", "nvidia-smi -i 0 -rgc", "nvidia-smi -i 0 -rmc"}) {
		t.Errorf("calls %v", got)
	}
	run = &RecordRunner{Answers: map[string]Answer{"nvidia-smi": {},
		"nvidia-smi -i 0 -pl 200.00": {Err: errors.New("Provided power limit 200.00 W is not a valid power limit")}}}
	ack = Apply(ctx, run, "rig01", p, twoGPUs(t)[:1])
	if ack.Status != AckFailed || !strings.Contains(ack.Message, "not a valid power limit") {
		t.Errorf("failed ack %+v", ack)
	}
	// A driver's error text with a NUL and a zero-width space (which the pool refuses)
	// is sent without them.
	run = &RecordRunner{Answers: map[string]Answer{"nvidia-smi": {},
		"nvidia-smi -i 0 -pl 200.00": {Err: errors.New("Unknown Error\x00\u200b at GPU 0")}}}
	ack = Apply(ctx, run, "rig01", p, twoGPUs(t)[:1])
	if ack.Status != AckFailed || !strings.Contains(ack.Message, "Unknown Error at GPU 0") || !textcheck.Safe(ack.Message) {
		t.Errorf("ack with a control character %+v", ack)
	}
	if ack := Apply(ctx, run, "rig01", p, nil); ack.Status != AckFailed || !strings.Contains(ack.Message, "no NVIDIA GPU") {
		t.Errorf("no GPU %+v", ack)
	}
}
