package pool_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/textcheck"
)

// FuzzParseReport fuzzes what POST /api/agent/v1/report reads from a rig: ParseReport,
// the decoding and validation the handler runs before it touches the store. What it
// accepts must be what the device pages may show and the store may keep:
//
//   - every text trimmed, within its length, with no control, bidi or invalid byte
//     (textcheck), and the same text with such a character, or one rune too long, refused;
//   - the worker, coin, IP, GPU indexes and statuses well formed, numbers in range, used
//     sizes within their totals, minerRunning given;
//   - the body one that httpx.Decode (every other handler's reader) takes too: no unknown
//     field, no key twice (docs/security.md "JSON bodies");
//   - re-encoded, it parses again to itself.
func FuzzParseReport(f *testing.F) {
	good, _ := json.Marshal(goodReport("alice.rig1"))
	f.Add(good)
	f.Add([]byte(`{"worker":"rig1","coin":"BTC","hardware":{"minerRunning":false},"gpus":[]}`))
	f.Add([]byte(`{"worker":" Alice.rig-1 ","coin":" LTC ","hardware":{"minerRunning":true,"intranetIp":"::FFFF:10.0.0.1","cpuTemp":-0},"gpus":null}`))
	f.Add([]byte(`{"worker":"rig1","coin":"BTC","hardware":{"minerRunning":true},"gpus":[{"index":3,"status":"down","fan":1e2}]}`))
	f.Add([]byte(`{"worker":"rig1","coin":"BTC","hardware":{"minerRunning":true,"memTotal":10,"memUsed":11}}`))
	f.Add([]byte(`{"worker":"rig1","coin":"BTC","hardware":{"minerRunning":true,"cpuModel":"Ryzen\u202e0095"}}`))
	f.Add([]byte(`{"worker":"rig1","coin":"BTC","hardware":{"minerRunning":true,"os":"Linux\u0000"}}`))
	f.Add([]byte(`{"worker":"rig1","coin":"BTC","hardware":{"minerRunning":true},"gpus":[{"index":0,"status":"up"},{"index":0,"status":"up"}]}`))
	f.Add([]byte(`{"worker":"rig1","unknown":1}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"gpus":[{"index":-1}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		r, err := pool.ParseReport(body)
		if err != nil {
			var e *httpx.Error
			if !errors.As(err, &e) || e.Status/100 != 4 {
				t.Fatalf("refusal of %q is not a client error: %v", body, err)
			}
			return
		}
		checkReport(t, body, r)
		// The handler's rules for JSON are every handler's.
		var plain pool.Report
		req := httptest.NewRequest(http.MethodPost, "/api/agent/v1/report", bytes.NewReader(body))
		if err := httpx.Decode(httptest.NewRecorder(), req, &plain); err != nil {
			t.Fatalf("ParseReport took %q, httpx.Decode refuses it: %v", body, err)
		}
		again, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("marshal %+v: %v", r, err)
		}
		r2, err := pool.ParseReport(again)
		if err != nil {
			t.Fatalf("accepted %q, refused its re-marshalled form %s: %v", body, again, err)
		}
		if !reflect.DeepEqual(r, r2) {
			t.Fatalf("round trip changed the report:\n%+v\n%+v", r, r2)
		}
		if r.Status() != pool.StatusNormal && r.Status() != pool.StatusAbnormal {
			t.Fatalf("status %q", r.Status())
		}
		// Spoiling any one text of an accepted report gets it refused.
		texts := reportTexts(&r)
		field := texts[len(body)%len(texts)]
		unsafe := []string{"\x00", "\x1b[2J", "\u202e", "\u2066", "\u2028", "\x7f", "\u0085", "\u061c"}
		for _, spoil := range []string{
			"a" + unsafe[len(body)%len(unsafe)] + "b", // inside, so trimming cannot drop it
			strings.Repeat("x", field.max+1),
		} {
			old := *field.v
			*field.v = spoil
			if _, err := pool.ParseReport(mustJSON(t, r)); err == nil {
				t.Fatalf("%s = %q accepted", field.name, spoil)
			}
			*field.v = old
		}
	})
}

var coinPattern = regexp.MustCompile(`^[A-Z0-9]{2,10}$`)

// textOf is one free text of a report with the most runes it may have (report.go).
type textOf struct {
	v    *string
	name string
	max  int
}

func reportTexts(r *pool.Report) []textOf {
	h := &r.Hardware
	out := []textOf{{&h.CPUModel, "cpuModel", 100}, {&h.OS, "os", 50}, {&h.OSVersion, "osVersion", 50},
		{&h.DriverVersion, "driverVersion", 50}, {&h.MinerSoftware, "minerSoftware", 50}, {&h.MinerVersion, "minerVersion", 50},
		{&h.Region, "region", 50}, {&h.RunningPool, "runningPool", 200}}
	for i := range r.GPUs {
		g := &r.GPUs[i]
		out = append(out, textOf{&g.Model, "gpus.model", 100}, textOf{&g.MemoryModel, "gpus.memoryModel", 50},
			textOf{&g.Manufacturer, "gpus.manufacturer", 50})
	}
	return out
}

// checkReport holds an accepted report to the rules the store and the pages rely on.
func checkReport(t *testing.T, body []byte, r pool.Report) {
	t.Helper()
	fail := func(format string, args ...any) { t.Fatalf("accepted %q: "+format, append([]any{body}, args...)...) }
	if !pool.ValidSuffix(r.Suffix()) || (r.Code() != "" && !pool.ValidCode(r.Code())) {
		fail("worker %q", r.Worker)
	}
	if !coinPattern.MatchString(r.Coin) {
		fail("coin %q", r.Coin)
	}
	for _, s := range reportTexts(&r) {
		if !textcheck.Safe(*s.v) || *s.v != strings.TrimSpace(*s.v) || utf8.RuneCountInString(*s.v) > s.max {
			fail("%s %q", s.name, *s.v)
		}
	}
	h := r.Hardware
	if h.MinerRunning == nil {
		fail("no minerRunning")
	}
	if h.IntranetIP != "" {
		if a, err := netip.ParseAddr(h.IntranetIP); err != nil || a.Zone() != "" || a.String() != h.IntranetIP {
			fail("intranetIp %q", h.IntranetIP)
		}
	}
	in := func(name string, v *float64, lo, hi float64) {
		if v != nil && (*v < lo || *v > hi) {
			fail("%s %v", name, *v)
		}
	}
	in("cpuTemp", h.CPUTemp, -40, 150)
	in("cpuUsage", h.CPUUsage, 0, 100)
	for _, s := range []*int64{h.MemTotal, h.MemUsed, h.DiskTotal, h.DiskUsed} {
		if s != nil && (*s < 0 || *s > 1<<60) {
			fail("size %d", *s)
		}
	}
	if h.MemUsed != nil && h.MemTotal != nil && *h.MemUsed > *h.MemTotal || h.DiskUsed != nil && h.DiskTotal != nil && *h.DiskUsed > *h.DiskTotal {
		fail("used above total")
	}
	if len(r.GPUs) > pool.MaxGPUs {
		fail("%d GPUs", len(r.GPUs))
	}
	seen := map[int]bool{}
	for _, g := range r.GPUs {
		if g.Index < 0 || g.Index >= pool.MaxGPUs || seen[g.Index] || (g.Status != pool.GPUUp && g.Status != pool.GPUDown) {
			fail("GPU %+v", g)
		}
		seen[g.Index] = true
		in("hashrate", g.Hashrate, 0, 1e21)
		in("temperature", g.Temperature, -40, 150)
		in("fan", g.Fan, 0, 100)
		in("power", g.Power, 0, 5000)
		in("coreClock", g.CoreClock, 0, 5000)
		in("memoryClock", g.MemoryClock, 0, 30000)
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
