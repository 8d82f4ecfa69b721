package httpx

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

type nested struct {
	Name  string `json:"name"`
	Inner struct {
		Depth int `json:"depth"`
	} `json:"inner"`
	List []struct {
		ID int `json:"id"`
	} `json:"list"`
	Any any `json:"any"`
}

// decodeErr runs Decode on body and answers the error's key and field parameter.
func decodeErr(t *testing.T, body string, v any) (key, field string) {
	t.Helper()
	r := httptest.NewRequest("POST", "/api/x", strings.NewReader(body))
	err := Decode(httptest.NewRecorder(), r, v)
	if err == nil {
		return "", ""
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: not an *Error: %v", body, err)
	}
	return e.Key, e.Params["field"]
}

// A field the target does not have, at any depth, and a key given twice in one object
// (compared as encoding/json matches fields: unescaped, ignoring case) are refused with
// the field's name; keys repeated in different objects are not duplicates.
func TestDecodeRefusesUnknownFieldsAndDuplicateKeys(t *testing.T) {
	for _, c := range []struct {
		body, key, field string
	}{
		{`{"name":"a"}`, "", ""},
		{`{"name":"a","inner":{"depth":1},"list":[{"id":1},{"id":2}],"any":{"id":1,"name":2}}`, "", ""},
		{` {"name":"a"} ` + "\n", "", ""},
		{`{"name":"a","admin":true}`, "error.unknownField", `"admin"`},
		{`{"inner":{"depth":1,"deep":2}}`, "error.unknownField", `"deep"`},
		{`{"list":[{"id":1},{"id":2,"idx":3}]}`, "error.unknownField", `"idx"`},
		{`{"name":"a","name":"b"}`, "error.duplicateField", `"name"`},
		{`{"name":"a","NAME":"b"}`, "error.duplicateField", `"NAME"`},
		{`{"name":"a","n\u0061me":"b"}`, "error.duplicateField", `"name"`},
		{`{"inner":{"depth":1,"depth":2}}`, "error.duplicateField", `"depth"`},
		{`{"list":[{"id":1,"id":2}]}`, "error.duplicateField", `"id"`},
		{`{"any":{"k":1,"k":2}}`, "error.duplicateField", `"k"`},
		{`{"any":[[{"a":{"b":1,"b":1}}]]}`, "error.duplicateField", `"b"`},
		{`{"name":"a","inner":{"depth":1},"any":{"name":1,"inner":2}}`, "", ""},
		{`{"name":`, "error.badJSON", ""},
		{`{"name":"a"}{}`, "error.badJSON", ""},
		{``, "error.badJSON", ""},
	} {
		var v nested
		key, field := decodeErr(t, c.body, &v)
		if key != c.key || field != c.field {
			t.Errorf("%s: %q %q, want %q %q", c.body, key, field, c.key, c.field)
		}
	}
	// A map takes any key, but not one twice.
	var m map[string]any
	if key, _ := decodeErr(t, `{"a":1,"b":2}`, &m); key != "" {
		t.Errorf("map: %s", key)
	}
	if key, field := decodeErr(t, `{"a":1,"A":2}`, &m); key != "error.duplicateField" || field != `"A"` {
		t.Errorf("map duplicate: %s %s", key, field)
	}
}

