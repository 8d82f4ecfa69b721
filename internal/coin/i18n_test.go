package coin

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/i18n"
)

// Every message key the package's code and the console's coin route name is written in
// the four languages.
func TestMessagesInEveryLanguage(t *testing.T) {
	files, _ := filepath.Glob("*.go")
	more, _ := filepath.Glob("../ops/opscoins/*.go")
	key := regexp.MustCompile(`"(coin\.[a-zA-Z.]+)"`)
	n := 0
	for _, f := range append(files, more...) {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range key.FindAllStringSubmatch(string(src), -1) {
			if !strings.HasPrefix(m[1], "coin.update.") && m[1] != "coin.unknown" {
				continue // the audit action coin.update, a field's name
			}
			n++
			for _, lang := range i18n.Languages {
				if i18n.T(lang, m[1], nil) == m[1] {
					t.Errorf("%s: %s has no %s message", f, m[1], lang)
				}
			}
		}
	}
	if n < 14 {
		t.Fatalf("only %d keys found", n)
	}
}
