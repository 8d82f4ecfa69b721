package agent

import (
	"context"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/pool"
)

// Collector gathers one report's facts. Its zero value reads this machine; tests point
// Root at a directory of recorded files and Query at a RecordRunner.
type Collector struct {
	Root     string // prefix of every file read ("" is /)
	Query    Runner // read-only commands: nvidia-smi queries, rocm-smi
	MinerAPI string // e.g. http://127.0.0.1:4067 (T-Rex)
	HTTP     *http.Client
	// DiskPath is the filesystem measured for disk figures (default "/"); Disk measures
	// it (default statfs).
	DiskPath string
	Disk     func(path string) (total, used int64, err error)
	// CPUInterval is how long the first CPU usage sample lasts (default 1 s); later
	// reports measure the time since the previous one.
	CPUInterval time.Duration
	Addrs       func() ([]net.Addr, error) // default net.InterfaceAddrs

	prevCPU *CPUTimes
}

// Facts is what one collection found: the report's rig and GPUs, plus what the report
// has no field for.
type Facts struct {
	Hardware  pool.Hardware
	GPUs      []pool.GPU
	Nvidia    []NvidiaGPU // for overclocking
	Uptime    float64     // seconds since boot, 0 unknown
	Problems  []error     // what could not be read (logged, not fatal)
	MinerSeen bool        // the miner API answered
}

// Report limits of internal/pool (report.go): longer text is cut, not refused.
const (
	maxShort = 50
	maxModel = 100
	maxPool  = 200
)

// Collect reads everything once.
func (c *Collector) Collect(ctx context.Context) Facts {
	var f Facts
	h := &f.Hardware
	problem := func(err error) {
		if err != nil {
			f.Problems = append(f.Problems, err)
		}
	}
	if data, err := c.read("/proc/cpuinfo"); err == nil {
		model, _ := ParseCPUModel(data)
		h.CPUModel = cut(model, maxModel)
	} else {
		problem(err)
	}
	usage, err := c.cpuUsage(ctx)
	problem(err)
	h.CPUUsage = usage
	h.CPUTemp = c.cpuTemp()
	if data, err := c.read("/proc/meminfo"); err == nil {
		if m, err := ParseMeminfo(data); err == nil {
			h.MemTotal, h.MemUsed = ptr(m.Total), ptr(m.Total-m.Available)
		} else {
			problem(err)
		}
	} else {
		problem(err)
	}
	disk, path := c.Disk, c.DiskPath
	if disk == nil {
		disk = diskUsage
	}
	if path == "" {
		path = "/"
	}
	if total, used, err := disk(path); err == nil && total > 0 && used >= 0 && used <= total {
		h.DiskTotal, h.DiskUsed = ptr(total), ptr(used)
	} else {
		problem(err)
	}
	if data, err := c.read("/proc/uptime"); err == nil {
		f.Uptime, _ = ParseUptime(data)
	}
	if data, err := c.read("/etc/os-release"); err == nil {
		r := ParseOSRelease(data)
		h.OS, h.OSVersion = cut(r.Name, maxShort), cut(r.Version, maxShort)
	} else {
		h.OS = runtime.GOOS
	}
	h.IntranetIP = c.intranetIP()

	// GPUs: NVIDIA first, AMD after them.
	nv, nvErr := c.nvidia(ctx)
	if nvErr != nil && !errors.Is(nvErr, ErrNotInstalled) {
		problem(nvErr)
	}
	f.Nvidia = nv
	for _, g := range nv {
		f.GPUs = append(f.GPUs, nvidiaGPU(g))
		if h.DriverVersion == "" {
			h.DriverVersion = cut(g.DriverVersion, maxShort)
		}
	}
	if h.DriverVersion == "" {
		if data, err := c.read("/proc/driver/nvidia/version"); err == nil {
			h.DriverVersion = cut(ParseNvidiaDriverVersion(data), maxShort)
		}
	}
	if out, err := c.query().Run(ctx, "rocm-smi", RocmArgs()...); err == nil {
		amd, driver, err := ParseRocmSMI(out)
		problem(err)
		for _, g := range amd {
			f.GPUs = append(f.GPUs, rocmGPU(g, len(nv)))
		}
		if h.DriverVersion == "" {
			h.DriverVersion = cut(driver, maxShort)
		}
	} else if !errors.Is(err, ErrNotInstalled) {
		problem(err)
	}
	if len(f.GPUs) > pool.MaxGPUs {
		f.GPUs = f.GPUs[:pool.MaxGPUs]
	}

	// The miner.
	running := false
	if c.MinerAPI != "" {
		hc := c.HTTP
		if hc == nil {
			hc = &http.Client{Timeout: 5 * time.Second}
		}
		m, err := FetchMiner(ctx, hc, c.MinerAPI)
		if err == nil {
			running, f.MinerSeen = true, true
			h.MinerSoftware, h.MinerVersion, h.RunningPool = cut(m.Software, maxShort), cut(m.Version, maxShort), cut(m.Pool, maxPool)
			applyMiner(f.GPUs, m)
		} else {
			problem(err)
		}
	}
	if !running {
		if name := c.minerProcess(); name != "" {
			running = true
			if h.MinerSoftware == "" {
				h.MinerSoftware = name
			}
		}
	}
	h.MinerRunning = &running
	return f
}

func (c *Collector) query() Runner {
	if c.Query == nil {
		return ExecRunner{}
	}
	return c.Query
}

func (c *Collector) read(path string) ([]byte, error) {
	return os.ReadFile(filepath.Join(c.root(), path))
}

func (c *Collector) root() string {
	if c.Root == "" {
		return "/"
	}
	return c.Root
}

