package agent

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// DefaultIDFile is where the agent keeps the Uniplus ID on the system disk.
const DefaultIDFile = "/etc/uniplus/uniplus-id"

// uniplusIDPattern is the pool's Uniplus ID format (internal/pool).
var uniplusIDPattern = regexp.MustCompile(`^UP-[0-9a-f]{64}$`)

// ValidUniplusID tells whether id is a well-formed Uniplus ID.
func ValidUniplusID(id string) bool { return uniplusIDPattern.MatchString(id) }

// ParseIDFile reads an ID file: the ID on its first non-empty line, nothing else.
func ParseIDFile(data []byte) (string, error) {
	for line := range strings.Lines(string(data)) {
		if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if !ValidUniplusID(line) {
			return "", errors.New("ID file: not a Uniplus ID (UP- and 64 hex digits)")
		}
		return line, nil
	}
	return "", errors.New("ID file: empty")
}

// IDFile keeps the rig's Uniplus ID on disk under SPEC section 5's rule, "each system
// disk may hold only one ID file":
//
//   - The ID file is Path (--id-file, default /etc/uniplus/uniplus-id).
//   - Before writing Path, the agent finds the filesystem Path is on (the device number
//     of the nearest existing directory, syscall.Stat) and looks at every other place an
//     ID file lives (Known: the default path) on that same filesystem. One there with the
//     same ID is used as it is and no second file is written; one with a different ID is
//     a refusal: the disk already belongs to another ID.
//   - An ID file at Path itself with a different ID is replaced (the same one file): that
//     is how a regenerated ID reaches the rig.
//   - Another disk (another filesystem) may hold an ID file of its own.
type IDFile struct {
	Path  string
	Known []string
	// Dev answers the device number of the filesystem holding path; nil is the
	// operating system's (syscall.Stat), tests fake it.
	Dev func(path string) (uint64, error)
}

// Resolve answers the ID the agent runs with: flagID (--uniplus-id) when given, written to
// Path under the rule above, else the one in the ID file. note says what was done.
func (f IDFile) Resolve(flagID string) (id, note string, err error) {
	flagID = strings.TrimSpace(flagID)
	if flagID != "" && !ValidUniplusID(flagID) {
		return "", "", errors.New("--uniplus-id: not a Uniplus ID (UP- and 64 hex digits; the pool shows it once, when the sub-account is created or its ID regenerated)")
	}
	current, err := readID(f.Path)
	switch {
	case err == nil && (flagID == "" || flagID == current):
		return current, "ID from " + f.Path, nil
	case err == nil:
		if err := writeID(f.Path, flagID); err != nil {
			return "", "", err
		}
		return flagID, "replaced the ID in " + f.Path, nil
	case !errors.Is(err, fs.ErrNotExist):
		return "", "", fmt.Errorf("%s: %w", f.Path, err)
	case flagID == "":
		return "", "", fmt.Errorf("no Uniplus ID: pass --uniplus-id (it is then kept in %s)", f.Path)
	}
	// Path does not exist: one ID file per disk.
	dev := f.Dev
	if dev == nil {
		dev = deviceOf
	}
	here, err := dev(nearestDir(f.Path))
	if err != nil {
		return "", "", err
	}
	for _, other := range f.Known {
		if other == "" || filepath.Clean(other) == filepath.Clean(f.Path) {
			continue
		}
		otherID, err := readID(other)
		if err != nil {
			continue
		}
		d, err := dev(filepath.Dir(other))
		if err != nil || d != here {
			continue
		}
		if otherID == flagID {
			return otherID, "ID from " + other + " (this disk's ID file; no second one written)", nil
		}
		return "", "", fmt.Errorf("this disk already holds an ID file with another ID (%s); each system disk may hold only one ID file: remove it, or run with --id-file %s", other, other)
	}
	if err := writeID(f.Path, flagID); err != nil {
		return "", "", err
	}
	return flagID, "wrote the ID to " + f.Path, nil
}

func readID(path string) (string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	return ParseIDFile(data)
}

func writeID(path, id string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(id+"\n"), 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// nearestDir is the closest existing directory at or above path's directory.
func nearestDir(path string) string {
	dir := filepath.Dir(filepath.Clean(path))
	for {
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return dir
		}
		dir = parent
	}
}
