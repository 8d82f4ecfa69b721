package stratum

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseRequest(t *testing.T) {
	for _, c := range []struct {
		line   string
		id     string
		method string
		params int
	}{
		{`{"id": 1, "method": "mining.subscribe", "params": ["cgminer/4.12.1"]}`, "1", "mining.subscribe", 1},
		{`{"params": ["a", "b"], "id": "auth", "method": "mining.authorize"}`, `"auth"`, "mining.authorize", 2},
		{`{"id":null,"method":"mining.suggest_target","params":["00"]}`, "null", "mining.suggest_target", 1},
		{`{"method":"mining.extranonce.subscribe"}`, "null", "mining.extranonce.subscribe", 0},
		{`{"id":2,"method":"mining.extranonce.subscribe","params":null}`, "2", "mining.extranonce.subscribe", 0},
		{"  {\"id\":-3.5e2,\"method\":\"x\",\"params\":[{\"a\": [1, 2]}, null]}\r", "-3.5e2", "x", 2},
	} {
		r, err := parseRequest([]byte(c.line))
		if err != nil {
			t.Errorf("%s: %v", c.line, err)
			continue
		}
		if string(r.ID) != c.id || r.Method != c.method || len(r.Params) != c.params {
			t.Errorf("%s: id %s method %q params %d", c.line, r.ID, r.Method, len(r.Params))
		}
	}
	for _, bad := range []string{
		``, `null`, `[]`, `"x"`, `{`, `{"id":1}`, `{"id":1,"method":""}`, `{"id":1,"method":7}`,
		`{"id":true,"method":"x"}`, `{"id":{},"method":"x"}`, `{"id":[1],"method":"x"}`,
		`{"id":1,"method":"x","params":{}}`, `{"id":1,"method":"x","params":"a"}`, `{"id":1,"method":"x"} trailing`,
	} {
		if r, err := parseRequest([]byte(bad)); err == nil {
			t.Errorf("%q parsed: %+v", bad, r)
		}
	}
}

func TestParams(t *testing.T) {
	r, err := parseRequest([]byte(`{"id":1,"method":"m","params":["plain","esc\u0041\"",7,"8.5",null,"\u00e9t\u00e9"]}`))
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []string{"plain", "escA\""} {
		if s, ok := r.paramString(i); !ok || s != want {
			t.Errorf("param %d: %q %v", i, s, ok)
		}
	}
	if _, ok := r.paramString(2); ok {
		t.Error("a number read as a string")
	}
	if s, ok := r.paramString(5); !ok || s != "été" {
		t.Errorf("unicode escapes: %q", s)
	}
	if f, ok := r.paramNumber(2); !ok || f != 7 {
		t.Errorf("number: %v %v", f, ok)
	}
	if f, ok := r.paramNumber(3); !ok || f != 8.5 {
		t.Errorf("quoted number: %v %v", f, ok)
	}
	if _, ok := r.paramNumber(9); ok {
		t.Error("missing param read")
	}
}

// seedLines are the miner lines of every recording, for the fuzzer to start from.
func seedLines(tb testing.TB) [][]byte {
	files, _ := filepath.Glob("testdata/*.jsonl")
	var out [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		for _, raw := range bytes.Split(data, []byte("\n")) {
			var l exchangeLine
			if json.Unmarshal(raw, &l) == nil && l.Dir == "c2s" {
				out = append(out, l.Msg)
			}
		}
	}
	return out
}

// FuzzParseRequest: the line parser never panics, agrees with encoding/json (the
// reference it replaced on the hot path) on every line, and whatever it accepts encodes
// to a line that parses back to the same request.
func FuzzParseRequest(f *testing.F) {
	for _, l := range seedLines(f) {
		f.Add(l)
	}
	for _, s := range []string{
		`{"id":null,"method":"mining.suggest_target","params":["00"]}`, `{}`, `{"id":1e999,"method":"x"}`,
		`{"id":"\ud800","method":"\u0000"}`, `{"id":1,"method":"x","params":[[[[[]]]]]}`, "{\"id\":1,\"method\":\"\xff\"}",
		`{"ID":1,"Method":"x"}`, `{"id":1,"method":"x","method":null}`, `{"id":1,"method":"x","params":[1],"params":[]}`,
		`{"id":1,"method":"x","params":[1,]}`, `{"id":01,"method":"x"}`, `{"id":1,"method":"x","jsonrpc":"2.0"}`,
		`{"id":1,"method":"x","params":["\u00zz"]}`, `{"id":1,"method":"x","extra":{"a":[true,false,null,-0.5e+3]}}`,
		`{"id":1,"method":"x","params":` + strings.Repeat("[", 40) + strings.Repeat("]", 40) + `}`,
		`{"id":1,"me\u0074hod":"x"}`, `{"id":1,"method":"x"}{}`, `{"id":1 "method":"x"}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		r, err := parseRequest(line)
		var ref request
		var refErr error = errNotObject
		if trimmed := bytes.TrimSpace(line); len(trimmed) > 0 && trimmed[0] == '{' {
			ref, refErr = parseRequestJSON(trimmed)
		}
		if (err == nil) != (refErr == nil) {
			t.Fatalf("%q: scanner says %v, encoding/json %v", line, err, refErr)
		}
		if err != nil {
			return
		}
		if !bytes.Equal(ref.ID, r.ID) || ref.Method != r.Method || len(ref.Params) != len(r.Params) {
			t.Fatalf("%q: scanner %+v, encoding/json %+v", line, r, ref)
		}
		for i := range r.Params {
			if !bytes.Equal(ref.Params[i], r.Params[i]) {
				t.Fatalf("%q: param %d: scanner %s, encoding/json %s", line, i, r.Params[i], ref.Params[i])
			}
		}
		enc := r.encode()
		if !json.Valid(bytes.TrimSuffix(enc, []byte("\n"))) {
			t.Fatalf("encoded request is not JSON: %q", enc)
		}
		again, err := parseRequest(enc)
		if err != nil {
			t.Fatalf("re-parse of %q: %v", enc, err)
		}
		if !bytes.Equal(again.ID, r.ID) || again.Method != r.Method || len(again.Params) != len(r.Params) {
			t.Fatalf("round trip: %+v then %+v", r, again)
		}
		for i := range r.Params {
			if !bytes.Equal(again.Params[i], r.Params[i]) {
				t.Fatalf("param %d: %s then %s", i, r.Params[i], again.Params[i])
			}
		}
		// The accessors must hold up against any parameter.
		for i := range r.Params {
			r.paramString(i)
			r.paramNumber(i)
		}
	})
}
