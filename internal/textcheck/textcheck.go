// Package textcheck is the one rule for free text that people or rigs give the pool and
// that other people then read: names, aliases, labels, remarks and agent telemetry. Such
// text must not hold characters that hide or reorder what is shown:
//
//   - C0 and C1 control characters (U+0000-U+001F, U+007F-U+009F: line breaks, tabs,
//     escapes), which break lines, logs and CSV files;
//   - the bidirectional formatting characters (Unicode's Bidi_Control: U+061C, U+200E,
//     U+200F, U+202A-U+202E, U+2066-U+2069), with which "rig\u202e1gpj.exe" reads as
//     "rigexe.jpg1" and an address label can make another address look like the one shown
//     ("Trojan Source", CVE-2021-42574);
//   - the line and paragraph separators U+2028 and U+2029;
//   - bytes that are not UTF-8.
//
// Check refuses such text with a message that names the field (four languages, this
// package's locales); Strip drops those characters, for text the pool only passes on and
// has no one to refuse to (a miner's user agent, an agent reading a tool's output).
package textcheck

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/httpx"
	"github.com/uniplus-pool/pool/internal/i18n"
)

// Key is the message of a refusal; its {field} is the field's message key or JSON path.
const Key = "textcheck.unsafe"

// Unsafe tells whether r may not appear in checked text (the package comment's list;
// utf8.RuneError stands for a byte that is not UTF-8).
func Unsafe(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029' || r == utf8.RuneError
}

// Safe tells whether s is valid UTF-8 without an unsafe character.
func Safe(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, Unsafe)
}

// Check answers nil for safe text, else a code-3 *httpx.Error (HTTP 400) that names
// field (a message key such as "pool.field.alias", translated, or a JSON path such as
// "gpus[0].model", shown as it is).
func Check(field, s string) error {
	if Safe(s) {
		return nil
	}
	return httpx.Warn(Key, i18n.Params{"field": field})
}

// Strip drops the unsafe characters of s (and its bytes that are not UTF-8).
func Strip(s string) string {
	if Safe(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		if Unsafe(r) {
			return -1
		}
		return r
	}, strings.ToValidUTF8(s, ""))
}
