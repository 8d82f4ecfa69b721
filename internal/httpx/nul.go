package httpx

import (
	"net/url"
	"strings"
)

// urlNUL refuses a request address that carries U+0000: in the path (whose segments are
// a route's path values) or in a query parameter's name or value, which it names. A NUL
// comes only percent-encoded (%00; net/http refuses a raw control byte in the request
// line, and a NUL in a header value, before any handler runs). PostgreSQL refuses NUL in
// text ("invalid byte sequence for encoding UTF8: 0x00"), so a handler that passes such
// a value to a query would answer 500 and log an error where SQLite answers 400; the
// router refuses it once for every route instead (docs/security.md, "NUL characters").
func urlNUL(u *url.URL) error {
	if strings.IndexByte(u.Path, 0) >= 0 {
		return NULField("")
	}
	if !strings.Contains(u.RawQuery, "%00") {
		return nil // the common case: no query to decode twice
	}
	// Pair by pair, as url.ParseQuery reads them for the handlers (r.URL.Query()), so
	// the name in the message is the first offending parameter of the address. "%2500"
	// is the text "%00", not a NUL: each part is decoded before it is looked at.
	for pair := range strings.SplitSeq(u.RawQuery, "&") {
		rawKey, rawValue, _ := strings.Cut(pair, "=")
		key, err1 := url.QueryUnescape(rawKey)
		value, err2 := url.QueryUnescape(rawValue)
		if err1 != nil || err2 != nil {
			continue // url.ParseQuery drops the pair: no handler sees it
		}
		if strings.IndexByte(key, 0) >= 0 || strings.IndexByte(value, 0) >= 0 {
			return NULField(key)
		}
	}
	return nil
}
