package agent

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// NvidiaFields is what the agent asks nvidia-smi for, in this order:
//
//	nvidia-smi --query-gpu=<NvidiaFields> --format=csv,noheader,nounits
//
// clocks.sm and clocks.mem are nvidia-smi's short names of clocks.current.sm and
// clocks.current.memory; power.default_limit is what a factory overclock restores.
var NvidiaFields = []string{
	"index", "name", "uuid", "pci.bus_id", "driver_version", "temperature.gpu", "fan.speed",
	"power.draw", "power.limit", "power.default_limit", "clocks.sm", "clocks.mem", "memory.total",
}

// NvidiaQueryArgs are nvidia-smi's arguments for the GPU query.
func NvidiaQueryArgs() []string {
	return []string{"--query-gpu=" + strings.Join(NvidiaFields, ","), "--format=csv,noheader,nounits"}
}

// NvidiaGPU is one row of nvidia-smi's GPU query. Numbers are nil when nvidia-smi cannot
// give them ([N/A], [Not Supported], or any other bracketed answer).
type NvidiaGPU struct {
	Index         int
	Name          string
	UUID          string
	BusID         string
	DriverVersion string
	Temperature   *float64 // °C
	Fan           *float64 // percent (nvidia-smi: "may exceed 100%")
	PowerDraw     *float64 // W
	PowerLimit    *float64 // W
	PowerDefault  *float64 // W, power.default_limit
	CoreClock     *float64 // MHz, clocks.current.sm
	MemoryClock   *float64 // MHz, clocks.current.memory
	MemoryTotal   *float64 // MiB
}

// nvidiaAliases maps nvidia-smi's alternative field names to the ones its CSV header uses.
var nvidiaAliases = map[string]string{
	"clocks.sm": "clocks.current.sm", "clocks.mem": "clocks.current.memory", "clocks.gr": "clocks.current.graphics",
	"gpu_name": "name", "gpu_uuid": "uuid", "gpu_bus_id": "pci.bus_id", "gpu.power.default_limit": "power.default_limit",
}

func canonicalField(f string) string {
	f = strings.TrimSpace(f)
	if name, _, ok := strings.Cut(f, " ["); ok { // "power.draw [W]" in a header
		f = name
	}
	if a, ok := nvidiaAliases[f]; ok {
		return a
	}
	return f
}

// headerCell is a CSV header cell: a field name, with its unit in brackets when nvidia-smi
// prints units.
var headerCell = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_.]*( \[[^\]]*\])?$`)

// ParseNvidiaSMI reads the output of `nvidia-smi --query-gpu=... --format=csv[,noheader]
// [,nounits]`. With a header line the columns are named by it (so a recording of any field
// list parses); without, fields names them (the list the query asked for). Units ("38 %",
// "111.50 W", "8192 MiB") are dropped. Rows that do not fit (a warning, "No devices were
// found", a GPU that fell off the bus) make an error, but the rows that parsed are
// returned with it.
func ParseNvidiaSMI(data []byte, fields []string) ([]NvidiaGPU, error) {
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1
	r.TrimLeadingSpace = true
	r.LazyQuotes = true
	r.ReuseRecord = false
	var cols []string
	var gpus []NvidiaGPU
	var errs []error
	line := 0
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		line++
		if err != nil {
			errs = append(errs, fmt.Errorf("nvidia-smi line %d: %w", line, err))
			continue
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if cols == nil && isHeader(rec) {
			cols = make([]string, len(rec))
			for i, c := range rec {
				cols[i] = canonicalField(c)
			}
			continue
		}
		if cols == nil {
			cols = make([]string, len(fields))
			for i, f := range fields {
				cols[i] = canonicalField(f)
			}
		}
		if len(rec) != len(cols) {
			errs = append(errs, fmt.Errorf("nvidia-smi line %d: %d values for %d fields: %.80q", line, len(rec), len(cols), strings.Join(rec, ", ")))
			continue
		}
		g, err := nvidiaRow(cols, rec)
		if err != nil {
			errs = append(errs, fmt.Errorf("nvidia-smi line %d: %w", line, err))
			continue
		}
		gpus = append(gpus, g)
	}
	return gpus, errors.Join(errs...)
}

func isHeader(rec []string) bool {
	for _, c := range rec {
		if !headerCell.MatchString(strings.TrimSpace(c)) {
			return false
		}
	}
	return true
}

func nvidiaRow(cols, rec []string) (NvidiaGPU, error) {
	g := NvidiaGPU{Index: -1}
	for i, col := range cols {
		v := strings.TrimSpace(rec[i])
		switch col {
		case "index":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 || n > 1<<16 {
				return g, fmt.Errorf("bad index %.20q", v)
			}
			g.Index = n
		case "name":
			g.Name = text(v)
		case "uuid":
			g.UUID = text(v)
		case "pci.bus_id":
			g.BusID = text(v)
		case "driver_version":
			g.DriverVersion = text(v)
		case "temperature.gpu":
			g.Temperature = number(v)
		case "fan.speed":
			g.Fan = number(v)
		case "power.draw":
			g.PowerDraw = number(v)
		case "power.limit":
			g.PowerLimit = number(v)
		case "power.default_limit":
			g.PowerDefault = number(v)
		case "clocks.current.sm":
			g.CoreClock = number(v)
		case "clocks.current.memory":
			g.MemoryClock = number(v)
		case "memory.total":
			g.MemoryTotal = number(v)
		}
	}
	if g.Index < 0 {
		return g, errors.New("no index column")
	}
	return g, nil
}

// unavailable tells whether v is nvidia-smi's (or rocm-smi's) way of saying it has no
// value: "[N/A]", "[Not Supported]", "[Unknown Error]", "[Requested functionality has
// been deprecated]", "N/A", or nothing.
func unavailable(v string) bool {
	v = strings.TrimSpace(v)
	return v == "" || strings.HasPrefix(v, "[") || strings.EqualFold(v, "N/A") || strings.EqualFold(v, "Not Supported")
}

// text is a string value, empty when unavailable.
func text(v string) string {
	if unavailable(v) {
		return ""
	}
	return strings.TrimSpace(v)
}

// number reads "111.50", "111.50 W", "38 %" or "8192 MiB" (a unit after a space is
// dropped); nil when unavailable or not a finite number.
func number(v string) *float64 {
	if unavailable(v) {
		return nil
	}
	v = strings.TrimSpace(v)
	if num, _, ok := strings.Cut(v, " "); ok {
		v = num
	}
	f, err := strconv.ParseFloat(v, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	return &f
}
