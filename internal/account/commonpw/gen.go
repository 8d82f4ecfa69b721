//go:build ignore

// gen writes common-passwords.txt.gz from a list of passwords ordered from most to least
// common, one a line (README.md says which list and where it came from):
//
//	go run gen.go -src 10_million_password_list_top_1M.txt
//
// It keeps, in the list's order, every password that the account rule would let a user
// choose (8-20 characters after trimming), lower-cased and without repeats, until it has
// -n of them; it writes them sorted, one a line, gzip'd at the best compression with no
// name or time in the header, so the same list always gives the same bytes.
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"flag"
	"fmt"
	"log"
	"os"
	"slices"
	"strings"
	"unicode/utf8"
)

func main() {
	src := flag.String("src", "", "the source list, most common first")
	out := flag.String("out", "common-passwords.txt.gz", "the file to write")
	n := flag.Int("n", 100_000, "how many passwords to keep")
	flag.Parse()
	f, err := os.Open(*src)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	var keep []string
	rank := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(keep) < *n {
		rank++
		p := strings.ToLower(strings.TrimSpace(sc.Text()))
		if !utf8.ValidString(p) || seen[p] {
			continue
		}
		if c := utf8.RuneCountInString(p); c < 8 || c > 20 {
			continue
		}
		seen[p] = true
		keep = append(keep, p)
	}
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
	if len(keep) < *n {
		log.Fatalf("only %d passwords of 8-20 characters in %s", len(keep), *src)
	}
	slices.Sort(keep)
	text := []byte(strings.Join(keep, "\n") + "\n")
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	if _, err := w.Write(text); err != nil {
		log.Fatal(err)
	}
	if err := w.Close(); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, gz.Bytes(), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("%d passwords from the %d most common lines; %d bytes, %d gzip'd; sha256 of the text %x\n",
		len(keep), rank, len(text), gz.Len(), sha256.Sum256(text))
}
