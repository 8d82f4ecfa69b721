package app

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/uniplus-pool/pool/internal/config"
	"github.com/uniplus-pool/pool/internal/db/dbtest"
	"github.com/uniplus-pool/pool/internal/ratelimit"
)

// The document loads and validates as OpenAPI 3 (kin-openapi), and every operation
// describes its success and error responses.
func TestOpenAPIDocumentIsValid(t *testing.T) {
	c, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	for path, item := range c.doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.Responses.Status(http.StatusOK) == nil {
				t.Errorf("%s %s: no 200 response", method, path)
			}
			if !strings.HasPrefix(path, "/api/") {
				continue
			}
			for _, status := range []int{http.StatusBadRequest, http.StatusInternalServerError} {
				if op.Responses.Status(status) == nil {
					t.Errorf("%s %s: no %d response", method, path, status)
				}
			}
		}
	}
}

// Every registered route must be described in the OpenAPI document, with its method, and
// the document must describe no route that does not exist.
func TestOpenAPIDescribesEveryRoute(t *testing.T) {
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Fatalf("not OpenAPI 3: %q", doc.OpenAPI)
	}
	d := dbtest.SQLite(t)
	rt := NewRouter(Deps{Config: config.Default(), DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Limiter: &ratelimit.DB{DB: d}})
	registered := map[string]bool{}
	for _, r := range rt.Routes() {
		method := strings.ToLower(r.Method)
		if method == "" {
			t.Errorf("route %s has no method", r.Path)
			continue
		}
		registered[method+" "+r.Path] = true
		ops, ok := doc.Paths[r.Path]
		if !ok {
			t.Errorf("route %s %s is not in openapi.json", r.Method, r.Path)
			continue
		}
		if _, ok := ops[method]; !ok {
			t.Errorf("openapi.json has %s but not its %s operation", r.Path, r.Method)
		}
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			if method == "parameters" {
				continue
			}
			if !registered[method+" "+path] {
				t.Errorf("openapi.json describes %s %s, which is not registered", method, path)
			}
		}
	}
}

// The contract check is not vacuous: against a document changed the way a careless edit
// of the code would change an answer, real responses and requests are reported.
func TestOpenAPIContractReportsMismatches(t *testing.T) {
	d := dbtest.SQLite(t)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	rt := NewRouter(Deps{Config: config.Default(), DB: d, Log: log, Limiter: &ratelimit.DB{DB: d}, Guard: &ratelimit.DBGuard{DB: d}})
	for _, c := range []struct {
		name   string
		edit   func(doc map[string]any)
		path   string
		header string // a language header, when not empty
		want   string
	}{
		{"a field the code does not send", func(doc map[string]any) {
			lang := dig(doc, "components", "schemas", "Language")
			lang["required"] = append(lang["required"].([]any), "name")
		}, "/api/pc/v1/common/basic/language/list", "", `property "name" is missing`},
		{"a field of another type", func(doc map[string]any) {
			dig(doc, "components", "schemas", "Language", "properties")["des"] = map[string]any{"type": "integer"}
		}, "/api/pc/v1/common/basic/language/list", "", "must be an integer"},
		{"a status the document does not list", func(doc map[string]any) {
			delete(dig(doc, "paths", "/api/pc/v1/sys/config", "get", "responses"), "404")
		}, "/api/pc/v1/sys/config?keyType=global&sysKey=nope", "", "status is not supported"},
		{"an error envelope with another code", func(doc map[string]any) {
			dig(doc, "components", "schemas", "LanguageFailure", "properties")["code"] = map[string]any{"type": "integer", "enum": []any{3}}
		}, "/api/pc/v1/common/basic/language/list", "fr_FR", `Error at "/code"`},
		{"a request the server takes and the document refuses", func(doc map[string]any) {
			params := dig(doc, "paths", "/api/pc/v1/common/agreement", "get")["parameters"].([]any)
			params[0].(map[string]any)["schema"] = map[string]any{"type": "string", "enum": []any{"Privacy-Policy"}}
		}, "/api/pc/v1/common/agreement?type=Disclaimer", "", "the server accepted a request the document refuses"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var doc map[string]any
			if err := json.Unmarshal(openAPIDoc, &doc); err != nil {
				t.Fatal(err)
			}
			c.edit(doc)
			raw, _ := json.Marshal(doc)
			ct, err := newContract(raw)
			if err != nil {
				t.Fatal(err)
			}
			var reports []string
			h := ct.Handler(rt, func(format string, args ...any) { reports = append(reports, fmt.Sprintf(format, args...)) })
			req := httptest.NewRequest("GET", c.path, nil)
			if c.header != "" {
				req.Header.Set("language", c.header)
			}
			h.ServeHTTP(httptest.NewRecorder(), req)
			if len(reports) != 1 || !strings.Contains(reports[0], c.want) {
				t.Fatalf("reports %q, want one with %q", reports, c.want)
			}
		})
	}
	// The document as it is has nothing to report on the same calls.
	ct, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	h := ct.Handler(rt, t.Errorf)
	for _, path := range []string{"/api/pc/v1/common/basic/language/list", "/api/pc/v1/sys/config?keyType=global&sysKey=nope", "/api/pc/v1/nothing"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", path, nil))
	}
}

// dig walks a decoded JSON document by keys.
func dig(doc map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		doc = doc[k].(map[string]any)
	}
	return doc
}
