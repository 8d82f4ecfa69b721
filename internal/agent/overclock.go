package agent

import (
	"context"
	"fmt"
	"strconv"
	"strings"
)

// Pending is an overclock the pool wants applied (GET /api/agent/v1/overclock/pending):
// a template's settings; nil is unset. Clocks are MHz, power W, fan percent.
type Pending struct {
	Version       int64    `json:"version"`
	Factory       bool     `json:"factory"`
	CoreClock     *float64 `json:"coreClock"`     // offset
	CoreClockLock *float64 `json:"coreClockLock"` // locked core clock
	MemClock      *float64 `json:"memClock"`      // offset
	MemClockLock  *float64 `json:"memClockLock"`  // locked memory clock
	Power         *float64 `json:"power"`         // power limit; 0 is the factory value
	Fan           *float64 `json:"fan"`
}

// Ack is the agent's answer (POST /api/agent/v1/overclock/ack).
type Ack struct {
	Worker  string `json:"worker"`
	Version int64  `json:"version"`
	Status  string `json:"status"` // "applied" or "failed"
	Message string `json:"message"`
}

// Ack statuses.
const (
	AckApplied = "applied"
	AckFailed  = "failed"
)

// Command is one nvidia-smi call of a plan.
type Command struct {
	Args []string
}

func (c Command) String() string { return CommandLine("nvidia-smi", c.Args...) }

// Plan turns a pending overclock into nvidia-smi commands for every NVIDIA GPU, and the
// settings it cannot apply. A template is the whole state of the card: what it leaves
// unset is the factory value.
//
//   - factory, or power unset or 0: the default power limit (power.default_limit) with
//     -pl; power W: -pl W.
//   - core (memory) clock lock V: -lgc V,V (-lmc V,V); unset or 0: -rgc (-rmc).
//   - core and memory clock offsets and fan speed: nvidia-smi has no way to set them
//     (they need nvidia-settings with Coolbits and a running X server), so they are named
//     in notes and not applied.
func Plan(p Pending, gpus []NvidiaGPU) (cmds []Command, notes []string) {
	for _, g := range gpus {
		i := strconv.Itoa(g.Index)
		power := p.Power
		if p.Factory || power == nil || *power <= 0 {
			if g.PowerDefault != nil && *g.PowerDefault > 0 {
				cmds = append(cmds, Command{[]string{"-i", i, "-pl", watts(*g.PowerDefault)}})
			} else {
				notes = append(notes, fmt.Sprintf("GPU %s: default power limit unknown, power limit left as it is", i))
			}
		} else {
			cmds = append(cmds, Command{[]string{"-i", i, "-pl", watts(*power)}})
		}
		if v := p.CoreClockLock; !p.Factory && v != nil && *v > 0 {
			cmds = append(cmds, Command{[]string{"-i", i, "-lgc", clockPair(*v)}})
		} else {
			cmds = append(cmds, Command{[]string{"-i", i, "-rgc"}})
		}
		if v := p.MemClockLock; !p.Factory && v != nil && *v > 0 {
			cmds = append(cmds, Command{[]string{"-i", i, "-lmc", clockPair(*v)}})
		} else {
			cmds = append(cmds, Command{[]string{"-i", i, "-rmc"}})
		}
	}
	if !p.Factory {
		if v := p.CoreClock; v != nil && *v != 0 {
			notes = append(notes, fmt.Sprintf("core clock offset %s MHz not applied: nvidia-smi cannot set clock offsets", trim(*v)))
		}
		if v := p.MemClock; v != nil && *v != 0 {
			notes = append(notes, fmt.Sprintf("memory clock offset %s MHz not applied: nvidia-smi cannot set clock offsets", trim(*v)))
		}
		if v := p.Fan; v != nil {
			notes = append(notes, fmt.Sprintf("fan %s%% not applied: nvidia-smi cannot set fan speed", trim(*v)))
		}
	}
	return cmds, notes
}

func watts(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

func clockPair(v float64) string {
	s := strconv.FormatFloat(float64(int64(v+0.5)), 'f', 0, 64)
	return s + "," + s
}

func trim(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// Apply runs a plan with run and answers the ack: applied when every command succeeded,
// failed (with the first errors) otherwise; the message always names what nvidia-smi
// cannot set. With no NVIDIA GPU there is nothing to apply to: failed.
func Apply(ctx context.Context, run Runner, worker string, p Pending, gpus []NvidiaGPU) Ack {
	ack := Ack{Worker: worker, Version: p.Version, Status: AckApplied}
	if len(gpus) == 0 {
		ack.Status, ack.Message = AckFailed, "no NVIDIA GPU found (nvidia-smi): nothing applied"
		return ack
	}
	cmds, notes := Plan(p, gpus)
	var failed []string
	for _, c := range cmds {
		if _, err := run.Run(ctx, "nvidia-smi", c.Args...); err != nil {
			failed = append(failed, err.Error())
		}
	}
	var msg []string
	if len(failed) > 0 {
		ack.Status = AckFailed
		msg = append(msg, fmt.Sprintf("%d of %d nvidia-smi commands failed: %s", len(failed), len(cmds), strings.Join(failed[:min(len(failed), 2)], "; ")))
	} else {
		what := "settings"
		if p.Factory {
			what = "factory settings"
		}
		msg = append(msg, fmt.Sprintf("%s applied to %d GPU(s) with %d nvidia-smi commands", what, len(gpus), len(cmds)))
	}
	msg = append(msg, notes...)
	// nvidia-smi's own error text goes into the message: the pool refuses a report that
	// holds NUL or other control or invisible characters, which would lose the ack.
	ack.Message = cleanText(strings.Join(msg, "; "))
	if r := []rune(ack.Message); len(r) > 500 {
		ack.Message = string(r[:500])
	}
	return ack
}
