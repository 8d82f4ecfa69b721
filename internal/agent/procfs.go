package agent

import (
	"bufio"
	"bytes"
	"errors"
	"strconv"
	"strings"

	"github.com/uniplus-pool/pool/internal/pool"
)

// Parsers of the Linux files the agent reads. Each takes the file's bytes and returns what
// it found; a file without the expected lines is an error, a missing value is a zero or
// empty field the caller reports as unknown.

// ParseCPUModel answers the first "model name" of /proc/cpuinfo (x86), or the first
// "Model"/"Hardware" line (ARM boards, which have no model name), and the number of
// processors listed.
func ParseCPUModel(data []byte) (model string, cpus int) {
	var fallback string
	for line := range strings.Lines(string(data)) {
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		switch key {
		case "processor":
			cpus++
		case "model name":
			if model == "" {
				model = val
			}
		case "Model", "Hardware":
			if fallback == "" {
				fallback = val
			}
		}
	}
	if model == "" {
		model = fallback
	}
	return model, cpus
}

// CPUTimes is the aggregate "cpu" line of /proc/stat, in clock ticks.
type CPUTimes struct {
	Idle  uint64 // idle + iowait
	Total uint64 // user + nice + system + idle + iowait + irq + softirq + steal
}

// ParseProcStat reads the aggregate "cpu " line of /proc/stat. Guest time is already
// counted in user and nice, so it is not added again.
func ParseProcStat(data []byte) (CPUTimes, error) {
	for line := range strings.Lines(string(data)) {
		f := strings.Fields(line)
		if len(f) < 5 || f[0] != "cpu" {
			continue
		}
		var v [8]uint64
		for i := 0; i < len(v) && i+1 < len(f); i++ {
			n, err := strconv.ParseUint(f[i+1], 10, 64)
			if err != nil {
				return CPUTimes{}, errors.New("/proc/stat: bad cpu line")
			}
			v[i] = n
		}
		t := CPUTimes{Idle: v[3] + v[4]}
		for _, n := range v {
			t.Total += n
		}
		if t.Total < t.Idle { // overflowed
			return CPUTimes{}, errors.New("/proc/stat: bad cpu line")
		}
		return t, nil
	}
	return CPUTimes{}, errors.New("/proc/stat: no cpu line")
}

// CPUUsage is the busy share in percent between two /proc/stat samples, false when the
// samples do not span any time (or went backwards).
func CPUUsage(before, after CPUTimes) (float64, bool) {
	if after.Total <= before.Total || after.Idle < before.Idle {
		return 0, false
	}
	total := float64(after.Total - before.Total)
	idle := float64(after.Idle - before.Idle)
	if idle > total {
		return 0, false
	}
	return 100 * (total - idle) / total, true
}

// Memory is what /proc/meminfo says, in bytes.
type Memory struct {
	Total, Available int64
}

// ParseMeminfo reads MemTotal and MemAvailable (kB in the file) as bytes. Kernels before
// 3.14 have no MemAvailable; then free + buffers + cached stands in for it.
func ParseMeminfo(data []byte) (Memory, error) {
	vals := map[string]int64{}
	for line := range strings.Lines(string(data)) {
		key, rest, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 0 {
			continue
		}
		n, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || n < 0 || n > (1<<53) {
			continue
		}
		if len(f) > 1 && f[1] == "kB" {
			n *= 1024
		}
		if n > pool.MaxBytes { // no machine has it, and the pool refuses the whole report
			continue
		}
		vals[key] = n
	}
	total, ok := vals["MemTotal"]
	if !ok {
		return Memory{}, errors.New("/proc/meminfo: no MemTotal")
	}
	avail, ok := vals["MemAvailable"]
	if !ok {
		avail = vals["MemFree"] + vals["Buffers"] + vals["Cached"]
	}
	return Memory{Total: total, Available: min(avail, total)}, nil
}

// ParseUptime reads the first number of /proc/uptime: seconds since boot.
func ParseUptime(data []byte) (float64, error) {
	f := strings.Fields(string(data))
	if len(f) == 0 {
		return 0, errors.New("/proc/uptime: empty")
	}
	v, err := strconv.ParseFloat(f[0], 64)
	if err != nil || v < 0 || v != v || v > 1e12 {
		return 0, errors.New("/proc/uptime: bad number")
	}
	return v, nil
}

// OSRelease is the part of /etc/os-release the report names.
type OSRelease struct {
	Name    string // NAME, e.g. "Debian GNU/Linux"
	Version string // VERSION_ID, else VERSION, e.g. "12"
	Pretty  string // PRETTY_NAME
}

// ParseOSRelease reads the shell-style KEY=value lines of os-release(5), quoted or not.
func ParseOSRelease(data []byte) OSRelease {
	vals := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		key, val, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		vals[key] = unquote(val)
	}
	r := OSRelease{Name: vals["NAME"], Version: vals["VERSION_ID"], Pretty: vals["PRETTY_NAME"]}
	if r.Version == "" {
		r.Version = vals["VERSION"]
	}
	if r.Name == "" {
		r.Name = vals["ID"]
	}
	return r
}

// unquote undoes os-release's shell quoting: "..." with \" \\ \$ \` escapes, or '...'.
func unquote(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
		return v[1 : len(v)-1]
	}
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		v = v[1 : len(v)-1]
		var b strings.Builder
		for i := 0; i < len(v); i++ {
			if v[i] == '\\' && i+1 < len(v) && strings.IndexByte("\"\\$`", v[i+1]) >= 0 {
				i++
			}
			b.WriteByte(v[i])
		}
		return b.String()
	}
	return v
}

// ParseNvidiaDriverVersion reads the driver version out of /proc/driver/nvidia/version:
// "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.14  <date>" (proprietary) or
// "NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  575.57.08  Release Build ..."
// (open modules): the first word after "Module" that starts with a digit.
func ParseNvidiaDriverVersion(data []byte) string {
	for line := range strings.Lines(string(data)) {
		if !strings.HasPrefix(line, "NVRM version:") {
			continue
		}
		f := strings.Fields(line)
		for i, w := range f {
			if w != "Module" {
				continue
			}
			for _, v := range f[i+1:] {
				if v[0] >= '0' && v[0] <= '9' && strings.Contains(v, ".") {
					return v
				}
			}
		}
	}
	return ""
}

// ParseMilliCelsius reads a hwmon/thermal temperature file (millidegrees Celsius).
func ParseMilliCelsius(data []byte) (float64, bool) {
	n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil || n < -273000 || n > 1000000 {
		return 0, false
	}
	return float64(n) / 1000, true
}
