package stratum

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Dialect is the protocol a Server speaks on its port. Stratum v1 is the zero value. The
// others are the dialects of coins whose node builds the whole block, so that a miner
// only varies an 8-byte nonce in a header the pool hands out (Job.Header): the session
// code, vardiff, bans, caps, duplicate refusal and the Handler are the same for all; only
// the lines on the wire differ.
//
// IronFish (the SDK's MiningPoolMiner and StratumTcpClient, stratum version 3): every
// line is {"id", "method", "body"}. The miner sends mining.subscribe {version,
// publicAddress, name, agent}, which is also its authorization (the worker is its name,
// "subaccount.rig"), and mining.submit {miningRequestId, randomness}; mining.get_status is
// answered with mining.status. The pool sends mining.subscribed {clientId, xn} (xn is the
// extranonce1, the top of the 8-byte randomness), mining.set_target {target} (the share
// target, 64 hex digits, big-endian), mining.notify {miningRequestId, header} (the
// 180-byte header in hex), mining.submitted {id, result, message} for each share,
// mining.wait_for_work when it has no work, and mining.disconnect {reason,
// versionExpected} before it hangs up on a miner of another version. Errors are
// {"id", "error": {"id", "message"}}.
//
// Kaspa (the GPU and ASIC miners that kaspa-stratum-bridge serves): JSON-RPC lines as on
// v1. mining.subscribe [agent, ...] is answered [true, "EthereumStratum/1.0.0"];
// mining.authorize [worker, password]; then mining.set_extranonce [extranonce1,
// nonce bytes left], mining.set_difficulty [d] and mining.notify. The notify has two
// forms, chosen by the miner's user agent (kaspaBigJob): [job, [w0, w1, w2, w3],
// timestamp], the pre-PoW hash as four little-endian u64 words and the timestamp in
// milliseconds, or the big job [job, hex] of the pre-PoW hash and the timestamp's 8
// little-endian bytes, 80 hex digits. mining.submit [worker, job, nonce] carries the
// nonce in hex, whole (16 digits, extranonce1 first) or only the miner's part.
//
// On both, job ids on the wire are per connection counters in decimal (IronFish's
// miningRequestId is a number): a connection's id for a job, and for the same job again
// after a difficulty change, is its own.
type Dialect string

// The dialects.
const (
	DialectStratumV1 Dialect = ""
	DialectIronFish  Dialect = "ironfish"
	DialectKaspa     Dialect = "kaspa"
)

// headerWork says whether the dialect's jobs are Job.Header work with numbered wire ids.
func (d Dialect) headerWork() bool { return d == DialectIronFish || d == DialectKaspa }

// String names the dialect for logs and errors.
func (d Dialect) String() string {
	if d == DialectStratumV1 {
		return "stratum-v1"
	}
	return string(d)
}

// ironFishVersion is the stratum version the IronFish SDK's miner speaks (2.x).
const ironFishVersion = 3

// IronFishHeaderBytes is the size of an IronFish job's header; the randomness is its
// first 8 bytes.
const IronFishHeaderBytes = 180

// KaspaWorkBytes is the size of a Kaspa job's Header: the pre-PoW hash and the
// timestamp.
const KaspaWorkBytes = 40

// kaspaBigJob is the user agents of the miners that take the big-job notify: the ones
// kaspa-stratum-bridge sends it to (BzMiner), and IceRiver's ASIC firmware, which
// expects the same single hex string.
var kaspaBigJob = regexp.MustCompile(`(?i)bzminer|iceriver`)

// ironFishLine is an IronFish line as encoding/json reads it.
type ironFishLine struct {
	ID     json.RawMessage `json:"id"`
	Method *string         `json:"method"`
	Body   json.RawMessage `json:"body"`
}

var errIronFishID = errors.New("id must be a number")

// parseIronFish reads an IronFish line into a request whose single parameter is the
// body (absent: none). The common shape is scanned by hand, as on v1 (parseRequest): a
// share is a line, and encoding/json's reflection over the line and its body took three
// quarters of the dialect's time per share. Anything unusual goes to encoding/json.
func parseIronFish(line []byte, params []json.RawMessage) (request, error) {
	line = bytes.TrimSpace(line)
	var id, method, body []byte
	fast := len(line) > 0 && line[0] == '{' && scanFields(line, func(k, v []byte) bool {
		switch string(k) {
		case "id":
			id = v
		case "method":
			if v[0] != '"' || bytes.IndexByte(v, '\\') >= 0 || !utf8.Valid(v) {
				return false
			}
			method = v[1 : len(v)-1]
		case "body":
			body = v
		default:
			return !foldsTo(k, "id", "method", "body")
		}
		return true
	})
	var l ironFishLine
	if fast {
		m := string(method)
		l = ironFishLine{ID: id, Body: body}
		if method != nil {
			l.Method = &m
		}
	} else if err := json.Unmarshal(line, &l); err != nil {
		return request{}, err
	}
	if l.Method == nil || *l.Method == "" {
		return request{}, errNoMethod
	}
	if len(l.ID) == 0 || (l.ID[0] != '-' && (l.ID[0] < '0' || l.ID[0] > '9')) {
		return request{}, errIronFishID
	}
	r := request{ID: l.ID, Method: *l.Method, Params: params[:0]}
	if len(l.Body) > 0 && string(l.Body) != "null" {
		r.Params = append(r.Params, l.Body)
	}
	return r, nil
}

