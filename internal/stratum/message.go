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
func parseRequest(line []byte) (request, error) {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] != '{' {
		return request{}, errNotObject
	}
	var w wireRequest
	if err := json.Unmarshal(line, &w); err != nil {
		return request{}, fmt.Errorf("parse request: %w", err)
	}
	if w.Method == nil || *w.Method == "" {
		return request{}, errNoMethod
	}
	r := request{ID: w.ID, Method: *w.Method}
	if len(r.ID) == 0 {
		r.ID = json.RawMessage(nullID)
	}
	switch c := r.ID[0]; {
	case c == '"', c == '-', c >= '0' && c <= '9', string(r.ID) == nullID:
	default:
		return request{}, errBadID
	}
	r.Params = w.Params
	return r, nil
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
