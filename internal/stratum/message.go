package stratum

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// request is one line from a miner: a JSON-RPC 1.0 call.
type request struct {
	ID     json.RawMessage // a number, a string or null, kept as sent so the reply echoes it exactly
	Method string
	Params []json.RawMessage // positional parameters; none when absent or null
}

// nullID is the id of a notification, and of the reply to a line whose id is unknown.
const nullID = "null"

// wireRequest is how a request looks to encoding/json.
type wireRequest struct {
	ID     json.RawMessage   `json:"id"`
	Method *string           `json:"method"`
	Params []json.RawMessage `json:"params"`
}

// errNotObject and its kin say why a line is junk.
var (
	errNotObject = errors.New("not a JSON object")
	errNoMethod  = errors.New("no method")
	errBadID     = errors.New("id must be a number, a string or null")
)

// parseRequest reads one line (without its newline). A line that is not a JSON object
// with a string method, an id that is a number, string or null (or absent), and params
// that are an array (or absent or null) is an error.
//
// Every share is a line, and encoding/json's reflection took 18% of a pool's CPU per
// share (and grew each connection's goroutine stack for good), so the common shape is
// scanned by hand: keys spelled exactly id, method and params, a method without escapes,
// nesting at most maxScanDepth deep. Anything else (a key that only case-folds to one of
// those, an escaped key or method, deeper nesting) goes to encoding/json, which the
// fuzz test holds the scanner to: both accept the same lines, with the same results.
// The id and params share the line's bytes, which the caller keeps until it is done
// with the request.
func parseRequest(line []byte) (request, error) {
	return parseRequestInto(line, nil)
}

// parseRequestInto is parseRequest keeping the parameters in params' array when they fit,
// so that a share's line allocates nothing for them; the request is then valid only
// until params is reused.
func parseRequestInto(line []byte, params []json.RawMessage) (request, error) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' {
		return request{}, errNotObject
	}
	r, err, ok := scanRequest(line, params[:0])
	if !ok {
		return parseRequestJSON(line)
	}
	return r, err
}

// parseRequestJSON is parseRequest by encoding/json: the scanner's fallback and its
// reference.
func parseRequestJSON(line []byte) (request, error) {
	var w wireRequest
	if err := json.Unmarshal(line, &w); err != nil {
		return request{}, fmt.Errorf("parse request: %w", err)
	}
	if w.Method == nil {
		return request{}, errNoMethod
	}
	return checkRequest(w.ID, *w.Method, w.Params)
}

// checkRequest applies the rules both parsers share once the line is read.
func checkRequest(id json.RawMessage, method string, params []json.RawMessage) (request, error) {
	if method == "" {
		return request{}, errNoMethod
	}
	r := request{ID: id, Method: method, Params: params}
	if len(r.ID) == 0 {
		r.ID = json.RawMessage(nullID)
	}
	switch c := r.ID[0]; {
	case c == '"', c == '-', c >= '0' && c <= '9', string(r.ID) == nullID:
	default:
		return request{}, errBadID
	}
	return r, nil
}

// errScan is the scanner's refusal of a line that is not JSON; the details are
// encoding/json's business, and a miner only sees "parse error".
var errScan = errors.New("parse request: invalid JSON")

// maxScanDepth is how deep the scanner follows nested arrays and objects; deeper lines go
// to encoding/json.
const maxScanDepth = 32

// scanRequest parses a trimmed line that starts with '{'. ok false means the line is
// beyond the scanner and encoding/json must decide.
func scanRequest(b []byte, store []json.RawMessage) (r request, err error, ok bool) {
	var id json.RawMessage
	var method []byte
	var hasMethod bool // a method key whose value is a string (null undoes it, as a nil *string)
	var params []json.RawMessage
	i := skipSpace(b, 1)
	if i < len(b) && b[i] == '}' {
		i++
	} else {
		for {
			if i >= len(b) || b[i] != '"' {
				return r, errScan, true
			}
			kEnd, esc := scanString(b, i)
			if kEnd < 0 {
				return r, errScan, true
			}
			if esc {
				return r, nil, false
			}
			key := b[i+1 : kEnd-1]
			i = skipSpace(b, kEnd)
			if i >= len(b) || b[i] != ':' {
				return r, errScan, true
			}
			i = skipSpace(b, i+1)
			vEnd := scanValue(b, i, 0)
			switch vEnd {
			case -1:
				return r, errScan, true
			case -2:
				return r, nil, false
			}
			v := b[i:vEnd]
			switch string(key) {
			case "id":
				id = json.RawMessage(v)
			case "method":
				switch v[0] {
				case 'n':
					if string(v) != "null" {
						return r, errScan, true
					}
					hasMethod, method = false, nil
				case '"':
					if bytes.IndexByte(v, '\\') >= 0 || !utf8.Valid(v) {
						return r, nil, false // encoding/json unescapes and mends UTF-8
					}
					hasMethod, method = true, v[1:len(v)-1]
				default:
					return r, nil, false // encoding/json's type error
				}
			case "params":
				switch v[0] {
				case 'n':
					if string(v) != "null" {
						return r, errScan, true
					}
					params = nil
				case '[':
					params = splitArray(v, store[:0])
				default:
					return r, nil, false // encoding/json's type error
				}
			default:
				if bytes.EqualFold(key, []byte("id")) || bytes.EqualFold(key, []byte("method")) || bytes.EqualFold(key, []byte("params")) {
					return r, nil, false // encoding/json matches keys without regard to case
				}
			}
			i = skipSpace(b, vEnd)
			if i >= len(b) {
				return r, errScan, true
			}
			if b[i] == '}' {
				i++
				break
			}
			if b[i] != ',' {
				return r, errScan, true
			}
			i = skipSpace(b, i+1)
		}
	}
	if skipSpace(b, i) != len(b) {
		return r, errScan, true
	}
	if !hasMethod {
		return r, errNoMethod, true
	}
	if len(params) == 0 {
		params = nil
	}
	r, err = checkRequest(id, string(method), params)
	return r, err, true
}

