package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/uniplus-pool/pool/internal/textcheck"
)

// MinerStats is what a miner's API says about itself.
type MinerStats struct {
	Software string // "t-rex"
	Version  string
	Hashrate float64 // H/s, all GPUs
	Pool     string  // the pool URL it mines on
	GPUs     []MinerGPU
}

// MinerGPU is one GPU as the miner sees it.
type MinerGPU struct {
	DeviceID int     // CUDA device id (nvidia-smi's index in PCI bus order)
	Name     string  // "RTX 3080"
	Vendor   string  // board vendor, "EVGA"
	Hashrate float64 // H/s
}

// trexSummary is the part of T-Rex's GET /summary the agent reads (API 1.x to 4.x).
type trexSummary struct {
	Name        string  `json:"name"`
	Description string  `json:"description"`
	Version     string  `json:"version"`
	Hashrate    float64 `json:"hashrate"`
	ActivePool  struct {
		URL string `json:"url"`
	} `json:"active_pool"`
	GPUs []struct {
		DeviceID int     `json:"device_id"`
		Name     string  `json:"name"`
		Vendor   string  `json:"vendor"`
		Hashrate float64 `json:"hashrate"`
	} `json:"gpus"`
}

// ParseTRexSummary reads T-Rex's GET /summary. Hashrates are H/s in T-Rex's API.
func ParseTRexSummary(data []byte) (MinerStats, error) {
	var s trexSummary
	if err := json.Unmarshal(data, &s); err != nil {
		return MinerStats{}, fmt.Errorf("t-rex summary: %w", err)
	}
	if s.Version == "" && s.Name == "" && s.Description == "" {
		return MinerStats{}, fmt.Errorf("t-rex summary: no name or version")
	}
	m := MinerStats{Software: cleanText(s.Name), Version: cleanText(s.Version), Hashrate: max(s.Hashrate, 0),
		Pool: cleanText(s.ActivePool.URL)}
	if m.Software == "" {
		m.Software = "t-rex"
	}
	for _, g := range s.GPUs {
		m.GPUs = append(m.GPUs, MinerGPU{DeviceID: g.DeviceID, Name: cleanText(g.Name), Vendor: cleanText(g.Vendor),
			Hashrate: max(g.Hashrate, 0)})
	}
	return m, nil
}

// cleanText drops the characters the pool refuses in a report (internal/textcheck:
// controls, such as the NUL that ends T-Rex's uuid, bidi formatting characters, invalid
// UTF-8) and trims: a tool's odd output must not get the whole report refused.
func cleanText(s string) string {
	return strings.TrimSpace(textcheck.Strip(s))
}

// minerSummaryURL is the miner's summary URL: base + "/summary" unless base already
// names a path.
func minerSummaryURL(base string) string {
	base = strings.TrimRight(base, "/")
	if i := strings.Index(base, "://"); i >= 0 && strings.Contains(base[i+3:], "/") {
		return base
	}
	return base + "/summary"
}

// FetchMiner asks the miner's API (T-Rex's /summary) for its figures.
func FetchMiner(ctx context.Context, client *http.Client, base string) (MinerStats, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, minerSummaryURL(base), nil)
	if err != nil {
		return MinerStats{}, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return MinerStats{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return MinerStats{}, err
	}
	if resp.StatusCode != http.StatusOK {
		return MinerStats{}, fmt.Errorf("miner API: HTTP %d", resp.StatusCode)
	}
	return ParseTRexSummary(body)
}

// knownMiners are process names (/proc/<pid>/comm) of common miners, for minerRunning
// when no miner API is configured.
var knownMiners = map[string]string{
	"t-rex": "t-rex", "lolMiner": "lolMiner", "nbminer": "nbminer", "miner": "gminer", "bzminer": "bzminer",
	"rigel": "rigel", "teamredminer": "teamredminer", "SRBMiner-MULTI": "SRBMiner-MULTI", "xmrig": "xmrig",
	"onezerominer": "onezerominer", "aleo_prover": "aleo_prover", "iron-fish": "iron-fish", "kaspa-miner": "kaspa-miner",
}

// KnownMiner answers the miner a process name (the contents of /proc/<pid>/comm) belongs
// to, "" when none.
func KnownMiner(comm []byte) string {
	return knownMiners[strings.TrimSpace(string(comm))]
}
