package agent

import (
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/pool"
)

func read(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func eq(t *testing.T, what string, got *float64, want float64) {
	t.Helper()
	if got == nil || math.Abs(*got-want) > 1e-9 {
		t.Errorf("%s = %v, want %v", what, show(got), want)
	}
}

func null(t *testing.T, what string, got *float64) {
	t.Helper()
	if got != nil {
		t.Errorf("%s = %v, want null", what, *got)
	}
}

func show(v *float64) any {
	if v == nil {
		return "null"
	}
	return *v
}

func TestProcFilesRecordedOnThisMachine(t *testing.T) {
	model, cpus := ParseCPUModel(read(t, "proc/cpuinfo"))
	if model != "AMD EPYC" || cpus != 2 {
		t.Errorf("cpuinfo: %q, %d CPUs", model, cpus)
	}
	m, err := ParseMeminfo(read(t, "proc/meminfo"))
	if err != nil || m.Total != 24683620*1024 || m.Available != 23884492*1024 {
		t.Errorf("meminfo: %+v, %v", m, err)
	}
	before, err1 := ParseProcStat(read(t, "proc/stat.1"))
	after, err2 := ParseProcStat(read(t, "proc/stat.2"))
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	// cpu  266615 2443 101824 375041 3357 0 3724 0 0 0 -> cpu  266742 2443 101851 375087 3361 0 3729 0 0 0:
	// 209 ticks, 50 of them idle or waiting.
	u, ok := CPUUsage(before, after)
	if !ok || math.Abs(u-100*159.0/209) > 1e-9 {
		t.Errorf("cpu usage %v %v", u, ok)
	}
	if _, ok := CPUUsage(after, before); ok {
		t.Error("usage over a backwards interval")
	}
	up, err := ParseUptime(read(t, "proc/uptime"))
	if err != nil || up != 3782.20 {
		t.Errorf("uptime %v %v", up, err)
	}
	r := ParseOSRelease(read(t, "etc/os-release"))
	if r.Name != "Debian GNU/Linux" || r.Version != "12" || r.Pretty != "Debian GNU/Linux 12 (bookworm)" {
		t.Errorf("os-release %+v", r)
	}
}

func TestProcEdgeCases(t *testing.T) {
	// A Raspberry Pi has no "model name".
	if m, _ := ParseCPUModel([]byte("processor\t: 0\nBogoMIPS\t: 108.00\n\nHardware\t: BCM2835\nModel\t\t: Raspberry Pi 4 Model B Rev 1.4\n")); m != "BCM2835" {
		t.Errorf("ARM model %q", m)
	}
	// Before Linux 3.14 there is no MemAvailable.
	m, err := ParseMeminfo([]byte("MemTotal: 1000 kB\nMemFree: 100 kB\nBuffers: 50 kB\nCached: 250 kB\n"))
	if err != nil || m.Available != 400*1024 {
		t.Errorf("old meminfo %+v %v", m, err)
	}
	if _, err := ParseMeminfo([]byte("garbage")); err == nil {
		t.Error("meminfo without MemTotal")
	}
	if _, err := ParseProcStat([]byte("intr 1 2 3\n")); err == nil {
		t.Error("stat without cpu line")
	}
	r := ParseOSRelease([]byte("# comment\nNAME='Uniplus OS'\nVERSION=\"1.4 \\\"LTS\\\"\"\n"))
	if r.Name != "Uniplus OS" || r.Version != `1.4 "LTS"` {
		t.Errorf("quoted os-release %+v", r)
	}
	for line, want := range map[string]string{
		"NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.14  Thu Feb 22 01:44:30 UTC 2024\nGCC version:  gcc version 12.2.0 (Debian 12.2.0-14)\n": "550.54.14",
		"NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  575.57.08  Release Build  (dvs-builder@U16)  Tue May 20 2025\n":                        "575.57.08",
		"nothing here": "",
	} {
		if got := ParseNvidiaDriverVersion([]byte(line)); got != want {
			t.Errorf("driver of %q = %q, want %q", line, got, want)
		}
	}
	if v, ok := ParseMilliCelsius([]byte("45250\n")); !ok || v != 45.25 {
		t.Errorf("hwmon %v %v", v, ok)
	}
}

func TestNvidiaRecordedCSV(t *testing.T) {
	cases := []struct {
		file                          string
		name, bus, driver             string
		temp, power, limit, core, mem float64
		fan                           *float64
		memTotal                      float64
	}{
		{"rtx-2080-super_595.71.05_load.csv", "NVIDIA GeForce RTX 2080 SUPER", "00000000:0C:00.0", "595.71.05", 45, 111.50, 250, 2055, 7500, ptr(38.0), 8192},
		{"rtx-4080-super_595.71.05_idle.csv", "NVIDIA GeForce RTX 4080 SUPER", "00000000:01:00.0", "595.71.05", 43, 26.20, 320, 210, 405, ptr(0.0), 16376},
		{"h100-80gb_590.48.01_load.csv", "NVIDIA H100 80GB HBM3", "00000000:00:09.0", "590.48.01", 59, 631.95, 700, 1980, 2619, nil, 81559},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			gpus, err := ParseNvidiaSMI(read(t, "nvidia-smi/"+c.file), nil)
			if err != nil || len(gpus) != 1 {
				t.Fatalf("%d GPUs, %v", len(gpus), err)
			}
			g := gpus[0]
			if g.Index != 0 || g.Name != c.name || g.BusID != c.bus || g.DriverVersion != c.driver || g.UUID != "GPU-00000000-0000-0000-0000-000000000000" {
				t.Errorf("identity %+v", g)
			}
			eq(t, "temperature", g.Temperature, c.temp)
			eq(t, "power.draw", g.PowerDraw, c.power)
			eq(t, "power.limit", g.PowerLimit, c.limit)
			eq(t, "power.default_limit", g.PowerDefault, c.limit)
			eq(t, "clocks.sm", g.CoreClock, c.core)
			eq(t, "clocks.mem", g.MemoryClock, c.mem)
			eq(t, "memory.total", g.MemoryTotal, c.memTotal)
			if c.fan == nil {
				null(t, "fan ([N/A])", g.Fan)
			} else {
				eq(t, "fan", g.Fan, *c.fan)
			}

			// The agent's own query is noheader,nounits with NvidiaFields: the recorded row
			// projected onto those columns, units dropped, parses to the same GPU.
			noheader := project(t, read(t, "nvidia-smi/"+c.file))
			again, err := ParseNvidiaSMI(noheader, NvidiaFields)
			if err != nil || len(again) != 1 {
				t.Fatalf("noheader: %d GPUs, %v\n%s", len(again), err, noheader)
			}
			if show(again[0].Fan) != show(g.Fan) || show(again[0].CoreClock) != show(g.CoreClock) || again[0].Name != g.Name ||
				show(again[0].PowerDefault) != show(g.PowerDefault) || again[0].DriverVersion != g.DriverVersion {
				t.Errorf("noheader parse %+v differs from %+v", again[0], g)
			}
		})
	}
}

