package httpx

import (
	"encoding/json"
	"unicode"
	"unicode/utf8"
)

// bodyProblem is what scanBody found wrong with a body encoding/json has accepted.
type bodyProblem int

const (
	bodyOK           bodyProblem = iota
	bodyDuplicateKey             // a key twice in one object
	bodyNUL                      // a string (key or value) holding U+0000
)

// scanBody finds the first key that appears twice in one object of data, or the first
// string that holds U+0000, in the order of the text, and answers the key as the client
// wrote it (unescaped): the repeated key, or the key whose value holds the NUL (the
// nearest one around it; "" for a NUL outside every object). data must be one valid JSON
// value (Decode has parsed it).
//
// Keys are compared as encoding/json matches them to struct fields: after unescaping,
// ignoring case ({"name":1,"NAME":2} fill the same field, the last one winning), so what
// counts as a duplicate is what would be silently overwritten. A NUL can only come as the
// escape \u0000 (encoding/json refuses a raw control byte), and PostgreSQL refuses it in
// text ("invalid byte sequence"), which would answer 500 where SQLite stores it.
//
// The scan is one pass over the bytes. The folded keys of the objects still open sit end
// to end in one buffer, so a typical body costs the buffer and its index, two
// allocations whatever its number of keys (BenchmarkDuplicateKeys); an object with more
// than linearKeys keys switches to a set, so one with many thousand keys stays linear.
func scanBody(data []byte) (bodyProblem, string) {
	s := keyScanner{data: data, folded: make([]byte, 0, 256), ends: make([]int, 0, 32)}
	return s.value()
}

// linearKeys is how many keys an object holds before its duplicates are looked up in a
// set instead of by comparing with each earlier key.
const linearKeys = 16

type keyScanner struct {
	data   []byte
	pos    int
	folded []byte // folded keys of the open objects, end to end
	ends   []int  // end offset in folded of each key in it
	key    []byte // the nearest key around pos, quoted as in data; nil outside objects
}

// value skips one value, scanning the objects and strings inside it.
func (s *keyScanner) value() (bodyProblem, string) {
	s.space()
	switch s.data[s.pos] {
	case '{':
		return s.object()
	case '[':
		return s.array()
	case '"':
		if s.skipString() {
			return bodyNUL, s.keyName()
		}
	default: // number, true, false, null
		for s.pos < len(s.data) && !isDelimiter(s.data[s.pos]) {
			s.pos++
		}
	}
	return bodyOK, ""
}

// keyName is the nearest key around pos, unescaped.
func (s *keyScanner) keyName() string {
	if s.key == nil {
		return ""
	}
	return unescape(s.key)
}

func (s *keyScanner) array() (bodyProblem, string) {
	s.pos++ // [
	for {
		s.space()
		switch s.data[s.pos] {
		case ']':
			s.pos++
			return bodyOK, ""
		case ',':
			s.pos++
			continue
		}
		if p, name := s.value(); p != bodyOK {
			return p, name
		}
	}
}

// object checks the keys of one object against each other, and the values inside it.
// Its keys are pushed onto folded and ends, and popped when it closes, as is the key
// around it (a NUL after the object, in the same array, is named by that key).
func (s *keyScanner) object() (bodyProblem, string) {
	s.pos++ // {
	firstKey, base, outer := len(s.ends), len(s.folded), s.key
	defer func() { s.ends, s.folded, s.key = s.ends[:firstKey], s.folded[:base], outer }()
	var set map[string]struct{} // past linearKeys keys
	for {
		s.space()
		switch s.data[s.pos] {
		case '}':
			s.pos++
			return bodyOK, ""
		case ',':
			s.pos++
			continue
		}
		start := s.pos
		nul := s.skipString()
		raw := s.data[start:s.pos]
		if nul {
			return bodyNUL, unescape(raw)
		}
		keyStart := len(s.folded)
		s.folded = appendFolded(s.folded, raw)
		key := s.folded[keyStart:]
		var dup bool
		if set, dup = s.seen(key, firstKey, base, set); dup {
			return bodyDuplicateKey, unescape(raw)
		}
		s.ends = append(s.ends, len(s.folded))
		s.key = raw
		s.space()
		s.pos++ // :
		if p, name := s.value(); p != bodyOK {
			return p, name
		}
	}
}

// seen tells whether key equals a key before it in the object whose keys start at ends
// index firstKey and folded offset base. Past linearKeys keys it moves them into a set,
// which it answers for the next call (nil until then).
func (s *keyScanner) seen(key []byte, firstKey, base int, set map[string]struct{}) (map[string]struct{}, bool) {
	if set == nil && len(s.ends)-firstKey < linearKeys {
		from := base
		for _, end := range s.ends[firstKey:] {
			if string(s.folded[from:end]) == string(key) {
				return nil, true
			}
			from = end
		}
		return nil, false
	}
	if set == nil {
		set = make(map[string]struct{}, 2*linearKeys)
		from := base
		for _, end := range s.ends[firstKey:] {
			set[string(s.folded[from:end])] = struct{}{}
			from = end
		}
	}
	if _, ok := set[string(key)]; ok {
		return set, true
	}
	set[string(key)] = struct{}{}
	return set, false
}

func (s *keyScanner) space() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\r', '\n':
			s.pos++
		default:
			return
		}
	}
}

// skipString moves past the string that starts at pos (its opening quote), and tells
// whether it holds the escape \u0000. Escapes are taken whole, so in "\\u0000" (an
// escaped backslash, then the text u0000) there is none.
func (s *keyScanner) skipString() (nul bool) {
	s.pos++
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case '\\':
			if s.pos+6 <= len(s.data) && string(s.data[s.pos+1:s.pos+6]) == "u0000" {
				nul = true
			}
			s.pos += 2
		case '"':
			s.pos++
			return nul
		default:
			s.pos++
		}
	}
	return nul
}

func isDelimiter(c byte) bool {
	switch c {
	case ',', ']', '}', ' ', '\t', '\r', '\n':
		return true
	}
	return false
}

// appendFolded appends the key raw (quoted, as in the body) folded as encoding/json folds
// field names: ASCII letters upper-cased, other runes through ToUpper(ToLower(r)).
func appendFolded(out, raw []byte) []byte {
	in := raw[1 : len(raw)-1]
	for _, c := range in {
		if c == '\\' {
			in = []byte(unescape(raw)) // rare: escapes need the decoder
			break
		}
	}
	for i := 0; i < len(in); {
		if c := in[i]; c < utf8.RuneSelf {
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			out = append(out, c)
			i++
			continue
		}
		r, n := utf8.DecodeRune(in[i:])
		out = utf8.AppendRune(out, unicode.ToUpper(unicode.ToLower(r)))
		i += n
	}
	return out
}

// unescape is the key raw (quoted) as a string.
func unescape(raw []byte) string {
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return string(raw[1 : len(raw)-1]) // cannot happen: Decode parsed it
	}
	return s
}
