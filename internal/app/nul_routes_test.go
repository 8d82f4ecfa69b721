package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/content"
	"github.com/uniplus-pool/pool/internal/db"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/pool"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// nul is U+0000, the character PostgreSQL refuses in text ("invalid byte sequence for
// encoding UTF8: 0x00") while SQLite stores it.
const nul = "\x00"

// U+0000 sent to every route of openapi.json, on SQLite and PostgreSQL, with a session, an
// observer link or a Uniplus ID where the route takes one (so the handler, not the login
// check, would see the value): in each query parameter (alone, then among plausible
// values for the others), in each path parameter, in each declared field of a JSON body
// at any depth (alone, then in an otherwise plausible body), in a body key, and in each
// header parameter. No answer may be a 5xx and nothing may be logged at ERROR: before the
// router and the JSON reader refused NUL, PostgreSQL answered 84 of these requests, on 41
// routes (17 of them without a login: ?currencyType=%00, the explorer's and solo search's
// coin...), with a 500 and an ERROR line, where SQLite answered 400 or stored the NUL
// (issue 29 item 3).
func TestNULInEveryInputOfEveryRoute(t *testing.T) {
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if err := (&content.Store{DB: d}).EnsureDefaults(ctx); err != nil {
			t.Fatal(err)
		}
		if err := seedDemo(ctx, d); err != nil {
			t.Fatal(err)
		}
		seedPoolStats(t, d)
		logged := &syncBuffer{}
		log := slog.New(slog.NewTextHandler(logged, &slog.HandlerOptions{Level: slog.LevelDebug}))
		mail := &codeBox{}
		rt := NewRouter(Deps{Config: config.Default(), DB: d, Log: log, Limiter: &ratelimit.DB{DB: d}, Guard: &ratelimit.DBGuard{DB: d},
			Email: mail, SMS: mail})
		// No contract check on the answers: the bodies here break the document on purpose
		// (a string for a number, a stray key), and the point is only that none is a 5xx.
		srv := httptest.NewServer(rt)
		t.Cleanup(srv.Close)
		a := &apiClient{t: t, base: srv.URL, hc: &http.Client{Transport: uncheckedTransport()}}

		// Credentials, so that each route's handler runs rather than its login check: the
		// shared token parameter is a session; an x-token a route declares itself is an
		// observer link's; x-uniplus-id is a sub-account's Uniplus ID.
		session := demoSession(t, d)
		a.call("POST", "/api/pc/v1/pool/subaccount/create", session, map[string]any{"code": "nul_a", "alias": "NUL", "defaultCoin": "BTC"}, 200)
		var up struct {
			UniplusID string `json:"uniplusId"`
		}
		a.decode(a.call("POST", "/api/pc/v1/pool/subaccount/uniplus/regenerate", session, map[string]any{"code": "nul_a"}, 200), &up)
		var link struct {
			Token string `json:"token"`
		}
		a.decode(a.call("POST", "/api/pc/v1/customer/observer/link/add", session, map[string]any{"currencyList": []string{"BTC"},
			"machineInfoEnabled": true, "incomeInfoEnabled": true, "note": "nul", "subAccounts": []string{"nul_a"}}, 200), &link)
		credential := func(pr *openapi3.ParameterRef) (string, bool) {
			switch {
			case pr.Ref == "#/components/parameters/token":
				return session, true
			case strings.EqualFold(pr.Value.Name, "x-token"):
				return link.Token, true
			case strings.EqualFold(pr.Value.Name, pool.AgentHeader):
				return up.UniplusID, true
			}
			return "", false
		}

		var sent, refused int
		var fivexx []string
		send := func(method, target string, headers map[string]string, body []byte) {
			t.Helper()
			var rd io.Reader
			if body != nil {
				rd = bytes.NewReader(body)
			}
			req, err := http.NewRequest(method, srv.URL+target, rd)
			if err != nil {
				t.Fatalf("%s %s: %v", method, target, err)
			}
			if body != nil {
				req.Header.Set("Content-Type", "application/json")
			}
			req.Header.Set("language", "en_US")
			for k, v := range headers {
				req.Header.Set(k, v)
			}
			resp, err := a.hc.Do(req)
			if err != nil {
				t.Fatalf("%s %s: %v", method, target, err)
			}
			raw, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			sent++
			if resp.StatusCode >= 500 {
				fivexx = append(fivexx, fmt.Sprintf("%s %s %s -> %d %.200s", method, target, body, resp.StatusCode, raw))
			}
			if resp.StatusCode == http.StatusBadRequest && strings.Contains(string(raw), "U+0000") {
				refused++
			}
		}

		paths := c.doc.Paths.Map()
		headerRoutes := map[string]string{} // a header parameter -> one route that takes it
		for _, path := range slices.Sorted(maps.Keys(paths)) {
			item := paths[path]
			for method, op := range item.Operations() {
				params := append(slices.Clone(item.Parameters), op.Parameters...)
				headers := map[string]string{}
				var query, pathParams []*openapi3.Parameter
				for _, pr := range params {
					p := pr.Value
					switch p.In {
					case openapi3.ParameterInQuery:
						query = append(query, p)
					case openapi3.ParameterInPath:
						pathParams = append(pathParams, p)
					case openapi3.ParameterInHeader:
						if v, ok := credential(pr); ok {
							headers[p.Name] = v
						}
						headerRoutes[p.Name] = method + " " + path
					}
				}
				// A path parameter holding NUL, the others plausible.
				target := func(nulParam string) string {
					out := path
					for _, p := range pathParams {
						v := fmt.Sprint(plausible(p.Schema.Value))
						if p.Name == nulParam {
							v = nul
						}
						out = strings.ReplaceAll(out, "{"+p.Name+"}", url.PathEscape(v))
					}
					return out
				}
				var bodies [][]byte
				if op.RequestBody != nil {
					if mt := op.RequestBody.Value.Content.Get("application/json"); mt != nil {
						for _, b := range nulBodies(mt.Schema.Value) {
							raw, err := json.Marshal(b)
							if err != nil {
								t.Fatal(err)
							}
							bodies = append(bodies, raw)
						}
						bodies = append(bodies, []byte(`{"\u0000":1}`))
					}
				}
				// A body the route takes, for the requests that carry NUL elsewhere.
				var good []byte
				if op.RequestBody != nil {
					if mt := op.RequestBody.Value.Content.Get("application/json"); mt != nil {
						good, _ = json.Marshal(plausible(mt.Schema.Value))
					}
				}
				for _, p := range pathParams {
					send(method, target(p.Name), headers, good)
				}
				for _, p := range query {
					alone := url.Values{p.Name: {nul}}
					send(method, target("")+"?"+alone.Encode(), headers, good)
					among := url.Values{}
					for _, o := range query {
						among.Set(o.Name, fmt.Sprint(plausible(o.Schema.Value)))
					}
					among.Set(p.Name, "rig"+nul)
					send(method, target("")+"?"+among.Encode(), headers, good)
				}
				for _, b := range bodies {
					send(method, target(""), headers, b)
				}
			}
		}
		// A NUL in a header value never reaches a handler: net/http answers 400 itself.
		// (Go's client refuses to send one, so these go over a raw connection.)
		for _, name := range slices.Sorted(maps.Keys(headerRoutes)) {
			method, path, _ := strings.Cut(headerRoutes[name], " ")
			req := method + " " + path + " HTTP/1.1\r\nHost: pool\r\n" + name + ": a" + nul + "b\r\nConnection: close\r\n\r\n"
			if status := rawStatusLine(t, srv.Listener.Addr().String(), req); !strings.HasPrefix(status, "HTTP/1.1 400 ") {
				t.Errorf("header %s with NUL on %s: %q", name, headerRoutes[name], status)
			}
		}
		if len(fivexx) > 0 {
			sort.Strings(fivexx)
			t.Errorf("%d of %d requests with NUL answered 5xx:\n%s", len(fivexx), sent, strings.Join(fivexx, "\n"))
		}
		if refused == 0 {
			t.Errorf("none of %d requests was refused for its NUL", sent)
		}
		for line := range strings.Lines(logged.String()) {
			if strings.Contains(line, "level=ERROR") {
				t.Errorf("logged: %s", line)
			}
		}
		t.Logf("%d requests with NUL, %d refused for it", sent, refused)
	})
}

