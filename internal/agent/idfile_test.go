package agent

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	idA = "UP-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	idB = "UP-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
)

func TestIDFileOnePerDisk(t *testing.T) {
	dir := t.TempDir()
	system := filepath.Join(dir, "etc/uniplus/uniplus-id") // the disk's default ID file
	other := filepath.Join(dir, "opt/rig/id")

	// No ID anywhere, none given.
	if _, _, err := (IDFile{Path: system}).Resolve(""); err == nil {
		t.Fatal("no ID at all must be an error")
	}
	if _, _, err := (IDFile{Path: system}).Resolve("UP-nothex"); err == nil {
		t.Fatal("a malformed ID is refused")
	}
	// First run: the ID is written.
	id, note, err := IDFile{Path: system}.Resolve(idA)
	if err != nil || id != idA || !strings.Contains(note, "wrote") {
		t.Fatalf("first write: %q %q %v", id, note, err)
	}
	if data, _ := os.ReadFile(system); string(data) != idA+"\n" {
		t.Fatalf("file holds %q", data)
	}
	// Later runs read it.
	if id, _, err := (IDFile{Path: system}).Resolve(""); err != nil || id != idA {
		t.Fatalf("read back: %q %v", id, err)
	}
	// A second ID file on the same disk with another ID is refused...
	f := IDFile{Path: other, Known: []string{system}}
	if _, _, err := f.Resolve(idB); err == nil || !strings.Contains(err.Error(), "only one ID file") {
		t.Fatalf("second ID file with another ID: %v", err)
	}
	if _, err := os.Stat(other); !os.IsNotExist(err) {
		t.Fatal("the second file was written")
	}
	// ...and with the same ID the disk's file is used, no second one written.
	if id, note, err := f.Resolve(idA); err != nil || id != idA || !strings.Contains(note, "no second") {
		t.Fatalf("same ID elsewhere: %q %q %v", id, note, err)
	}
	if _, err := os.Stat(other); !os.IsNotExist(err) {
		t.Fatal("a second file was written for the same ID")
	}
	// Another disk (mounted at opt) may hold its own.
	if err := os.MkdirAll(filepath.Join(dir, "opt"), 0o755); err != nil {
		t.Fatal(err)
	}
	f.Dev = func(p string) (uint64, error) {
		if strings.HasPrefix(p, filepath.Join(dir, "opt")) {
			return 2, nil
		}
		return 1, nil
	}
	if id, _, err := f.Resolve(idB); err != nil || id != idB {
		t.Fatalf("another disk: %q %v", id, err)
	}
	// A regenerated ID replaces the one in the same file.
	if id, note, err := (IDFile{Path: system}).Resolve(idB); err != nil || id != idB || !strings.Contains(note, "replaced") {
		t.Fatalf("regenerated: %q %q %v", id, note, err)
	}
	// A broken ID file is an error, not silently replaced by nothing.
	if err := os.WriteFile(system, []byte("hello\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := (IDFile{Path: system}).Resolve(""); err == nil {
		t.Fatal("a broken ID file must be an error")
	}
}

func TestParseIDFile(t *testing.T) {
	if id, err := ParseIDFile([]byte("# Uniplus ID\n\n" + idA + "\n")); err != nil || id != idA {
		t.Errorf("%q %v", id, err)
	}
	for _, bad := range []string{"", "\n\n", "UP-123", idA + "0", strings.ToUpper(idA)} {
		if _, err := ParseIDFile([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
