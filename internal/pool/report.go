package pool

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

// Limits of an agent report.
const (
	MaxReportBytes = 64 << 10
	MaxGPUs        = 32
	maxShortText   = 50
	maxModelText   = 100
	maxPoolText    = 200
	maxBytes       = int64(1) << 60 // memory and disk sizes, in bytes
	maxHashrate    = 1e21           // H/s of one GPU: far above any real card
)

// GPU is one graphics card of a device (SPEC section 3 "GPU"), as the agent reports it
// and as the devices table keeps it. A nil number is unknown.
type GPU struct {
	Index        int      `json:"index"`
	Model        string   `json:"model"`
	Status       string   `json:"status"`
	Hashrate     *float64 `json:"hashrate"`     // H/s, as the miner measures it
	Temperature  *float64 `json:"temperature"`  // °C
	Fan          *float64 `json:"fan"`          // percent
	Power        *float64 `json:"power"`        // W
	CoreClock    *float64 `json:"coreClock"`    // MHz
	MemoryClock  *float64 `json:"memoryClock"`  // MHz
	MemoryModel  string   `json:"memoryModel"`  // e.g. "GDDR6X Micron"
	Manufacturer string   `json:"manufacturer"` // e.g. "NVIDIA"
}

// Hardware is the rig's side of an agent report. Sizes are bytes; a nil number is unknown.
type Hardware struct {
	CPUModel      string   `json:"cpuModel"`
	CPUTemp       *float64 `json:"cpuTemp"`
	CPUUsage      *float64 `json:"cpuUsage"`
	MemTotal      *int64   `json:"memTotal"`
	MemUsed       *int64   `json:"memUsed"`
	DiskTotal     *int64   `json:"diskTotal"`
	DiskUsed      *int64   `json:"diskUsed"`
	OS            string   `json:"os"`
	OSVersion     string   `json:"osVersion"`
	DriverVersion string   `json:"driverVersion"`
	MinerSoftware string   `json:"minerSoftware"`
	MinerVersion  string   `json:"minerVersion"`
	MinerRunning  *bool    `json:"minerRunning"` // required
	IntranetIP    string   `json:"intranetIp"`
	Region        string   `json:"region"`
	Burned        bool     `json:"burned"`
	RunningPool   string   `json:"runningPool"`
}

// Report is what the device agent posts to /api/agent/v1/report.
type Report struct {
	Worker   string   `json:"worker"` // "<suffix>" or "<code>.<suffix>"
	Coin     string   `json:"coin"`
	Hardware Hardware `json:"hardware"`
	GPUs     []GPU    `json:"gpus"`
}

// Status is the device status a report implies: abnormal when the miner is not running
// or any GPU is down (SPEC section 4).
func (r Report) Status() string {
	if r.Hardware.MinerRunning == nil || !*r.Hardware.MinerRunning {
		return StatusAbnormal
	}
	for _, g := range r.GPUs {
		if g.Status == GPUDown {
			return StatusAbnormal
		}
	}
	return StatusNormal
}

// Suffix is the worker suffix the report names.
func (r Report) Suffix() string {
	if _, s, ok := strings.Cut(r.Worker, "."); ok {
		return s
	}
	return r.Worker
}

// Code is the sub-account code the report names, "" when it names only the suffix.
func (r Report) Code() string {
	c, _, _ := strings.Cut(r.Worker, ".")
	if c == r.Worker {
		return ""
	}
	return c
}

var coinPattern = regexp.MustCompile(`^[A-Z0-9]{2,10}$`)

// unknownField reads the name out of encoding/json's "json: unknown field \"x\"".
var unknownField = regexp.MustCompile(`^json: unknown field "(.*)"$`)

// ParseReport decodes and checks an agent report: unknown fields, wrong types, bad
// names, out-of-range numbers and unparsable addresses are refused with an *httpx.Error
// that names the field (by its JSON path). Strings come back trimmed and addresses in
// their canonical form, so a parsed report parses again to itself.
func ParseReport(body []byte) (Report, error) {
	var r Report
	if len(body) > MaxReportBytes {
		return r, &httpx.Error{Code: httpx.CodeWarning, Status: http.StatusRequestEntityTooLarge, Key: "error.bodyTooLarge"}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return Report{}, decodeError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		e := httpx.Warn("error.badJSON", nil)
		e.Cause = errors.New("trailing data after JSON value")
		return Report{}, e
	}
	if err := r.normalize(); err != nil {
		return Report{}, err
	}
	return r, nil
}

func decodeError(err error) error {
	var typeErr *json.UnmarshalTypeError
	if errors.As(err, &typeErr) && typeErr.Field != "" {
		e := httpx.Invalid(typeErr.Field)
		e.Cause = err
		return e
	}
	if m := unknownField.FindStringSubmatch(err.Error()); m != nil {
		e := httpx.Warn("pool.unknownField", i18n.Params{"field": m[1]})
		e.Cause = err
		return e
	}
	e := httpx.Warn("error.badJSON", nil)
	e.Cause = err
	return e
}

// text trims *s and checks it: at most max runes, no control characters.
func text(s *string, field string, max int) error {
	*s = strings.TrimSpace(*s)
	if utf8.RuneCountInString(*s) > max {
		return httpx.TooLong(field, max)
	}
	for _, c := range *s {
		if unicode.IsControl(c) || c == utf8.RuneError {
			return httpx.Invalid(field)
		}
	}
	return nil
}

func between(v *float64, field string, lo, hi float64) error {
	if v != nil && (*v < lo || *v > hi) {
		return outOfRange(field, lo, hi)
	}
	return nil
}