// project turns a recorded --format=csv (header, units) into what
// --query-gpu=<NvidiaFields> --format=csv,noheader,nounits prints.
func project(t testing.TB, recorded []byte) []byte {
	r := csv.NewReader(strings.NewReader(string(recorded)))
	r.TrimLeadingSpace = true
	rows, err := r.ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	at, unit := map[string]int{}, map[int]bool{}
	for i, h := range rows[0] {
		at[canonicalField(h)] = i
		unit[i] = strings.Contains(h, " [")
	}
	var b strings.Builder
	for _, row := range rows[1:] {
		var cells []string
		for _, f := range NvidiaFields {
			i, ok := at[canonicalField(f)]
			if !ok {
				t.Fatalf("recording has no %s", f)
			}
			v := row[i]
			if unit[i] && !strings.HasPrefix(v, "[") {
				v, _, _ = strings.Cut(v, " ")
			}
			cells = append(cells, v)
		}
		b.WriteString(strings.Join(cells, ", ") + "\n")
	}
	return []byte(b.String())
}

func TestNvidiaDocumentedValues(t *testing.T) {
	// Two GPUs, one of which cannot give most values; then the lines nvidia-smi prints
	// for a GPU that fell off the bus and for no GPU at all.
	out := "0, NVIDIA GeForce RTX 3070, GPU-1, 00000000:01:00.0, 550.54.14, 61, 75, 120.33, 130.00, 220.00, 1500, 7000, 8192\n" +
		"1, NVIDIA CMP 90HX, GPU-2, 00000000:02:00.0, 550.54.14, [Not Supported], [N/A], [Not Supported], [Not Supported], [N/A], [Unknown Error], N/A, 10240\n" +
		"Unable to determine the device handle for GPU0000:03:00.0: Unknown Error\n"
	gpus, err := ParseNvidiaSMI([]byte(out), NvidiaFields)
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("error %v, want one for line 3", err)
	}
	if len(gpus) != 2 {
		t.Fatalf("%d GPUs", len(gpus))
	}
	eq(t, "gpu0 power", gpus[0].PowerDraw, 120.33)
	eq(t, "gpu0 default", gpus[0].PowerDefault, 220)
	g := gpus[1]
	for what, v := range map[string]*float64{"temp": g.Temperature, "fan": g.Fan, "power": g.PowerDraw, "limit": g.PowerLimit,
		"default": g.PowerDefault, "core": g.CoreClock, "mem": g.MemoryClock} {
		null(t, "gpu1 "+what, v)
	}
	eq(t, "gpu1 memory", g.MemoryTotal, 10240)
	if gpus, err := ParseNvidiaSMI([]byte("No devices were found\n"), NvidiaFields); len(gpus) != 0 || err == nil {
		t.Errorf("no devices: %v %v", gpus, err)
	}
}

