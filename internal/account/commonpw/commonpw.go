// Package commonpw knows the 100,000 most common passwords that the account rule would let
// a user choose (8-20 characters), so that registration and every password change can
// refuse them (OWASP ASVS 2.1.7). The list ships inside the binary, gzip'd (README.md:
// where it comes from, its licence, how it was made); it is read on first use into a
// sorted set of 64-bit hashes, about 800 KB, and never written.
package commonpw

import (
	"bufio"
	"bytes"
	"compress/gzip"
	_ "embed"
	"hash/maphash"
	"slices"
	"strings"
	"sync"
)

//go:embed common-passwords.txt.gz
var listGz []byte

var (
	once   sync.Once
	seed   = maphash.MakeSeed()
	hashes []uint64 // sorted
)

// load reads the embedded list into hashes. A broken list is a broken build: it panics,
// and the package's tests read it.
func load() {
	hs, err := build(listGz)
	if err != nil {
		panic("commonpw: " + err.Error())
	}
	hashes = hs
}

// build hashes every line of a gzip'd list into a sorted set.
func build(gz []byte) ([]uint64, error) {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil, err
	}
	hs := make([]uint64, 0, 100_000)
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		if line := sc.Text(); line != "" {
			hs = append(hs, maphash.String(seed, line))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	slices.Sort(hs)
	return slices.Clip(slices.Compact(hs)), nil
}

// Load reads the list now rather than at the first Common (a server may call it at start
// so that no request waits the few tens of milliseconds it takes).
func Load() { once.Do(load) }

// Common tells whether password (already trimmed) is one of the list, ignoring case. The
// hash set may, in theory, answer true for a password not in it: with 100,000 64-bit
// hashes the chance is about one in 10^14.
func Common(password string) bool {
	once.Do(load)
	_, found := slices.BinarySearch(hashes, maphash.String(seed, strings.ToLower(password)))
	return found
}

// Len is how many passwords the list holds.
func Len() int {
	once.Do(load)
	return len(hashes)
}