// splitArray appends the elements of the valid JSON array v.
func splitArray(v []byte, out []json.RawMessage) []json.RawMessage {
	i := skipSpace(v, 1)
	if v[i] == ']' {
		return append(out, nil)[:len(out)] // empty, but not nil: "params":[] is no parameters
	}
	for {
		end := scanValue(v, i, 0)
		out = append(out, json.RawMessage(v[i:end]))
		i = skipSpace(v, end)
		if v[i] == ']' {
			return out
		}
		i = skipSpace(v, i+1) // the comma
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// scanString answers the end (one past the closing quote) of the JSON string at b[i],
// and whether it has escapes; -1 when it is not a valid string.
func scanString(b []byte, i int) (end int, escaped bool) {
	for i++; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i + 1, escaped
		case c < 0x20:
			return -1, false
		case c == '\\':
			escaped = true
			i++
			if i >= len(b) {
				return -1, false
			}
			switch b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if i+4 >= len(b) {
					return -1, false
				}
				for _, h := range b[i+1 : i+5] {
					if !isHexDigit(h) {
						return -1, false
					}
				}
				i += 4
			default:
				return -1, false
			}
		}
	}
	return -1, false
}

func isHexDigit(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// scanValue answers the end of the JSON value at b[i]: -1 when it is not valid JSON, -2
// when it nests deeper than maxScanDepth.
func scanValue(b []byte, i, depth int) int {
	if i >= len(b) {
		return -1
	}
	switch c := b[i]; {
	case c == '"':
		end, _ := scanString(b, i)
		return end
	case c == '{' || c == '[':
		if depth >= maxScanDepth {
			return -2
		}
		closer := byte('}')
		if c == '[' {
			closer = ']'
		}
		i = skipSpace(b, i+1)
		if i < len(b) && b[i] == closer {
			return i + 1
		}
		for {
			if c == '{' {
				if i >= len(b) || b[i] != '"' {
					return -1
				}
				end, _ := scanString(b, i)
				if end < 0 {
					return -1
				}
				i = skipSpace(b, end)
				if i >= len(b) || b[i] != ':' {
					return -1
				}
				i = skipSpace(b, i+1)
			}
			end := scanValue(b, i, depth+1)
			if end < 0 {
				return end
			}
			i = skipSpace(b, end)
			if i >= len(b) {
				return -1
			}
			if b[i] == closer {
				return i + 1
			}
			if b[i] != ',' {
				return -1
			}
			i = skipSpace(b, i+1)
		}
	case c == 't':
		return literal(b, i, "true")
	case c == 'f':
		return literal(b, i, "false")
	case c == 'n':
		return literal(b, i, "null")
	case c == '-' || c >= '0' && c <= '9':
		return scanNumber(b, i)
	}
	return -1
}

func literal(b []byte, i int, word string) int {
	if len(b)-i >= len(word) && string(b[i:i+len(word)]) == word {
		return i + len(word)
	}
	return -1
}

// scanNumber answers the end of the JSON number at b[i], or -1.
func scanNumber(b []byte, i int) int {
	if b[i] == '-' {
		i++
	}
	digits := func() bool {
		start := i
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			i++
		}
		return i > start
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case !digits():
		return -1
	}
	if i < len(b) && b[i] == '.' {
		i++
		if !digits() {
			return -1
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if !digits() {
			return -1
		}
	}
	return i
}

// encode writes the request as one line, newline included.
func (r request) encode() []byte {
	b := make([]byte, 0, 64+len(r.Method)+16*len(r.Params))
	b = append(b, `{"id":`...)
	if len(r.ID) == 0 {
		b = append(b, nullID...)
	} else {
		b = append(b, r.ID...)
	}
	b = append(b, `,"method":`...)
	b = appendJSONString(b, r.Method)
	b = append(b, `,"params":[`...)
	for i, p := range r.Params {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, p...)
	}
	return append(b, "]}\n"...)
}

