package commonpw

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCommonPasswords(t *testing.T) {
	for _, p := range []string{"password1", "PASSWORD1", "Password1", "12345678", "qwertyuiop", "iloveyou", "passw0rd", "1q2w3e4r5t", "michael1"} {
		if !Common(p) {
			t.Errorf("%q is not common", p)
		}
	}
	for _, p := range []string{"", "1234567", "correct-horse-7", "Passw0rd-1", "rig-boss-2026!", "矿工的密码很长很长"} {
		if Common(p) {
			t.Errorf("%q is common", p)
		}
	}
	if n := Len(); n != 100_000 {
		t.Fatalf("%d passwords, want 100000", n)
	}
}

// The shipped list is what the rule and Common expect: 8-20 characters, lower case,
// sorted, no repeats, no spaces at the ends.
func TestListIsWellFormed(t *testing.T) {
	zr, err := gzip.NewReader(bytes.NewReader(listGz))
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(zr)
	prev, n := "", 0
	for sc.Scan() {
		p := sc.Text()
		n++
		if c := utf8.RuneCountInString(p); c < 8 || c > 20 || p != strings.ToLower(p) || p != strings.TrimSpace(p) || !utf8.ValidString(p) {
			t.Fatalf("line %d %q breaks the rule", n, p)
		}
		if p <= prev {
			t.Fatalf("line %d %q not after %q", n, p, prev)
		}
		prev = p
	}
	if err := sc.Err(); err != nil || n != 100_000 {
		t.Fatalf("%d lines, %v", n, err)
	}
}

// TestMemory measures what the list costs a process (reported by -v; the bound only
// catches a change of representation that would multiply it).
func TestMemory(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	hs, err := build(listGz)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("embedded %d bytes gzip'd; %d hashes; heap kept after loading %d bytes", len(listGz), len(hs), kept)
	if kept > 2<<20 {
		t.Errorf("the set keeps %d bytes of heap, want under 2 MiB", kept)
	}
	runtime.KeepAlive(hs)
}

func BenchmarkLoad(b *testing.B) {
	for b.Loop() {
		if _, err := build(listGz); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCommon(b *testing.B) {
	Load()
	for b.Loop() {
		Common("Correct-Horse-7")
	}
}