// appendIronFishMessage appends a line from the pool: {"id":n,"method":m,"body":body}.
func appendIronFishMessage(dst []byte, id uint32, method string, body []byte) []byte {
	dst = append(dst, `{"id":`...)
	dst = strconv.AppendUint(dst, uint64(id), 10)
	dst = append(dst, `,"method":`...)
	dst = appendJSONString(dst, method)
	if body != nil {
		dst = append(dst, `,"body":`...)
		dst = append(dst, body...)
	}
	return append(dst, "}\n"...)
}

// appendIronFishSubmitted appends the answer to a share.
func appendIronFishSubmitted(dst []byte, id uint32, reqID json.RawMessage, e *Error) []byte {
	body := make([]byte, 0, 64)
	body = append(body, `{"id":`...)
	body = append(body, reqID...)
	if e == nil {
		body = append(body, `,"result":true}`...)
	} else {
		body = append(body, `,"result":false,"message":`...)
		body = appendJSONString(body, e.Message)
		body = append(body, '}')
	}
	return appendIronFishMessage(dst, id, "mining.submitted", body)
}

// appendIronFishError appends an error answer to a request other than a share.
func appendIronFishError(dst []byte, id uint32, reqID json.RawMessage, e *Error) []byte {
	dst = append(dst, `{"id":`...)
	dst = strconv.AppendUint(dst, uint64(id), 10)
	dst = append(dst, `,"error":{"id":`...)
	dst = append(dst, reqID...)
	dst = append(dst, `,"message":`...)
	dst = appendJSONString(dst, e.Message)
	return append(dst, "}}\n"...)
}

// appendIronFishNotify appends mining.notify of header work under a numbered wire id.
func appendIronFishNotify(dst []byte, id uint32, wireID string, header []byte) []byte {
	body := make([]byte, 0, 48+2*len(header))
	body = append(body, `{"miningRequestId":`...)
	body = append(body, wireID...)
	body = append(body, `,"header":"`...)
	body = appendHexBytes(body, header)
	body = append(body, `"}`...)
	return appendIronFishMessage(dst, id, "mining.notify", body)
}

// appendIronFishSetTarget appends mining.set_target for share difficulty d.
func appendIronFishSetTarget(dst []byte, id uint32, d float64) []byte {
	t := IronFishShareTarget(d)
	body := make([]byte, 0, 80)
	body = append(body, `{"target":"`...)
	body = appendHexBytes(body, t[:])
	body = append(body, `"}`...)
	return appendIronFishMessage(dst, id, "mining.set_target", body)
}

// appendKaspaNotify appends mining.notify of Kaspa work: the big job (one hex string) or
// the pre-PoW hash as four little-endian u64 words and the timestamp, as JSON integers
// written exactly (they pass 2^53).
func appendKaspaNotify(dst []byte, wireID string, header []byte, big bool) []byte {
	dst = append(dst, `{"id":null,"method":"mining.notify","params":["`...)
	dst = append(dst, wireID...)
	dst = append(dst, `",`...)
	if big || len(header) != KaspaWorkBytes {
		dst = append(dst, '"')
		dst = appendHexBytes(dst, header)
		dst = append(dst, '"')
	} else {
		dst = append(dst, '[')
		for i := 0; i < 4; i++ {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = strconv.AppendUint(dst, binary.LittleEndian.Uint64(header[8*i:]), 10)
		}
		dst = append(dst, "],"...)
		dst = strconv.AppendUint(dst, binary.LittleEndian.Uint64(header[32:]), 10)
	}
	return append(dst, "]}\n"...)
}

// appendKaspaSetExtranonce appends mining.set_extranonce [extranonce1, nonce bytes left].
func appendKaspaSetExtranonce(dst, en1 []byte) []byte {
	dst = append(dst, `{"id":null,"method":"mining.set_extranonce","params":["`...)
	dst = appendHexBytes(dst, en1)
	dst = append(dst, `",`...)
	dst = strconv.AppendInt(dst, int64(8-len(en1)), 10)
	return append(dst, "]}\n"...)
}