// isNull says whether the id is null, which makes the request a JSON-RPC 1.0 notification.
func (r request) isNull() bool { return string(r.ID) == nullID }

// paramString reads parameter i as a string.
func (r request) paramString(i int) (string, bool) {
	if i >= len(r.Params) {
		return "", false
	}
	raw := r.Params[i]
	// Every hot parameter (worker, job id, hex) is plain ASCII without escapes: take it
	// without a trip through reflection.
	if len(raw) >= 2 && raw[0] == '"' && raw[len(raw)-1] == '"' && bytes.IndexByte(raw[1:len(raw)-1], '\\') < 0 && utf8.Valid(raw) {
		return string(raw[1 : len(raw)-1]), true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// paramNumber reads parameter i as a number, or as a string holding one (some proxies
// quote numbers).
func (r request) paramNumber(i int) (float64, bool) {
	if i >= len(r.Params) {
		return 0, false
	}
	var f float64
	if json.Unmarshal(r.Params[i], &f) == nil {
		return f, true
	}
	if s, ok := r.paramString(i); ok {
		if f, err := strconv.ParseFloat(s, 64); err == nil {
			return f, true
		}
	}
	return 0, false
}

// appendJSONString appends s as a JSON string.
func appendJSONString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			b, _ := json.Marshal(s)
			return append(dst, b...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}

// appendResult appends a successful reply line; result is raw JSON.
func appendResult(dst []byte, id json.RawMessage, result []byte) []byte {
	dst = append(dst, `{"id":`...)
	dst = append(dst, id...)
	dst = append(dst, `,"result":`...)
	dst = append(dst, result...)
	return append(dst, ",\"error\":null}\n"...)
}

// appendError appends an error reply line: "error": [code, message, null], the form
// cgminer reads.
func appendError(dst []byte, id json.RawMessage, e *Error) []byte {
	dst = append(dst, `{"id":`...)
	dst = append(dst, id...)
	dst = append(dst, `,"result":null,"error":[`...)
	dst = strconv.AppendInt(dst, int64(e.Code), 10)
	dst = append(dst, ',')
	dst = appendJSONString(dst, e.Message)
	return append(dst, ",null]}\n"...)
}

// appendDifficulty appends a difficulty as a JSON number without an exponent, which the
// simplest firmware parsers need.
func appendDifficulty(dst []byte, d float64) []byte {
	return strconv.AppendFloat(dst, d, 'f', -1, 64)
}

// appendSetDifficulty appends a mining.set_difficulty notification.
func appendSetDifficulty(dst []byte, d float64) []byte {
	dst = append(dst, `{"id":null,"method":"mining.set_difficulty","params":[`...)
	dst = appendDifficulty(dst, d)
	return append(dst, "]}\n"...)
}

// appendNotify appends a mining.notify for j under the job id the miner will see:
// [job_id, prevhash, coinb1, coinb2, [merkle branch], version, nbits, ntime, clean_jobs].
func appendNotify(dst []byte, j *Job, wireID string, clean bool) []byte {
	return appendNotifyWith(dst, j, wireID, clean, j.Coinb1, j.Coinb2)
}

// appendNotifyWith is appendNotify with the connection's own coinbase parts (Job.PerWorker).
func appendNotifyWith(dst []byte, j *Job, wireID string, clean bool, coinb1, coinb2 []byte) []byte {
	dst = append(dst, `{"id":null,"method":"mining.notify","params":[`...)
	dst = appendJSONString(dst, wireID)
	dst = append(dst, `,"`...)
	dst = append(dst, EncodePrevHash(j.PrevHash)...)
	dst = append(dst, `","`...)
	dst = appendHexBytes(dst, coinb1)
	dst = append(dst, `","`...)
	dst = appendHexBytes(dst, coinb2)
	dst = append(dst, `",[`...)
	for i := range j.MerkleBranch {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, '"')
		dst = appendHexBytes(dst, j.MerkleBranch[i][:])
		dst = append(dst, '"')
	}
	dst = append(dst, `],"`...)
	dst = appendHex32(dst, j.Version)
	dst = append(dst, `","`...)
	dst = appendHex32(dst, j.NBits)
	dst = append(dst, `","`...)
	dst = appendHex32(dst, j.NTime)
	dst = append(dst, `",`...)
	dst = strconv.AppendBool(dst, clean)
	return append(dst, "]}\n"...)
}
