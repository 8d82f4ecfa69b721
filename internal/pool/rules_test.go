package pool

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uniplus-pool/pool/internal/i18n"
)

func TestParseWorkerName(t *testing.T) {
	for _, c := range []struct {
		name, code, suffix string
		ok                 bool
	}{
		{"alice.rig1", "alice", "rig1", true},
		{"Alice.Rig_1-a", "alice", "Rig_1-a", true},
		{" alice.rig1 ", "alice", "rig1", true},
		{"alice.abcdefghijklmno", "alice", "abcdefghijklmno", true}, // 15
		{"alice.abcdefghijklmnop", "", "", false},                   // 16
		{"alice", "", "", false},
		{"alice.", "", "", false},
		{".rig1", "", "", false},
		{"alice.rig.1", "", "", false},
		{"alice.rig 1", "", "", false},
		{"al.rig1", "", "", false}, // code too short
		{"a_very_long_code_name_x.rig1", "", "", false},
		{"9lives.rig1", "", "", false},
		{"alice.矿机1", "", "", false},
	} {
		code, suffix, err := ParseWorkerName(c.name)
		if (err == nil) != c.ok || code != c.code || suffix != c.suffix {
			t.Errorf("%q: %q %q %v", c.name, code, suffix, err)
		}
		if err != nil && !errors.Is(err, ErrBadWorkerName) {
			t.Errorf("%q: %v is not ErrBadWorkerName", c.name, err)
		}
	}
	if errors.Is(ErrBadWorkerName, ErrUnknownSubAccount) || errors.Is(ErrCoinClosed, ErrBadWorkerName) {
		t.Fatal("the authorize errors are not distinct")
	}
}

func TestAliasRule(t *testing.T) {
	for alias, ok := range map[string]bool{
		"矿场 A-1_x": true, "한국 농장": true, "x": true, strings.Repeat("矿", 20): true,
		"": false, strings.Repeat("矿", 21): false, "a/b": false, "a.b": false, "tab\there": false, "<b>": false,
	} {
		if validAlias(alias) != ok {
			t.Errorf("%q: want %v", alias, ok)
		}
	}
}

func TestHashrateMathAndDisplay(t *testing.T) {
	// 900 shares of difficulty 1 in 15 minutes on sha256d: 900 x 2^32 / 900 s.
	if got := Hashrate(900, "sha256d", 15*time.Minute); got != 4294967296 {
		t.Fatalf("sha256d %v", got)
	}
	if got := Hashrate(900, "scrypt", 15*time.Minute); got != 65536 {
		t.Fatalf("scrypt %v", got)
	}
	if Hashrate(1, "kheavyhash", time.Second) != math.Pow(2, 32) || Hashrate(1, "sha256d", 0) != 0 {
		t.Fatal("defaults")
	}
}

func TestKindOfMinerSoftware(t *testing.T) {
	for sw, kind := range map[string]string{
		"bmminer/2.0.0": KindASIC, "cgminer/4.10.0": KindASIC, "Antminer S19 Pro": KindASIC, "whatsminer/v1.1": KindASIC,
		"Avalon10": KindASIC, "lolMiner 1.76": KindGPU, "T-Rex/0.26.8": KindGPU, "GMiner v3.44": KindGPU,
		"TeamRedMiner/0.10": KindGPU, "BzMiner": KindGPU, "cpuminer-opt": KindUnknown, "": KindUnknown,
	} {
		if got := KindOf(sw); got != kind {
			t.Errorf("%q: %s, want %s", sw, got, kind)
		}
	}
	if sw, v := splitUserAgent("bmminer/2.0.0"); sw != "bmminer" || v != "2.0.0" {
		t.Fatalf("%q %q", sw, v)
	}
	if sw, v := splitUserAgent("lolMiner 1.76 beta\x00"); sw != "lolMiner" || v != "1.76 beta" {
		t.Fatalf("%q %q", sw, v)
	}
	if sw, _ := splitUserAgent(strings.Repeat("x", 300)); len(sw) != maxShortText {
		t.Fatalf("not clipped: %d", len(sw))
	}
}

func TestBindRule(t *testing.T) {
	for _, c := range []struct {
		flag              bool
		kind, accountType string
		want              bool
	}{
		{true, KindGPU, "normal", true},
		{true, KindUnknown, "normal", true},
		{true, KindASIC, "normal", false},
		{true, KindASIC, "asic", true},
		{false, KindGPU, "asic", false},
	} {
		if got := canBind(c.flag, c.kind, c.accountType); got != c.want {
			t.Errorf("%+v: %v", c, got)
		}
	}
}

var placeholder = regexp.MustCompile(`\{[a-zA-Z]+\}`)

// The package's messages live in locales/*.json until internal/i18n takes them: every
// language has every key with the same placeholders, and every pool.* key the code uses
// is there (and no other).
func TestLocaleFiles(t *testing.T) {
	load := func(lang string) map[string]string {
		b, err := os.ReadFile(filepath.Join("locales", lang+".json"))
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		return m
	}
	ref := load("en_US")
	for _, lang := range i18n.Languages {
		m := load(lang)
		for k, v := range ref {
			got, want := placeholder.FindAllString(m[k], -1), placeholder.FindAllString(v, -1)
			slices.Sort(got)
			slices.Sort(want)
			if m[k] == "" || !slices.Equal(got, want) {
				t.Errorf("%s %q: %q (placeholders %v, en_US has %v)", lang, k, m[k], got, want)
			}
		}
		for k := range m {
			if _, ok := ref[k]; !ok {
				t.Errorf("%s: %q not in en_US", lang, k)
			}
		}
	}
	used := map[string]bool{}
	files, _ := filepath.Glob("*.go")
	key := regexp.MustCompile(`"(pool\.[a-zA-Z.]+)"`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, _ := os.ReadFile(f)
		for _, m := range key.FindAllStringSubmatch(string(b), -1) {
			used[m[1]] = true
		}
	}
	for k := range used {
		if _, ok := ref[k]; !ok && !strings.HasSuffix(k, ".") {
			t.Errorf("%q is used but not in locales/en_US.json", k)
		}
	}
	for k := range ref {
		if !used[k] {
			t.Errorf("%q is in locales/en_US.json but not used", k)
		}
	}
}
