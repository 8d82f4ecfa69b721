package httpx

import (
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/i18n"
)

// A JSON string holding U+0000 (the escape \u0000, the only way JSON carries it) is
// refused, naming the nearest key around it (the key itself when the NUL is in a key),
// before any handler can hand it to PostgreSQL, which refuses NUL in text with an error
// that would answer 500. An escaped backslash before "u0000" is text, not a NUL.
func TestDecodeRefusesNUL(t *testing.T) {
	for _, c := range []struct {
		body, key, field string
	}{
		{`{"name":"a\u0000b"}`, "error.nulField", `"name"`},
		{`{"name":"\u0000"}`, "error.nulField", `"name"`},
		{`{"inner":{"depth":1},"any":{"deep":["x","\u0000"]}}`, "error.nulField", `"deep"`},
		{`{"list":[{"id":1}],"any":[{"k":1},"\u0000"]}`, "error.nulField", `"any"`},
		{`{"any":{"a\u0000":1}}`, "error.nulField", `"a\x00"`},
		{`{"name":"\\u0000"}`, "", ""},
		{`{"name":"\\\u0000"}`, "error.nulField", `"name"`},
		{`{"name":"\u00000"}`, "error.nulField", `"name"`},
		{`{"name":"\u0001"}`, "", ""}, // other controls are the fields' own rules (textcheck)
		// The first problem in the text is the one named.
		{`{"name":"\u0000","name":"b"}`, "error.nulField", `"name"`},
		{`{"name":"a","name":"\u0000"}`, "error.duplicateField", `"name"`},
	} {
		var v nested
		key, field := decodeErr(t, c.body, &v)
		if key != c.key || field != c.field {
			t.Errorf("%s: %q %q, want %q %q", c.body, key, field, c.key, c.field)
		}
	}
	// A NUL outside every object has no field to name.
	var s []string
	if key, field := decodeErr(t, `["ok","\u0000"]`, &s); key != "error.nulRequest" || field != "" {
		t.Errorf("array: %q %q", key, field)
	}
	if _, err := DecodeObject(httptest.NewRecorder(), post([]byte(`{"a":"\u0000"}`)), "a"); err == nil {
		t.Error("DecodeObject took a NUL")
	}
	// The agent report decodes its body itself and calls CheckDuplicateKeys.
	if err := CheckDuplicateKeys([]byte(`{"worker":"rig\u0000"}`)); err == nil {
		t.Error("CheckDuplicateKeys took a NUL")
	}
}

// The router refuses U+0000 in the path or a query parameter of any /api request before
// its handler runs, with the usual code-3 envelope in the caller's language naming the
// parameter, and logs it as a client's mistake (INFO), not an ERROR. %2500 is the text
// "%00". net/http itself answers 400 to a NUL in a header value, so no header the API
// reads as input (x-token, x-uniplus-id, language, timezone) can carry one.
func TestRouterRefusesNULInTheAddress(t *testing.T) {
	var logged strings.Builder
	rt := NewRouter(slog.New(slog.NewTextHandler(&logged, nil)), Options{DefaultLang: "en_US", RequireJSON: true})
	ran := 0
	rt.Handle("GET /api/echo", func(w http.ResponseWriter, r *http.Request) error {
		ran++
		return OK(w, r, r.URL.Query().Get("q"))
	})
	for _, c := range []struct {
		target, lang string
		status       int
		msg          string
	}{
		{"/api/echo?q=%2500", "en_US", 200, `"%00"`},
		{"/api/echo?q=ok&currencyType=%00", "en_US", 400, `"currencyType" contains a NUL character (U+0000)`},
		{"/api/echo?q=a%00b", "zh_CN", 400, `"q"包含空字符（U+0000）`},
		{"/api/echo?a%00=1", "ko_KR", 400, `"a\x00"에 NUL 문자(U+0000)`},
		{"/api/echo?=%00", "zh_HK", 400, `請求中包含空字元（U+0000）`},
		{"/api/echo?q=x&q=%00", "en_US", 400, `"q" contains`},
		{"/api/ec%00ho", "en_US", 400, "The request contains a NUL character"},
		{"/api/echo?q=%zz&r=%00", "en_US", 400, `"r" contains`},
	} {
		req := httptest.NewRequest("GET", c.target, nil)
		req.Header.Set("language", c.lang)
		rec := httptest.NewRecorder()
		before := ran
		rt.ServeHTTP(rec, req)
		var env Envelope
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
			t.Fatalf("%s: %v %s", c.target, err, rec.Body)
		}
		got := env.Msg // the refusal's message; for a success, the value the handler read
		if c.status == 200 {
			data, _ := json.Marshal(env.Data)
			got = string(data)
		}
		if rec.Code != c.status || !strings.Contains(got, c.msg) {
			t.Errorf("%s (%s): %d %s, want %d %s", c.target, c.lang, rec.Code, rec.Body, c.status, c.msg)
		}
		if c.status == 400 && (env.Code != CodeWarning || ran != before) {
			t.Errorf("%s: code %d, handler ran %v", c.target, env.Code, ran != before)
		}
	}
	if strings.Contains(logged.String(), "level=ERROR") {
		t.Errorf("logged an error:\n%s", logged.String())
	}

	// Over a real connection: Go refuses the NUL in a header value itself.
	srv := httptest.NewServer(rt)
	defer srv.Close()
	conn, err := net.Dial("tcp", srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "GET /api/echo HTTP/1.1\r\nHost: x\r\nx-token: a\x00b\r\nConnection: close\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	status, _ := io.ReadAll(io.LimitReader(conn, 12))
	if string(status) != "HTTP/1.1 400" || ran != 1 {
		t.Errorf("NUL in a header: %q, handler ran %d times", status, ran)
	}
}

// Both messages exist in every language.
func TestNULMessagesTranslated(t *testing.T) {
	for _, lang := range i18n.Languages {
		for _, key := range []string{"error.nulField", "error.nulRequest"} {
			if got := i18n.T(lang, key, i18n.Params{"field": `"x"`}); got == key || !strings.Contains(got, "U+0000") {
				t.Errorf("%s %s: %q", lang, key, got)
			}
		}
	}
}