// An object with many keys is checked as well as a small one (a map past the first few),
// and a long or odd name is quoted and cut in the message.
func TestDecodeDuplicateKeysInLargeObjects(t *testing.T) {
	var b strings.Builder
	b.WriteString("{")
	for i := range 500 {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"k` + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + `_` + strconv.Itoa(i) + `":1`)
	}
	var m map[string]any
	if key, _ := decodeErr(t, b.String()+"}", &m); key != "" {
		t.Fatalf("500 distinct keys: %s", key)
	}
	if key, field := decodeErr(t, b.String()+`,"K_0":2,"kA_0":2}`, &m); key != "error.duplicateField" || field != `"kA_0"` {
		t.Fatalf("late duplicate: %s %s", key, field)
	}
	long := strings.Repeat("é", 100) + "\n"
	_, field := decodeErr(t, `{"`+strings.ReplaceAll(long, "\n", `\n`)+`":1}`, &nested{})
	if !strings.HasPrefix(field, `"éé`) || !strings.HasSuffix(field, `…"`) || strings.Contains(field, "\n") || len([]rune(field)) > 70 {
		t.Fatalf("long name: %q", field)
	}
}

// DecodeFields keeps naming a wrong type with the caller's message key, and refuses
// unknown fields like Decode.
func TestDecodeFields(t *testing.T) {
	r := httptest.NewRequest("POST", "/api/x", strings.NewReader(`{"inner":{"depth":"deep"}}`))
	var e *Error
	if err := DecodeFields(httptest.NewRecorder(), r, &nested{}, "x.field."); !errors.As(err, &e) || e.Key != "validation.invalid" || e.Params["field"] != "x.field.depth" {
		t.Fatalf("wrong type: %v", err)
	}
	r = httptest.NewRequest("POST", "/api/x", strings.NewReader(`{"nmae":"a"}`))
	if err := DecodeFields(httptest.NewRecorder(), r, &nested{}, "x.field."); !errors.As(err, &e) || e.Key != "error.unknownField" || e.Params["field"] != `"nmae"` {
		t.Fatalf("unknown field: %v", err)
	}
}

// DecodeObject is for bodies read as a map: only the listed keys are taken.
func TestDecodeObject(t *testing.T) {
	do := func(body string) (map[string]any, error) {
		r := httptest.NewRequest("POST", "/api/x", strings.NewReader(body))
		return DecodeObject(httptest.NewRecorder(), r, "phone", "password")
	}
	m, err := do(`{"phone":"13800000000","password":"x"}`)
	if err != nil || m["phone"] != "13800000000" {
		t.Fatalf("good body: %v %v", m, err)
	}
	var e *Error
	for body, want := range map[string]string{
		`{"phone":"1","isAdmin":true}`: "error.unknownField",
		`{"phone":"1","phone":"2"}`:    "error.duplicateField",
		`[1,2]`:                        "error.badJSON",
		`null`:                         "error.badJSON",
	} {
		if _, err := do(body); !errors.As(err, &e) || e.Key != want {
			t.Errorf("%s: %v, want %s", body, err, want)
		}
	}
}

// An oversized body is 413, as before.
func TestDecodeBodyTooLarge(t *testing.T) {
	r := httptest.NewRequest("POST", "/api/x", strings.NewReader(`{"name":"`+strings.Repeat("a", MaxBodyBytes)+`"}`))
	var e *Error
	if err := Decode(httptest.NewRecorder(), r, &nested{}); !errors.As(err, &e) || e.Status != http.StatusRequestEntityTooLarge {
		t.Fatalf("%v", err)
	}
}

// BenchmarkDuplicateKeys is the scan Decode adds to every JSON body (duplicate keys and
// NUL), on a typical one (an agent report's shape): two allocations, whatever the number
// of keys.
func BenchmarkDuplicateKeys(b *testing.B) {
	body := []byte(`{"worker":"rig01","coin":"BTC","hardware":{"cpuModel":"Intel","cpuTemp":42,"cpuUsage":12,"memTotal":8589934592,` +
		`"memUsed":2147483648,"os":"Uniplus OS","osVersion":"1.4.2","minerRunning":true,"intranetIp":"192.168.1.50"},` +
		`"gpus":[{"index":0,"model":"RTX 3070","status":"up","hashrate":1e9,"temperature":55,"fan":60,"power":115},` +
		`{"index":1,"model":"RTX 3070","status":"up","hashrate":1e9,"temperature":57,"fan":61,"power":116}]}`)
	b.ReportAllocs()
	for b.Loop() {
		if p, _ := scanBody(body); p != bodyOK {
			b.Fatal(p)
		}
	}
}
