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
//   - invisible characters: Unicode's Default_Ignorable_Code_Point, the characters a
//     renderer shows as nothing (U+200B zero width space, U+FEFF, U+2060 word joiner and
//     the invisible operators U+2061-U+2064, U+180E, U+00AD soft hyphen, U+034F, the Hangul
//     fillers U+115F, U+1160, U+3164 and U+FFA0, the deprecated U+206A-U+206F, tags...),
//     and the interlinear annotation controls U+FFF9-U+FFFB. With them "alice" and
//     "al\u200bice" look the same and are two names, and a tag run can carry a whole
//     hidden ASCII text;
//   - bytes that are not UTF-8.
//
// Four kinds of default-ignorable characters are part of ordinary text, and pass where
// that text puts them, judged by the characters before them only (so any prefix of safe
// text is safe: callers cut text to a length after Strip):
//
//   - the joiners U+200D (ZWJ) and U+200C (ZWNJ), after a character of a script that
//     uses them: emoji sequences ("👩\u200d💻"), Persian and Arabic ("می\u200cخواهم"),
//     the Indic scripts (after a virama). After a Latin, Greek, Cyrillic, Han, kana,
//     Bopomofo or Hangul character, an ASCII character, a space or another invisible one
//     they do nothing visible, and are refused;
//   - the variation selectors (U+FE00-U+FE0F, U+E0100-U+E01EF, Mongolian U+180B-U+180D and
//     U+180F), which pick the glyph of the character before them: emoji presentation
//     ("❤\ufe0f", the keycap "1\ufe0f\u20e3"), ideographic variants of a Han name. After a
//     Latin, Greek, Cyrillic or Hangul letter, a space or nothing they select nothing, and
//     are refused;
//   - tag letters and digits (U+E0030-U+E0039, U+E0061-U+E007A) and CANCEL TAG (U+E007F)
//     only as emoji subdivision flags: U+1F3F4, at most six tags, U+E007F (England's flag
//     is 🏴 g b e n g, cancel).
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

// Unsafe tells whether r may not appear anywhere in checked text (the package comment's
// list; utf8.RuneError stands for a byte that is not UTF-8). The joiners, variation
// selectors and emoji tags are not among them: whether they may appear depends on the
// characters before them, which Safe and Strip look at.
func Unsafe(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029' ||
		r == utf8.RuneError || unicode.Is(invisible, r)
}

// invisible is Default_Ignorable_Code_Point (Unicode 16, DerivedCoreProperties.txt)
// without the characters allowed in context (joiners, variation selectors, emoji tags),
// with the interlinear annotation controls, which also show as nothing. The bidi
// controls among them are Bidi_Control already.
var invisible = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x00ad, Hi: 0x00ad, Stride: 1}, // soft hyphen
		{Lo: 0x034f, Hi: 0x034f, Stride: 1}, // combining grapheme joiner
		{Lo: 0x115f, Hi: 0x1160, Stride: 1}, // Hangul choseong and jungseong fillers
		{Lo: 0x17b4, Hi: 0x17b5, Stride: 1}, // Khmer inherent vowels
		{Lo: 0x180e, Hi: 0x180e, Stride: 1}, // Mongolian vowel separator
		{Lo: 0x200b, Hi: 0x200b, Stride: 1}, // zero width space
		{Lo: 0x2060, Hi: 0x206f, Stride: 1}, // word joiner, invisible operators, deprecated formats
		{Lo: 0x3164, Hi: 0x3164, Stride: 1}, // Hangul filler
		{Lo: 0xfeff, Hi: 0xfeff, Stride: 1}, // zero width no-break space (byte order mark)
		{Lo: 0xffa0, Hi: 0xffa0, Stride: 1}, // halfwidth Hangul filler
		{Lo: 0xfff0, Hi: 0xfffb, Stride: 1}, // unassigned; interlinear annotation
	},
	R32: []unicode.Range32{
		{Lo: 0x1bca0, Hi: 0x1bca3, Stride: 1}, // shorthand format controls
		{Lo: 0x1d173, Hi: 0x1d17a, Stride: 1}, // musical symbol formatting
		{Lo: 0xe0000, Hi: 0xe002f, Stride: 1}, // language tag, tag space and punctuation
		{Lo: 0xe003a, Hi: 0xe0060, Stride: 1},
		{Lo: 0xe007b, Hi: 0xe007e, Stride: 1},
		{Lo: 0xe0080, Hi: 0xe00ff, Stride: 1},
		{Lo: 0xe01f0, Hi: 0xe0fff, Stride: 1},
	},
}

