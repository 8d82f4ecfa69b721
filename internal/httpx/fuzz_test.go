package httpx

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// FuzzDecode holds Decode, DecodeObject and the body scan to a reference built from
// encoding/json alone: Decode takes a body exactly when encoding/json reads it as one
// value, no object in it names a key twice (compared as encoding/json matches fields) and
// no string in it holds U+0000; it gives the value encoding/json gives, and names the
// first repeated key or NUL-holding field as the reference finds it. The scan is a hand-written one-pass parser of the raw bytes (escapes, nesting,
// the switch to a set past 16 keys), which is what a mismatch would catch; every money
// call and every form reads its body through it.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"name":"a","inner":{"depth":1},"list":[{"id":1},{"id":2}],"any":{"id":1,"name":2}}`,
		`{"subAccount":"alice","currencyType":"BTC","amount":"0.5","addressId":3,"network":"BTC","remark":"rent","requestId":"r-1","verifyType":"email","code":"123456"}`,
		`{"name":"a","NAME":"b"}`,
		`{"name":"a","n\u0061me":"b"}`,
		`{"any":[[{"a":{"b":1,"b":1}}]]}`,
		`{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"j":10,"k":11,"l":12,"m":13,"n":14,"o":15,"p":16,"q":17,"K":18}`,
		`{"\u212a":1,"k":2}`,      // Kelvin sign folds to K
		`{"\ud800":1,"\udfff":2}`, // lone surrogates both read as U+FFFD
		"{\"\xff\":1,\"\xfe\":2}",
		`{"a\"b":1,"a\\b":2,"a\/b":3}`,
		`{"name":"a"}{}`, `{"name":`, ``, `null`, `[1,2]`, `1e400`, ` {"name":"a"} ` + "\n",
		`{"name":"a\u0000"}`, `{"a\u0000":1}`, `{"name":"\\u0000"}`, `["\u0000"]`, `"\u0000"`,
		`{"list":[{"id":1},"\u0000"]}`, `{"a":1,"a":"\u0000"}`, `{"a":"\u0000","a":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		// Every shape the scan has (escapes, nesting, objects past 16 keys) fits in 2 KiB; a
		// longer input only stalls the fuzzer, whose minimization of an interesting input
		// tries pairs of its bytes. The size limit itself is TestDecodeBodyTooLarge's.
		if len(body) > 2<<10 {
			return
		}
		// Into an interface: any JSON value.
		var got any
		err := Decode(httptest.NewRecorder(), post(body), &got)
		var want any
		wantErr := json.Unmarshal(body, &want)
		refP, refName := refProblem(body)
		refDup := refP != bodyOK
		if wantErr == nil && !refDup {
			if err != nil {
				t.Fatalf("Decode refused %q: %v", body, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("Decode read %q as %#v, encoding/json as %#v", body, got, want)
			}
		} else if err == nil {
			t.Fatalf("Decode took %q (encoding/json: %v; duplicate %q %v)", body, wantErr, refName, refDup)
		}
		checkRefusal(t, body, err, wantErr == nil, refP, refName)

		// Into a struct: unknown fields refused at any depth, as encoding/json's own
		// DisallowUnknownFields does; duplicates as above.
		var gotS, wantS nested
		err = Decode(httptest.NewRecorder(), post(body), &gotS)
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		structOK := dec.Decode(&wantS) == nil
		if structOK {
			if _, tok := dec.Token(); tok != io.EOF {
				structOK = false
			}
		}
		if structOK && !refDup {
			if err != nil || !reflect.DeepEqual(gotS, wantS) {
				t.Fatalf("Decode into a struct: %q: %+v, %v; want %+v", body, gotS, err, wantS)
			}
		} else if err == nil {
			t.Fatalf("Decode into a struct took %q", body)
		}
		checkRefusal(t, body, err, structOK, refP, refName)

		// DecodeObject: an object whose keys are all listed, nothing else.
		keys := []string{"name", "amount", "a", "k"}
		m, err := DecodeObject(httptest.NewRecorder(), post(body), keys...)
		if err == nil {
			if m == nil {
				t.Fatalf("DecodeObject took %q as nil", body)
			}
			for k := range m {
				if !slices.Contains(keys, k) {
					t.Fatalf("DecodeObject took key %q of %q", k, body)
				}
			}
		} else {
			var e *Error
			if !errors.As(err, &e) || e.Status != http.StatusBadRequest {
				t.Fatalf("DecodeObject(%q): %v", body, err)
			}
		}
	})
}

func post(body []byte) *http.Request {
	return httptest.NewRequest(http.MethodPost, "/api/x", bytes.NewReader(body))
}

// checkRefusal checks err is the client's 400 naming the right thing: bad JSON or an
// unknown field when encoding/json refuses the body (decoded false), else the reference's
// duplicate key or NUL-holding field, quoted and bounded.
func checkRefusal(t *testing.T, body []byte, err error, decoded bool, refP bodyProblem, refName string) {
	t.Helper()
	if err == nil {
		return
	}
	var e *Error
	if !errors.As(err, &e) || e.Status != http.StatusBadRequest || e.Code != CodeWarning {
		t.Fatalf("%q: not a 400 warning: %#v", body, err)
	}
	// A named field is quoted (no control character reaches the message) and cut.
	if field, ok := e.Params["field"]; ok && e.Key != "validation.invalid" {
		name, qerr := strconv.Unquote(field)
		if qerr != nil || field != strconv.Quote(name) || utf8.RuneCountInString(name) > maxFieldRunes+1 {
			t.Fatalf("%q: field %q", body, field)
		}
	}
	switch {
	case !decoded:
		if e.Key != "error.badJSON" && e.Key != "error.unknownField" {
			t.Fatalf("%q: %s", body, e.Key)
		}
	case refP == bodyDuplicateKey:
		if e.Key != "error.duplicateField" || e.Params["field"] != quoteField(refName) {
			t.Fatalf("%q: %s %s, want the duplicate %q", body, e.Key, e.Params["field"], refName)
		}
	case refP == bodyNUL:
		if want := NULField(refName); e.Key != want.Key || e.Params["field"] != want.Params["field"] {
			t.Fatalf("%q: %s %s, want NUL in %q", body, e.Key, e.Params["field"], refName)
		}
	}
}

// refProblem finds, in the order of the text, the first key that repeats a key before it
// in the same object, or the first string (key or value) holding U+0000, with
// encoding/json's tokenizer and a plain set per object: the reference for scanBody. A
// NUL in a value is named by the nearest key around it. It answers bodyOK for a body that
// is not JSON.
func refProblem(body []byte) (bodyProblem, string) {
	if !json.Valid(body) {
		return bodyOK, ""
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	type frame struct {
		object, wantKey bool
		keys            map[string]bool
		key             string // the object's current key
	}
	var stack []*frame
	nearestKey := func() string {
		for i := len(stack) - 1; i >= 0; i-- {
			if stack[i].object {
				return stack[i].key
			}
		}
		return ""
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return bodyOK, ""
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.object && top.wantKey {
			if tok == json.Delim('}') {
				stack = stack[:len(stack)-1]
				continue
			}
			k := tok.(string)
			if strings.ContainsRune(k, 0) {
				return bodyNUL, k
			}
			if top.keys[refFold(k)] {
				return bodyDuplicateKey, k
			}
			top.keys[refFold(k)] = true
			top.wantKey, top.key = false, k
			continue
		}
		if top != nil && top.object {
			top.wantKey = true // after this value, a key or the end
		}
		if s, ok := tok.(string); ok && strings.ContainsRune(s, 0) {
			return bodyNUL, nearestKey()
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{object: true, wantKey: true, keys: map[string]bool{}})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
}

// refFold folds a key as encoding/json matches a field name to a key (its foldName).
func refFold(s string) string {
	var b []rune
	for _, r := range s {
		if r < utf8.RuneSelf {
			if 'a' <= r && r <= 'z' {
				r -= 'a' - 'A'
			}
		} else {
			r = unicode.ToUpper(unicode.ToLower(r))
		}
		b = append(b, r)
	}
	return string(b)
}