func TestRocmRecordedJSON(t *testing.T) {
	gpus, driver, err := ParseRocmSMI(read(t, "rocm-smi/mi250_rocm6.json"))
	if err != nil || len(gpus) != 1 || driver != "6.2.4" {
		t.Fatalf("%+v %q %v", gpus, driver, err)
	}
	g := gpus[0]
	if g.Index != 0 || g.Name != "AMD INSTINCT MI250 (MCM) OAM AC MBA" || g.MemoryVendor != "hynix" || g.BusID != "0000:29:00.0" {
		t.Errorf("identity %+v", g)
	}
	eq(t, "temperature (edge)", g.Temperature, 43)
	eq(t, "power", g.Power, 91)
	eq(t, "sclk", g.CoreClock, 800)
	eq(t, "mclk", g.MemoryClock, 1600)
	null(t, "fan (a passive card)", g.Fan)

	gpus, _, err = ParseRocmSMI(read(t, "rocm-smi/mi250x2_rocm5.json"))
	if err != nil || len(gpus) != 2 || gpus[0].Index != 0 || gpus[1].Index != 1 {
		t.Fatalf("ROCm 5: %+v %v", gpus, err)
	}
	eq(t, "ROCm 5 power", gpus[1].Power, 89)
	if _, _, err := ParseRocmSMI([]byte(`{"system": {"Driver version": "6.2.4"}}`)); err == nil {
		t.Error("no cards is an error")
	}
	gpus, _, _ = ParseRocmSMI([]byte(`{"card0": {"Card Series": "Navi 21", "Fan speed (%)": "37", "Temperature (Sensor edge) (C)": "N/A", "Temperature (Sensor junction) (C)": "70.0"}}`))
	eq(t, "fan", gpus[0].Fan, 37)
	eq(t, "junction when edge is N/A", gpus[0].Temperature, 70)
}

