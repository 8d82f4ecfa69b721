package pool

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uniplus-pool/pool/internal/textcheck"
)

// MaxMinerSoftware is the most characters of miner software (name and version, as the
// stratum user agent gives them) the pool keeps.
const MaxMinerSoftware = 64

// markup are the ASCII characters that start or quote markup, entities, attributes and
// template strings. React escapes them on the pages and the mails are plain text, but the
// miner software is text a stranger chose (anyone may mine to a sub-account whose code
// they know) that the owner and their observers then read: "<img src=x onerror=...>" has
// no business there even escaped, and no miner's name needs these.
const markup = "<>&\"'`\\"

// CleanMinerSoftware is the miner software a stratum connection named in
// mining.subscribe (or an agent reported) as the pool keeps and shows it: textcheck's
// rule first (control, bidi formatting and invisible characters dropped), then only
// letters, digits, spaces and ASCII punctuation other than markup kept (no symbols,
// emoji or combining marks, which stack into unreadable text), runs of spaces made one,
// trimmed and cut to MaxMinerSoftware characters. A miner's real name ("lolMiner 1.76",
// "bmminer/2.0.0", "cpuminer-opt/3.24.5") passes unchanged.
func CleanMinerSoftware(s string) string {
	if plainSoftware(s) {
		return s
	}
	// White space first becomes spaces (a tab or line break is a control character,
	// which Strip would drop, gluing the words on either side).
	s = textcheck.Strip(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return ' '
		}
		return r
	}, s))
	var b strings.Builder
	b.Grow(min(len(s), 4*MaxMinerSoftware))
	n, space := 0, false
	for _, r := range s {
		if n >= MaxMinerSoftware {
			break
		}
		switch {
		case unicode.IsSpace(r):
			space = n > 0 // a run of spaces is one, and none leads
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
		case r < utf8.RuneSelf && unicode.IsPunct(r) || r < utf8.RuneSelf && unicode.IsSymbol(r):
			if strings.ContainsRune(markup, r) {
				continue
			}
		default:
			continue
		}
		if space {
			if n+1 >= MaxMinerSoftware {
				break
			}
			b.WriteByte(' ')
			n++
			space = false
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// plainSoftware tells whether s is already clean: printable ASCII without markup, single
// spaces between words, within MaxMinerSoftware (every real miner's name; no allocation).
func plainSoftware(s string) bool {
	if len(s) > MaxMinerSoftware || s == "" {
		return s == ""
	}
	if s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c > 0x7e || strings.IndexByte(markup, c) >= 0 || (c == ' ' && s[i-1] == ' ') {
			return false
		}
	}
	return true
}