// nulBodies are the bodies of schema s with U+0000 in one declared field each, at any
// depth: the field alone (a string where the field is a string; "\u0000" where it is
// not, which the route refuses for its type), then the same in an otherwise plausible
// body, so the handler gets past its other checks.
func nulBodies(s *openapi3.Schema) []any {
	var out []any
	if len(s.OneOf) > 0 {
		for _, alt := range s.OneOf {
			out = append(out, nulBodies(alt.Value)...)
		}
		return out
	}
	props := properties(s)
	switch {
	case len(props) > 0:
		full := plausible(s).(map[string]any)
		for _, name := range slices.Sorted(maps.Keys(props)) {
			for _, v := range nulValues(props[name].Value) {
				out = append(out, map[string]any{name: v})
				withOthers := make(map[string]any, len(full))
				for k, x := range full {
					withOthers[k] = x
				}
				withOthers[name] = v
				out = append(out, withOthers)
			}
		}
	case s.Type.Is(openapi3.TypeArray) && s.Items != nil:
		for _, v := range nulValues(s.Items.Value) {
			out = append(out, []any{v})
		}
	}
	return out
}

// nulValues are the values of a field of schema s that hold U+0000 somewhere: the string
// itself for a scalar, and each of the NUL bodies of an object or array.
func nulValues(s *openapi3.Schema) []any {
	if nested := nulBodies(s); len(nested) > 0 {
		return nested
	}
	return []any{"rig" + nul}
}

// properties are the declared fields of an object schema, allOf's merged.
func properties(s *openapi3.Schema) map[string]*openapi3.SchemaRef {
	out := map[string]*openapi3.SchemaRef{}
	for name, p := range s.Properties {
		out[name] = p
	}
	for _, part := range s.AllOf {
		for name, p := range properties(part.Value) {
			out[name] = p
		}
	}
	return out
}

// plausible is a value schema s accepts as far as its type, enum, default or example
// tell: enough for a handler to look past it at the field that holds the NUL.
func plausible(s *openapi3.Schema) any {
	if len(s.OneOf) > 0 {
		return plausible(s.OneOf[0].Value)
	}
	if props := properties(s); len(props) > 0 {
		m := map[string]any{}
		for name, p := range props {
			m[name] = plausible(p.Value)
		}
		return m
	}
	switch {
	case len(s.Enum) > 0:
		return s.Enum[0]
	case s.Default != nil:
		return s.Default
	case s.Example != nil:
		return s.Example
	case s.Type.Is(openapi3.TypeArray) && s.Items != nil:
		return []any{plausible(s.Items.Value)}
	case s.Type.Is(openapi3.TypeObject):
		return map[string]any{}
	case s.Type.Is(openapi3.TypeInteger), s.Type.Is(openapi3.TypeNumber):
		if s.Min != nil {
			return *s.Min
		}
		return 1
	case s.Type.Is(openapi3.TypeBoolean):
		return true
	}
	return "BTC"
}

// syncBuffer is a log sink the server's goroutines write to while the test reads it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