// parseHeaderNonce reads a header-work nonce in hex: 16 digits whose top bytes must be
// the connection's extranonce1, or (Kaspa miners may send only their part) at most the
// digits after it, which extranonce1 is put in front of. An optional 0x is dropped.
func parseHeaderNonce(s string, en1 []byte, partial bool) (uint64, *Error) {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	if s == "" || len(s) > 16 {
		return 0, &Error{CodeOther, "malformed mining.submit: nonce must be at most 16 hex digits"}
	}
	v, err := strconv.ParseUint(s, 16, 64)
	if err != nil {
		return 0, &Error{CodeOther, "malformed mining.submit: nonce is not hex"}
	}
	var prefix uint64
	for _, b := range en1 {
		prefix = prefix<<8 | uint64(b)
	}
	shift := uint(64 - 8*len(en1))
	if len(s) < 16 {
		if !partial || len(s) > 16-2*len(en1) {
			return 0, &Error{CodeOther, "malformed mining.submit: nonce must be 16 hex digits"}
		}
		return prefix<<shift | v, nil
	}
	if v>>shift != prefix {
		return 0, &Error{CodeOther, "nonce does not start with this connection's extranonce"}
	}
	return v, nil
}

// diff1IronFish is the target of share difficulty 1 on the IronFish dialect: 2^224.
var diff1IronFish = new(big.Int).Lsh(big.NewInt(1), 224)

// IronFishShareTarget is the target of share difficulty d on the IronFish dialect:
// 2^224 / d, so that a share of difficulty 1 is 2^32 hashes on average, as on Stratum v1
// (sha256d) and Kaspa's dialect: one difficulty scale for every coin, in vardiff's
// bounds, the hashrate sums and the alerts. IronFish's own difficulty (hashes per block,
// 2^256 / target) is 2^32 times ours; the miner only ever sees the target. Targets above
// 2^256-1 (d below 2^-32) are capped there.
func IronFishShareTarget(d float64) [32]byte {
	var out [32]byte
	if !(d > 0) || math.IsInf(d, 0) {
		if !(d > 0) {
			for i := range out {
				out[i] = 0xff
			}
		}
		return out
	}
	q := new(big.Float).SetPrec(512).SetInt(diff1IronFish)
	q.Quo(q, new(big.Float).SetPrec(512).SetFloat64(d))
	t, _ := q.Int(nil)
	if t.BitLen() > 256 {
		for i := range out {
			out[i] = 0xff
		}
		return out
	}
	t.FillBytes(out[:])
	return out
}

// scanFields calls fn with each key and raw value of the JSON object b (trimmed, from its
// '{'), and answers false when fn does or the object is beyond the scanner (an escaped
// key, deep nesting, anything invalid): encoding/json decides those.
func scanFields(b []byte, fn func(key, v []byte) bool) bool {
	i := skipSpace(b, 1)
	if i < len(b) && b[i] == '}' {
		return skipSpace(b, i+1) == len(b)
	}
	for {
		if i >= len(b) || b[i] != '"' {
			return false
		}
		kEnd, esc := scanString(b, i)
		if kEnd < 0 || esc {
			return false
		}
		key := b[i+1 : kEnd-1]
		i = skipSpace(b, kEnd)
		if i >= len(b) || b[i] != ':' {
			return false
		}
		i = skipSpace(b, i+1)
		vEnd := scanValue(b, i, 0)
		if vEnd < 0 || !fn(key, b[i:vEnd]) {
			return false
		}
		i = skipSpace(b, vEnd)
		if i >= len(b) {
			return false
		}
		if b[i] == '}' {
			return skipSpace(b, i+1) == len(b)
		}
		if b[i] != ',' {
			return false
		}
		i = skipSpace(b, i+1)
	}
}

// foldsTo says whether key matches one of names without regard to case, as
// encoding/json matches keys: the scanner leaves such keys to it.
func foldsTo(key []byte, names ...string) bool {
	for _, n := range names {
		if bytes.EqualFold(key, []byte(n)) {
			return true
		}
	}
	return false
}

// parseIronFishSubmit reads a mining.submit body: the miningRequestId (a number) and the
// randomness, scanned by hand in the common shape, by encoding/json otherwise.
func parseIronFishSubmit(v []byte) (wireID, randomness string, ok bool) {
	var id, rnd []byte
	if len(v) > 0 && v[0] == '{' && scanFields(v, func(k, v []byte) bool {
		switch string(k) {
		case "miningRequestId":
			if v[0] < '0' || v[0] > '9' {
				return false
			}
			id = v
		case "randomness":
			if v[0] != '"' || bytes.IndexByte(v, '\\') >= 0 {
				return false
			}
			rnd = v[1 : len(v)-1]
		default:
			return !foldsTo(k, "miningRequestId", "randomness")
		}
		return true
	}) {
		return string(id), string(rnd), id != nil && len(rnd) > 0
	}
	var body ironFishSubmit
	if json.Unmarshal(v, &body) != nil || body.MiningRequestID == "" || body.Randomness == "" {
		return "", "", false
	}
	return body.MiningRequestID.String(), body.Randomness, true
}