func betweenInt(v *int64, field string, hi int64) error {
	if v != nil && (*v < 0 || *v > hi) {
		return rangeError(field, "0", strconv.FormatInt(hi, 10))
	}
	return nil
}

func outOfRange(field string, lo, hi float64) error {
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	return rangeError(field, f(lo), f(hi))
}

func rangeError(field, lo, hi string) error {
	return httpx.Warn("pool.outOfRange", i18n.Params{"field": field, "min": lo, "max": hi})
}

func ip(s *string, field string) error {
	*s = strings.TrimSpace(*s)
	if *s == "" {
		return nil
	}
	a, err := netip.ParseAddr(*s)
	if err != nil || a.Zone() != "" {
		return httpx.Invalid(field)
	}
	*s = a.String()
	return nil
}

// normalize trims and checks every field, first problem first.
func (r *Report) normalize() error {
	r.Worker = strings.TrimSpace(r.Worker)
	switch {
	case r.Worker == "":
		return httpx.Required("worker")
	case strings.Contains(r.Worker, "."):
		code, suffix, err := ParseWorkerName(r.Worker)
		if err != nil {
			return httpx.Warn("pool.badWorkerName", i18n.Params{"field": "worker"})
		}
		r.Worker = code + "." + suffix
	case !ValidSuffix(r.Worker):
		return httpx.Warn("pool.badWorkerName", i18n.Params{"field": "worker"})
	}
	r.Coin = strings.TrimSpace(r.Coin)
	if r.Coin == "" {
		return httpx.Required("coin")
	}
	if !coinPattern.MatchString(r.Coin) {
		return httpx.Invalid("coin")
	}
	h := &r.Hardware
	for _, t := range []struct {
		v     *string
		field string
		max   int
	}{
		{&h.CPUModel, "hardware.cpuModel", maxModelText},
		{&h.OS, "hardware.os", maxShortText},
		{&h.OSVersion, "hardware.osVersion", maxShortText},
		{&h.DriverVersion, "hardware.driverVersion", maxShortText},
		{&h.MinerSoftware, "hardware.minerSoftware", maxShortText},
		{&h.MinerVersion, "hardware.minerVersion", maxShortText},
		{&h.Region, "hardware.region", maxShortText},
		{&h.RunningPool, "hardware.runningPool", maxPoolText},
	} {
		if err := text(t.v, t.field, t.max); err != nil {
			return err
		}
	}
	if err := between(h.CPUTemp, "hardware.cpuTemp", -40, 150); err != nil {
		return err
	}
	if err := between(h.CPUUsage, "hardware.cpuUsage", 0, 100); err != nil {
		return err
	}
	for _, n := range []struct {
		v     *int64
		field string
	}{{h.MemTotal, "hardware.memTotal"}, {h.MemUsed, "hardware.memUsed"}, {h.DiskTotal, "hardware.diskTotal"}, {h.DiskUsed, "hardware.diskUsed"}} {
		if err := betweenInt(n.v, n.field, maxBytes); err != nil {
			return err
		}
	}
	if h.MemTotal != nil && h.MemUsed != nil && *h.MemUsed > *h.MemTotal {
		return httpx.Warn("pool.usedAboveTotal", i18n.Params{"field": "hardware.memUsed", "total": "hardware.memTotal"})
	}
	if h.DiskTotal != nil && h.DiskUsed != nil && *h.DiskUsed > *h.DiskTotal {
		return httpx.Warn("pool.usedAboveTotal", i18n.Params{"field": "hardware.diskUsed", "total": "hardware.diskTotal"})
	}
	if h.MinerRunning == nil {
		return httpx.Required("hardware.minerRunning")
	}
	if err := ip(&h.IntranetIP, "hardware.intranetIp"); err != nil {
		return err
	}
	if len(r.GPUs) > MaxGPUs {
		return httpx.Warn("pool.tooManyGPUs", i18n.Params{"field": "gpus", "max": strconv.Itoa(MaxGPUs)})
	}
	seen := map[int]bool{}
	for i := range r.GPUs {
		g := &r.GPUs[i]
		p := fmt.Sprintf("gpus[%d].", i)
		if g.Index < 0 || g.Index >= MaxGPUs {
			return outOfRange(p+"index", 0, MaxGPUs-1)
		}
		if seen[g.Index] {
			return httpx.Warn("pool.duplicateGPU", i18n.Params{"field": p + "index"})
		}
		seen[g.Index] = true
		g.Status = strings.TrimSpace(g.Status)
		if g.Status == "" {
			return httpx.Required(p + "status")
		}
		if g.Status != GPUUp && g.Status != GPUDown {
			return httpx.Warn("validation.oneOf", i18n.Params{"field": p + "status", "values": "up, down"})
		}
		for _, t := range []struct {
			v     *string
			field string
			max   int
		}{{&g.Model, p + "model", maxModelText}, {&g.MemoryModel, p + "memoryModel", maxShortText}, {&g.Manufacturer, p + "manufacturer", maxShortText}} {
			if err := text(t.v, t.field, t.max); err != nil {
				return err
			}
		}
		for _, n := range []struct {
			v      *float64
			field  string
			lo, hi float64
		}{
			{g.Hashrate, p + "hashrate", 0, maxHashrate},
			{g.Temperature, p + "temperature", -40, 150},
			{g.Fan, p + "fan", 0, 100},
			{g.Power, p + "power", 0, 5000},
			{g.CoreClock, p + "coreClock", 0, 5000},
			{g.MemoryClock, p + "memoryClock", 0, 5000},
		} {
			if err := between(n.v, n.field, n.lo, n.hi); err != nil {
				return err
			}
		}
	}
	return nil
}