// cpuUsage measures over the time since the previous report, or over CPUInterval the
// first time.
func (c *Collector) cpuUsage(ctx context.Context) (*float64, error) {
	sample := func() (CPUTimes, error) {
		data, err := c.read("/proc/stat")
		if err != nil {
			return CPUTimes{}, err
		}
		return ParseProcStat(data)
	}
	before := c.prevCPU
	if before == nil {
		t, err := sample()
		if err != nil {
			return nil, err
		}
		before = &t
		wait := c.CPUInterval
		if wait <= 0 {
			wait = time.Second
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(wait):
		}
	}
	after, err := sample()
	if err != nil {
		return nil, err
	}
	c.prevCPU = &after
	if u, ok := CPUUsage(*before, after); ok {
		return &u, nil
	}
	return nil, nil
}

// cpuTemp reads the CPU sensor of hwmon (coretemp, k10temp, zenpower, cpu_thermal).
func (c *Collector) cpuTemp() *float64 {
	dirs, _ := filepath.Glob(filepath.Join(c.root(), "sys/class/hwmon/hwmon*"))
	for _, d := range dirs {
		name, err := os.ReadFile(filepath.Join(d, "name"))
		if err != nil {
			continue
		}
		switch strings.TrimSpace(string(name)) {
		case "coretemp", "k10temp", "zenpower", "cpu_thermal":
			data, err := os.ReadFile(filepath.Join(d, "temp1_input"))
			if err != nil {
				continue
			}
			if t, ok := ParseMilliCelsius(data); ok && t >= -40 && t <= 150 {
				return &t
			}
		}
	}
	return nil
}

// minerProcess is the first known miner among the running processes.
func (c *Collector) minerProcess() string {
	comms, _ := filepath.Glob(filepath.Join(c.root(), "proc/[0-9]*/comm"))
	for _, p := range comms {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if name := KnownMiner(data); name != "" {
			return name
		}
	}
	return ""
}

// intranetIP is the first private IPv4 address of this machine, else the first
// non-loopback one.
func (c *Collector) intranetIP() string {
	addrs := c.Addrs
	if addrs == nil {
		addrs = net.InterfaceAddrs
	}
	list, err := addrs()
	if err != nil {
		return ""
	}
	var fallback string
	for _, a := range list {
		ipn, ok := a.(*net.IPNet)
		if !ok || ipn.IP.IsLoopback() || ipn.IP.IsLinkLocalUnicast() {
			continue
		}
		if ip4 := ipn.IP.To4(); ip4 != nil {
			if ip4.IsPrivate() {
				return ip4.String()
			}
			if fallback == "" {
				fallback = ip4.String()
			}
		}
	}
	return fallback
}

func (c *Collector) nvidia(ctx context.Context) ([]NvidiaGPU, error) {
	out, err := c.query().Run(ctx, "nvidia-smi", NvidiaQueryArgs()...)
	if err != nil {
		return nil, err
	}
	return ParseNvidiaSMI(out, NvidiaFields)
}

// nvidiaGPU is a report GPU from nvidia-smi: up (nvidia-smi answers for it), numbers
// outside what the pool accepts left unknown.
func nvidiaGPU(g NvidiaGPU) pool.GPU {
	return pool.GPU{
		Index: g.Index, Model: cut(g.Name, maxModel), Status: pool.GPUUp, Manufacturer: "NVIDIA",
		Temperature: within(g.Temperature, -40, 150), Fan: within(g.Fan, 0, 100), Power: within(g.PowerDraw, 0, 5000),
		CoreClock: within(g.CoreClock, 0, 5000), MemoryClock: within(g.MemoryClock, 0, 30000),
	}
}

// rocmGPU is a report GPU from rocm-smi, numbered after the NVIDIA ones.
func rocmGPU(g RocmGPU, offset int) pool.GPU {
	mem := g.MemoryVendor
	return pool.GPU{
		Index: offset + g.Index, Model: cut(g.Name, maxModel), Status: pool.GPUUp, Manufacturer: "AMD",
		MemoryModel: cut(mem, maxShort), Temperature: within(g.Temperature, -40, 150), Fan: within(g.Fan, 0, 100),
		Power: within(g.Power, 0, 5000), CoreClock: within(g.CoreClock, 0, 5000), MemoryClock: within(g.MemoryClock, 0, 30000),
	}
}

// applyMiner puts the miner's per-GPU hashrates on the GPUs (by CUDA device id, which is
// nvidia-smi's index in the default PCI bus order). A GPU the running miner does not hash
// with is down.
func applyMiner(gpus []pool.GPU, m MinerStats) {
	if len(m.GPUs) == 0 {
		return
	}
	byID := map[int]MinerGPU{}
	for _, g := range m.GPUs {
		byID[g.DeviceID] = g
	}
	for i := range gpus {
		if gpus[i].Manufacturer != "NVIDIA" { // T-Rex mines on NVIDIA only
			continue
		}
		mg, ok := byID[gpus[i].Index]
		if !ok || mg.Hashrate <= 0 {
			gpus[i].Status = pool.GPUDown
			zero := 0.0
			gpus[i].Hashrate = &zero
			continue
		}
		hr := mg.Hashrate
		gpus[i].Hashrate = within(&hr, 0, 1e21)
	}
}

func within(v *float64, lo, hi float64) *float64 {
	if v == nil || *v < lo || *v > hi {
		return nil
	}
	x := *v
	return &x
}

func ptr[T any](v T) *T { return &v }

// cut trims s, drops the characters the pool refuses (cleanText) and keeps at most n runes.
func cut(s string, n int) string {
	s = cleanText(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return strings.TrimSpace(string([]rune(s)[:n]))
}