func TestTRexRecordedSummary(t *testing.T) {
	m, err := ParseTRexSummary(read(t, "trex/summary-api_3-3.json"))
	if err != nil {
		t.Fatal(err)
	}
	if m.Software != "t-rex" || m.Version != "0.19.5" || m.Hashrate != 91189394 || m.Pool != "stratum+ssl://eu1.ethermine.org:5555" {
		t.Errorf("%+v", m)
	}
	if len(m.GPUs) != 1 || m.GPUs[0] != (MinerGPU{DeviceID: 0, Name: "RTX 3080", Vendor: "EVGA", Hashrate: 91189394}) {
		t.Errorf("gpus %+v", m.GPUs)
	}
	if _, err := ParseTRexSummary([]byte(`{"hashrate": 5}`)); err == nil {
		t.Error("a summary without name or version is not T-Rex's")
	}
	for base, want := range map[string]string{
		"http://127.0.0.1:4067":          "http://127.0.0.1:4067/summary",
		"http://127.0.0.1:4067/":         "http://127.0.0.1:4067/summary",
		"http://127.0.0.1:4067/summary":  "http://127.0.0.1:4067/summary",
		"http://rig:4067/api/v1/summary": "http://rig:4067/api/v1/summary",
	} {
		if got := minerSummaryURL(base); got != want {
			t.Errorf("%s -> %s, want %s", base, got, want)
		}
	}
}

func TestSuffixFromHostname(t *testing.T) {
	for host, want := range map[string]string{
		"rig01": "rig01", "Rig-07.lan": "Rig-07", "my rig (garage)": "my-rig-garage", "a-very-long-hostname-indeed": "a-very-long-hos",
		"": "rig", "...": "rig", "矿机": "rig", "x_y": "x_y",
	} {
		if got := SuffixFromHostname(host); got != want {
			t.Errorf("%q -> %q, want %q", host, got, want)
		}
	}
}

// A tool's output with bidi formatting or control characters (a miner named
// "t-rex\u202e", a GPU name with an isolate) still makes a report the pool accepts: the
// agent drops what the pool refuses (internal/textcheck), instead of sending text that
// would get the whole report refused.
func TestToolTextWithBidiCharactersStillReports(t *testing.T) {
	m, err := ParseTRexSummary([]byte(`{"name": "t-rex\u202e", "version": "0.19.5\u2066", "hashrate": 5,
		"active_pool": {"url": "stratum+tcp://pool\u202d.example.com:3333\u0085"},
		"gpus": [{"device_id": 0, "name": "RTX\u2067 3080\u2069", "vendor": "EVGA\u200f", "hashrate": 5}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if m.Software != "t-rex" || m.Version != "0.19.5" || m.Pool != "stratum+tcp://pool.example.com:3333" ||
		m.GPUs[0].Name != "RTX 3080" || m.GPUs[0].Vendor != "EVGA" {
		t.Fatalf("%+v", m)
	}
	gpus, err := ParseNvidiaSMI([]byte("0, NVIDIA GeForce\u202e RTX 3070, GPU-1, 00000000:01:00.0, 550.54.14\u2068, 61, 120, 120.33, 130.00, 220.00, 1500, 7000, 8192\n"), NvidiaFields)
	if err != nil || len(gpus) != 1 {
		t.Fatalf("%+v %v", gpus, err)
	}
	g := nvidiaGPU(gpus[0])
	if g.Model != "NVIDIA GeForce RTX 3070" {
		t.Fatalf("model %q", g.Model)
	}
	accepted(t, pool.Hardware{MinerSoftware: cut(m.Software, maxShort), MinerVersion: cut(m.Version, maxShort), RunningPool: cut(m.Pool, maxPool),
		DriverVersion: cut(gpus[0].DriverVersion, maxShort), CPUModel: cut("AMD Ryzen\u202e 5", maxModel)}, []pool.GPU{g})
}
