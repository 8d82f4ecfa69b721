package agent

import (
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/pool"
)

// Each parser is fuzzed from the recorded outputs. Besides not panicking, what a parser
// gives must make a report the pool accepts: that is the property the agent relies on.

func seed(f *testing.F, glob string) {
	files, _ := filepath.Glob(filepath.Join("testdata", glob))
	for _, p := range files {
		f.Add(read(f, strings.TrimPrefix(p, "testdata/")))
	}
}

func finite(t *testing.T, what string, v *float64) {
	if v != nil && (math.IsNaN(*v) || math.IsInf(*v, 0)) {
		t.Fatalf("%s is %v", what, *v)
	}
}

// accepted checks the pool takes a report with these GPUs and this hardware.
func accepted(t *testing.T, h pool.Hardware, gpus []pool.GPU) {
	t.Helper()
	running := false
	if h.MinerRunning == nil {
		h.MinerRunning = &running
	}
	if gpus == nil {
		gpus = []pool.GPU{}
	}
	body, err := json.Marshal(pool.Report{Worker: "rig01", Coin: "BTC", Hardware: h, GPUs: gpus})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pool.ParseReport(body); err != nil {
		t.Fatalf("the pool refuses: %v\n%s", err, body)
	}
}

func FuzzParseNvidiaSMI(f *testing.F) {
	// The recordings projected to the agent's query, with and without a header: the whole
	// 202-column recordings are unit-tested, but as seeds they make the fuzzer crawl.
	files, _ := filepath.Glob("testdata/nvidia-smi/*.csv")
	for _, p := range files {
		rows := project(f, read(f, strings.TrimPrefix(p, "testdata/")))
		f.Add(rows)
		f.Add(append([]byte(strings.Join(NvidiaFields, ", ")+"\n"), rows...))
	}
	f.Add([]byte("0, NVIDIA GeForce RTX 3070, GPU-1, 00000000:01:00.0, 550.54.14, 61, 120, 120.33, 130.00, 220.00, 1500, 7000, 8192\n1, x, [Not Supported], [N/A], N/A, , , , , , , , \n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, fields := range [][]string{nil, NvidiaFields} {
			gpus, _ := ParseNvidiaSMI(data, fields)
			var report []pool.GPU
			seen := map[int]bool{}
			for _, g := range gpus {
				for _, v := range []*float64{g.Temperature, g.Fan, g.PowerDraw, g.PowerLimit, g.PowerDefault, g.CoreClock, g.MemoryClock, g.MemoryTotal} {
					finite(t, "value", v)
				}
				if g.Index < 0 || g.Index >= pool.MaxGPUs || seen[g.Index] || len(report) == pool.MaxGPUs {
					continue
				}
				seen[g.Index] = true
				report = append(report, nvidiaGPU(g))
				Plan(Pending{Factory: true}, []NvidiaGPU{g})
			}
			accepted(t, pool.Hardware{DriverVersion: cut(func() string {
				if len(gpus) > 0 {
					return gpus[0].DriverVersion
				}
				return ""
			}(), maxShort)}, report)
		}
	})
}

func FuzzParseRocmSMI(f *testing.F) {
	seed(f, "rocm-smi/*.json")
	f.Add([]byte(`{"card0": {"Card Series": "Navi 21", "Fan speed (%)": "37", "sclk clock speed:": "(2000Mhz)"}, "card7": {}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		gpus, driver, _ := ParseRocmSMI(data)
		var report []pool.GPU
		for i, g := range gpus {
			for _, v := range []*float64{g.Temperature, g.Fan, g.Power, g.CoreClock, g.MemoryClock} {
				finite(t, "value", v)
			}
			if i > 0 && gpus[i-1].Index >= g.Index {
				t.Fatalf("cards out of order: %d then %d", gpus[i-1].Index, g.Index)
			}
			if g.Index < pool.MaxGPUs && len(report) < pool.MaxGPUs {
				report = append(report, rocmGPU(g, 0))
			}
		}
		accepted(t, pool.Hardware{DriverVersion: cut(driver, maxShort)}, report)
	})
}

func FuzzParseTRexSummary(f *testing.F) {
	seed(f, "trex/*.json")
	f.Add([]byte(`{"name":"t-rex","version":"0.26.8","hashrate":-1,"gpus":[{"device_id":0,"hashrate":1e300}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ParseTRexSummary(data)
		if err != nil {
			return
		}
		if m.Hashrate < 0 {
			t.Fatal("negative hashrate")
		}
		gpus := []pool.GPU{{Index: 0, Status: pool.GPUUp}}
		applyMiner(gpus, m)
		accepted(t, pool.Hardware{MinerSoftware: cut(m.Software, maxShort), MinerVersion: cut(m.Version, maxShort), RunningPool: cut(m.Pool, maxPool)}, gpus)
	})
}

func FuzzParseProcFiles(f *testing.F) {
	for _, p := range []string{"proc/cpuinfo", "proc/meminfo", "proc/stat.1", "proc/uptime", "etc/os-release"} {
		f.Add(read(f, p))
	}
	f.Add([]byte("NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.14  Thu Feb 22 01:44:30 UTC 2024\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		model, _ := ParseCPUModel(data)
		r := ParseOSRelease(data)
		h := pool.Hardware{CPUModel: cut(model, maxModel), OS: cut(r.Name, maxShort), OSVersion: cut(r.Version, maxShort),
			DriverVersion: cut(ParseNvidiaDriverVersion(data), maxShort)}
		if m, err := ParseMeminfo(data); err == nil {
			if m.Total < 0 || m.Available < 0 || m.Available > m.Total {
				t.Fatalf("memory %+v", m)
			}
			h.MemTotal, h.MemUsed = ptr(m.Total), ptr(m.Total-m.Available)
		}
		if ct, err := ParseProcStat(data); err == nil {
			if ct.Idle > ct.Total {
				t.Fatalf("cpu %+v", ct)
			}
			later := CPUTimes{Idle: ct.Idle + 1, Total: ct.Total + 3}
			if u, ok := CPUUsage(ct, later); ok {
				h.CPUUsage = &u
			}
		}
		if up, err := ParseUptime(data); err == nil && (up < 0 || math.IsNaN(up)) {
			t.Fatalf("uptime %v", up)
		}
		if v, ok := ParseMilliCelsius(data); ok {
			finite(t, "temp", &v)
		}
		accepted(t, h, nil)
	})
}

func FuzzParseIDFile(f *testing.F) {
	f.Add([]byte(idA + "\n"))
	f.Add([]byte("# x\n\n" + idB))
	f.Fuzz(func(t *testing.T, data []byte) {
		id, err := ParseIDFile(data)
		if err == nil && !ValidUniplusID(id) {
			t.Fatalf("accepted %q", id)
		}
	})
}