const (
	zwnj       = '\u200c'
	zwj        = '\u200d'
	blackFlag  = '\U0001F3F4'
	cancelTag  = '\U000E007F'
	maxFlagTag = 6 // a subdivision code: two letters of the country, up to four more
)

func isVariationSelector(r rune) bool {
	return (r >= 0xfe00 && r <= 0xfe0f) || (r >= 0xe0100 && r <= 0xe01ef) || (r >= 0x180b && r <= 0x180d) || r == 0x180f
}

func isTagSpec(r rune) bool {
	return (r >= 0xe0030 && r <= 0xe0039) || (r >= 0xe0061 && r <= 0xe007a)
}

// inContext tells whether r is one of the characters allowed only after certain others.
func inContext(r rune) bool {
	return r == zwj || r == zwnj || isVariationSelector(r) || isTagSpec(r) || r == cancelTag
}

// visibleBase tells whether r is a character shown on its own: not refused, not one of
// the characters in context, not white space.
func visibleBase(r rune) bool {
	return r >= 0 && !Unsafe(r) && !inContext(r) && !unicode.IsSpace(r)
}

// The scripts whose text has no use for joiners, and the alphabets without variation
// sequences: after their characters, a joiner or a selector changes nothing visible.
var (
	noJoiners   = []*unicode.RangeTable{unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana, unicode.Bopomofo}
	noSelectors = []*unicode.RangeTable{unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Hangul}
)

func joinerBase(r rune) bool {
	return r >= utf8.RuneSelf && visibleBase(r) && !unicode.In(r, noJoiners...)
}

// scanner judges each character of a text by the characters kept before it.
type scanner struct {
	prev, prev2 rune // the last two characters kept; -1 for none
	tags        int  // tag letters and digits kept since the black flag
}

func newScanner() scanner { return scanner{prev: -1, prev2: -1} }

// keep tells whether r may follow what was kept so far, and if so takes it in.
func (s *scanner) keep(r rune) bool {
	var ok bool
	switch {
	case r == zwj || r == zwnj:
		// An emoji's presentation selector ("❤\ufe0f\u200d🔥") passes on its base.
		ok = joinerBase(s.prev) || (isVariationSelector(s.prev) && joinerBase(s.prev2))
	case isVariationSelector(r):
		ok = visibleBase(s.prev) && !unicode.In(s.prev, noSelectors...)
	case isTagSpec(r):
		ok = s.prev == blackFlag || (isTagSpec(s.prev) && s.tags < maxFlagTag)
	case r == cancelTag:
		ok = isTagSpec(s.prev)
	default:
		ok = !Unsafe(r)
	}
	if !ok {
		return false
	}
	if isTagSpec(r) {
		s.tags++
	} else {
		s.tags = 0
	}
	s.prev2, s.prev = s.prev, r
	return true
}

// Safe tells whether s is valid UTF-8 whose every character may stand where it is.
func Safe(s string) bool {
	sc := newScanner()
	for _, r := range s { // a byte that is not UTF-8 comes as utf8.RuneError, refused
		if !sc.keep(r) {
			return false
		}
	}
	return true
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

// Strip drops the characters of s that Safe refuses (and its bytes that are not UTF-8),
// each judged by the characters kept before it, so what is left is Safe, and so is any
// prefix of it.
func Strip(s string) string {
	if Safe(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	sc := newScanner()
	for _, r := range s {
		if sc.keep(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}
