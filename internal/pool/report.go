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
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// Limits of an agent report.
const (
	MaxReportBytes = 64 << 10
	MaxGPUs        = 32
	maxShortText   = 50
	maxModelText   = 100
	maxPoolText    = 200
	MaxBytes       = int64(1) << 60 // memory and disk sizes, in bytes
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

// ParseReport decodes and checks an agent report: unknown fields, keys given twice, wrong
// types, bad names, out-of-range numbers and unparsable addresses are refused with an
// *httpx.Error that names the field (by its JSON path). Strings come back trimmed and
// addresses in their canonical form, so a parsed report parses again to itself.
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
	// A key twice is refused as in every other body (docs/security.md "JSON bodies").
	if err := httpx.CheckDuplicateKeys(body); err != nil {
		return Report{}, err
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

// text trims *s and checks it: at most max runes, none of the characters textcheck
// refuses (controls, bidi formatting, invalid UTF-8), which the device pages would show
// to the owner (a GPU model "RTX\u202e0909" reads as "RTX9090").
func text(s *string, field string, max int) error {
	*s = strings.TrimSpace(*s)
	if utf8.RuneCountInString(*s) > max {
		return httpx.TooLong(field, max)
	}
	return textcheck.Check(field, *s)
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

// A report is checked field by field in a fixed order (worker, coin, hardware, GPUs) and
// the first problem is the answer: normalize runs the steps, each part of the report lists
// its fields by kind (text, number, size) in a table, and the check* functions apply the
// kind's rule.

// normalize trims and checks every field, first problem first.
func (r *Report) normalize() error {
	for _, step := range []func() error{r.normalizeWorker, r.normalizeCoin, r.Hardware.normalize, r.normalizeGPUs} {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

// normalizeWorker reads "<suffix>" or "<code>.<suffix>"; the code comes back lower case.
func (r *Report) normalizeWorker() error {
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
	return nil
}

// normalizeCoin requires a coin type of 2-10 capital letters and digits.
func (r *Report) normalizeCoin() error {
	r.Coin = strings.TrimSpace(r.Coin)
	if r.Coin == "" {
		return httpx.Required("coin")
	}
	if !coinPattern.MatchString(r.Coin) {
		return httpx.Invalid("coin")
	}
	return nil
}

// normalize checks the rig's fields: texts, temperatures and usage, sizes (used within
// total), minerRunning (required) and the intranet address.
func (h *Hardware) normalize() error {
	if err := checkTexts(h.texts()); err != nil {
		return err
	}
	if err := checkNumbers(h.numbers()); err != nil {
		return err
	}
	if err := checkSizes(h.sizes()); err != nil {
		return err
	}
	if err := usedWithinTotal(h.MemUsed, h.MemTotal, "hardware.memUsed", "hardware.memTotal"); err != nil {
		return err
	}
	if err := usedWithinTotal(h.DiskUsed, h.DiskTotal, "hardware.diskUsed", "hardware.diskTotal"); err != nil {
		return err
	}
	if h.MinerRunning == nil {
		return httpx.Required("hardware.minerRunning")
	}
	return ip(&h.IntranetIP, "hardware.intranetIp")
}

func (h *Hardware) texts() []textField {
	return []textField{
		{&h.CPUModel, "hardware.cpuModel", maxModelText},
		{&h.OS, "hardware.os", maxShortText},
		{&h.OSVersion, "hardware.osVersion", maxShortText},
		{&h.DriverVersion, "hardware.driverVersion", maxShortText},
		{&h.MinerSoftware, "hardware.minerSoftware", maxShortText},
		{&h.MinerVersion, "hardware.minerVersion", maxShortText},
		{&h.Region, "hardware.region", maxShortText},
		{&h.RunningPool, "hardware.runningPool", maxPoolText},
	}
}

func (h *Hardware) numbers() []numberField {
	return []numberField{
		{h.CPUTemp, "hardware.cpuTemp", -40, 150},
		{h.CPUUsage, "hardware.cpuUsage", 0, 100},
	}
}

func (h *Hardware) sizes() []sizeField {
	return []sizeField{{h.MemTotal, "hardware.memTotal"}, {h.MemUsed, "hardware.memUsed"}, {h.DiskTotal, "hardware.diskTotal"},
		{h.DiskUsed, "hardware.diskUsed"}}
}

// normalizeGPUs checks the number of GPUs, then each in turn.
func (r *Report) normalizeGPUs() error {
	if len(r.GPUs) > MaxGPUs {
		return httpx.Warn("pool.tooManyGPUs", i18n.Params{"field": "gpus", "max": strconv.Itoa(MaxGPUs)})
	}
	seen := map[int]bool{}
	for i := range r.GPUs {
		if err := r.GPUs[i].normalize(fmt.Sprintf("gpus[%d].", i), seen); err != nil {
			return err
		}
	}
	return nil
}

// normalize checks one GPU: its index (in range, not one of seen, the indexes of the GPUs
// before it), status, texts and numbers. p is its JSON path, "gpus[2].".
func (g *GPU) normalize(p string, seen map[int]bool) error {
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
	if err := checkTexts(g.texts(p)); err != nil {
		return err
	}
	return checkNumbers(g.numbers(p))
}

func (g *GPU) texts(p string) []textField {
	return []textField{{&g.Model, p + "model", maxModelText}, {&g.MemoryModel, p + "memoryModel", maxShortText},
		{&g.Manufacturer, p + "manufacturer", maxShortText}}
}

func (g *GPU) numbers(p string) []numberField {
	return []numberField{
		{g.Hashrate, p + "hashrate", 0, maxHashrate},
		{g.Temperature, p + "temperature", -40, 150},
		{g.Fan, p + "fan", 0, 100},
		{g.Power, p + "power", 0, 5000},
		{g.CoreClock, p + "coreClock", 0, 5000},
		// GDDR6X cards report effective memory clocks of 10,000-12,000 MHz (an RTX 2080
		// SUPER says 7500, an RTX 4080 SUPER 11251 in nvidia-smi's own output).
		{g.MemoryClock, p + "memoryClock", 0, 30000},
	}
}

// textField is free text: trimmed in place, at most max runes, textcheck.Safe.
type textField struct {
	v     *string
	field string
	max   int
}

// numberField is an optional number (nil is unknown) within lo and hi.
type numberField struct {
	v      *float64
	field  string
	lo, hi float64
}

// sizeField is an optional size in bytes, 0 to MaxBytes.
type sizeField struct {
	v     *int64
	field string
}

func checkTexts(fields []textField) error {
	for _, f := range fields {
		if err := text(f.v, f.field, f.max); err != nil {
			return err
		}
	}
	return nil
}

func checkNumbers(fields []numberField) error {
	for _, f := range fields {
		if err := between(f.v, f.field, f.lo, f.hi); err != nil {
			return err
		}
	}
	return nil
}

func checkSizes(fields []sizeField) error {
	for _, f := range fields {
		if err := betweenInt(f.v, f.field, MaxBytes); err != nil {
			return err
		}
	}
	return nil
}

// usedWithinTotal refuses a used size above its total when both are known.
func usedWithinTotal(used, total *int64, usedField, totalField string) error {
	if used != nil && total != nil && *used > *total {
		return httpx.Warn("pool.usedAboveTotal", i18n.Params{"field": usedField, "total": totalField})
	}
	return nil
}
