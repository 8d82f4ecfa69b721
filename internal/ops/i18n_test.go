package ops

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/i18n"
)

// Every message key the package's code names is written in the four languages.
func TestMessagesInEveryLanguage(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	key := regexp.MustCompile(`"(ops\.[a-zA-Z]+)"`)
	n := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range key.FindAllStringSubmatch(string(src), -1) {
			n++
			for _, lang := range i18n.Languages {
				if i18n.T(lang, m[1], nil) == m[1] {
					t.Errorf("%s: %s has no %s message", f, m[1], lang)
				}
			}
		}
	}
	if n < 20 {
		t.Fatalf("only %d keys found", n)
	}
}
