package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// RocmArgs are rocm-smi's arguments: every value, as JSON.
func RocmArgs() []string { return []string{"-a", "--json"} }

// RocmGPU is one card of rocm-smi's JSON. Numbers are nil when rocm-smi has no value.
type RocmGPU struct {
	Index        int // N of "cardN"
	Name         string
	Vendor       string
	MemoryVendor string
	BusID        string
	Temperature  *float64 // °C, edge sensor, else junction
	Fan          *float64 // percent
	Power        *float64 // W, average (ROCm 5/6) or current socket (MI300) package power
	CoreClock    *float64 // MHz, sclk
	MemoryClock  *float64 // MHz, mclk
}

// ParseRocmSMI reads `rocm-smi -a --json`: an object with one "cardN" object per GPU
// (string values, key spellings that changed between ROCm releases) and "system" with the
// driver version. Cards come back in index order.
func ParseRocmSMI(data []byte) (gpus []RocmGPU, driver string, err error) {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, "", fmt.Errorf("rocm-smi: %w", err)
	}
	if raw, ok := doc["system"]; ok {
		var sys map[string]any
		if json.Unmarshal(raw, &sys) == nil {
			driver, _ = sys["Driver version"].(string)
		}
	}
	for key, raw := range doc {
		n, ok := strings.CutPrefix(key, "card")
		if !ok {
			continue
		}
		idx, err := strconv.Atoi(n)
		if err != nil || idx < 0 || idx > 1<<16 {
			continue
		}
		var card map[string]any
		if err := json.Unmarshal(raw, &card); err != nil {
			continue
		}
		s := func(keys ...string) string {
			for _, k := range keys {
				if v, ok := card[k].(string); ok && !unavailable(v) {
					return strings.TrimSpace(v)
				}
			}
			return ""
		}
		num := func(keys ...string) *float64 { return number(s(keys...)) }
		g := RocmGPU{
			Index:        idx,
			Name:         s("Card Series", "Card series", "Device Name", "Card SKU"),
			Vendor:       s("Card Vendor", "Card vendor"),
			MemoryVendor: s("GPU memory vendor"),
			BusID:        s("PCI Bus"),
			Temperature:  num("Temperature (Sensor edge) (C)", "Temperature (Sensor junction) (C)"),
			Fan:          num("Fan speed (%)"),
			Power:        num("Average Graphics Package Power (W)", "Current Socket Graphics Package Power (W)"),
			CoreClock:    mhz(s("sclk clock speed:")),
			MemoryClock:  mhz(s("mclk clock speed:")),
		}
		gpus = append(gpus, g)
	}
	if len(gpus) == 0 {
		return nil, driver, errors.New("rocm-smi: no cards")
	}
	sort.Slice(gpus, func(i, j int) bool { return gpus[i].Index < gpus[j].Index })
	return gpus, strings.TrimSpace(driver), nil
}

// mhz reads rocm-smi's clock "(1600Mhz)".
func mhz(v string) *float64 {
	v = strings.Trim(strings.TrimSpace(v), "()")
	lower := strings.ToLower(v)
	if !strings.HasSuffix(lower, "mhz") {
		return nil
	}
	return number(strings.TrimSpace(v[:len(v)-3]))
}
